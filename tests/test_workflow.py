"""The translator workflow: `make new-locale` starts a locale that `make check` then reports in full;
the locale list lives in one file; `make update` keeps translations and marks changed sources fuzzy;
PO files are written in a stable, diff-friendly form with a translator comment on every entry."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po

from generator.facts_load import load_facts

ROOT = Path(__file__).resolve().parent.parent
PASS_IDS = [p.id for p in load_facts(ROOT / "content" / "facts").charleston.passes]


def generator(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", *args], cwd=root, capture_output=True, text=True,
                          timeout=120)


def test_new_locale_then_check_lists_every_missing_rule_sentence(project_copy):
    created = generator(project_copy, "new-locale", "es")
    assert created.returncode == 0, created.stderr
    assert (project_copy / "locales/locales.yaml").read_text(encoding="utf-8").splitlines()[-1] == "- tag: es"
    catalog = read_po((project_copy / "locales/es/LC_MESSAGES/messages.po").open("rb"))
    template = read_po((project_copy / "locales/messages.pot").open("rb"))
    assert [m.id for m in catalog if m.id] == [m.id for m in template if m.id]
    assert "TODO" in (project_copy / "locales/es/terms.yaml").read_text(encoding="utf-8")

    checked = generator(project_copy, "check", "--locale", "es", "--json")
    assert checked.returncode == 1
    findings = json.loads(checked.stdout)
    assert [f["pass"] for f in findings if f["code"] == "rule-untranslated"] == PASS_IDS
    assert {f["code"] for f in findings} >= {"terms", "untranslated", "rule-untranslated"}
    assert sum(f["code"] == "untranslated" for f in findings) + len(PASS_IDS) == len([m for m in template if m.id])


def test_new_locale_refuses_a_listed_or_unknown_tag(project_copy):
    listed = generator(project_copy, "new-locale", "th")
    unknown = generator(project_copy, "new-locale", "xx-Nowhere")
    assert listed.returncode == unknown.returncode == 1
    assert "error: locales/locales.yaml: locale 'th' is already listed" in listed.stderr
    assert "unknown locale tag 'xx-Nowhere'" in unknown.stderr
    assert "Traceback" not in listed.stderr + unknown.stderr


def test_removing_a_locale_is_one_line(project_copy):
    listing = project_copy / "locales/locales.yaml"
    listing.write_text(listing.read_text(encoding="utf-8").replace("- tag: vi\n", ""), encoding="utf-8")
    built = generator(project_copy, "build")
    assert built.returncode == 0, built.stderr
    assert not (project_copy / "site/vi").exists() and (project_copy / "site/ja/index.html").is_file()


def test_update_keeps_translations_and_marks_changed_sources_fuzzy(project_copy):
    page = project_copy / "content/pages/american/charleston.md"
    page.write_text(page.read_text(encoding="utf-8").replace(
        "Once your tiles leave your rack, the pass is final.", "Once your tiles leave your rack, the pass is done."),
        encoding="utf-8")
    assert generator(project_copy, "update").returncode == 0
    catalog = read_po((project_copy / "locales/ja/LC_MESSAGES/messages.po").open("rb"))
    changed = catalog.get("Once your tiles leave your rack, the pass is done.")
    kept = catalog.get("The deal")
    assert changed.fuzzy and changed.string and kept.string and not kept.fuzzy
    checked = json.loads(generator(project_copy, "check", "--locale", "ja", "--json").stdout)
    assert [f["code"] for f in checked] == ["fuzzy"]


def test_po_files_are_stable_and_every_entry_has_a_translator_comment(project_copy):
    before = {p: p.read_bytes() for p in (project_copy / "locales").rglob("*.po")}
    assert generator(project_copy, "update").returncode == 0
    assert {p: p.read_bytes() for p in before} == before
    for path in before:
        for message in read_po(path.open("rb")):
            if message.id:
                assert message.auto_comments, (path, message.id)
