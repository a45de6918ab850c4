"""The built site: files, languages, hreflang, the switcher, and the nine rule sentences per locale."""
from __future__ import annotations

import html
import re
from pathlib import Path

import pytest

from generator.catalogs import translations_for
from generator.render import LocaleRenderer
from generator.project import load_project

ROOT = Path(__file__).resolve().parent.parent

LESSON = "american/jokers-in-the-charleston"
PROJECT = load_project(ROOT)
LOCALES = PROJECT.locales


def page_html(site: Path, segment: str, slug: str = LESSON) -> str:
    return (site / segment / slug / "index.html").read_text(encoding="utf-8")


def visible_text(markup: str) -> str:
    body = re.sub(r"<(script|style)\b.*?</\1>", " ", markup, flags=re.S)
    return html.unescape(re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)))


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_locale_has_home_lesson_404_and_sitemap(built_site, locale):
    for name in ("index.html", f"{LESSON}/index.html", "404.html", "sitemap.xml"):
        assert (built_site / locale.segment / name).is_file(), name


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_html_lang_and_hreflang_cluster(built_site, site_server, locale):
    markup = page_html(built_site, locale.segment)
    assert f'<html lang="{locale.tag}"' in markup
    links = dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', markup))
    expected = {loc.tag: f"{site_server}/{loc.segment}/{LESSON}/" for loc in LOCALES}
    expected["x-default"] = f"{site_server}/{PROJECT.source.segment}/{LESSON}/"
    assert links == expected


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_switcher_stays_on_the_same_page(built_site, locale):
    page_dir = built_site / locale.segment / LESSON
    targets = re.findall(r'<a href="([^"]+)" hreflang="([^"]+)"[^>]*class="md-select__link"', page_html(
        built_site, locale.segment))
    assert [tag for _, tag in targets] == [loc.tag for loc in LOCALES]
    for href, tag in targets:
        landed = (page_dir / href / "index.html").resolve()
        assert landed == (built_site / tag.lower() / LESSON / "index.html").resolve()


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_every_pass_rule_sentence_is_on_the_lesson_page(built_site, locale):
    renderer = LocaleRenderer(ROOT, PROJECT.facts, PROJECT.pages, locale,
                              translations_for(locale, ROOT, source=locale == PROJECT.source))
    text = visible_text(page_html(built_site, locale.segment))
    for passed in PROJECT.facts.charleston.passes:
        sentence = renderer.rule(passed)
        assert sentence in text, (passed.id, sentence)
        if locale != PROJECT.source:
            assert sentence != passed.rule.msgid % {"count": passed.count, "min": passed.min, "max": passed.max}


def test_seed_text_is_used_with_both_defects_fixed(built_site):
    thai = visible_text(page_html(built_site, "th"))
    korean = visible_text(page_html(built_site, "ko"))
    assert "ดอกไม้ไม่ใช่ตัวตลก" in thai and "ตราบใดที่ยังมีใครไม่วางหมากของตน" in thai
    assert "trước" not in thai and "ถ้าคนไหนส่งมันผิดพลาดในตาก่อน" in thai
    assert "จั่วหมากที่ 14" not in thai and "ก่อนที่ผู้เล่นทิศตะวันออกจะทิ้งหมากตัวแรก" in thai
    assert "꽃패는 조커가 아닙니다" in korean and "14장째" not in korean and "동이 첫 패를 버리기 전에" in korean
    english = visible_text(page_html(built_site, "en"))
    assert "before East's first discard, with East already holding 14 tiles" in english


def test_root_chooser_names_each_language_in_its_own_script_without_javascript(built_site):
    markup = (built_site / "index.html").read_text(encoding="utf-8")
    assert "<script" not in markup
    for loc in LOCALES:
        assert f'<a href="{loc.segment}/" hreflang="{loc.tag}" lang="{loc.tag}"><strong>{loc.own_name}</strong>' in markup
    assert {loc.own_name for loc in LOCALES} >= {"English", "ไทย", "한국어"}


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_search_index_holds_only_this_locale(built_site, locale):
    import json

    index = json.loads((built_site / locale.segment / "search" / "search_index.json").read_text(encoding="utf-8"))
    assert index["config"]["lang"] == [locale.search]
    pages = {"" if p == "index" else p + "/" for p in PROJECT.pages.pages}
    assert {doc["location"].split("#")[0] for doc in index["docs"]} == pages
