"""`make serve`: build, serve site/ on 127.0.0.1, rebuild when content/, locales/ or generator/ change."""
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


def _build(root: Path, site_url: str) -> None:
    try:
        build_site(root, site_url=site_url)
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
                seen = now
                print("change detected, rebuilding")
                _build(root, site_url)
    except KeyboardInterrupt:
        server.shutdown()
    return 0
