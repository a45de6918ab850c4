"""The POT matches what the templates and facts produce, and every locale's PO covers it."""
from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

import pytest

from generator.cache import CACHE_DIR
from generator.catalogs import extract_catalog, pot_text, read_catalog
from generator.project import load_project
from generator.templates import template_names

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture(scope="module")
def project():
    return load_project(ROOT)


def test_pot_is_up_to_date(project):
    fresh = pot_text(extract_catalog(ROOT / "content" / "pages", project.facts))
    assert fresh == (ROOT / "locales" / "messages.pot").read_text(encoding="utf-8"), "run `make update`"


def test_workers_extract_the_same_pot_and_compile_every_template(project_copy):
    """With a pool, the templates are extracted in the workers, each compiled there into build/cache."""
    copied = load_project(project_copy)
    with ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork")) as pool:
        catalog = extract_catalog(project_copy / "content" / "pages", copied.facts, pool,
                                  compile_templates=template_names(project_copy))
    assert pot_text(catalog) == (ROOT / "locales" / "messages.pot").read_text(encoding="utf-8")
    templates = list((project_copy / "content" / "pages").rglob("*.md"))
    assert len(list((project_copy / CACHE_DIR / "jinja").iterdir())) == len(templates) == 15


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


TRICKY_TEMPLATE = """{# L10N: first #}{{ _("one") }} {{ _("two on the same line") }}
{#- L10N: trimmed, and
    on two lines -#}
{{ pgettext("ctx", "three") }}
{# not a translator comment #}
{{ _("four: no tagged comment since three") }}
{# L10N: #}{# L10N: the last of two #}
{% if x %}{{ _("five") }}{% endif %}{{ _("six") }}
{# L10N: an unused comment #}
{{ gettext("seven") }}
{{ unformatted("eight") }}
"""


@pytest.mark.parametrize("name", [p.relative_to(ROOT / "content" / "pages").as_posix()
                                  for p in sorted((ROOT / "content" / "pages").rglob("*.md"))] + ["tricky.md"])
def test_extraction_finds_what_jinjas_babel_extractor_finds(tmp_path, name):
    """Extraction parses each template once (templates.py) and finds translator comments itself: it must
    agree with jinja2.ext.babel_extract, message for message, on every page and on tricky comments."""
    import io

    from babel.messages.extract import extract
    from jinja2.ext import babel_extract

    from generator.catalogs import COMMENT_TAG, KEYWORDS, _extract_template

    pages = tmp_path / "content" / "pages"
    source = TRICKY_TEMPLATE if name == "tricky.md" else (ROOT / "content" / "pages" / name).read_text("utf-8")
    (pages / name).parent.mkdir(parents=True, exist_ok=True)
    (pages / name).write_text(source, encoding="utf-8")
    options = {"extensions": "jinja2.ext.i18n", "newstyle_gettext": "true", "trimmed": "true", "silent": "false"}
    expected = list(extract(babel_extract, io.BytesIO(source.encode()), keywords=KEYWORDS,
                            comment_tags=(COMMENT_TAG,), options=options, strip_comment_tags=True))
    assert list(_extract_template(tmp_path, name, name)) == expected
    assert len(expected) >= 1
