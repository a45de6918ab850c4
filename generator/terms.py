"""Per-locale terms (locales/<locale>/terms.yaml) and script-aware term matching for the checker.

`\\b` word boundaries fail for Thai (no spaces) and Korean (a particle follows the noun), so forms in
those scripts match as substrings; only Latin-script forms match as whole words.
"""
from __future__ import annotations

import functools
import re
import unicodedata
from dataclasses import dataclass
from pathlib import Path

from .errors import ErrorLog, LessonError, Location, relative
from .yamlio import Fields, load_yaml

TERM_KEYS = {"scripts", "joker", "directions", "blind", "courtesy", "prohibition", "allow"}


@dataclass(frozen=True)
class Term:
    """One concept's accepted forms in a locale."""

    id: str
    forms: tuple[str, ...]
    location: Location

    def found_in(self, text: str) -> bool:
        folded = _fold(text)
        return any(_contains(folded, form) for form in self.forms)


@dataclass(frozen=True)
class Terms:
    scripts: tuple[str, ...]
    joker: Term
    directions: dict[str, Term]
    blind: Term
    courtesy: Term
    prohibition: Term
    allow: tuple[str, ...]
    location: Location

    def for_pass(self, kind: str, direction: str) -> Term:
        """The term a rule sentence must use to name this pass."""
        return {"blind": self.blind, "courtesy": self.courtesy}.get(kind) or self.directions[direction]


def _is_latin(form: str) -> bool:
    return all(not ch.isalpha() or unicodedata.name(ch, "").startswith("LATIN") for ch in form)


@functools.lru_cache(maxsize=4096)  # each translation is searched for several terms
def _fold(text: str) -> str:
    return unicodedata.normalize("NFC", text).casefold()


@functools.lru_cache(maxsize=None)
def _form_pattern(form: str) -> re.Pattern | str:
    """A Latin form matches as a whole word (a compiled pattern); any other form as a substring."""
    folded = _fold(form)
    return re.compile(rf"(?<!\w){re.escape(folded)}(?!\w)") if _is_latin(form) else folded


def _contains(folded_text: str, form: str) -> bool:
    pattern = _form_pattern(form)
    return pattern in folded_text if isinstance(pattern, str) else pattern.search(folded_text) is not None


def load_terms(root: Path, tag: str, directions: tuple[str, ...], problems: ErrorLog | None = None) -> Terms:
    """The locale's terms. With `problems`, unfinished entries (TODO, empty) are recorded there and the
    terms found so far returned, so the checker can report them next to everything else still missing."""
    path = root / "locales" / tag / "terms.yaml"
    shown, log = relative(path), problems if problems is not None else ErrorLog()
    if not path.exists():
        raise LessonError(Location(shown), f"terms file missing; create it (see locales/en/terms.yaml) "
                          f"or run `make new-locale LOCALE={tag}`")
    f = Fields(load_yaml(path), shown, log, Location(shown, 1), TERM_KEYS)
    nested = Fields(f.get("directions", dict, {}), shown, log, f.at("directions"), set(directions))
    terms = Terms(
        scripts=tuple(f.get("scripts", list) or ()),
        joker=_term(f, "joker"), blind=_term(f, "blind"), courtesy=_term(f, "courtesy"),
        prohibition=_term(f, "prohibition"),
        directions={d: _term(nested, d) for d in directions},
        allow=tuple(str(a) for a in f.get("allow", list, []) or ()), location=f.location)
    if problems is None:
        log.raise_if_any()
    return terms


def _term(f: Fields, key: str) -> Term:
    forms = f.get(key, list)
    if forms is not None and (not forms or not all(isinstance(x, str) and x.strip() for x in forms)):
        f.log.add(f.at(key), f"'{key}' must list at least one form of the term, e.g. `{key}: [word]`")
        forms = None
    if forms and any("TODO" in x for x in forms):
        f.log.add(f.at(key), f"'{key}' still has a TODO; write the locale's form(s) of the term")
        forms = [x for x in forms if "TODO" not in x]
    return Term(key, tuple(str(x) for x in forms or ()), f.at(key))
