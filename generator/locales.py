"""The one list of locales (locales/locales.yaml): tags, URL segments, theme and search languages."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import babel

from .errors import ErrorLog, LessonError, Location, relative
from .yamlio import Fields, load_yaml

# Languages the search plugin (lunr-languages, as bundled by Material) can stem or segment.
SEARCH_LANGUAGES = {"ar", "da", "de", "du", "en", "es", "fi", "fr", "hi", "hu", "hy", "it", "ja", "kn", "ko",
                    "no", "pt", "ro", "ru", "sa", "sv", "ta", "te", "th", "tr", "vi", "zh"}
# Material's UI language per tag where it differs from the language subtag; zh-Hans is our own
# partials/languages/zh-Hans.html (Material's "zh" strings, with lang="zh-Hans").
MATERIAL_LANGUAGES = {"zh-Hans": "zh-Hans", "zh-Hant": "zh-Hant"}


@dataclass(frozen=True)
class SiteLocale:
    tag: str  # BCP 47, e.g. "zh-Hant"; <html lang>
    material: str  # Material theme.language
    search: str  # search plugin language
    location: Location
    cldr: str = ""  # the CLDR locale that formats numbers and lists when the tag has none (en-XA -> en)

    @property
    def segment(self) -> str:
        """URL segment: the lowercase tag ("zh-hant")."""
        return self.tag.lower()

    @property
    def babel(self) -> babel.Locale:
        return babel.Locale.parse(self.cldr or self.tag, sep="-")

    @property
    def own_name(self) -> str:
        """The language's name in its own script, from CLDR ("ไทย", "简体中文", "繁體中文")."""
        loc = self.babel
        with_script = "_".join(part for part in (loc.language, loc.script) if part)
        name = loc.languages.get(with_script) or loc.display_name or self.tag
        return f"{name} ({self.tag})" if self.cldr else name

    @property
    def po_path(self) -> str:
        return catalog_path(self.tag)


def catalog_path(tag: str) -> str:
    """A locale's catalog, relative to the project root."""
    return f"locales/{tag}/LC_MESSAGES/messages.po"


def load_locales(root: Path) -> tuple[SiteLocale, ...]:
    """Read locales/locales.yaml; every bad entry is reported with its line."""
    path = root / "locales" / "locales.yaml"
    shown, log = relative(path), ErrorLog()
    data = load_yaml(path)
    if not isinstance(data, list) or not data:
        raise LessonError(Location(shown, 1), "expected a list of locales, each `- tag: xx`")
    lines = getattr(data, "item_lines", [1] * len(data))
    result = [_read_locale(item, Location(shown, line), log) for line, item in zip(lines, data)]
    first: dict[str, Location] = {}
    for loc in filter(None, result):
        if loc.tag in first:
            log.add(loc.location, f"locale '{loc.tag}' is listed twice (first at line {first[loc.tag].line}); "
                    "keep one entry")
        first.setdefault(loc.tag, loc.location)
    log.raise_if_any()
    return tuple(result)


def _read_locale(item, where: Location, log: ErrorLog) -> SiteLocale | None:
    f = Fields(item, where.path, log, where, {"tag", "material", "search", "cldr"})
    tag = f.get("tag", str)
    if tag is None:
        return None
    cldr = f.get("cldr", str, "")
    try:
        parsed = babel.Locale.parse(cldr or tag, sep="-")
    except (ValueError, babel.UnknownLocaleError):
        log.add(f.at("cldr" if cldr else "tag"), f"unknown locale tag '{cldr or tag}'; use a BCP 47 tag CLDR knows, "
                "e.g. 'th', 'ko', 'zh-Hant' (a pseudo-locale such as en-XA names one with `cldr:`)")
        return None
    material = f.get("material", str, MATERIAL_LANGUAGES.get(tag, parsed.language))
    search = f.get("search", str, parsed.language if parsed.language in SEARCH_LANGUAGES else "en")
    return SiteLocale(tag, material, search, f.location, cldr)
