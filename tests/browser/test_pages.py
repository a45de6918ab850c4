"""Every page of every locale in a real browser: no console error, no request off 127.0.0.1, the right
`<html lang>`, and the language switcher lands on the same page in the other language."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.project import load_project

PROJECT = load_project(Path(__file__).resolve().parent.parent.parent)
PAGES = [p for p in PROJECT.pages.pages]


def url_path(page: str) -> str:
    return "" if page == "index" else f"{page}/"


@pytest.mark.parametrize("locale", PROJECT.locales, ids=lambda loc: loc.tag)
def test_every_page_loads_cleanly_in_its_language(page, site_server, locale):
    for name in PAGES:
        page.goto(f"{site_server}/{locale.segment}/{url_path(name)}", wait_until="networkidle")
        assert page.get_attribute("html", "lang") == locale.tag, name
        assert page.console_errors == [], (name, page.console_errors)
        assert page.foreign_requests == [], (name, page.foreign_requests)


@pytest.mark.parametrize("name", ["american/tiles", "glossary", "variants/sichuan"])
def test_switcher_keeps_the_reader_on_the_same_page(page, site_server, name):
    source, target = PROJECT.locales[0], PROJECT.locales[-1]
    page.goto(f"{site_server}/{source.segment}/{url_path(name)}", wait_until="networkidle")
    page.locator(f'a.md-select__link[hreflang="{target.tag}"]').dispatch_event("click")
    page.wait_for_url(f"{site_server}/{target.segment}/{url_path(name)}")
    assert page.get_attribute("html", "lang") == target.tag
    assert page.console_errors == [] and page.foreign_requests == []
