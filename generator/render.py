"""Stage 3: templates + facts + one locale's translations -> that locale's Markdown pages.

Jinja2 runs with StrictUndefined and newstyle gettext, so a missing fact or placeholder fails the
build. Numbers and lists are formatted for the locale with Babel; links go through `link()`, which
knows the page list.
"""
from __future__ import annotations

import gettext
import posixpath
from dataclasses import dataclass
from pathlib import Path

import jinja2
from babel.lists import format_list
from babel.numbers import format_decimal

from .errors import ErrorLog, LessonError, Location, relative
from .facts import PLACEHOLDER, Facts, Pass, Round, Text
from .locales import SiteLocale
from .yamlio import Fields, load_yaml


@dataclass(frozen=True)
class PageList:
    """The site's pages (template names without `.md`) and the ones still planned."""

    pages: tuple[str, ...]
    planned: tuple[str, ...]
    location: Location

    @staticmethod
    def markdown_path(page: str) -> str:
        return f"{page}.md"


def load_page_list(root: Path) -> PageList:
    path = root / "content" / "site.yaml"
    shown, log = relative(path), ErrorLog()
    f = Fields(load_yaml(path), shown, log, Location(shown, 1), {"pages", "planned"})
    pages = tuple(str(p) for _, p in f.items("pages"))
    planned = tuple(str(p) for p in f.get("planned", list, []) or ())
    for where, page in f.items("pages"):
        if not (root / "content" / "pages" / f"{page}.md").is_file():
            log.add(where, f"page '{page}' has no template content/pages/{page}.md; add it or move it to `planned`")
    log.raise_if_any()
    return PageList(pages, planned, f.location)


class LocaleRenderer:
    """Renders every page of one locale."""

    def __init__(self, root: Path, facts: Facts, page_list: PageList, locale: SiteLocale,
                 translations: gettext.NullTranslations):
        self.facts, self.page_list, self.locale = facts, page_list, locale
        self.translations = MatchingPlaceholders(translations)
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(root / "content" / "pages"), undefined=jinja2.StrictUndefined,
            extensions=["jinja2.ext.i18n"], autoescape=False, keep_trailing_newline=True,
            trim_blocks=True, lstrip_blocks=True)
        self.env.install_gettext_translations(self.translations, newstyle=True)
        self.env.globals.update(self._helpers())

    def _helpers(self) -> dict:
        return {"facts": self.facts, "tiles": self.facts.tiles, "charleston": self.facts.charleston,
                "jokers": self.facts.jokers, "locale": self.locale, "num": self.number, "t": self.text,
                "names": self.names, "and_list": self.and_list, "or_list": self.or_list, "rule": self.rule,
                "direction": self.direction, "directions": self.directions, "link": link}

    def number(self, value: int) -> str:
        return format_decimal(value, locale=self.locale.babel)

    def text(self, text: Text, **values) -> str:
        """A fact's string, translated, with its placeholders filled."""
        return self.translations.pgettext(text.context, text.msgid) % values

    def names(self, items) -> list[str]:
        """The translated `name` of each fact object (tile groups, joker groups...)."""
        return [self.text(item.name) for item in items]

    def and_list(self, items) -> str:
        return format_list(list(items), locale=self.locale.babel)

    def or_list(self, items) -> str:
        return format_list(list(items), style="or", locale=self.locale.babel)

    def rule(self, passed: Pass) -> str:
        """The no-joker sentence for one pass (msgctxt rule:no-joker:<pass-id>)."""
        return self.text(passed.rule, count=self.number(passed.count), min=self.number(passed.min),
                         max=self.number(passed.max))

    def direction(self, name: str) -> str:
        return self.text(self.facts.charleston.direction(name))

    def directions(self, round_: Round) -> str:
        return self.and_list(self.direction(d) for d in round_.directions)

    def render(self, page: str, status: tuple = ()) -> str:
        """One page as Markdown; `status` holds the checker's reports for the status page."""
        template_name = PageList.markdown_path(page)
        try:
            template = self.env.get_template(template_name)
            return template.render(page=page, pages=self.page_list, status=status)
        except jinja2.TemplateSyntaxError as exc:
            raise LessonError(Location(relative(exc.filename or template_name), exc.lineno),
                              f"template syntax error: {exc.message}; fix the template syntax") from None
        except (jinja2.UndefinedError, LessonError, KeyError, TypeError, ValueError) as exc:
            raise LessonError(_template_location(exc, template_name), _describe(exc, self.locale)) from None


class MatchingPlaceholders:
    """Translations that fall back to the English source when a translation's placeholders differ from it,
    so one broken entry shows English instead of breaking the build (`make check` reports it)."""

    def __init__(self, translations: gettext.NullTranslations):
        self.inner = translations

    @staticmethod
    def _safe(msgid: str, text: str) -> str:
        return text if set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(msgid)) else msgid

    def gettext(self, message: str) -> str:
        return self._safe(message, self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self.inner.ngettext(singular, plural, n)

    def pgettext(self, context: str, message: str) -> str:
        return self._safe(message, self.inner.pgettext(context, message))


@jinja2.pass_context
def link(context, target: str, label: str) -> str:
    """A Markdown link to another page of the same locale, or plain text while that page is planned.

    `target` is the page's URL form, e.g. "american/tiles/"; "" is the home page.
    """
    pages: PageList = context["pages"]
    name = target.strip("/") or "index"
    if name in pages.planned:
        return label
    if name not in pages.pages:
        known = ", ".join(p if p != "index" else "(home)" for p in pages.pages + pages.planned)
        raise LessonError(None, f"link to unknown page '{target}'; known pages: {known}")
    here = posixpath.dirname(PageList.markdown_path(context["page"]))
    return f"[{label}]({posixpath.relpath(PageList.markdown_path(name), here or '.')})"


def _template_location(exc: BaseException, template_name: str) -> Location:
    """The template line Jinja's rewritten traceback points at."""
    line, tb = 0, exc.__traceback__
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(template_name):
            line = tb.tb_lineno
        tb = tb.tb_next
    return Location(f"content/pages/{template_name}", line)


def _describe(exc: BaseException, locale: SiteLocale) -> str:
    if isinstance(exc, LessonError):
        return exc.message
    if isinstance(exc, jinja2.UndefinedError):
        return f"{exc.message}; the template uses a fact or variable that does not exist"
    return (f"{type(exc).__name__}: {exc} while rendering {locale.tag}; a translation or the template has a "
            "placeholder that does not match (run `make check`)")
