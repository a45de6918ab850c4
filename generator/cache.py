"""A content-addressed cache under build/cache/<kind>/ for the slow, pure steps of a build: compiled
templates (ours and the theme's), the messages extracted from each template, parsed catalogs, each
locale's check report and rendered pages, the locales' own names.

Every entry is keyed by a hash of exactly the bytes it was computed from, plus the generator's own code
and the versions of Python, Babel and Jinja, so a stale entry is never found, only missed. Entries are
written atomically; an unreadable entry counts as a miss. Only successful results are stored: an input
with an error is read and reported again every run. Reading an entry marks it used; `prune` keeps the
cache under LIMIT bytes by deleting the least recently used. `make clean` empties it. Entries are
pickles, trusted like the build's own code: build/ is written by this program only.
"""
from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import pickle
import sys
import tempfile
from pathlib import Path
from typing import Callable, TypeVar

import babel
import jinja2

from .errors import relative

CACHE_DIR = Path("build") / "cache"
LIMIT = 200 * 1024 * 1024  # a full set of entries for 7 locales is about 6 MB
T = TypeVar("T")


@functools.lru_cache(maxsize=1)
def code_version() -> str:
    """What every entry depends on besides its inputs: this package's code and the libraries' versions."""
    sha = hashlib.sha256(f"{sys.version}|{babel.__version__}|{jinja2.__version__}".encode())
    for path in sorted(Path(__file__).parent.glob("*.py")):
        sha.update(path.name.encode() + b"\0" + path.read_bytes())
    return sha.hexdigest()


def digest(*parts: bytes | str) -> str:
    """The key of an entry computed from `parts` (with the code version)."""
    sha = hashlib.sha256(code_version().encode())
    for part in parts:
        data = part.encode() if isinstance(part, str) else part
        sha.update(len(data).to_bytes(8, "little") + data)
    return sha.hexdigest()


def inputs_digest(root: Path) -> str:
    """Every file a locale's checks and pages read except the catalogs (a locale's key adds its own PO):
    everything under content/ and locales/, and the project's path as errors show it."""
    files = sorted(p for top in ("content", "locales") for p in (root / top).rglob("*")
                   if p.is_file() and p.suffix != ".po")
    return digest(relative(root), *(part for p in files for part in (p.relative_to(root).as_posix(), p.read_bytes())))


def locale_digest(inputs: str, root: Path, locale) -> str:
    """The key of what one locale's checks or pages produce: the shared inputs, the locale (two locales
    may have byte-identical catalogs) and its catalog's bytes."""
    catalog = root / locale.po_path
    return digest(inputs, repr(locale), catalog.read_bytes() if catalog.is_file() else b"")


class Cache:
    """Pickled values in build/cache/<kind>/<key>, for one project root."""

    def __init__(self, root: Path):
        self.directory = root / CACHE_DIR

    def get(self, kind: str, key: str):
        data = self.read_bytes(kind, key)
        try:
            return None if data is None else pickle.loads(data)
        except Exception:  # truncated, corrupt or from other code: a miss, computed again
            return None

    def has(self, kind: str, key: str) -> bool:
        return (self.directory / kind / key).is_file()

    def computed(self, kind: str, key: str, compute: Callable[[], T], expected: type) -> T:
        """The stored entry if it is an `expected`, else `compute()`, stored for the next run."""
        value = self.get(kind, key)
        if not isinstance(value, expected):
            value = compute()
            self.put(kind, key, value)
        return value

    def put(self, kind: str, key: str, value) -> None:
        self.write_bytes(kind, key, pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL))

    def read_bytes(self, kind: str, key: str) -> bytes | None:
        """The entry's bytes (None when missing), marked as used now."""
        path = self.directory / kind / key
        try:
            data = path.read_bytes()
            os.utime(path)
        except OSError:
            return None
        return data

    def write_bytes(self, kind: str, key: str, data: bytes) -> None:
        """Write atomically (a reader sees the old entry, none, or the whole new one); a read-only or full
        disk only costs speed."""
        folder = self.directory / kind
        try:
            folder.mkdir(parents=True, exist_ok=True)
            handle, temporary = tempfile.mkstemp(dir=folder, prefix=".tmp-")
            with os.fdopen(handle, "wb") as out:
                out.write(data)
            os.replace(temporary, folder / key)
        except OSError:
            pass


def prune(root: Path, limit: int = LIMIT) -> None:
    """Delete the least recently used entries until the cache holds at most `limit` bytes."""
    entries = []
    for path in (root / CACHE_DIR).glob("*/*"):
        with contextlib.suppress(OSError):
            stat = path.stat()
            entries.append((stat.st_mtime, stat.st_size, path))
    total = sum(size for _, size, _ in entries)
    for _, size, path in sorted(entries):
        if total <= limit:
            break
        with contextlib.suppress(OSError):
            path.unlink()
            total -= size


class CompiledTemplates(jinja2.BytecodeCache):
    """Jinja's compiled templates: their code in memory for the process (every locale's environment loads
    the same templates), and on disk for the next build. Each entry is used only for the source it was
    compiled from (Jinja checks those on disk; the memory keeps the source's checksum), so an edited
    template is compiled again."""

    def __init__(self, root: Path):
        self.cache, self.code = Cache(root), {}  # code: template key -> (source checksum, code object)

    def load_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        checksum, code = self.code.get(bucket.key, (None, None))
        if checksum == bucket.checksum:
            bucket.code = code
            return
        data = self.cache.read_bytes("jinja", digest(bucket.key))
        if data is not None:
            try:
                bucket.bytecode_from_string(data)
            except Exception:  # a corrupt entry: compile the template again
                bucket.reset()
        if bucket.code is not None:
            self.code[bucket.key] = bucket.checksum, bucket.code

    def dump_bytecode(self, bucket: jinja2.bccache.Bucket) -> None:
        self.code[bucket.key] = bucket.checksum, bucket.code
        self.cache.write_bytes("jinja", digest(bucket.key), bucket.bytecode_to_string())


@functools.lru_cache(maxsize=None)
def compiled_templates(root: Path) -> CompiledTemplates:
    """The one compiled-template cache of a project root in this process."""
    return CompiledTemplates(root)
