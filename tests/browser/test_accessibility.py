"""Accessibility in a real browser: axe-core (bundled with axe-playwright-python, so offline) finds no
serious or critical violation on the lesson pages; screenshots of the Thai and Korean lesson pages at
360 px and 1280 px are written to build/screenshots/ for review."""
from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from generator.project import load_project

ROOT = Path(__file__).resolve().parent.parent.parent
PROJECT = load_project(ROOT)
ALL_PAGES = [p for p in PROJECT.pages.pages if p != "status"]
AMERICAN = [p for p in ALL_PAGES if p.startswith("american/")]
# Every page in Thai and Korean; the American lessons in the other locales.
PAGES_BY_LOCALE = {loc.segment: ALL_PAGES if loc.tag in ("th", "ko") else AMERICAN for loc in PROJECT.locales}
SHOTS = ROOT / "build" / "screenshots"


@pytest.fixture(scope="module")
def axe():
    from axe_playwright_python.sync_playwright import Axe

    return Axe()


@pytest.mark.parametrize("segment", PAGES_BY_LOCALE)
def test_no_serious_or_critical_violation(page, site_server, axe, segment):
    serious = []
    for name in PAGES_BY_LOCALE[segment]:
        page.goto(f"{site_server}/{segment}/{'' if name == 'index' else name + '/'}", wait_until="load")
        if name == "american/practice":
            page.click('[data-seat="east"]')
        serious += [(name, v["id"], [n["target"] for n in v["nodes"]]) for v in axe.run(page).response["violations"]
                    if v["impact"] in ("serious", "critical")]
    assert serious == []


@pytest.mark.parametrize("segment", ["th", "ko"])
@pytest.mark.parametrize("width", [360, 1280])
def test_screenshots_of_the_lesson_for_review(page, site_server, segment, width):
    fonts = subprocess.run(["fc-list", f":lang={segment}"], capture_output=True, text=True).stdout
    assert fonts.strip(), f"no {segment} font: `make test` installs one (tests/ensure-tools.sh)"
    page.set_viewport_size({"width": width, "height": 900})
    page.goto(f"{site_server}/{segment}/american/jokers-in-the-charleston/", wait_until="networkidle")
    SHOTS.mkdir(parents=True, exist_ok=True)
    shot = SHOTS / f"{segment}-jokers-in-the-charleston-{width}.png"
    page.screenshot(path=str(shot), full_page=True)
    assert shot.stat().st_size > 20_000
    assert page.evaluate("document.documentElement.scrollWidth") <= width
