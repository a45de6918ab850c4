"""The checks. Each is a small function `check(ctx) -> Iterator[Finding]`; message texts live in MESSAGES.

Rule coverage: every pass from content/facts must have its `rule:no-joker:<pass-id>` sentence in every
locale, naming the joker, the pass and a prohibition, and it must appear on the lesson page.
Translation QA: missing, untranslated, fuzzy, obsolete, placeholders, numbers, markup, scripts.
"""
from __future__ import annotations

import functools
from dataclasses import dataclass, field
from typing import Iterator

from babel.messages.catalog import Catalog, Message

from .errors import Location
from .facts import Facts, Pass
from .locales import SiteLocale
from .terms import Terms

MESSAGES = {
    "rule-missing": "no rule sentence for this pass (msgctxt {context}); add and translate the entry (`make update`)",
    "rule-untranslated": "the rule sentence for this pass is not translated; translate the entry",
    "rule-fuzzy": "the rule sentence for this pass is fuzzy (its English changed); check it and remove the fuzzy flag",
    "rule-no-joker": "the rule sentence does not name the joker (expected one of: {forms}); use the locale's term",
    "rule-no-pass": "the rule sentence does not name this pass (expected one of: {forms}); name its {what}",
    "rule-no-prohibition": "the rule sentence does not say it is forbidden (expected one of: {forms})",
    "rule-not-on-page": "the rule sentence does not appear on the lesson page {page}; check the template",
    "summary-incomplete": "the lesson's summary does not cover {parts}; each needs its own summary line",
    "terms": "terms file: {problem}",
    "pot-stale": "locales/messages.pot is out of date with the templates and facts; run `make update`",
    "missing": "no entry for {msgid!r}; run `make update` to add it, then translate it",
    "untranslated": "not translated yet: {msgid!r}",
    "fuzzy": "fuzzy (the English changed or was guessed): check the translation, then remove the fuzzy flag",
    "obsolete": "obsolete entry (#~) for {msgid!r}: the site no longer uses it; delete it",
    "placeholder": "placeholders differ from the source: {missing}{extra}; keep exactly {expected}",
    "number": "digits {found} differ from the source's {expected}; numbers come from facts through placeholders",
    "markup": "markup differs from the source ({what}: source {expected}, translation {found}); keep the same markup",
    "injected": "markup not in the source: {found}; translations may not add HTML, handlers or scripts",
    "foreign-script": "text in another script: {run!r}; translate it, or add it to `allow:` in the terms file",
    "english-word": "English word(s) {words} in the translation; translate them (or allow a name in the terms file)",
    "unchanged": "the translation is identical to the English source; translate it (or allow the words)",
    "term-inconsistent": "the source says {term!r} but the translation uses none of the locale's forms ({forms})",
}


@dataclass(frozen=True)
class Finding:
    level: str  # "error" or "warning"
    code: str
    locale: str
    location: Location
    message: str
    pass_id: str | None = None

    def line(self) -> str:
        where = f" {self.pass_id}" if self.pass_id else ""
        return f"{self.location}: {self.level} [{self.code}] {self.locale}{where}: {self.message}"

    def as_dict(self) -> dict:
        return {"level": self.level, "code": self.code, "locale": self.locale, "pass": self.pass_id,
                "file": self.location.path, "line": self.location.line, "message": self.message}


@dataclass
class CheckContext:
    """What every check may look at, for one locale."""

    locale: SiteLocale
    source: bool
    facts: Facts
    terms: Terms
    source_terms: Terms
    template: Catalog  # the POT the templates and facts produce now
    pot_path: str
    pot_stale: bool  # locales/messages.pot differs from what the templates and facts produce now
    po_path: str
    catalog: Catalog | None  # None for the source language
    lesson_page: str  # rendered Markdown of the lesson
    lesson_path: str
    rendered_rules: dict[str, str]
    summary_parts: dict[str, tuple[str, ...]] = field(default_factory=dict)  # part -> accepted forms

    def finding(self, level: str, code: str, location: Location, pass_id: str | None = None, **args) -> Finding:
        return Finding(level, code, self.locale.tag, location, MESSAGES[code].format(**args), pass_id)

    def entry(self, msgid: str, context: str | None) -> Message | None:
        """This locale's PO entry for a source message (None when missing, or for the source language)."""
        return None if self.catalog is None else self.catalog.get(msgid, context=context)

    def at(self, message: Message | None) -> Location:
        return Location(self.po_path, message.lineno if message and message.lineno else 0)

    def translated(self) -> tuple[tuple[Message, Message], ...]:
        """(source message, translated message) for every translated entry of the PO."""
        return self._translated

    @functools.cached_property
    def _translated(self) -> tuple[tuple[Message, Message], ...]:
        if self.catalog is None:
            return ()
        entries = ((source, self.entry(source.id, source.context)) for source in self.template if source.id)
        return tuple((source, entry) for source, entry in entries if entry is not None and entry.string
                     and not entry.fuzzy)


# --- rule coverage -----------------------------------------------------------------------------

def check_rule_sentences(ctx: CheckContext) -> Iterator[Finding]:
    for passed in ctx.facts.charleston.passes:
        text, where = _rule_text(ctx, passed)
        if isinstance(text, Finding):
            yield text
            continue
        yield from _rule_terms(ctx, passed, text, where)


def _rule_text(ctx: CheckContext, passed: Pass):
    if ctx.source:
        return passed.rule.msgid, passed.rule.location
    entry = ctx.entry(passed.rule.msgid, passed.rule.context)
    if entry is None:
        return ctx.finding("error", "rule-missing", Location(ctx.po_path), passed.id,
                           context=passed.rule.context), None
    if not entry.string:
        return ctx.finding("error", "rule-untranslated", ctx.at(entry), passed.id), None
    if entry.fuzzy:
        return ctx.finding("error", "rule-fuzzy", ctx.at(entry), passed.id), None
    return entry.string, ctx.at(entry)


def _rule_terms(ctx: CheckContext, passed: Pass, text: str, where: Location) -> Iterator[Finding]:
    terms = ctx.terms
    if not terms.joker.found_in(text):
        yield ctx.finding("error", "rule-no-joker", where, passed.id, forms=", ".join(terms.joker.forms))
    pass_term = terms.for_pass(passed.kind, passed.direction)
    if not pass_term.found_in(text):
        what = {"blind": "blind pass", "courtesy": "courtesy pass"}.get(passed.kind, f"direction ({passed.direction})")
        yield ctx.finding("error", "rule-no-pass", where, passed.id, forms=", ".join(pass_term.forms), what=what)
    if not terms.prohibition.found_in(text):
        yield ctx.finding("error", "rule-no-prohibition", where, passed.id,
                          forms=", ".join(terms.prohibition.forms))


def check_lesson_page(ctx: CheckContext) -> Iterator[Finding]:
    for passed in ctx.facts.charleston.passes:
        sentence = ctx.rendered_rules[passed.id]
        if sentence not in ctx.lesson_page:
            where = passed.rule.location if ctx.source else ctx.at(ctx.entry(passed.rule.msgid, passed.rule.context))
            yield ctx.finding("error", "rule-not-on-page", where, passed.id, page=ctx.lesson_path)
    bullets = "\n".join(line for line in ctx.lesson_page.splitlines() if line.startswith("- "))
    missing = [name for name, forms in ctx.summary_parts.items()
               if not any(form.casefold() in bullets.casefold() for form in forms)]
    if missing:
        yield ctx.finding("error", "summary-incomplete", Location(ctx.lesson_path), parts=", ".join(missing))
