"""The pseudo-locale en-XA (`make pseudo`): every visible text on its pages comes from the catalog
(is inside ⟦ ⟧), and at 360 px no page scrolls sideways."""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel import Locale

from generator.project import load_project

PAGES = load_project(Path(__file__).resolve().parent.parent.parent).pages.pages
CLDR_LIST_WORDS = {word for style in ("standard", "or") for pattern in Locale("en").list_patterns[style].values()
                   for word in re.findall(r"[^\W\d_]+", pattern)}
MESSAGE = re.compile(r"⟦[^⟦⟧]*⟧")
WORD = re.compile(r"[^\W\d_]+")

# Visible text of the article, plus alt text and accessible names, except code, text marked as another
# language (names in the languages of other variants) and heading permalinks.
VISIBLE_TEXT = """() => {
  const lang = document.documentElement.lang;
  const skip = `code, script, style, .headerlink, [lang]:not([lang="${lang}"])`;
  const root = document.querySelector("article");
  const texts = [];
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const parent = node.parentElement;
    if (!parent.closest(skip) && parent.getClientRects().length) texts.push(node.textContent);
  }
  for (const el of root.querySelectorAll("[alt], [aria-label]")) {
    if (!el.closest(skip)) texts.push(el.getAttribute("alt") || "", el.getAttribute("aria-label") || "");
  }
  return texts;
}"""


def untranslated_words(texts: list[str]) -> list[str]:
    """Words outside ⟦ ⟧; the texts are in document order, so a message split by a link still pairs up.
    The words CLDR puts in lists ("and", "or"), formatted by Babel for the locale, are expected."""
    text = " ".join(texts)
    while MESSAGE.search(text):
        text = MESSAGE.sub(" ", text)
    return [word for word in WORD.findall(text) if word not in CLDR_LIST_WORDS]


def url(base: str, segment: str, name: str) -> str:
    return f"{base}/{segment}/{'' if name == 'index' else name + '/'}"


@pytest.mark.parametrize("name", PAGES)
def test_every_visible_text_comes_from_the_catalog(page, pseudo_site, name):
    _, base, segment = pseudo_site
    page.goto(url(base, segment, name), wait_until="networkidle")
    texts = page.evaluate(VISIBLE_TEXT)
    if name == "american/practice":  # the game's words appear once it runs
        page.click('[data-seat="east"]')
        page.locator('[data-tile="joker"]').first.click()
        texts += page.evaluate(VISIBLE_TEXT)
    assert any(MESSAGE.search(t) for t in texts)
    assert untranslated_words(texts) == []
    assert page.console_errors == []


def test_no_page_scrolls_sideways_at_360_px(page, pseudo_site):
    _, base, segment = pseudo_site
    page.set_viewport_size({"width": 360, "height": 740})
    wide = []
    for name in PAGES:
        page.goto(url(base, segment, name), wait_until="networkidle")
        if name == "american/practice":
            page.click('[data-seat="east"]')
        width = page.evaluate("document.documentElement.scrollWidth")
        if width > 360:
            wide.append((name, width))
    assert wide == []


def test_a_string_that_bypasses_gettext_is_found():
    assert untranslated_words(["⟦Ţíĺéš ⟦ĵóķéŕ⟧ ẋẋ⟧ 152", "⟦Ţíĺéš", "ĺíñķ", "ẋ⟧ Joker"]) == ["Joker"]
