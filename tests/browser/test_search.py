"""Search in a real browser: each locale's index finds its own words, and only its own pages."""
from __future__ import annotations

import pytest

# (locale segment, the locale's word for "joker" as it appears inside running text)
QUERIES = [("th", "ตัวตลก"), ("ko", "조커"), ("en", "joker"), ("ja", "ジョーカー"), ("zh-hans", "百搭"),
           ("zh-hant", "百搭"), ("vi", "Joker"), ("ja", "対面"), ("zh-hans", "对家")]


def search(page, base: str, segment: str, query: str) -> list[str]:
    page.goto(f"{base}/{segment}/", wait_until="networkidle")  # the search worker has its index
    page.locator(".md-search__input").first.click()
    page.fill("input.md-search__input", query)
    page.locator("input.md-search__input").press("End")  # Material searches on key events
    page.wait_for_selector(".md-search-result__item", timeout=10_000)
    return page.eval_on_selector_all(".md-search-result__link", "links => links.map(a => a.href)")


@pytest.mark.parametrize("segment,query", QUERIES)
def test_search_finds_the_word_inside_sentences_and_only_this_locale(page, site_server, segment, query):
    results = search(page, site_server, segment, query)
    assert results, f"no search result for {query!r} on /{segment}/"
    assert all(f"/{segment}/" in url for url in results), results
    assert page.console_errors == []
    assert page.foreign_requests == []
