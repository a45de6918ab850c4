"""`make new-locale LOCALE=xx`: start a translation. Creates the locale's catalog from the POT (as
`pybabel init` does), its terms file with TODO markers, and registers it in locales/locales.yaml.
`make check` then lists everything still missing, the rule sentence of every pass included.
"""
from __future__ import annotations

from pathlib import Path

import babel
from babel.core import get_global

from .catalogs import POT_PATH, read_catalog, write_catalog
from .errors import LessonError, Location
from .locales import catalog_path, load_locales

# ISO 15924 scripts (CLDR likely subtags) -> the Unicode character-name prefixes the checker accepts.
SCRIPT_NAMES = {"Latn": ["LATIN"], "Thai": ["THAI"], "Kore": ["HANGUL", "CJK"], "Jpan": ["CJK", "HIRAGANA",
                "KATAKANA"], "Hans": ["CJK"], "Hant": ["CJK"], "Cyrl": ["CYRILLIC"], "Grek": ["GREEK"],
                "Arab": ["ARABIC"], "Hebr": ["HEBREW"], "Deva": ["DEVANAGARI"]}

TERMS_TEMPLATE = """\
# Terms the checker (`make check`) looks for in this locale's text. List every accepted form of each
# term as it appears inside a sentence; replace every TODO, then run `make check`.
# scripts: Unicode script names your text is written in (from CLDR: check them).
scripts: {scripts}
# The locale's word for the joker tile (as in the rule sentences).
joker: [TODO]
# How the rule sentences name each direction of passing, seen from the passing player.
directions:
{directions}
# The blind pass and the courtesy pass, as the rule sentences name them.
blind: [TODO]
courtesy: [TODO]
# Words that make a sentence a prohibition ("may not", "never"...).
prohibition: [TODO]
# Words of another script that belong in your text (the word printed on the tile, names).
allow: [Joker, National Mah Jongg League, MCR]
"""


def new_locale(root: Path, tag: str) -> list[str]:
    """Create the files of a new locale; returns the paths written."""
    where = Location("locales/locales.yaml")
    try:
        parsed = babel.Locale.parse(tag, sep="-")
    except (ValueError, babel.UnknownLocaleError):
        raise LessonError(where, f"unknown locale tag '{tag}'; use a BCP 47 tag CLDR knows, e.g. es, pt-BR, zh-Hant")
    if any(loc.tag == tag for loc in load_locales(root)):
        raise LessonError(where, f"locale '{tag}' is already listed; edit locales/{tag}/ instead")
    po, terms = root / catalog_path(tag), root / "locales" / tag / "terms.yaml"
    for path in (po, terms):
        if path.exists():
            raise LessonError(Location(str(path.relative_to(root))), "already exists; remove it or pick another tag")
    catalog = read_catalog(root / POT_PATH, tag.replace("-", "_"))
    catalog.fuzzy = False
    po.parent.mkdir(parents=True)
    write_catalog(po, catalog)
    terms.write_text(_terms_text(parsed, root), encoding="utf-8")
    with (root / "locales" / "locales.yaml").open("a", encoding="utf-8") as listing:
        listing.write(f"- tag: {tag}\n")
    return [str(po.relative_to(root)), str(terms.relative_to(root)), "locales/locales.yaml"]


def _terms_text(parsed: babel.Locale, root: Path) -> str:
    from .facts_load import load_facts

    likely = get_global("likely_subtags").get("_".join(p for p in (parsed.language, parsed.script) if p), "")
    script = parsed.script or (likely.split("_")[1] if likely.count("_") >= 1 else "")
    scripts = SCRIPT_NAMES.get(script, ["TODO"])
    directions = load_facts(root / "content" / "facts").charleston.directions
    return TERMS_TEMPLATE.format(scripts=f"[{', '.join(scripts)}]",
                                 directions="\n".join(f"  {d.msgid}: [TODO]" for d in directions))
