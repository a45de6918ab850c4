"""Property tests: whatever the facts files or a catalog contain, loading them either works or raises the
project's own error (LessonError, which the CLI prints as file:line) — never another exception."""
from __future__ import annotations

import shutil
import tempfile
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from generator.catalogs import CatalogTranslations, read_catalog
from generator.errors import LessonError
from generator.facts_load import load_facts

ROOT = Path(__file__).resolve().parent.parent
FACT_FILES = sorted(p.name for p in (ROOT / "content" / "facts").glob("*.yaml"))
PO = ROOT / "locales" / "th" / "LC_MESSAGES" / "messages.po"
SETTINGS = settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])

scalars = st.one_of(st.none(), st.booleans(), st.integers(-5, 200), st.text(max_size=12),
                    st.sampled_from(["right", "across", "left", "pung", "joker", "crak-1", "%(count)s"]))
values = st.recursive(scalars, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.sampled_from(
        ["id", "name", "tiles", "size", "faces", "copies", "direction", "min", "max", "rule", "groups",
         "passes", "values", "native", "kind", "tile", "source", "total", "composition"]) | st.text(max_size=6),
        inner, max_size=4)), max_leaves=12)


def load_with(name: str, text: str) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        facts = Path(tmp) / "facts"
        shutil.copytree(ROOT / "content" / "facts", facts)
        (facts / name).write_text(text, encoding="utf-8")
        try:
            load_facts(facts)
        except LessonError:
            pass


@SETTINGS
@given(st.sampled_from(FACT_FILES), values)
def test_any_yaml_structure_in_a_facts_file(name, data):
    load_with(name, yaml.safe_dump(data, allow_unicode=True))


@SETTINGS
@given(st.sampled_from(FACT_FILES), st.data())
def test_any_change_to_one_value_of_a_facts_file(name, data):
    lines = (ROOT / "content" / "facts" / name).read_text(encoding="utf-8").splitlines()
    index = data.draw(st.integers(0, len(lines) - 1))
    key, sep, _ = lines[index].partition(": ")
    replacement = data.draw(st.sampled_from(["", "-1", "0", "[]", "{}", "x", "[a, b]", "{a: 1}", "'''", "%(x)s"]))
    lines[index] = f"{key}{sep}{replacement}" if sep else replacement
    load_with(name, "\n".join(lines) + "\n")


@SETTINGS
@given(st.text(max_size=200))
def test_any_text_as_a_facts_file(text):
    load_with("charleston.yaml", text)


@SETTINGS
@given(st.data())
def test_any_edit_of_a_catalog(data):
    text = PO.read_text(encoding="utf-8")
    at = data.draw(st.integers(0, len(text)))
    cut = data.draw(st.integers(0, 40))
    insert = data.draw(st.text(alphabet=st.sampled_from('"\\\n #:msgidtrctx%()s,fuzzy~|ก'), max_size=30))
    with tempfile.TemporaryDirectory() as tmp:
        po = Path(tmp) / "messages.po"
        po.write_text(text[:at] + insert + text[at + cut:], encoding="utf-8")
        try:
            CatalogTranslations.of(read_catalog(po, "th"))
        except LessonError:
            pass


@SETTINGS
@given(st.binary(max_size=300))
def test_any_bytes_as_a_catalog(blob):
    with tempfile.TemporaryDirectory() as tmp:
        po = Path(tmp) / "messages.po"
        po.write_bytes(blob)
        try:
            CatalogTranslations.of(read_catalog(po, "th"))
        except LessonError:
            pass
