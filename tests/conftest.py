"""Shared fixtures: a throw-away copy of the project's inputs, and one built site per test session."""
from __future__ import annotations

import contextlib
import functools
import hashlib
import shutil
import threading
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
INPUTS = ("content", "locales", "mkdocs.yml")


def copy_inputs(target: Path) -> Path:
    """Copy what a build reads (content/, locales/, mkdocs.yml) into `target`."""
    for name in INPUTS:
        source = ROOT / name
        if source.is_dir():
            shutil.copytree(source, target / name)
        else:
            shutil.copy2(source, target / name)
    return target


@pytest.fixture
def tree():
    """Every file under a directory with its SHA-256, to compare two builds byte for byte."""
    def hashes(site: Path) -> dict[str, str]:
        return {str(p.relative_to(site)): hashlib.sha256(p.read_bytes()).hexdigest()
                for p in sorted(site.rglob("*")) if p.is_file()}
    return hashes


@pytest.fixture
def project_copy(tmp_path, monkeypatch) -> Path:
    """A private copy of the inputs, as the working directory (so errors show project-relative paths)."""
    copy_inputs(tmp_path)
    monkeypatch.chdir(tmp_path)
    return tmp_path


class _QuietHandler(SimpleHTTPRequestHandler):
    def log_message(self, *args) -> None:
        pass


@contextlib.contextmanager
def _built_and_served(root: Path):
    """Build the project at `root` for a server on a free 127.0.0.1 port, serve site/; yields the base URL.

    The port is chosen first so the site is built with its own address as `site_url` (hreflang links
    and Material's same-page language switch then stay on this server).
    """
    from generator.site import build_site

    (root / "site").mkdir()
    server = ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_QuietHandler, directory=str(root / "site")))
    base = f"http://127.0.0.1:{server.server_address[1]}"
    build_site(root, site_url=f"{base}/", report=lambda line: None)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        yield base
    finally:
        server.shutdown()


@pytest.fixture(scope="session")
def served_site(tmp_path_factory):
    """The whole site built once from a copy of the inputs and served on 127.0.0.1.
    Yields (site directory, base URL)."""
    root = copy_inputs(tmp_path_factory.mktemp("project"))
    with _built_and_served(root) as base:
        yield root / "site", base


@pytest.fixture(scope="session")
def pseudo_site(tmp_path_factory):
    """The source locale and the pseudo-locale en-XA (`make pseudo`), built and served on 127.0.0.1.

    Yields (site directory, base URL, the pseudo-locale's URL segment).
    """
    from generator.pseudo import write_pseudo_project

    root = tmp_path_factory.mktemp("pseudo") / "project"
    tags = write_pseudo_project(ROOT, root)
    with _built_and_served(root) as base:
        yield root / "site", base, tags[0].lower()


@pytest.fixture(scope="session")
def built_site(served_site) -> Path:
    return served_site[0]


@pytest.fixture(scope="session")
def site_server(served_site) -> str:
    return served_site[1]
