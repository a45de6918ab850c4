"""The lesson set in every locale: links and images resolve, pictures are well-formed SVG, glossary
anchors are unique and every glossary link lands on one, and the tiles page states the facts."""
from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest
from babel.numbers import parse_decimal

from generator.project import load_project

ROOT = Path(__file__).resolve().parent.parent
PROJECT = load_project(ROOT)
LOCALES = PROJECT.locales
FACTS = PROJECT.facts
LESSON_PAGES = ["american/tiles", "american/charleston", "american/jokers", "american/jokers-in-the-charleston",
                "glossary", "variants", "variants/riichi", "variants/hong-kong", "variants/sichuan",
                "variants/taiwan", "variants/mcr"]


class PageParser(HTMLParser):
    """The ids a page defines and the internal references (href/src) it makes."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.ids: list[str] = []
        self.refs: list[str] = []
        self.images: list[dict] = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if "id" in attrs:
            self.ids.append(attrs["id"])
        if tag == "img":
            self.images.append(attrs)
        for name in ("href", "src"):
            value = attrs.get(name)
            if value and not urlsplit(value).scheme and not value.startswith(("//", "mailto:")):
                self.refs.append(value)


def parse(path: Path) -> PageParser:
    parser = PageParser()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def html_pages(site: Path) -> list[Path]:
    return sorted(site.rglob("*.html"))


def resolve(page: Path, ref: str, site: Path | None = None) -> tuple[Path, str]:
    """The file an internal reference points at (a path from `/` starts at `site`), and its fragment."""
    parts = urlsplit(ref)
    if not parts.path:
        return page, parts.fragment
    base = site if parts.path.startswith("/") and site else page.parent
    target = (base / unquote(parts.path).lstrip("/")).resolve()
    if target.is_dir() or parts.path.endswith("/"):
        target = target / "index.html"
    return target, parts.fragment


@pytest.mark.parametrize("slug", LESSON_PAGES)
def test_lesson_pages_exist_in_every_locale(built_site, slug):
    for locale in LOCALES:
        assert (built_site / locale.segment / slug / "index.html").is_file(), (locale.tag, slug)


def test_every_internal_link_and_image_resolves_in_every_locale(built_site):
    broken, checked = [], 0
    parsed = {}
    for page in html_pages(built_site):
        for ref in parse(page).refs:
            target, fragment = resolve(page, ref, built_site)
            checked += 1
            if not target.is_file():
                broken.append(f"{page.relative_to(built_site)} -> {ref} (missing file)")
            elif fragment and target.suffix == ".html":
                ids = parsed.setdefault(target, parse(target).ids)
                if unquote(fragment) not in ids:
                    broken.append(f"{page.relative_to(built_site)} -> {ref} (no id '{fragment}')")
    assert checked > 1000
    assert broken == []


def test_every_tile_picture_is_well_formed_svg(built_site):
    pictures = sorted(built_site.glob("*/assets/tiles/*.svg"))
    assert len(pictures) == len(FACTS.tiles.faces) * len(LOCALES)
    for picture in pictures:
        root = ET.parse(picture).getroot()
        assert root.tag == "{http://www.w3.org/2000/svg}svg", picture
        assert root.get("viewBox"), picture


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_inline_seating_diagrams_are_well_formed_and_labelled(built_site, locale):
    markup = (built_site / locale.segment / "american/charleston/index.html").read_text(encoding="utf-8")
    diagrams = re.findall(r"<svg\b.*?</svg>", markup, flags=re.S)
    diagrams = [d for d in diagrams if 'class="seating"' in d]
    assert len(diagrams) == len(FACTS.charleston.rounds)
    for diagram in diagrams:
        root = ET.fromstring(diagram)
        assert root.get("aria-label")
        labels = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
        assert len(labels) == 4 + len(FACTS.charleston.rounds[0].directions)


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_glossary_has_one_unique_anchor_per_concept(built_site, locale):
    ids = parse(built_site / locale.segment / "glossary/index.html").ids
    concept_ids = [c.id for c in FACTS.glossary.concepts]
    assert len(concept_ids) >= 25
    for concept_id in concept_ids:
        assert ids.count(concept_id) == 1, concept_id


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_lesson_pages_link_terms_to_glossary_entries(built_site, locale):
    concept_ids = {c.id for c in FACTS.glossary.concepts}
    linked = set()
    for slug in (s for s in LESSON_PAGES if s != "glossary"):
        page = built_site / locale.segment / slug / "index.html"
        for ref in parse(page).refs:
            target, fragment = resolve(page, ref)
            if target == (built_site / locale.segment / "glossary/index.html").resolve() and fragment:
                assert fragment in concept_ids, (slug, ref)
                linked.add(fragment)
    assert len(linked) >= 20


def _numbers(text: str, locale) -> list[int]:
    return [int(parse_decimal(n, locale=locale.babel)) for n in re.findall(r"[\d\u0e50-\u0e59][\d\u0e50-\u0e59,.]*", text)]


@pytest.mark.parametrize("locale", LOCALES, ids=lambda loc: loc.tag)
def test_tiles_page_pictures_and_counts_equal_the_facts(built_site, locale):
    page = built_site / locale.segment / "american/tiles/index.html"
    parsed = parse(page)
    pictured = [Path(img["src"]).stem for img in parsed.images if "/assets/tiles/" in img["src"]]
    faces = [f.id for f in FACTS.tiles.faces]
    assert pictured[:len(faces)] == faces
    assert all(img.get("alt") for img in parsed.images if "/assets/tiles/" in img["src"])
    markup = page.read_text(encoding="utf-8")
    table = re.search(r"<table>.*?</table>", markup, flags=re.S).group(0)
    rows = [_numbers(re.sub(r"<[^>]+>", " ", row), locale) for row in re.findall(r"<tr>.*?</tr>", table, re.S)[1:]]
    expected = [[len(g.faces), g.copies, g.count] for g in FACTS.tiles.groups]
    assert rows == expected + [[len(faces), FACTS.tiles.total]]
    assert sum(g.count for g in FACTS.tiles.groups) == FACTS.tiles.total


def test_variants_table_states_the_variant_facts(built_site):
    markup = (built_site / PROJECT.source.segment / "variants/index.html").read_text(encoding="utf-8")
    table = re.search(r"<table>.*?</table>", markup, flags=re.S).group(0)
    rows = re.findall(r"<tr>.*?</tr>", table, re.S)[1:]
    assert len(rows) == len(FACTS.variants)
    for row, variant in zip(rows, FACTS.variants):
        numbers = _numbers(re.sub(r"<[^>]+>", " ", row), PROJECT.source)
        assert numbers == [variant.tiles, variant.hand, variant.bonus_tiles, variant.jokers], variant.id
