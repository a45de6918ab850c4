"""Builds are deterministic (two builds give byte-identical trees, sitemap.xml.gz included) and atomic
(a failed build leaves the previous site/ exactly as it was)."""
from __future__ import annotations

import pytest

from generator.errors import LessonError
from generator.site import build_site


def test_two_builds_are_byte_identical(project_copy, tree):
    build_site(project_copy, report=lambda line: None)
    first = tree(project_copy / "site")
    build_site(project_copy, report=lambda line: None)
    assert tree(project_copy / "site") == first
    assert "en/sitemap.xml.gz" in first and len(first) > 500


@pytest.mark.parametrize("breakage", ["facts", "mkdocs"])
def test_a_failed_build_leaves_the_previous_site_untouched(project_copy, breakage, tree):
    build_site(project_copy, report=lambda line: None)
    before = tree(project_copy / "site")
    if breakage == "facts":  # fails while loading, before anything is rendered
        facts = project_copy / "content/facts/tiles.yaml"
        facts.write_text(facts.read_text(encoding="utf-8").replace("total: 152", "total: 150"), encoding="utf-8")
    else:  # fails late, in MkDocs' strict link validation, after other locales may have been built
        page = project_copy / "content/pages/variants/mcr.md"
        page.write_text(page.read_text(encoding="utf-8") + "\n[broken](no-such-page.md)\n", encoding="utf-8")
    with pytest.raises(LessonError):
        build_site(project_copy, report=lambda line: None)
    assert tree(project_copy / "site") == before
