"""Rendered Markdown per locale equals the committed tree in tests/golden/ (regenerate: `make golden`)."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.pages import render_all
from generator.project import load_project

ROOT = Path(__file__).resolve().parent.parent

GOLDEN = ROOT / "tests" / "golden"


@pytest.fixture(scope="module")
def rendered():
    return {loc.segment: pages for loc, pages in render_all(load_project(ROOT))[0].items()}


def test_golden_tree_has_exactly_the_rendered_locales_and_pages(rendered):
    on_disk = {p.relative_to(GOLDEN).as_posix() for p in GOLDEN.rglob("*.md")}
    assert on_disk == {f"{seg}/{name}" for seg, pages in rendered.items() for name in pages}


@pytest.mark.parametrize("segment", sorted(p.name for p in GOLDEN.iterdir()))
def test_rendered_markdown_matches_golden(rendered, segment):
    for name, text in rendered[segment].items():
        expected = (GOLDEN / segment / name).read_text(encoding="utf-8")
        assert text == expected, f"{segment}/{name} changed; if intended, run `make golden` and review the diff"
