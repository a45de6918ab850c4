"""Stage 3: every locale's Markdown pages, checked and rendered in the build's worker processes.

A locale's status page shows its own check's findings (and links to the source's), so one locale's build
stays the same size however many locales there are; the source locale's status page shows every
locale's side by side, so it is rendered last. Work whose inputs are byte-identical to an earlier
build's comes from build/cache.
"""
from __future__ import annotations

from .cache import Cache, digest, locale_digest
from .catalogs import translations_for
from .check_run import CheckJob, LocaleReport, check_job, check_one, report_key
from .errors import gather, started
from .locales import SiteLocale
from .project import Project
from .render import PENDING, FindingsPending, LocaleRenderer, PageList
from .templates import template_names


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

    With a pool of forked workers, the work is theirs; this process waits. First they extract and compile
    the templates and parse the catalogs (check_job); then each locale is checked and rendered in one task
    (its catalog and CLDR data loaded once), the status page included but the source's, which shows
    every locale's report and is added here at the end. Work whose inputs are byte-identical to an earlier
    build's comes from build/cache, here."""
    job = check_job(project, pool, compile_templates=template_names(project.root))
    cache, source, tasks = Cache(project.root), project.source, []
    for loc in project.locales:
        render = only is None or loc.tag in only
        tasks.append(started(pool, _in_cache(cache, project, job, loc, render), checked_and_rendered, project, loc,
                             job, render))
    results = dict(zip(project.locales, gather(tasks)))
    status = tuple(report for report, _ in results.values())
    rendered = {loc: pages for loc, (_, pages) in results.items() if pages is not None}
    if source in rendered:
        rendered[source] = render_with_findings(project, source, status, job.inputs, rendered[source])
    return rendered, status


def _in_cache(cache: Cache, project: Project, job: CheckJob, locale: SiteLocale, render: bool) -> bool:
    """Whether a locale's report and, when it is rendered, its pages come from build/cache (then its task
    runs in this process: reading them is quicker than sending them from a worker)."""
    return cache.has("reports", report_key(job, locale)) and (
        not render or cache.has("pages", _pages_key(project, locale, job.inputs)))


def checked_and_rendered(project: Project, locale: SiteLocale, job: CheckJob,
                         render: bool) -> tuple[LocaleReport, dict | None]:
    """One locale's report and, when `render`, its pages: all of them but the source's status page."""
    report = check_one(locale, job)
    if not render:
        return report, None
    pages = pages_without_findings(project, locale, job.inputs)
    if locale != project.source:
        pages = render_with_findings(project, locale, (report,), job.inputs, pages)
    return report, pages


def pages_without_findings(project: Project, locale: SiteLocale, inputs: str) -> dict[str, str]:
    """A locale's pages that do not show the checker's findings (see cache.inputs_digest for `inputs`)."""
    return Cache(project.root).computed("pages", _pages_key(project, locale, inputs),
                                        lambda: render_locale(project, locale, PENDING), dict)


def render_with_findings(project: Project, locale: SiteLocale, status: tuple, inputs: str,
                         ready: dict[str, str]) -> dict[str, str]:
    """Every page of a locale: the `ready` ones (pages_without_findings) and those showing the findings."""
    return Cache(project.root).computed("pages+findings", _pages_key(project, locale, inputs, status),
                                        lambda: render_locale(project, locale, status, ready), dict)


def _pages_key(project: Project, locale: SiteLocale, inputs: str, status: tuple | None = None) -> str:
    """The key of a locale's pages: its inputs, and the findings for the pages showing them."""
    key = locale_digest(inputs, project.root, locale)
    return key if status is None else digest(key, repr(status))
