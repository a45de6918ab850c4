"""Stage 1 (with facts_load, locales and render.load_page_list): everything a build reads, loaded once."""
from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from .errors import ErrorLog, LessonError
from .facts import Facts
from .facts_load import load_facts
from .locales import SiteLocale, load_locales
from .render import PageList, load_page_list


@dataclass(frozen=True)
class Project:
    """Everything loaded from the inputs, before rendering."""

    root: Path
    facts: Facts
    locales: tuple[SiteLocale, ...]
    pages: PageList

    @property
    def source(self) -> SiteLocale:
        return self.locales[0]


def load_project(root: Path) -> Project:
    """Load facts, locales and the page list; report every error of all of them together."""
    log, loaded = ErrorLog(), {}
    for name, loader in (("facts", lambda: load_facts(root / "content" / "facts")),
                         ("locales", lambda: load_locales(root)), ("pages", lambda: load_page_list(root))):
        try:
            loaded[name] = loader()
        except LessonError as exc:
            log.extend(exc)
    log.raise_if_any()
    return Project(root, loaded["facts"], loaded["locales"], loaded["pages"])
