"""Command line: python -m generator build | serve | check | extract | update | golden | new-locale | pseudo | bench.

Errors caused by the inputs are printed as `error: file:line: message`, all of them, and the
command exits 1 once with the count. No traceback for a user's mistake.
"""
from __future__ import annotations

import argparse
import shutil
import sys
from pathlib import Path

from .errors import LessonError


def cmd_build(args) -> int:
    from .site import build_site

    build_site(Path.cwd(), site_url=args.site_url, jobs=args.jobs)
    return 0


def cmd_serve(args) -> int:
    from .serve import serve

    return serve(Path.cwd(), port=args.port, site_url=args.site_url)


def cmd_check(args) -> int:
    from .check_run import format_json, format_report, run_checks

    from .project import load_project

    reports = run_checks(load_project(Path.cwd()), only=args.locale)
    print(format_json(reports) if args.json else format_report(reports))
    return 1 if any(r.errors for r in reports) else 0


def cmd_extract(args) -> int:
    from .catalogs import POT_PATH, extract_catalog, pot_text
    from .project import load_project

    project = load_project(Path.cwd())
    catalog = extract_catalog(Path.cwd() / "content" / "pages", project.facts)
    text = pot_text(catalog)
    pot = Path.cwd() / POT_PATH
    changed = not pot.exists() or pot.read_text(encoding="utf-8") != text
    if changed:
        pot.write_text(text, encoding="utf-8")
    print(f"locales/messages.pot: {len(catalog)} messages{' (updated)' if changed else ''}")
    return 0


def cmd_update(args) -> int:
    from .catalogs import POT_PATH, merge_template, read_catalog
    from .project import load_project

    cmd_extract(args)
    project = load_project(Path.cwd())
    template = read_catalog(Path.cwd() / POT_PATH)
    for locale in project.locales[1:]:
        merge_template(template, Path.cwd(), locale)
        print(f"{locale.po_path}: merged")
    return 0


def cmd_golden(args) -> int:
    from .pages import render_all
    from .project import load_project

    project = load_project(Path.cwd())
    golden = Path.cwd() / "tests" / "golden"
    shutil.rmtree(golden, ignore_errors=True)
    for locale, pages in render_all(project)[0].items():
        for name, text in pages.items():
            path = golden / locale.segment / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, encoding="utf-8")
        print(f"tests/golden/{locale.segment}: {len(pages)} pages")
    return 0


def cmd_bench(args) -> int:
    from .bench import report

    table, met = report(Path.cwd())
    print(table)
    return 0 if met else 1


def cmd_new_locale(args) -> int:
    from .locales import catalog_path
    from .new_locale import new_locale

    for path in new_locale(Path.cwd(), args.tag):
        print(f"wrote {path}")
    print(f"next: translate {catalog_path(args.tag)}, fill locales/{args.tag}/terms.yaml, "
          "then `make check` lists what is still missing")
    return 0


def cmd_pseudo(args) -> int:
    from .pseudo import write_pseudo_project
    from .site import build_site

    target = Path.cwd() / "build" / "pseudo"
    tags = write_pseudo_project(Path.cwd(), target, copies=args.copies)
    build_site(target, site_url=args.site_url)
    print(f"pseudo-locale {', '.join(tags)}: build/pseudo/site/{tags[0].lower()}/")
    return 0


def parser() -> argparse.ArgumentParser:
    from .site import DEFAULT_SITE_URL

    top = argparse.ArgumentParser(prog="python -m generator", description="Mahjong lesson site generator")
    sub = top.add_subparsers(dest="command", required=True)
    build = sub.add_parser("build", help="render every locale and build site/")
    build.add_argument("--site-url", default=DEFAULT_SITE_URL, help="absolute URL the site is served from")
    build.add_argument("--jobs", type=int, default=2, help="locales built in parallel")
    build.set_defaults(func=cmd_build)
    serve = sub.add_parser("serve", help="build, serve on 127.0.0.1 and rebuild on changes")
    serve.add_argument("--port", type=int, default=8000)
    serve.add_argument("--site-url", default=None)
    serve.set_defaults(func=cmd_serve)
    check = sub.add_parser("check", help="prove every locale states the no-joker rule per pass; translation QA")
    check.add_argument("--locale", help="check one locale (its tag, e.g. th)")
    check.add_argument("--json", action="store_true", help="print the findings as a JSON list")
    check.set_defaults(func=cmd_check)
    pseudo = sub.add_parser("pseudo", help="build the site in the pseudo-locale en-XA under build/pseudo/")
    pseudo.add_argument("--copies", type=int, default=1, help="pseudo-locales to build (copies, for benchmarks)")
    pseudo.add_argument("--site-url", default=DEFAULT_SITE_URL)
    pseudo.set_defaults(func=cmd_pseudo)
    new = sub.add_parser("new-locale", help="create a locale's catalog and terms file and register it")
    new.add_argument("tag", help="BCP 47 tag, e.g. es or zh-Hant")
    new.set_defaults(func=cmd_new_locale)
    for name, func, text in (("bench", cmd_bench, "measure the pipeline and print one table (make bench)"),
                             ("extract", cmd_extract, "write locales/messages.pot"),
                             ("update", cmd_update, "merge messages.pot into every locale's PO"),
                             ("golden", cmd_golden, "regenerate tests/golden/")):
        sub.add_parser(name, help=text).set_defaults(func=func)
    return top


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    try:
        return args.func(args)
    except LessonError as exc:
        errors = exc.errors
        for error in errors:
            print(f"error: {error}", file=sys.stderr)
        print(f"Aborted with {len(errors)} error{'s' if len(errors) != 1 else ''}.", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
