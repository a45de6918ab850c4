"""YAML with line numbers, and typed field access that reports errors instead of raising.

`load_yaml` returns plain dicts/lists whose containers remember the 1-based line of
every key and item, so each validation error can name `file:line`.
"""
from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from .errors import ErrorLog, LessonError, Location, relative


class LineDict(dict):
    """A mapping that knows its own line and the line of each key."""

    line = 0
    key_lines: dict


class LineList(list):
    """A sequence that knows its own line and the line of each item."""

    line = 0
    item_lines: list


# libyaml's parser when PyYAML has it (several times faster); the constructors below work with either.
_BaseLoader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_BaseLoader):
    def construct_mapping(self, node, deep=False):
        for key_node, _ in node.value:
            if not isinstance(key_node, yaml.ScalarNode):
                raise yaml.constructor.ConstructorError(
                    None, None, "a key must be a plain word", key_node.start_mark)
        result = LineDict(super().construct_mapping(node, deep=True))
        result.line = node.start_mark.line + 1
        result.key_lines = {self.construct_object(k): k.start_mark.line + 1 for k, _ in node.value}
        self._reject_duplicates(node)
        return result

    def construct_sequence(self, node, deep=False):
        result = LineList(super().construct_sequence(node, deep=True))
        result.line = node.start_mark.line + 1
        result.item_lines = [item.start_mark.line + 1 for item in node.value]
        return result

    def _reject_duplicates(self, node) -> None:
        seen: set = set()
        for key_node, _ in node.value:
            key = self.construct_object(key_node)
            if key in seen:
                raise yaml.constructor.ConstructorError(
                    None, None, f"duplicate key '{key}'", key_node.start_mark)
            seen.add(key)


_LineLoader.add_constructor("tag:yaml.org,2002:map", _LineLoader.construct_mapping)
_LineLoader.add_constructor("tag:yaml.org,2002:seq", _LineLoader.construct_sequence)


def load_yaml(path: Path) -> Any:
    """Parse one YAML file; a syntax error becomes a LessonError naming file:line."""
    shown = relative(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise LessonError(Location(shown), f"cannot read the file ({exc.strerror}); check that it exists") from None
    try:
        return yaml.load(text, Loader=_LineLoader)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = mark.line + 1 if mark else 0
        problem = exc.problem or exc.context or "invalid YAML"
        raise LessonError(Location(shown, line), f"YAML syntax error: {problem}; fix the syntax") from None
    except yaml.YAMLError as exc:
        raise LessonError(Location(shown), f"YAML error: {exc}") from None


_TYPE_NAMES = {str: "text", int: "a whole number", bool: "true or false", list: "a list", dict: "a mapping"}


class Fields:
    """Typed, checked access to one YAML mapping; problems go to the shared ErrorLog."""

    def __init__(self, data: Any, path: str, log: ErrorLog, where: Location, allowed: set[str]):
        self.path, self.log = path, log
        if not isinstance(data, dict):
            log.add(where, "expected a mapping of `key: value` lines here")
            data = LineDict()
        self.data = data
        self.location = Location(path, getattr(data, "line", where.line))
        for key in data:
            if key not in allowed:
                log.add(self.at(key), f"unknown key '{key}'; expected one of: {', '.join(sorted(allowed))}")

    def at(self, key: str) -> Location:
        lines = getattr(self.data, "key_lines", {})
        return Location(self.path, lines.get(key, self.location.line))

    def get(self, key: str, kind: type, default: Any = ...) -> Any:
        """The value of `key`, checked against `kind`; `...` as default means required."""
        if key not in self.data:
            if default is ...:
                self.log.add(self.location, f"missing key '{key}'; add `{key}:` ({_TYPE_NAMES[kind]})")
                return None
            return default
        value = self.data[key]
        if kind is int and isinstance(value, bool) or not isinstance(value, kind):
            self.log.add(self.at(key), f"'{key}' must be {_TYPE_NAMES[kind]}, not {value!r}")
            return None
        return value

    def items(self, key: str) -> list[tuple[Location, Any]]:
        """The items of a required list under `key`, each with its own location."""
        value = self.get(key, list)
        if value is None:
            return []
        lines = getattr(value, "item_lines", [self.at(key).line] * len(value))
        return [(Location(self.path, line), item) for line, item in zip(lines, value)]


# --- checks shared by every fact file ---------------------------------------------------------

def read_sources(fields: Fields, key: str = "source") -> None:
    """Each fact names where it comes from: a non-empty list of URLs."""
    urls = fields.get(key, list)
    if urls is not None and (not urls or not all(isinstance(u, str) and u.startswith("http") for u in urls)):
        fields.log.add(fields.at(key), f"'{key}' must list at least one http(s) URL the fact comes from")


def read_count(fields: Fields, key: str, low: int) -> int:
    """A required whole number of at least `low`."""
    value = fields.get(key, int)
    if value is not None and value < low:
        fields.log.add(fields.at(key), f"'{key}' must be at least {low}, not {value}")
        return low
    return value if value is not None else low


def expect(fields: Fields, key: str, value: str | bool) -> None:
    """A rule switch that must have the one value the site teaches."""
    found = fields.get(key, type(value))
    if found is not None and found != value:
        fields.log.add(fields.at(key), f"'{key}' must be '{value}' (the only rule the site knows), not '{found}'")


def reject_duplicate_ids(items, what: str, log: ErrorLog) -> None:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            log.add(item.location, f"duplicate {what} id '{item.id}'; give each one its own id")
        seen.add(item.id)
