"""The POT matches what the templates and facts produce, and every locale's PO covers it."""
from __future__ import annotations

from pathlib import Path

import pytest

from generator.catalogs import extract_catalog, pot_text, read_catalog
from generator.project import load_project

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


def test_pot_is_up_to_date(project):
    fresh = pot_text(extract_catalog(ROOT / "content" / "pages", project.facts))
    assert fresh == (ROOT / "locales" / "messages.pot").read_text(encoding="utf-8"), "run `make update`"


def test_every_message_has_a_translator_comment_and_rules_have_their_context(project):
    catalog = extract_catalog(ROOT / "content" / "pages", project.facts)
    messages = [m for m in catalog if m.id]
    assert all(m.auto_comments for m in messages)
    contexts = {m.context for m in messages}
    assert {f"rule:no-joker:{p.id}" for p in project.facts.charleston.passes} <= contexts


@pytest.mark.parametrize("tag", ["th", "ko"])
def test_locale_translates_every_message_without_fuzzy(project, tag):
    template = read_catalog(ROOT / "locales" / "messages.pot")
    catalog = read_catalog(ROOT / "locales" / tag / "LC_MESSAGES" / "messages.po", tag)
    for message in template:
        if message.id:
            translated = catalog.get(message.id, context=message.context)
            assert translated is not None and translated.string and not translated.fuzzy, message.id
