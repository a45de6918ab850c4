"""Stage 2: gettext catalogs. Extract the POT from templates and facts, merge it into every PO,
and load a locale's PO as translations for rendering.
"""
from __future__ import annotations

import contextlib
import datetime
import functools
import gettext
import io
import re
from pathlib import Path
from typing import Collection

from babel.messages.catalog import Catalog
from babel.messages.extract import extract
from babel.messages.pofile import PoFileError, read_po, write_po

from .cache import Cache, digest
from .errors import ErrorLog, LessonError, Location, gather, relative, started
from .facts import Facts
from .locales import SiteLocale
from .templates import compile_template, gettext_calls, template_files

COMMENT_TAG = "L10N:"
KEYWORDS = {"_": None, "gettext": None, "pgettext": ((1, "c"), 2), "unformatted": None}
# A fixed date keeps `make extract` byte-for-byte reproducible; the POT's history is git's job.
POT_DATE = datetime.datetime(2026, 1, 1, tzinfo=datetime.timezone.utc)
PROJECT = "mahjong-lessons"
POT_PATH = Path("locales") / "messages.pot"  # under the project's root
WIDTH = 76


def extract_catalog(pages_dir: Path, facts: Facts, pool=None, compile_templates: Collection[str] = ()) -> Catalog:
    """The catalog the templates and facts produce now; a message without a translator comment is an error.

    With a pool of forked workers, they extract the templates, and compile those named in
    `compile_templates` (the pages rendered next) from the tree parsed for extraction, into the bytecode
    cache, where every process that renders them finds it."""
    catalog, log = Catalog(project=PROJECT, creation_date=POT_DATE, fuzzy=False), ErrorLog()
    root, paths = pages_dir.parent.parent, template_files(pages_dir)
    cache, work, shown = Cache(root), {}, {path: relative(path) for path in paths}
    for path in sorted(paths, key=lambda p: -p.stat().st_size):  # largest first: the workers end together
        name, key = path.relative_to(pages_dir).as_posix(), digest(shown[path], path.read_bytes())
        work[path] = started(pool, cache.has("messages", key), template_messages, root, name, key,
                             shown[path], name in compile_templates)
    for path, messages in zip(paths, gather(work[path] for path in paths)):
        for line, msgid, comments, context in messages:
            _add(catalog, log, Location(shown[path], line), msgid, comments, context)
    for text in facts.texts():
        _add(catalog, log, text.location, text.msgid, [text.comment], text.context)
    log.raise_if_any()
    return catalog


def template_messages(root: Path, name: str, key: str, shown: str, compile_it: bool) -> list[tuple]:
    """The messages of one template (from build/cache when its bytes were seen before); `compile_it`:
    compile the template too, from the tree just parsed (see templates.py)."""
    def extract() -> list[tuple]:
        messages = list(_extract_template(root, name, shown))
        if compile_it:
            compile_template(root, name)
        return messages

    return Cache(root).computed("messages", key, extract, list)


def _extract_template(root: Path, name: str, shown: str):
    """The messages of one template, from the tree its pages are later compiled from (templates.py)."""
    def calls(_fileobj, keywords, comment_tags, options):
        return gettext_calls(root, name, keywords, comment_tags)

    try:
        yield from extract(calls, io.BytesIO(), keywords=KEYWORDS, comment_tags=(COMMENT_TAG,),
                           strip_comment_tags=True)
    except Exception as exc:  # jinja2.TemplateSyntaxError and friends
        raise LessonError(Location(shown, getattr(exc, "lineno", 0) or 0),
                          f"template syntax error: {getattr(exc, 'message', exc)}; fix the template syntax") from None


def _add(catalog: Catalog, log: ErrorLog, where: Location, msgid, comments, context) -> None:
    if not isinstance(msgid, str):
        log.add(where, "plural messages are not supported; write one message without ngettext")
        return
    if not comments:
        log.add(where, f"message {msgid[:40]!r} has no translator comment; "
                f"add {{# {COMMENT_TAG} ... #}} on the line before it")
    catalog.add(msgid, locations=[(where.path, where.line)], auto_comments=comments, context=context)


def pot_text(catalog: Catalog) -> str:
    """The POT as text, stable between runs."""
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, omit_header=False, include_lineno=True)
    return buffer.getvalue().decode("utf-8")


PO_LINE = re.compile(r'^(?:(?:msgctxt|msgid|msgid_plural|msgstr(?:\[\d+\])?)\s+)?"(?:[^"\\]|\\.)*"$')


def lint_po(path: Path, shown: str) -> None:
    """Babel's parser silently repairs broken lines (it drops a character of an unterminated string), so
    check every line first: a comment, a blank line, or a keyword and/or one quoted string."""
    log, seen, context = ErrorLog(), {}, None
    raw = path.read_bytes()
    try:
        content = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise LessonError(Location(shown, raw.count(b"\n", 0, exc.start) + 1), "the file is not UTF-8 here; save "
                          "the catalog as UTF-8 (Poedit and Weblate do)") from None
    for number, line in enumerate(content.splitlines(), start=1):
        text = line.strip()
        if not text or text.startswith("#"):
            continue
        if not PO_LINE.match(text):
            log.add(Location(shown, number), "PO syntax error: expected a keyword (msgid, msgstr...) and one "
                    'string in double quotes, like msgstr "..."; check for a missing or unescaped quote')
        elif text.startswith("msgctxt"):
            context = text
        elif text.startswith("msgid "):
            key = (context, text)
            if key in seen and text != 'msgid ""':
                log.add(Location(shown, number), f"duplicate entry (first at line {seen[key]}); keep one of them")
            seen.setdefault(key, number)
            context = None
    log.raise_if_any()


def read_catalog(path: Path, locale: str | None = None) -> Catalog:
    """Read a PO/POT file; a syntax error names file:line."""
    shown = relative(path)
    if not path.exists():
        todo = ("run `make extract`" if locale is None else "restore it from git, or remove the locale's entry "
                f"from locales/locales.yaml and run `make new-locale LOCALE={locale.replace('_', '-')}`")
        raise LessonError(Location(shown), f"catalog missing; {todo}")
    lint_po(path, shown)
    try:
        with path.open("rb") as fileobj:
            return read_po(fileobj, locale=locale, abort_invalid=True)
    except PoFileError as exc:
        raise LessonError(Location(shown, exc.lineno + 1), f"PO syntax error: {exc.args[0]}; fix the entry "
                          "(a text editor, Poedit or Weblate shows the line)") from None
    except (ValueError, UnicodeDecodeError) as exc:
        raise LessonError(Location(shown), f"cannot read the catalog: {exc}; save it as UTF-8 PO") from None


def write_catalog(path: Path, catalog: Catalog) -> None:
    buffer = io.BytesIO()
    write_po(buffer, catalog, width=WIDTH, include_previous=True)
    path.write_bytes(buffer.getvalue())


def merge_template(template: Catalog, root: Path, locale: SiteLocale) -> None:
    """`make update` for one locale: keep translations, mark changed sources fuzzy."""
    catalog = read_locale_catalog(root, locale)
    catalog.update(template, update_header_comment=False)
    write_catalog(root / locale.po_path, catalog)


def read_locale_catalog(root: Path, locale: SiteLocale) -> Catalog:
    """A locale's catalog, read once per run while the file is unchanged (the checker and the renderer
    both use it); treat it as read-only."""
    return _locale_loaded(root, locale)[0]


def translations_for(locale: SiteLocale, root: Path, source: bool) -> gettext.NullTranslations:
    """The gettext translations used to render `locale`; fuzzy entries are not used."""
    if source:
        return gettext.NullTranslations()
    return _locale_loaded(root, locale)[1]


def start_loading(root: Path, locales, pool) -> None:
    """Parse the catalogs that build/cache does not hold yet in `pool`'s workers, alongside the POT's
    extraction: a worker keeps the catalogs it parsed, and the others read them from build/cache."""
    cache = Cache(root)
    for locale in locales if pool is not None else ():
        path = root / locale.po_path
        if path.is_file() and not cache.has("catalogs", _catalog_key(path, _cldr_name(locale))):
            pool.submit(_load_quietly, root, locale)


def _load_quietly(root: Path, locale: SiteLocale) -> None:
    with contextlib.suppress(LessonError):  # the check that reads it reports the error
        _locale_loaded(root, locale)


def _locale_loaded(root: Path, locale: SiteLocale) -> tuple[Catalog, CatalogTranslations]:
    path = root / locale.po_path
    return _loaded(root, path, _cldr_name(locale), _stamp(path))


def _cldr_name(locale: SiteLocale) -> str:
    return (locale.cldr or locale.tag).replace("-", "_")


def _stamp(path: Path) -> tuple[int, int] | None:
    try:
        stat = path.stat()
    except OSError:
        return None
    return stat.st_mtime_ns, stat.st_size


@functools.lru_cache(maxsize=128)
def _loaded(root: Path, path: Path, locale: str, stamp) -> tuple[Catalog, CatalogTranslations]:
    """A catalog and its translations, parsed once per run while the file is unchanged, and taken from
    build/cache while its bytes are those of an earlier run."""
    def parse() -> tuple[Catalog, CatalogTranslations]:
        catalog = read_catalog(path, locale)
        return catalog, CatalogTranslations.of(catalog)

    return Cache(root).computed("catalogs", _catalog_key(path, locale), parse, tuple) if stamp else parse()


def _catalog_key(path: Path, locale: str) -> str:
    """The build/cache key of a parsed catalog: its bytes and the CLDR locale it is read for."""
    return digest(path.read_bytes(), locale)


class CatalogTranslations(gettext.NullTranslations):
    """A catalog's translations as gettext looks them up, without its fuzzy entries: what compiling it to
    MO and loading that would give, without the round trip. Messages have no plural forms here."""

    def __init__(self, texts: dict[tuple[str | None, str], str]):
        super().__init__()
        self.texts = texts  # (msgctxt, msgid) -> msgstr

    @classmethod
    def of(cls, catalog: Catalog) -> CatalogTranslations:
        return cls({(m.context, m.id): m.string for m in catalog
                    if m.id and isinstance(m.string, str) and m.string and not m.fuzzy})

    def gettext(self, message: str) -> str:
        return self.texts.get((None, message), message)

    def pgettext(self, context: str, message: str) -> str:
        return self.texts.get((context, message), message)
