"""Playwright driving Debian's Chromium (never a downloaded browser). Only 127.0.0.1 is reachable."""
from __future__ import annotations

from urllib.parse import urlparse

import pytest

CHROMIUM = "/usr/bin/chromium"
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-sync", "--no-first-run"]


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield browser
        browser.close()


@pytest.fixture
def page(browser, site_server):
    """A fresh page that records console errors and every request that leaves 127.0.0.1."""
    context = browser.new_context()
    page = context.new_page()
    page.console_errors, page.foreign_requests = [], []
    page.on("console", lambda msg: msg.type == "error" and page.console_errors.append(msg.text))
    page.on("pageerror", lambda exc: page.console_errors.append(str(exc)))
    page.on("response", lambda r: r.status >= 400 and page.console_errors.append(f"{r.status} {r.url}"))

    def guard(route):
        if urlparse(route.request.url).hostname == "127.0.0.1":
            route.continue_()
        else:
            page.foreign_requests.append(route.request.url)
            route.abort()

    context.route("**/*", guard)
    yield page
    context.close()
