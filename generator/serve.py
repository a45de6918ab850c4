"""`make serve`: build, serve site/ on 127.0.0.1, rebuild when content/, locales/ or generator/ change.

Editing one locale's catalog or terms rebuilds only that locale (and the source locale when the checker's
findings change: its status page shows every locale's); editing facts, templates or anything shared
rebuilds all of them.
"""
from __future__ import annotations

import functools
import threading
import time
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

from .errors import LessonError
from .site import build_site

WATCHED = ("content", "locales", "generator", "mkdocs.yml")


def snapshot(root: Path) -> dict[str, float]:
    """Modification times of every watched file."""
    times = {}
    for name in WATCHED:
        top = root / name
        for path in [top] if top.is_file() else top.rglob("*"):
            if path.is_file() and "__pycache__" not in path.parts:
                times[str(path)] = path.stat().st_mtime
    return times


def changed_locales(root: Path, before: dict[str, float], after: dict[str, float]) -> frozenset[str] | None:
    """The locales whose own files (locales/<tag>/...) are all that changed; None when anything shared
    changed (facts, templates, the POT, the locale list, the generator): then everything is rebuilt."""
    changed = {path for path in before.keys() | after.keys() if before.get(path) != after.get(path)}
    tags = set()
    for path in changed:
        parts = Path(path).relative_to(root).parts
        if len(parts) < 3 or parts[0] != "locales":
            return None
        tags.add(parts[1])
    return frozenset(tags)


def _build(root: Path, site_url: str, only: frozenset[str] | None = None) -> None:
    try:
        build_site(root, site_url=site_url, only=only)
    except LessonError as exc:
        for error in exc.errors:
            print(f"error: {error}")
        print("build failed; still serving the previous site")


def serve(root: Path, port: int = 8000, site_url: str | None = None) -> int:
    site_url = site_url or f"http://127.0.0.1:{port}/"
    _build(root, site_url)
    handler = functools.partial(SimpleHTTPRequestHandler, directory=str(root / "site"))
    server = ThreadingHTTPServer(("127.0.0.1", port), handler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print(f"serving http://127.0.0.1:{port}/ (Ctrl+C to stop)")
    seen = snapshot(root)
    try:
        while True:
            time.sleep(1)
            now = snapshot(root)
            if now != seen:
                only = changed_locales(root, seen, now)
                seen = now
                print(f"change detected, rebuilding {', '.join(sorted(only)) if only else 'every locale'}")
                _build(root, site_url, only)
    except KeyboardInterrupt:
        server.shutdown()
    return 0
