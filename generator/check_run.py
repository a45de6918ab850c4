"""Stage 5: `make check`. Render what is needed, run every check for every locale, report.

Output: one finding per line (`file:line: level [code] locale [pass]: message`), then a summary per
locale (the nine passes ✓/✗, % translated, errors, warnings); `--json` prints the findings instead.
Exit 1 when there is any error.
"""
from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Collection

from babel.messages.catalog import Catalog

from . import checks, checks_qa
from .catalogs import POT_PATH, extract_catalog, pot_text, read_locale_catalog, start_loading, translations_for
from .checks import CheckContext, Finding
from .cache import Cache, inputs_digest, locale_digest, prune
from .errors import ErrorLog, gather, relative, started
from .locales import SiteLocale
from .render import LocaleRenderer
from .project import Project
from .terms import Terms, load_terms

CHECKS = [checks_qa.check_pot_fresh, checks.check_rule_sentences, checks.check_lesson_page,
          checks_qa.check_completeness, checks_qa.check_placeholders, checks_qa.check_numbers,
          checks_qa.check_markup, checks_qa.check_scripts, checks_qa.check_unchanged, checks_qa.check_english_words,
          checks_qa.check_term_consistency]
LESSON = "american/jokers-in-the-charleston"
LESSON_TEMPLATE = f"{LESSON}.md"


@dataclass(frozen=True)
class LocaleReport:
    locale: str
    passes: dict[str, bool]  # pass id -> rule stated (no error for that pass)
    translated: int
    total: int
    findings: tuple[Finding, ...]

    @property
    def errors(self) -> int:
        return sum(f.level == "error" for f in self.findings)

    @property
    def warnings(self) -> int:
        return sum(f.level == "warning" for f in self.findings)


def run_checks(project: Project, only: str | None = None, jobs: int = 2) -> list[LocaleReport]:
    """Every locale's report (or only one's), the others checked in `jobs` forked worker processes."""
    if jobs > 1 and len(project.locales) > 2 and not only:
        with ProcessPoolExecutor(jobs, mp_context=multiprocessing.get_context("fork")) as pool:
            reports = gather(start_checks(check_job(project, pool), pool))
    else:
        reports = gather(start_checks(check_job(project), None, only))
    prune(project.root)
    return reports


@dataclass(frozen=True)
class CheckJob:
    """What every locale's check shares."""

    project: Project
    shared: dict  # the CheckContext fields that are the same for every locale (the POT now, its path)
    source_terms: Terms
    directions: tuple[str, ...]
    inputs: str  # digest of every input but the catalogs (cache.inputs_digest)


def check_job(project: Project, pool=None, compile_templates: Collection[str] = (LESSON_TEMPLATE,)) -> CheckJob:
    """The shared part of every check; the POT comes from build/cache when no input changed. Else, with a
    pool, its workers extract the templates (and compile `compile_templates`, to be rendered next: the
    lesson page, which every check renders), and parse the catalogs meanwhile (the checks need them too)."""
    root, inputs = project.root, inputs_digest(project.root)

    def shared() -> dict:
        start_loading(root, project.locales, pool)
        template = extract_catalog(root / "content" / "pages", project.facts, pool, compile_templates)
        return {"template": template, "pot_path": relative(root / POT_PATH)}

    directions = tuple(d.msgid for d in project.facts.charleston.directions)
    return CheckJob(project, Cache(root).computed("shared", inputs, shared, dict),
                    load_terms(root, project.source.tag, directions), directions, inputs)


def start_checks(job: CheckJob, pool, only: str | None = None) -> list[Callable[[], LocaleReport]]:
    """Check every locale (or the `only` one) in `pool`, or here without one; `gather` the results."""
    chosen = [loc for loc in job.project.locales if not only or loc.tag == only]
    cache = Cache(job.project.root)
    return [started(pool, cache.has("reports", report_key(job, loc)), check_one, loc, job) for loc in chosen]


def check_one(locale: SiteLocale, job: CheckJob) -> LocaleReport:
    """One locale's report; a locale whose inputs are byte-identical to an earlier run's reuses its report."""
    return Cache(job.project.root).computed("reports", report_key(job, locale), lambda: check_locale(
        job.project, locale, job.shared, job.source_terms, job.directions), LocaleReport)


def report_key(job: CheckJob, locale: SiteLocale) -> str:
    return locale_digest(job.inputs, job.project.root, locale)


def check_locale(project: Project, locale: SiteLocale, shared: dict, source_terms, directions) -> LocaleReport:
    root, is_source = project.root, locale == project.source
    catalog = None if is_source else read_locale_catalog(root, locale)
    translations = translations_for(locale, root, source=is_source)
    renderer = LocaleRenderer(root, project.facts, project.pages, locale, translations, project.source)
    unfinished = ErrorLog()
    terms = load_terms(root, locale.tag, directions, unfinished) if not is_source else source_terms
    charleston = project.facts.charleston
    ctx = CheckContext(
        locale=locale, source=is_source, facts=project.facts, terms=terms, source_terms=source_terms,
        po_path=locale.po_path, catalog=catalog, lesson_page=renderer.render(LESSON),
        lesson_path=f"content/pages/{LESSON_TEMPLATE}",
        rendered_rules={p.id: renderer.rule(p) for p in charleston.passes},
        summary_parts={**{f"the {r.id} round": (renderer.text(r.name),) for r in charleston.rounds},
                       "the blind pass": terms.blind.forms, "the courtesy pass": terms.courtesy.forms},
        pot_stale=is_source and _pot_stale(root, shared["template"]), **shared)
    findings = tuple(ctx.finding("error", "terms", e.location, problem=e.message) for e in sorted(
        unfinished.errors, key=lambda e: e.location))
    findings += tuple(f for check in CHECKS for f in check(ctx))
    failed = {f.pass_id for f in findings if f.level == "error" and f.pass_id}
    total = sum(1 for m in ctx.template if m.id)
    translated = total if is_source else len(ctx.translated())
    return LocaleReport(locale.tag, {p.id: p.id not in failed for p in charleston.passes}, translated, total,
                        findings)


def _pot_stale(root: Path, template: Catalog) -> bool:
    """locales/messages.pot is not what `make extract` writes now."""
    pot = root / POT_PATH
    return not pot.is_file() or pot_text(template) != pot.read_text(encoding="utf-8")


def format_report(reports: list[LocaleReport]) -> str:
    lines = [f.line() for r in reports for f in r.findings]
    pass_ids = list(reports[0].passes) if reports else []
    width = max(len(p) for p in pass_ids) if pass_ids else 0
    lines += ["", "rule 'jokers are never passed', per pass:", " " * width + "  " + "  ".join(
        f"{r.locale:>7}" for r in reports)]
    for pass_id in pass_ids:
        lines.append(f"{pass_id:<{width}}  " + "  ".join(f"{'✓' if r.passes[pass_id] else '✗':>7}" for r in reports))
    lines.append("")
    for r in reports:
        percent = 100 * r.translated // r.total if r.total else 100
        lines.append(f"{r.locale:>7}: {sum(r.passes.values())}/{len(r.passes)} passes stated, {percent}% translated "
                     f"({r.translated}/{r.total}), {r.errors} errors, {r.warnings} warnings")
    return "\n".join(lines)


def format_json(reports: list[LocaleReport]) -> str:
    return json.dumps([f.as_dict() for r in reports for f in r.findings], ensure_ascii=False, indent=2)
