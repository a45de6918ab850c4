"""Markup a translation may not add: HTML tags, event handlers, script URLs.

Shared by the renderer (such a translation falls back to the English source, so it never reaches the
site) and the checker (which reports it as `injected`).
"""
from __future__ import annotations

import functools
import re

DANGER = re.compile(r"<\s*/?\s*[a-zA-Z]|\bon\w+\s*=|\b(?:javascript|vbscript|data)\s*:", re.IGNORECASE)


@functools.lru_cache(maxsize=None)  # the renderer and the checker ask about the same pairs
def injected(source: str, translation: str) -> tuple[str, ...]:
    """The dangerous pieces of `translation` that `source` does not have."""
    return tuple(sorted(set(DANGER.findall(translation)) - set(DANGER.findall(source))))
