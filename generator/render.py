"""Stage 3: templates + facts + one locale's translations -> that locale's Markdown pages.

Jinja2 runs with StrictUndefined and newstyle gettext, so a missing fact or placeholder fails the
build. Numbers and lists are formatted for the locale with Babel; links go through `link()`, which
knows the page list.
"""
from __future__ import annotations

import functools
import gettext
import posixpath
from dataclasses import dataclass
from pathlib import Path

import jinja2
from babel.lists import format_list
from babel.numbers import format_decimal
from markupsafe import escape

from .errors import ErrorLog, LessonError, Location, relative
from .facts import PLACEHOLDER, Concept, Face, Facts, Pass, Round, Text
from .locales import SiteLocale
from .markup import injected
from .practice import json_for_script
from .templates import environment
from .tiles import HEIGHT, WIDTH, seating_svg
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
                 translations: gettext.NullTranslations, source: SiteLocale | None = None):
        """`source`: the project's source locale (None: `locale` is the source)."""
        self.facts, self.page_list, self.locale, self.source = facts, page_list, locale, source or locale
        self.babel, self.numbers = locale.babel, {}  # numbers: value -> text (pages format the same few often)
        self.translations = SafeTranslations(translations)
        self.env = environment(root)
        self.env.install_gettext_translations(self.translations, newstyle=True)
        self.env.globals.update(self._helpers())

    def _helpers(self) -> dict:
        return {"facts": self.facts, "tiles": self.facts.tiles, "charleston": self.facts.charleston,
                "jokers": self.facts.jokers, "variants": self.facts.variants, "glossary": self.facts.glossary,
                "locale": self.locale, "source": self.source, "num": self.number, "year": self.year,
                "t": self.text, "names": self.names, "and_list": self.and_list, "or_list": self.or_list,
                "rule": self.rule, "direction": self.direction, "directions": self.directions, "link": link,
                "face_name": self.face_name, "definition": self.definition, "tile_figure": tile_figure,
                "tile_row": tile_row, "term": term, "seating": self.seating, "html": escape,
                "json_script": json_for_script, "asset": asset,
                "unformatted": self.translations.gettext}

    def number(self, value: int) -> str:
        """A number in the locale's digits and grouping."""
        if value not in self.numbers:
            self.numbers[value] = format_decimal(value, locale=self.babel)
        return self.numbers[value]

    def year(self, value: int) -> str:
        """A year: the locale's digits, no grouping separator."""
        return format_decimal(value, format="0", locale=self.babel)

    def definition(self, concept: Concept) -> str:
        """A glossary definition with the facts it quotes formatted for the locale."""
        return self.text(concept.definition, **{k: self.number(v) for k, v in concept.values.items()})

    def face_name(self, face: Face) -> str:
        """A tile's name, e.g. "3 Crak", with the locale's number."""
        value = self.number(face.value) if isinstance(face.value, int) else face.value
        return self.text(face.name, face=value)

    def seating(self, round_: Round, you: str, label: str) -> str:
        """The seating diagram of one round: seats named by direction, arrows numbered in pass order."""
        seats = {d.msgid: self.text(d) for d in self.facts.charleston.directions}
        order = [(d, self.number(i)) for i, d in enumerate(round_.directions, start=1)]
        return f'<div class="seating-diagram" markdown="0">\n{seating_svg(round_.id, you, seats, order, label)}\n</div>'

    def text(self, text: Text, **values) -> str:
        """A fact's string, translated, with its placeholders filled."""
        return self.translations.pgettext(text.context, text.msgid) % values

    def names(self, items) -> list[str]:
        """The translated `name` of each fact object (tile groups, joker groups...)."""
        return [self.text(item.name) for item in items]

    def and_list(self, items) -> str:
        return format_list(list(items), locale=self.babel)

    def or_list(self, items) -> str:
        return format_list(list(items), style="or", locale=self.babel)

    def rule(self, passed: Pass) -> str:
        """The no-joker sentence for one pass (msgctxt rule:no-joker:<pass-id>)."""
        return self.text(passed.rule, count=self.number(passed.count), min=self.number(passed.min),
                         max=self.number(passed.max))

    def direction(self, name: str) -> str:
        return self.text(self.facts.charleston.direction(name))

    def directions(self, round_: Round) -> str:
        return self.and_list(self.direction(d) for d in round_.directions)

    def render(self, page: str, status: tuple = ()) -> str:
        """One page as Markdown; `status` holds the checker's reports for the status page (PENDING while
        the checks run: a page that looks at them raises FindingsPending)."""
        template_name = PageList.markdown_path(page)
        try:
            template = self.env.get_template(template_name)
            return template.render(page=page, pages=self.page_list, status=status, mentioned=set(),
                                   renderer=self)
        except jinja2.TemplateSyntaxError as exc:
            raise LessonError(Location(relative(exc.filename or template_name), exc.lineno),
                              f"template syntax error: {exc.message}; fix the template syntax") from None
        except (jinja2.UndefinedError, LessonError, KeyError, TypeError, ValueError) as exc:
            raise LessonError(_template_location(exc, template_name), _describe(exc, self.locale)) from None


class FindingsPending(Exception):
    """A page looked at the checker's findings before they were ready; it is rendered again once they are."""


class _Pending:
    """Stands for the checker's reports while the checks still run: touching it defers the page."""

    def _defer(self, *args):
        raise FindingsPending

    __bool__ = __iter__ = __len__ = __getitem__ = _defer


PENDING = _Pending()


class SafeTranslations:
    """Translations that fall back to the English source when a translation's placeholders differ from it
    or it adds markup (a tag, an event handler, a script URL): one broken entry shows English instead of
    breaking the build or reaching the page (`make check` reports it)."""

    def __init__(self, translations: gettext.NullTranslations):
        self.inner = translations

    @staticmethod
    @functools.lru_cache(maxsize=None)  # a function of its arguments; pages look the same few hundred up
    def _safe(msgid: str, text: str) -> str:
        same_placeholders = set(PLACEHOLDER.findall(text)) == set(PLACEHOLDER.findall(msgid))
        return text if same_placeholders and not injected(msgid, text) else msgid

    def gettext(self, message: str) -> str:
        return self._safe(message, self.inner.gettext(message))

    def ngettext(self, singular: str, plural: str, n: int) -> str:
        return self._safe(singular if n == 1 else plural, self.inner.ngettext(singular, plural, n))

    def pgettext(self, context: str, message: str) -> str:
        return self._safe(message, self.inner.pgettext(context, message))


@jinja2.pass_context
def link(context, target: str, label: str) -> str:
    """A Markdown link to another page of the same locale, or plain text while that page is planned.

    `target` is the page's URL form, e.g. "american/tiles/"; "" is the home page.
    """
    pages: PageList = context["pages"]
    target, _, fragment = target.partition("#")
    anchor = f"#{fragment}" if fragment else ""
    name = target.strip("/") or "index"
    if name in pages.planned:
        return label
    if name not in pages.pages:
        known = ", ".join(p if p != "index" else "(home)" for p in pages.pages + pages.planned)
        raise LessonError(None, f"link to unknown page '{target}'; known pages: {known}")
    label = label.replace("[", "\\[").replace("]", "\\]")
    return f"[{label}]({_relative_to_page(context, PageList.markdown_path(name))}{anchor})"


def _relative_to_page(context, target: str) -> str:
    return _relative(target, posixpath.dirname(PageList.markdown_path(context["page"])) or ".")


@functools.lru_cache(maxsize=None)  # every locale links the same few hundred pairs
def _relative(target: str, here: str) -> str:
    return posixpath.relpath(target, here)


@jinja2.pass_context
def term(context, concept_id: str) -> str:
    """A glossary term in the locale; its first mention on a page links to its glossary entry."""
    renderer: LocaleRenderer = context["renderer"]
    concept = renderer.facts.glossary.concept(concept_id)
    label = renderer.text(concept.term)
    if concept_id in context["mentioned"] or context["page"] == "glossary":
        return label
    context["mentioned"].add(concept_id)
    return link(context, f"glossary/#{concept_id}", label)


def _tile_markdown(context, face: Face) -> str:
    renderer: LocaleRenderer = context["renderer"]
    alt = renderer.face_name(face).replace("[", "(").replace("]", ")")
    src = _relative_to_page(context, f"assets/tiles/{face.id}.svg")
    return f'![{alt}]({src}){{ width="{WIDTH}" height="{HEIGHT}" }}'


@jinja2.pass_context
def asset(context, path: str) -> str:
    """The URL of a file under assets/ from the built page (raw HTML is not rewritten by MkDocs)."""
    depth = context["page"].count("/") + (context["page"] != "index")
    return "../" * depth + f"assets/{path}"


@jinja2.pass_context
def tile_figure(context, face: Face) -> str:
    """A tile picture with its caption: the face's name, and its nickname if it has one."""
    renderer: LocaleRenderer = context["renderer"]
    caption = renderer.face_name(face) + (f" ({renderer.text(face.nickname)})" if face.nickname else "")
    return (f'<figure class="tile" markdown="span">\n{_tile_markdown(context, face)}\n'
            f"<figcaption>{escape(caption)}</figcaption>\n</figure>")


@jinja2.pass_context
def tile_row(context, tile_ids, caption: str) -> str:
    """Several tile pictures side by side with one caption (a group of tiles)."""
    faces = [context["renderer"].facts.tiles.face(t) for t in tile_ids]
    images = " ".join(_tile_markdown(context, face) for face in faces)
    return (f'<figure class="tile-row" markdown="span">\n{images}\n'
            f"<figcaption>{escape(caption)}</figcaption>\n</figure>")


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
