"""Translation QA checks: completeness, placeholders, numbers, markup, scripts, consistency.

Same signature as the rule checks: `check(ctx) -> Iterator[Finding]`.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from typing import Iterator

from .checks import CheckContext, Finding
from .errors import Location
from .facts import PLACEHOLDER
from .markup import injected

LINK = re.compile(r"\[[^\]]*\]\([^)]*\)")
EMPHASIS = re.compile(r"\*\*|(?<![\w*])\*(?!\s)|`")
HTML_TAG = re.compile(r"</?([a-zA-Z][\w-]*)[^>]*>")


def check_pot_fresh(ctx: CheckContext) -> Iterator[Finding]:
    if ctx.source and ctx.pot_stale:
        yield ctx.finding("error", "pot-stale", Location(ctx.pot_path))


def check_completeness(ctx: CheckContext) -> Iterator[Finding]:
    if ctx.catalog is None:
        return
    for source in ctx.template:
        if not source.id or source.context and source.context.startswith("rule:no-joker:"):
            continue  # rule sentences are reported by the rule check, with their pass
        entry = ctx.entry(source.id, source.context)
        if entry is None:
            path, line = source.locations[0] if source.locations else (ctx.pot_path, 0)
            yield ctx.finding("error", "missing", Location(path, line or 0), msgid=source.id[:60])
        elif not entry.string:
            yield ctx.finding("error", "untranslated", ctx.at(entry), msgid=source.id[:60])
        elif entry.fuzzy:
            yield ctx.finding("error", "fuzzy", ctx.at(entry))
    for entry in ctx.catalog.obsolete.values():
        yield ctx.finding("error", "obsolete", ctx.at(entry), msgid=str(entry.id)[:60])


def check_placeholders(ctx: CheckContext) -> Iterator[Finding]:
    for source, entry in ctx.translated():
        expected, found = set(PLACEHOLDER.findall(source.id)), set(PLACEHOLDER.findall(entry.string))
        if expected != found:
            missing = ", ".join(f"%({n})s dropped" for n in sorted(expected - found))
            extra = ", ".join(f"%({n})s invented" for n in sorted(found - expected))
            yield ctx.finding("error", "placeholder", ctx.at(entry), _pass_of(source),
                              missing=missing, extra=(", " if missing and extra else "") + extra,
                              expected=", ".join(f"%({n})s" for n in sorted(expected)) or "none")


def _digits(text: str) -> list[str]:
    """Digit runs with native digits (Thai ๓, full-width ３...) normalised to ASCII."""
    if not ANY_DIGIT.search(text):
        return []
    plain = PLACEHOLDER.sub(" ", text)
    normal = "".join(str(unicodedata.digit(ch)) if ch.isdigit() else ch for ch in plain)
    return sorted(re.findall(r"\d+", normal))


def check_numbers(ctx: CheckContext) -> Iterator[Finding]:
    for source, entry in ctx.translated():
        if injected(source.id, entry.string):
            continue  # reported once as injected markup
        expected, found = _digits(source.id), _digits(entry.string)
        if expected != found:
            yield ctx.finding("error", "number", ctx.at(entry), _pass_of(source),
                              found=found or "none", expected=expected or "none")


def _markup(text: str) -> dict[str, int]:
    return {"links": len(LINK.findall(text)), "emphasis/code": len(EMPHASIS.findall(text)),
            "html tags": len(HTML_TAG.findall(text))}


def check_markup(ctx: CheckContext) -> Iterator[Finding]:
    for source, entry in ctx.translated():
        added = injected(source.id, entry.string)
        if added:
            yield ctx.finding("error", "injected", ctx.at(entry), _pass_of(source), found=", ".join(added))
            continue
        expected, found = _markup(source.id), _markup(entry.string)
        for what in expected:
            if expected[what] != found[what]:
                yield ctx.finding("error", "markup", ctx.at(entry), _pass_of(source), what=what,
                                  expected=expected[what], found=found[what])


CODE_SPAN = re.compile(r"`[^`]*`")
ANY_DIGIT = re.compile(r"\d")


def _prose(text: str, allow: tuple[str, ...]) -> str:
    """The translator's own words: placeholders, inline code and allowed words blanked out."""
    return _allowed(allow).sub(" ", CODE_SPAN.sub(" ", PLACEHOLDER.sub(" ", text)))


def _foreign_runs(text: str, scripts: tuple[str, ...], allow: tuple[str, ...]) -> list[str]:
    """Runs of letters outside the locale's scripts; placeholders, inline code and allowed words excepted."""
    text = _prose(text, allow)
    if not any(_foreign(ch, scripts) for ch in set(text)):
        return []  # most translations: no letter from another script
    runs, current = [], ""
    for ch in text:
        if _foreign(ch, scripts) or (current and unicodedata.category(ch).startswith("M")):
            current += ch
        elif current:
            runs.append(current)
            current = ""
    return runs + ([current] if current else [])


@functools.lru_cache(maxsize=None)
def _allowed(allow: tuple[str, ...]) -> re.Pattern:
    """One pattern for the allowed words, longest first; it matches nothing when there are none."""
    phrases = sorted(allow, key=len, reverse=True)
    return re.compile("|".join(map(re.escape, phrases)) or "(?!)", re.IGNORECASE)


@functools.lru_cache(maxsize=None)
def _foreign(ch: str, scripts: tuple[str, ...]) -> bool:
    return ch.isalpha() and not unicodedata.name(ch, "").startswith(scripts)


def check_scripts(ctx: CheckContext) -> Iterator[Finding]:
    for source, entry in ctx.translated():
        if injected(source.id, entry.string):
            continue  # reported once as injected markup
        for run in _foreign_runs(entry.string, ctx.terms.scripts, ctx.terms.allow):
            yield ctx.finding("error", "foreign-script", ctx.at(entry), _pass_of(source), run=run)


def check_unchanged(ctx: CheckContext) -> Iterator[Finding]:
    for source, entry in ctx.translated():
        if entry.string == source.id and _foreign_runs(entry.string, ctx.terms.scripts, ctx.terms.allow):
            yield ctx.finding("warning", "unchanged", ctx.at(entry), _pass_of(source))


# English words that are not words of the other Latin-script languages the site has (Vietnamese...):
# a script check cannot see English left in a Latin-script translation, these catch the usual leftovers.
ENGLISH_WORDS = frozenset("the and of with your you are is this that from tile tiles pass passes player players "
                          "round rounds hand hands may never not".split())
WORD = re.compile(r"[^\W\d_]+")


def check_english_words(ctx: CheckContext) -> Iterator[Finding]:
    """English words inside a translation written in the Latin script (other than the source's)."""
    if ctx.source or "LATIN" not in ctx.terms.scripts:
        return
    for source, entry in ctx.translated():
        words = WORD.findall(_prose(entry.string, ctx.terms.allow))
        found = sorted({word for word in words if word.lower() in ENGLISH_WORDS})
        if found and entry.string != source.id:
            yield ctx.finding("warning", "english-word", ctx.at(entry), _pass_of(source), words=", ".join(found))


def check_term_consistency(ctx: CheckContext) -> Iterator[Finding]:
    """A concept the English names (joker, blind, courtesy) must use one of the locale's forms."""
    english = ctx.source_terms
    if ctx.source:
        return
    pairs = [(english.joker, ctx.terms.joker), (english.blind, ctx.terms.blind),
             (english.courtesy, ctx.terms.courtesy)]
    for source, entry in ctx.translated():
        stated = PLACEHOLDER.sub(" ", source.id)  # a term inserted by a placeholder is not the translator's
        for source_term, term in pairs:
            if source_term.found_in(stated) and not term.found_in(entry.string):
                yield ctx.finding("warning", "term-inconsistent", ctx.at(entry), _pass_of(source),
                                  term=source_term.forms[0], forms=", ".join(term.forms))


def _pass_of(message) -> str | None:
    context = message.context or ""
    return context.removeprefix("rule:no-joker:") if context.startswith("rule:no-joker:") else None
