"""build/cache: a build reuses what an earlier build computed from byte-identical inputs, and nothing else.

(tests/test_reliability.py's two identical builds also prove that a build from the cache writes the same
site/ as one without.)"""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

from generator.cache import CACHE_DIR, Cache, prune
from generator.pseudo import write_pseudo_project
from generator.site import build_site

QUIET = {"report": lambda line: None}


def entries(root: Path) -> set[str]:
    return {str(p.relative_to(root / CACHE_DIR)) for p in (root / CACHE_DIR).rglob("*") if p.is_file()}


def test_an_unchanged_build_computes_nothing_new(project_copy):
    build_site(project_copy, **QUIET)
    first = entries(project_copy)
    assert {name.split("/")[0] for name in first} >= {"jinja", "messages", "catalogs", "reports", "pages",
                                                      "pages+findings", "shared"}
    build_site(project_copy, **QUIET)
    assert entries(project_copy) == first  # every step was a hit: nothing was stored again under a new key


def test_an_edited_catalog_is_checked_and_rendered_again(project_copy):
    build_site(project_copy, **QUIET)
    po = project_copy / "locales/th/LC_MESSAGES/messages.po"
    text = po.read_text(encoding="utf-8")
    msgid = 'msgid "Translation status"\nmsgstr "'
    assert msgid in text
    po.write_text(text.replace(msgid, msgid + "สถานะ-แก้ไข ", 1), encoding="utf-8")
    build_site(project_copy, **QUIET)
    assert "สถานะ-แก้ไข" in (project_copy / "site/th/status/index.html").read_text(encoding="utf-8")
    assert "สถานะ-แก้ไข" not in (project_copy / "site/ko/status/index.html").read_text(encoding="utf-8")


def test_an_edited_template_is_compiled_again(project_copy):
    build_site(project_copy, **QUIET)
    page = project_copy / "content/pages/variants/mcr.md"
    page.write_text(page.read_text(encoding="utf-8") + "\n{{ num(2026) }}-edited\n", encoding="utf-8")
    build_site(project_copy, **QUIET)
    for locale in ("en", "th", "vi"):
        assert "-edited" in (project_copy / f"site/{locale}/variants/mcr/index.html").read_text(encoding="utf-8")


def test_locales_with_byte_identical_catalogs_keep_their_own_results(project_copy):
    target = project_copy / "pseudo"
    tags = write_pseudo_project(project_copy, target, copies=3)
    for _ in range(2):  # the second build takes every locale's report and pages from the cache
        build_site(target, **QUIET)
        for tag in tags:  # each status page shows its own locale (pass table column, progress row) only
            status = (target / "build/docs" / tag.lower() / "status.md").read_text(encoding="utf-8")
            assert [status.count(f"`{other}`") for other in tags] == [2 * (other == tag) for other in tags]
        overview = (target / "build/docs/en/status.md").read_text(encoding="utf-8")
        assert all(overview.count(f"`{other}`") == 2 for other in tags)


def test_a_corrupt_cache_is_a_miss(project_copy, tree):
    build_site(project_copy, **QUIET)
    before = tree(project_copy / "site")
    for name in entries(project_copy):
        path = project_copy / CACHE_DIR / name
        path.write_bytes(path.read_bytes()[: len(path.read_bytes()) // 2] + b"\x80garbage")
    build_site(project_copy, **QUIET)
    assert tree(project_copy / "site") == before


def test_make_check_reports_the_same_findings_from_the_cache(project_copy):
    case = Path(__file__).parent / "cases" / "check.placeholder.po"
    shutil.copy(case, project_copy / "locales/th/LC_MESSAGES/messages.po")
    runs = [subprocess.run([sys.executable, "-m", "generator", "check"], cwd=project_copy, capture_output=True,
                           text=True, timeout=120) for _ in range(2)]
    assert (project_copy / CACHE_DIR / "reports").is_dir()
    assert runs[0].returncode == runs[1].returncode == 1
    assert "[placeholder]" in runs[0].stdout and runs[0].stdout == runs[1].stdout


def test_the_least_recently_used_entries_go_first_when_the_cache_is_full(tmp_path):
    cache = Cache(tmp_path)
    for age, key in enumerate(["newest", "old", "older", "oldest-but-read"]):
        cache.put("kind", key, "x" * 1000)
        os.utime(tmp_path / CACHE_DIR / "kind" / key, (1000 - age, 1000 - age))
    assert cache.get("kind", "oldest-but-read") == "x" * 1000  # reading marks it used now
    size = (tmp_path / CACHE_DIR / "kind" / "newest").stat().st_size
    prune(tmp_path, limit=4 * size - 1)
    assert entries(tmp_path) == {"kind/newest", "kind/old", "kind/oldest-but-read"}
    prune(tmp_path, limit=2 * size)
    assert entries(tmp_path) == {"kind/newest", "kind/oldest-but-read"}
