"""Stage 3: every locale's Markdown pages, checked and rendered in the build's worker processes.

The status pages show the checker's findings, so they are rendered last; every other page starts at
once. The source locale's status page shows every locale side by side; another locale's shows its own
(and links to the source's), so one locale's build stays the same size however many locales there are.
Work whose inputs are byte-identical to an earlier build's comes from build/cache.
"""
from __future__ import annotations

from .cache import Cache, digest, locale_digest
from .catalogs import start_loading, translations_for
from .check_run import LocaleReport, check_job, start_checks
from .errors import gather, started
from .locales import SiteLocale
from .project import Project
from .render import PENDING, FindingsPending, LocaleRenderer, PageList
from .templates import compile_all


def render_locale(project: Project, locale: SiteLocale, status, ready: dict[str, str] | None = None) -> dict[str, str]:
    """Markdown text of every page of one locale, keyed by its path under docs/<locale>/, in page order.

    `ready` pages are kept as they are. While `status` is PENDING, pages that need the checker's
    findings are left out (render them again with the reports)."""
    translations = translations_for(locale, project.root, source=locale == project.source)
    renderer = LocaleRenderer(project.root, project.facts, project.pages, locale, translations, project.source)
    pages = {}
    for page in project.pages.pages:
        path = PageList.markdown_path(page)
        try:
            pages[path] = ready[path] if ready and path in ready else renderer.render(page, status)
        except FindingsPending:
            continue
    return pages


def render_all(project: Project, only: frozenset[str] | None = None,
               pool=None) -> tuple[dict[SiteLocale, dict[str, str]], tuple[LocaleReport, ...]]:
    """Every locale's pages (or the `only` tags'), and the checker's reports (every locale's), which the
    status pages show.

    With a pool of forked workers: they parse the catalogs while the POT is extracted here; then the other
    locales are checked there and their pages that do not show findings rendered, while the source's
    pages render here (each template is compiled once, by whichever process needs it first, and shared
    through the bytecode cache); once every report is in, the status pages are added. Work whose inputs
    are byte-identical to an earlier build's comes from build/cache, here."""
    start_loading(project.root, project.locales, pool)
    job = check_job(project)
    checks = start_checks(job, pool)
    cache, source = Cache(project.root), project.source
    chosen = [loc for loc in project.locales if only is None or loc.tag in only]
    order = sorted(chosen, key=lambda loc: loc == source)  # the workers' tasks go out first
    early = {loc: started(pool, loc == source or cache.has("pages", _pages_key(project, loc, job.inputs)),
                          pages_without_findings, project, loc, job.inputs) for loc in order}
    results = gather([*checks, *(early[loc] for loc in chosen)])
    status, ready = tuple(results[:len(checks)]), dict(zip(chosen, results[len(checks):]))
    final = {}
    for loc in order:
        shown = shown_status(project, loc, status)
        cached = cache.has("pages+findings", _pages_key(project, loc, job.inputs, shown))
        final[loc] = started(pool, loc == source or cached, render_with_findings, project, loc, shown, job.inputs,
                             ready[loc])
    return dict(zip(chosen, gather(final[loc] for loc in chosen))), status


def pages_without_findings(project: Project, locale: SiteLocale, inputs: str) -> dict[str, str]:
    """A locale's pages that do not show the checker's findings (see cache.inputs_digest for `inputs`).
    Every template is compiled before the first page (templates.compile_all)."""
    def render() -> dict[str, str]:
        compile_all(project.root, (project.locales.index(locale), len(project.locales)))
        return render_locale(project, locale, PENDING)

    return Cache(project.root).computed("pages", _pages_key(project, locale, inputs), render, dict)


def shown_status(project: Project, locale: SiteLocale, status: tuple[LocaleReport, ...]) -> tuple:
    """The reports a locale's status page shows: every locale's on the source's, its own elsewhere."""
    return status if locale == project.source else tuple(r for r in status if r.locale == locale.tag)


def render_with_findings(project: Project, locale: SiteLocale, status: tuple, inputs: str,
                         ready: dict[str, str]) -> dict[str, str]:
    """Every page of a locale: the `ready` ones (pages_without_findings) and those showing the findings."""
    return Cache(project.root).computed("pages+findings", _pages_key(project, locale, inputs, status),
                                        lambda: render_locale(project, locale, status, ready), dict)


def _pages_key(project: Project, locale: SiteLocale, inputs: str, status: tuple | None = None) -> str:
    """The key of a locale's pages: its inputs, and the findings for the pages showing them."""
    key = locale_digest(inputs, project.root, locale)
    return key if status is None else digest(key, repr(status))
