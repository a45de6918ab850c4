"""`make bench`: measure the pipeline on this machine, in one run, and print one table.

Rows: the generator's stages done one after the other in one process, the checker as `make check` runs
it, each locale's MkDocs build, `make site` three ways (cold: an empty build/cache as on a fresh clone;
after one catalog changed; with no input changed), each split into start-up, generator and MkDocs stage
with the generator's share (for the cold build, also the share's lower bound: the one-process stages
spread over every core with no overhead), the same generated Markdown built by mkdocs-static-i18n (a
benchmark-only dependency) and the ratio, `make check` cold and warm, the cost per locale for 1, 4, 16
and 32 copies of the pseudo-locale, and what `make serve` rebuilds after a catalog or a fact changes. The
bench empties build/cache (it is only a cache). This machine's speed drifts by a fifth or more within
seconds, so builds are repeated, interleaved, and medians reported.
"""
from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import yaml

from .locales import catalog_path

TARGETS = {"ratio": 0.6, "share": 0.10, "check": 1.0, "flat": 0.15}
SCALES = (1, 4, 16, 32)
ROUNDS = 40
REPEATS = 3
EDITED_CATALOG = catalog_path("th")
AN_EDIT = "\n# make bench: an edit\n"  # a comment: the output stays the same, the inputs' bytes do not
LOCALE_LINE = re.compile(r"^\s*(\S+): \d+ pages, ([\d.]+) s$")


@dataclass(frozen=True)
class Build:
    """One `python -m generator build`, as measured from outside and as it reports itself."""

    wall: float
    per_locale: dict[str, float]  # MkDocs seconds of each locale (in a worker)
    generator: float  # from the build's start until every locale's Markdown is written
    total: float  # from the build's start (after Python's start-up and imports) to the end

    @property
    def start_up(self) -> float:
        return self.wall - self.total

    @property
    def share(self) -> float:
        return self.generator / self.wall


def run_build(root: Path) -> Build:
    begun = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "generator", "build"], cwd=root, capture_output=True, text=True,
                          check=True)
    wall = time.perf_counter() - begun
    per_locale = {m.group(1): float(m.group(2)) for m in map(LOCALE_LINE.match, done.stdout.splitlines()) if m}
    summary = re.search(r"locales in ([\d.]+) s \(generator ([\d.]+) s\)", done.stdout)
    return Build(wall, per_locale, float(summary.group(2)), float(summary.group(1)))


def wall_of(command: list[str], cwd: Path, repeat: int = 7, before=lambda: None) -> float:
    """The best wall time of a command over `repeat` runs (as timeit does: the others measured noise from
    the rest of the machine, not the command); `before` runs ahead of each, untimed."""
    times = []
    for _ in range(repeat):
        before()
        begun = time.perf_counter()
        subprocess.run(command, cwd=cwd, capture_output=True, check=False)
        times.append(time.perf_counter() - begun)
    return min(times)


def clear_caches(root: Path) -> None:
    """Empty build/cache and this process's memory caches: the next run starts as on a fresh clone."""
    from .cache import CACHE_DIR, compiled_templates
    from .catalogs import _loaded

    shutil.rmtree(root / CACHE_DIR, ignore_errors=True)
    compiled_templates.cache_clear()
    _loaded.cache_clear()


STAGES = ("extract and compile the templates", "parse the catalogs", "check every locale", "render every page")


def stage_times(root: Path) -> tuple[dict[str, float], float]:
    """Seconds of each generator stage done one after the other in a new process with an empty build/cache
    (best of 3), and the checker run as `make check` runs it (2 workers, cold)."""
    runs = []
    for _ in range(3):
        clear_caches(root)
        done = subprocess.run([sys.executable, "-c", "from generator.bench import print_stage_times; "
                               "print_stage_times()"], cwd=root, capture_output=True, text=True, check=True)
        runs.append(json.loads(done.stdout))
    clear_caches(root)
    from .check_run import run_checks
    from .project import load_project

    begun = time.perf_counter()
    run_checks(load_project(root))
    return {stage: min(run[stage] for run in runs) for stage in STAGES}, time.perf_counter() - begun


def print_stage_times() -> None:
    """Time the generator's stages in this process, one after the other (for stage_times)."""
    from .catalogs import read_locale_catalog
    from .check_run import check_job, check_locale
    from .pages import render_locale
    from .project import load_project
    from .templates import compile_template, template_names

    root, seconds = Path.cwd(), {}
    project = load_project(root)
    with timed(seconds, STAGES[0]):
        job = check_job(project)
        for name in template_names(root):
            compile_template(root, name)
    with timed(seconds, STAGES[1]):
        for locale in project.locales:
            if locale != project.source:
                read_locale_catalog(root, locale)
    with timed(seconds, STAGES[2]):
        status = tuple(check_locale(project, loc, job.shared, job.source_terms, job.directions)
                       for loc in project.locales)
    with timed(seconds, STAGES[3]):
        for locale in project.locales:
            render_locale(project, locale, status)
    print(json.dumps(seconds))


@contextlib.contextmanager
def timed(seconds: dict[str, float], stage: str):
    """seconds[stage]: how long the `with` block took."""
    begun = time.perf_counter()
    yield
    seconds[stage] = time.perf_counter() - begun


@contextlib.contextmanager
def edited(path: Path, addition: str):
    """`path` with `addition` appended, for the time of the `with` block."""
    original = path.read_bytes()
    try:
        path.write_bytes(original + addition.encode())
        yield path
    finally:
        path.write_bytes(original)


def static_i18n_build(root: Path, work: Path) -> float:
    """The Markdown our build generated (build/docs/<locale>/), built by mkdocs-static-i18n in one run."""
    from .project import load_project

    project = load_project(root)
    shutil.rmtree(work, ignore_errors=True)
    languages = []
    for locale in project.locales:
        shutil.copytree(root / "build" / "docs" / locale.segment, work / "docs" / locale.tag)
        languages.append({"locale": locale.tag, "name": locale.own_name, "build": True,
                          "default": locale == project.source, "theme": {"language": locale.material}})
    base = yaml.safe_load((root / "mkdocs.yml").read_text(encoding="utf-8").replace("!!python/object/apply", "#"))
    config = {"site_name": base["site_name"], "docs_dir": "docs", "site_dir": "site",
              "theme": {**base["theme"], "custom_dir": str(root / "content" / "theme")},
              "extra_css": base["extra_css"], "markdown_extensions": ["attr_list", "md_in_html", "tables", "toc"],
              "plugins": ["search", {"i18n": {"docs_structure": "folder", "languages": languages}}]}
    (work / "mkdocs.yml").write_text(yaml.safe_dump(config, allow_unicode=True), encoding="utf-8")
    begun = time.perf_counter()
    subprocess.run([sys.executable, "-m", "mkdocs", "build", "-q", "-f", str(work / "mkdocs.yml")], cwd=work,
                   capture_output=True, check=True)
    return time.perf_counter() - begun


def scaling(root: Path) -> list[tuple[int, float, float]]:
    """For K copies of the pseudo-locale: (K, median MkDocs seconds of one pseudo-locale's site, wall
    seconds of that project's whole `make site`).

    This machine's speed drifts by a quarter within tens of seconds, more than the effect measured, so
    the per-locale cost is measured interleaved: after each project's build, the same pseudo-locale's
    MkDocs build (its config lists all K + 1 languages) is run for K = 1, 4, 16, 32 in turn, ROUNDS
    times, in this process, each round starting at the next K."""
    from .pseudo import write_pseudo_project
    from .site import _import_mkdocs, mkdocs_build

    targets = {copies: root / "build" / "bench" / f"scale-{copies}" for copies in SCALES}
    walls = {}
    for copies, target in targets.items():
        write_pseudo_project(root, target, copies=copies)
        walls[copies] = run_build(target).wall
    _import_mkdocs()
    samples: dict[int, list[float]] = {copies: [] for copies in SCALES}
    for round_ in range(ROUNDS):
        for copies in SCALES[round_ % len(SCALES):] + SCALES[:round_ % len(SCALES)]:  # each K in every position
            target = targets[copies]
            config = target / "build" / "mkdocs" / "en-xa.yml"
            seconds, problems = mkdocs_build(str(config), str(target / "build" / "bench-site"), "en")
            assert not problems, problems
            samples[copies].append(seconds)
    for target in targets.values():
        shutil.rmtree(target, ignore_errors=True)
    return [(copies, statistics.median(samples[copies]), walls[copies]) for copies in SCALES]


def serve_rebuilds(root: Path) -> list[tuple[str, str, float]]:
    """What `make serve` rebuilds, and in how long, after a catalog changed and after a fact changed."""
    from .serve import changed_locales, snapshot
    from .site import build_site

    rows = []
    for path in (root / EDITED_CATALOG, root / "content" / "facts" / "tiles.yaml"):
        before = snapshot(root)
        with edited(path, AN_EDIT):
            only = changed_locales(root, before, snapshot(root))
            seconds = build_site(root, report=lambda line: None, only=only)
        rebuilt = [tag for tag in seconds if tag not in ("generator", "total")]
        rows.append((str(path.relative_to(root)), ", ".join(rebuilt), seconds["total"]))
    return rows


def verdict(ok: bool) -> str:
    return "met" if ok else "MISSED"


def site_builds(root: Path) -> tuple[Build, Build, Build, float, list[float]]:
    """`make site` cold, after one catalog edit and with no input changed, and mkdocs-static-i18n on the
    same Markdown, REPEATS times interleaved: the median build of each kind (by generator share), the
    median static-i18n time, and each repeat's ratio of our start-up + MkDocs stage (theme templates
    compiled, as static-i18n does) to static-i18n's time."""
    runs: dict[str, list[Build]] = {"cold": [], "one edit": [], "warm": []}
    statics, ratios = [], []
    for _ in range(REPEATS):
        clear_caches(root)
        runs["cold"].append(run_build(root))
        with edited(root / EDITED_CATALOG, AN_EDIT):
            runs["one edit"].append(run_build(root))
        runs["warm"].append(run_build(root))
        statics.append(static_i18n_build(root, root / "build" / "bench" / "static-i18n"))
        cold = runs["cold"][-1]
        ratios.append((cold.wall - cold.generator) / statics[-1])
    middle = {kind: sorted(builds, key=lambda b: b.share)[len(builds) // 2] for kind, builds in runs.items()}
    return middle["cold"], middle["one edit"], middle["warm"], statistics.median(statics), ratios


def lower_bound_row(stages: dict[str, float], cold: Build) -> tuple[str, str, str]:
    """The cold share if the generator took no longer than its one-process stages spread over every core
    with no overhead (no start-up, loading, writing or waiting), and the wall time shrank by the difference."""
    cores = os.cpu_count() or 1
    floor = sum(stages.values()) / cores
    return (f"  its lower bound: the one-process stages ({floor:.2f} s on {cores} cores, no overhead)",
            f"{floor / (cold.wall - cold.generator + floor):.0%}", "")


def report(root: Path) -> tuple[str, bool]:
    """Run every measurement and return the table, and whether every target was met."""
    stages, checked = stage_times(root)
    cold, one_edit, warm, static, ratios = site_builds(root)
    check_cold = wall_of([sys.executable, "-m", "generator", "check"], root, before=lambda: clear_caches(root))
    check_warm = wall_of([sys.executable, "-m", "generator", "check"], root)
    scale = scaling(root)
    serve = serve_rebuilds(root)
    builds = {"cold: empty build/cache, as on a fresh clone": cold,
              "after one catalog (th) changed": one_edit, "no input changed": warm}
    ratio = statistics.median(ratios)
    base = scale[0][1]
    drift = max(abs(cost - base) / base for _, cost, _ in scale)
    rows = [(f"generator, one process, cold (best of 3): {stage}", f"{seconds:.2f} s", "")
            for stage, seconds in stages.items()]
    rows += [("checker, every locale, as make check runs it (cold, 2 workers)", f"{checked:.2f} s", "")]
    rows += [(f"site build (MkDocs, one worker, cold) {tag}", f"{seconds:.2f} s", "")
             for tag, seconds in cold.per_locale.items()]
    for name, build in builds.items():
        rows += [(f"make site, {name} (median of {REPEATS} by share): wall", f"{build.wall:.2f} s", ""),
                 ("  Python start-up and imports (the MkDocs workers fork from it)", f"{build.start_up:.2f} s", ""),
                 ("  generator: load, check, render, write Markdown", f"{build.generator:.2f} s", ""),
                 ("  MkDocs stage (2 workers) and post-processing", f"{build.total - build.generator:.2f} s", ""),
                 ("  generator + checker share of the wall time", f"{build.share:.0%}",
                  f"<= {TARGETS['share']:.0%} {verdict(build.share <= TARGETS['share'])}")]
        if build is cold:
            rows += [lower_bound_row(stages, cold)]
    rows += [(f"same Markdown with mkdocs-static-i18n (one process, median of {REPEATS})", f"{static:.2f} s", ""),
             (f"ratio ours / static-i18n: start-up + MkDocs stage, cold (median of {REPEATS} pairs)", f"{ratio:.2f}",
              f"<= {TARGETS['ratio']} {verdict(ratio <= TARGETS['ratio'])}"),
             ("  the same, no input changed (theme templates compiled before)",
              f"{(warm.wall - warm.generator) / static:.2f}", ""),
             ("  make site wall, cold / static-i18n (for reference)", f"{cold.wall / static:.2f}", ""),
             ("make check, every locale, cold (best of 7)", f"{check_cold:.2f} s",
              f"< {TARGETS['check']} s {verdict(check_cold < TARGETS['check'])}"),
             ("make check, every locale, no input changed (best of 7)", f"{check_warm:.2f} s", "")]
    rows += [(f"per-locale MkDocs cost, {k} pseudo-locale(s) (median of {ROUNDS}; make site wall {w:.1f} s)",
              f"{cost:.2f} s", "")
             for k, cost, w in scale]
    rows += [("per-locale cost, largest drift from K=1", f"{drift:.0%}", f"<= ±{TARGETS['flat']:.0%} {verdict(drift <= TARGETS['flat'])}")]
    rows += [(f"make serve: edit {path} -> rebuilds {rebuilt}", f"{seconds:.2f} s", "") for path, rebuilt, seconds in serve]
    width = max(len(r[0]) for r in rows)
    lines = [f"{'measure':<{width}}  {'value':>8}  target", "-" * (width + 30)]
    lines += [f"{name:<{width}}  {value:>8}  {target}" for name, value, target in rows]
    met = (ratio <= TARGETS["ratio"] and all(b.share <= TARGETS["share"] for b in builds.values())
           and check_cold < TARGETS["check"] and drift <= TARGETS["flat"])
    return "\n".join(lines), met
