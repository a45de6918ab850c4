"""`make pseudo`: the site in the pseudo-locale en-XA, to find text that bypasses gettext and layouts
that break with longer text.

Every message becomes ⟦accented text, about 35 % longer⟧; placeholders, Markdown and HTML markup,
inline code and link targets are kept as they are. Anything visible on a pseudo page that is not
inside ⟦ ⟧ did not come from the catalog (tests/browser/test_pseudo.py looks for it).
"""
from __future__ import annotations

import math
import re
import shutil
from pathlib import Path

import yaml
from babel.messages.catalog import Catalog

from .catalogs import POT_PATH, read_catalog, write_catalog
from .locales import catalog_path

PSEUDO_TAG = "en-XA"
OPEN, CLOSE = "⟦", "⟧"
ACCENTS = str.maketrans("abcdefghijklmnoprstuvwyzABCDEFGHIJKLMNOPRSTUVWYZ",
                        "áƀçđéƒĝĥíĵķĺɱñóƥŕšţúṽŵýžÁɃÇĐÉƑĜĤÍĴĶĹⱮÑÓƤŔŠŢÚṼŴÝŽ")
FILLER = "ẋ"
# Kept untouched: placeholders, inline code, HTML tags and entities, Markdown link targets.
PROTECTED = re.compile(r"%\(\w+\)s|`[^`]*`|<[^>]*>|&\w+;|\]\([^)]*\)")
GROWTH = 0.35


def pseudo_text(source: str) -> str:
    """⟦the source, accented and padded about 35 %⟧, markup and placeholders intact."""
    parts, last = [], 0
    for match in PROTECTED.finditer(source):
        parts.append(source[last:match.start()].translate(ACCENTS))
        parts.append(match.group(0))
        last = match.end()
    parts.append(source[last:].translate(ACCENTS))
    visible = len(PROTECTED.sub("", source))
    padding = math.ceil(visible * GROWTH)
    words = " ".join(FILLER * 5 for _ in range(padding // 6)) + FILLER * (padding % 6)
    return f"{OPEN}{''.join(parts)}{' ' + words if words else ''}{CLOSE}"


def pseudo_catalog(template: Catalog) -> Catalog:
    catalog = Catalog(locale="en", project=template.project, fuzzy=False)
    for message in template:
        if message.id:
            catalog.add(message.id, pseudo_text(message.id), context=message.context,
                        auto_comments=message.auto_comments, locations=message.locations)
    return catalog


def write_pseudo_project(root: Path, target: Path, copies: int = 1) -> list[str]:
    """A copy of the project whose locales are the source plus `copies` pseudo-locales; their tags."""
    shutil.rmtree(target, ignore_errors=True)
    shutil.copytree(root / "content", target / "content")
    shutil.copy2(root / "mkdocs.yml", target / "mkdocs.yml")
    (target / "locales" / "en").mkdir(parents=True)
    shutil.copy2(root / POT_PATH, target / POT_PATH)
    shutil.copy2(root / "locales" / "en" / "terms.yaml", target / "locales" / "en" / "terms.yaml")
    template = read_catalog(root / POT_PATH)
    catalog = pseudo_catalog(template)
    tags = [PSEUDO_TAG] + [f"{PSEUDO_TAG}-x-copy{n}" for n in range(2, copies + 1)]
    for tag in tags:
        po = target / catalog_path(tag)
        po.parent.mkdir(parents=True)
        write_catalog(po, catalog)
        (target / "locales" / tag / "terms.yaml").write_text(pseudo_terms(root), encoding="utf-8")
    listing = "- tag: en\n" + "".join(f"- tag: {tag}\n  cldr: en\n" for tag in tags)
    (target / "locales" / "locales.yaml").write_text(listing, encoding="utf-8")
    return tags


def pseudo_terms(root: Path) -> str:
    """The source locale's terms, accented like the pseudo text, so the checker recognises them."""
    terms = yaml.safe_load((root / "locales" / "en" / "terms.yaml").read_text(encoding="utf-8"))

    def accent(value):
        if isinstance(value, dict):
            return {key: accent(item) for key, item in value.items()}
        return [form.translate(ACCENTS) for form in value]

    pseudo = {key: (value if key in ("scripts", "allow") else accent(value)) for key, value in terms.items()}
    return yaml.safe_dump(pseudo, allow_unicode=True, sort_keys=False)
