"""No translator text reaches the site as markup it did not have in the source: a catalog entry with a
<script>, an on…= handler or a javascript: URL is refused (the page shows the English) and `make check`
reports it. The entries cover every way text reaches a page: paragraphs, link labels, alt text and
captions, an SVG label, the glossary, and the practice page's script strings."""
from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

from babel.messages.pofile import read_po, write_po

from generator.site import build_site

ATTACKS = {
    # (msgctxt, msgid) -> a hostile translation that keeps the placeholders
    (None, "tile lesson"): "<script>alert('x1')</script>",
    ("tile-face:crak", "%(face)s Crak"): '%(face)s "><img src=x onerror=alert(\'x2\')>',
    ("direction", "right"): "<svg onload=alert('x3')>",
    ("glossary-definition:wall", "The tiles stacked face down at the start of a game, from which players draw."):
        "[click](javascript:alert('x4'))",
    (None, "Pass the selected tiles"): "<b onmouseover=alert('x5')>pass</b>",
    (None, "The deal"): "The deal <iframe src=javascript:alert('x6')>",
}
MARKERS = [f"alert('x{n}')" for n in range(1, 7)] + [f"alert(\\u0027x{n}\\u0027)" for n in range(1, 7)]


def inject(root: Path, tag: str) -> None:
    path = root / f"locales/{tag}/LC_MESSAGES/messages.po"
    catalog = read_po(path.open("rb"))
    for (context, msgid), attack in ATTACKS.items():
        message = catalog.get(msgid, context=context)
        assert message is not None, msgid
        message.string = attack
    with path.open("wb") as out:
        write_po(out, catalog, width=76)


def test_injected_markup_never_reaches_the_site_and_is_reported(project_copy):
    inject(project_copy, "th")
    build_site(project_copy, report=lambda line: None)
    leaks = [str(p.relative_to(project_copy)) for p in (project_copy / "site").rglob("*")
             if p.is_file() and p.suffix in (".html", ".json", ".xml", ".js")
             and any(marker in p.read_text(encoding="utf-8", errors="replace") for marker in MARKERS)]
    assert leaks == []
    thai = (project_copy / "site/th/american/jokers-in-the-charleston/index.html").read_text(encoding="utf-8")
    assert "tile lesson" in thai  # the refused entry shows the English source instead
    checked = subprocess.run([sys.executable, "-m", "generator", "check", "--locale", "th", "--json"],
                             cwd=project_copy, capture_output=True, text=True, timeout=120)
    injected = [f for f in json.loads(checked.stdout) if f["code"] == "injected"]
    assert checked.returncode == 1 and len(injected) == len(ATTACKS)
