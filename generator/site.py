"""Stage 4: write every locale's Markdown (from pages.py) and build one MkDocs site per locale in parallel.

build/docs/<locale>/   generated Markdown (inspectable)
build/mkdocs/<locale>.yml  generated config, `INHERIT: ../../mkdocs.yml`
site/<locale>/         the built site; site/index.html lets a reader pick a language

`site/` is replaced only after every locale built: on any error the previous site stays as it was.
"""
from __future__ import annotations

import functools
import importlib
import json
import logging
import multiprocessing
import os
import shutil
import subprocess
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import jinja2
import yaml

from .cache import Cache, digest, prune
from .catalogs import POT_DATE
from .errors import ErrorLog, Location, started
from .locales import SiteLocale
from .mkdocs_hooks import ALTERNATES
from .pages import render_all
from .practice import practice_facts_json
from .project import Project, load_project
from .render import PageList
from .search import SEGMENTED_SEPARATOR, needs_segmentation, segment_index
from .tiles import tile_pictures

DEFAULT_SITE_URL = "http://127.0.0.1:8000/"
BUILT_FINDINGS = Path("build") / "site-findings"  # digest of the findings the status pages in site/ show


def asset_files(project: Project) -> dict[str, bytes]:
    """Every file under assets/, the same in every locale: content/assets/, and those the build makes
    from the facts (tile pictures, the practice's facts.json)."""
    source = project.root / "content" / "assets"
    files = {p.relative_to(source).as_posix(): p.read_bytes() for p in sorted(source.rglob("*")) if p.is_file()}
    files.update({f"tiles/{name}": svg.encode() for name, svg in tile_pictures(project.facts.tiles).items()})
    files["practice/facts.json"] = practice_facts_json(project.facts).encode()
    return files


def write_docs(build_dir: Path, locale: SiteLocale, pages: dict[str, str], assets: dict[str, bytes]) -> Path:
    """build/docs/<locale>/: the pages and every asset. A file whose bytes are already there is left as it
    is and a file no longer produced is deleted, so a rebuild writes only what changed."""
    docs = build_dir / "docs" / locale.segment
    wanted = {**{f"assets/{name}": data for name, data in assets.items()},
              **{name: text.encode("utf-8") for name, text in pages.items()}}
    for path in [p for p in docs.rglob("*") if p.is_file()]:
        if path.relative_to(docs).as_posix() not in wanted:
            path.unlink()
    for name, data in wanted.items():
        path = docs / name
        if not path.is_file() or path.read_bytes() != data:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_bytes(data)
    return docs


def site_name(pages: dict[str, str]) -> str:
    """The locale's site name: the home page's title."""
    return pages["index.md"].lstrip().splitlines()[0].lstrip("# ").strip()


def own_names(project: Project) -> dict[str, str]:
    """Each locale's name in its own language, from CLDR (whose data loads slowly: kept in build/cache)."""
    return Cache(project.root).computed("names", _names_key(project),
                                        lambda: {loc.tag: loc.own_name for loc in project.locales}, dict)


def _names_key(project: Project) -> str:
    return digest(*map(repr, project.locales))


def write_config(project: Project, build_dir: Path, locale: SiteLocale, name: str, staging: Path,
                 site_url: str) -> Path:
    """build/mkdocs/<locale>.yml; the language list comes from alternates.json (see mkdocs_hooks)."""
    search: dict = {"lang": locale.search}
    if needs_segmentation(locale.search):
        search["separator"] = SEGMENTED_SEPARATOR
    config = {
        "INHERIT": "../../mkdocs.yml",
        "site_name": name,
        "site_url": f"{site_url}{locale.segment}/",
        "docs_dir": f"../docs/{locale.segment}",
        "site_dir": os.path.relpath(staging / locale.segment, build_dir / "mkdocs"),
        "theme": {"custom_dir": "../../content/theme", "language": locale.material},
        "plugins": [{"search": search}],
        "hooks": [str(Path(__file__).with_name("mkdocs_hooks.py"))],
        "nav": [PageList.markdown_path(p) for p in project.pages.pages],
        "extra": {"site_root": site_url, "x_default": project.source.tag},
    }
    path = build_dir / "mkdocs" / f"{locale.segment}.yml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml.dump(config, Dumper=yaml.CSafeDumper, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return path


# What a locale's MkDocs build imports (theme, plugins, Markdown extensions), imported before its first build.
WORKER_IMPORTS = ("material", "mkdocs.commands.build", "mkdocs.localization", "mkdocs.contrib.search",
                  "material.plugins.search.plugin", "pymdownx.slugs", "markdown.extensions.toc",
                  "markdown.extensions.attr_list", "markdown.extensions.md_in_html", "markdown.extensions.tables",
                  "pygments.formatters.html", "babel.support", "jinja2.ext")


def _start_worker(root: Path) -> None:
    """A build worker (it extracts templates, parses catalogs, checks and renders locales before their
    MkDocs builds): the build date for reproducible sitemaps, looked up here rather than before the build
    starts."""
    os.environ["SOURCE_DATE_EPOCH"] = source_date_epoch(root)
    os.environ.setdefault("NO_MKDOCS_2_WARNING", "1")


@functools.lru_cache(maxsize=1)
def _import_mkdocs() -> None:
    """Import MkDocs and Material once per worker, outside any locale's timed build."""
    for module in WORKER_IMPORTS:
        importlib.import_module(module)


def mkdocs_build(config_path: str, site_dir: str, search_lang: str) -> tuple[float, list[str]]:
    """Build one locale with MkDocs (in a worker process), then break words in its search index where
    the script has no spaces: (seconds, problems; empty on success)."""
    _import_mkdocs()
    begun = time.perf_counter()
    from mkdocs import exceptions
    from mkdocs.commands.build import build
    from mkdocs.config import load_config

    warnings: list[str] = []
    handler = _ListHandler(warnings)
    logger = logging.getLogger("mkdocs")
    logger.addHandler(handler)
    logger.setLevel(logging.WARNING)
    try:
        build(load_config(config_file=config_path, strict=True))
    except (exceptions.MkDocsException, OSError) as exc:
        warnings.append(str(exc))
    finally:
        logger.removeHandler(handler)
    if not warnings and needs_segmentation(search_lang):
        segment_index(Path(site_dir), search_lang)
    return time.perf_counter() - begun, warnings


class _ListHandler(logging.Handler):
    def __init__(self, sink: list[str]):
        super().__init__(logging.WARNING)
        self.sink = sink

    def emit(self, record: logging.LogRecord) -> None:
        self.sink.append(record.getMessage())


def write_chooser(project: Project, staging: Path, names: dict[SiteLocale, str], own: dict[str, str],
                  site_url: str) -> None:
    """site/index.html: pick a language, each named in its own language (`own`); plain HTML, no
    JavaScript. `names` are the sites' names (their home pages' titles)."""
    env = jinja2.Environment(loader=jinja2.FileSystemLoader(project.root / "content" / "theme"),
                             autoescape=True, undefined=jinja2.StrictUndefined)
    html = env.get_template("chooser.html").render(
        source=project.source, locales=project.locales, site_root=site_url, own_names=own,
        titles=[names[loc] for loc in project.locales], entries=[(loc, names[loc]) for loc in project.locales])
    (staging / "index.html").write_text(html, encoding="utf-8")


def write_page_sitemaps(project: Project, staging: Path, site_url: str, built: tuple[SiteLocale, ...]) -> None:
    """<page>/sitemap.xml for every page below a locale's home: the page and its hreflang alternates.

    Material fetches `sitemap.xml` next to every `<link rel="alternate">` URL to keep a reader on the same
    page across languages; our alternates are per page, so each page directory answers with its own.
    """
    for name in project.pages.pages:
        if name == "index":
            continue
        links = "".join(f'<xhtml:link rel="alternate" hreflang="{loc.tag}" href="{site_url}{loc.segment}/{name}/"/>'
                        for loc in project.locales)
        for locale in built:
            (staging / locale.segment / name / "sitemap.xml").write_text(
                '<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" '
                'xmlns:xhtml="http://www.w3.org/1999/xhtml">\n'
                f"<url><loc>{site_url}{locale.segment}/{name}/</loc>{links}</url>\n</urlset>\n", encoding="utf-8")


def source_date_epoch(root: Path) -> str:
    """The build's date for sitemaps (and the gzip header): $SOURCE_DATE_EPOCH, else the last commit's
    time, else the catalogs' fixed date; never the clock, so two builds are byte-identical."""
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return os.environ["SOURCE_DATE_EPOCH"]
    try:
        found = subprocess.run(["git", "log", "-1", "--format=%ct"], cwd=root, capture_output=True, text=True,
                               timeout=10).stdout.strip()
    except OSError:
        found = ""
    return found if found.isdigit() else str(int(POT_DATE.timestamp()))


def build_site(root: Path, site_url: str = DEFAULT_SITE_URL, jobs: int = 2, report=print,
               only: frozenset[str] | None = None) -> dict[str, float]:
    """`make site`: render, build every locale in parallel, then swap the new site into place.

    With `only` (locale tags; `make serve` after a catalog changed), just those locales are rebuilt and
    swapped in, each on its own; the rest of site/ stays. When the checker's findings changed, the source
    locale is rebuilt too: its status page shows every locale's. Returns seconds per locale, "generator"
    (until every locale's Markdown and config are written: loading, checking, rendering, staging) and
    "total".
    """
    begun = time.perf_counter()
    project = load_project(root)
    if only is not None and not (root / "site").is_dir():
        only = None
    # Forked (not spawned): the workers start with the first task (CLDR's locale names, a catalog to
    # parse or a template to extract) and inherit the loaded project.
    with ProcessPoolExecutor(max_workers=max(1, jobs), mp_context=multiprocessing.get_context("fork"),
                             initializer=_start_worker, initargs=(root,)) as pool:
        own = started(pool, Cache(root).has("names", _names_key(project)), own_names, project)
        rendered, status = render_all(project, only, pool)
        findings = digest(repr(status))
        if only is not None and project.source.tag not in only and findings != _read(root / BUILT_FINDINGS):
            only |= {project.source.tag}  # its status page shows every locale's findings
            rendered, _ = render_all(project, only, pool)  # from build/cache but that status page
        staging, names, configs = _stage(project, root, rendered, own(), site_url)
        generated = time.perf_counter() - begun
        seconds = _build_locales(pool, staging, report, rendered, configs)
    write_page_sitemaps(project, staging, site_url, tuple(rendered))
    prune(root)
    if only is None:
        write_chooser(project, staging, names, own(), site_url)
        _swap_into_place(staging, root / "site")
    else:
        for locale in rendered:
            _swap_into_place(staging / locale.segment, root / "site" / locale.segment)
    (root / BUILT_FINDINGS).write_text(findings, encoding="utf-8")
    seconds["generator"], seconds["total"] = generated, time.perf_counter() - begun
    report(f"site: {len(rendered)} locales in {seconds['total']:.2f} s (generator {generated:.2f} s) -> site/")
    return seconds


def _stage(project: Project, root: Path, rendered: dict, own: dict[str, str],
           site_url: str) -> tuple[Path, dict, dict]:
    """Write every rendered locale's Markdown and MkDocs config (`own`: each locale's own name, for the
    language list): the empty staging directory, each locale's site name and config path."""
    build_dir, staging = root / "build", root / "build" / "site-staging"
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    names = {loc: site_name(pages) for loc, pages in rendered.items()}
    assets = asset_files(project)
    configs = {}
    alternates = [{"name": own[loc.tag], "lang": loc.tag, "segment": loc.segment, "link": f"/{loc.segment}/"}
                  for loc in project.locales]
    (build_dir / "mkdocs").mkdir(parents=True, exist_ok=True)
    (build_dir / "mkdocs" / ALTERNATES).write_text(json.dumps(alternates, ensure_ascii=False), encoding="utf-8")
    for locale, pages in rendered.items():
        write_docs(build_dir, locale, pages, assets)
        configs[locale] = write_config(project, build_dir, locale, names[locale], staging, site_url)
    return staging, names, configs


def _build_locales(pool, staging: Path, report, rendered: dict, configs: dict) -> dict[str, float]:
    log, seconds = ErrorLog(), {}
    futures = {loc: pool.submit(mkdocs_build, str(path), str(staging / loc.segment), loc.search)
               for loc, path in configs.items()}
    for locale, future in futures.items():
        seconds[locale.tag], problems = future.result()
        for problem in problems:
            log.add(Location(str(configs[locale].relative_to(staging.parent.parent))), f"mkdocs: {problem}")
        if not problems:
            report(f"{locale.tag:>8}: {len(rendered[locale])} pages, {seconds[locale.tag]:.2f} s")
    log.raise_if_any()
    return seconds


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8")
    except OSError:
        return ""


def _swap_into_place(staging: Path, site: Path) -> None:
    old = staging.parent / f"{site.name}-previous"
    shutil.rmtree(old, ignore_errors=True)
    if site.exists():
        os.replace(site, old)
    os.replace(staging, site)
    shutil.rmtree(old, ignore_errors=True)

