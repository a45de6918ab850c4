"""The page templates' Jinja environment, shared by extraction (stage 2) and rendering (stage 3).

A template is parsed once per process: the tree extraction parsed for the POT is the one compiled when
a page first renders (and the compiled template goes to the bytecode cache, cache.CompiledTemplates).
"""
from __future__ import annotations

import re
from pathlib import Path

import jinja2
from jinja2 import nodes
from jinja2.ext import extract_from_ast

from .cache import compiled_templates

# Jinja's comment syntax, `{# ... #}` with optional whitespace control; the pages use no {% raw %} blocks.
COMMENT = re.compile(r"\{#[-+]?(.*?)-?#\}", re.DOTALL)
_parsed: dict[str, tuple[str, nodes.Template]] = {}  # file name -> (source, its tree) not compiled yet


class PageEnvironment(jinja2.Environment):
    """Compiles a template from the tree extraction parsed, when there is one."""

    def compile(self, source, name=None, filename=None, raw=False, defer_init=False):
        if isinstance(source, str) and _parsed.get(filename, (None,))[0] == source:
            source = _parsed.pop(filename)[1]
        return super().compile(source, name, filename, raw, defer_init)


def environment(root: Path) -> jinja2.Environment:
    """The environment every page is parsed, compiled and rendered with (the bytecode cache's entries are
    only valid for these options)."""
    env = PageEnvironment(
        loader=jinja2.FileSystemLoader(root / "content" / "pages"), undefined=jinja2.StrictUndefined,
        bytecode_cache=compiled_templates(root), extensions=["jinja2.ext.i18n"], autoescape=False,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    env.newstyle_gettext = True  # as install_gettext_translations(..., newstyle=True) sets it
    env.filters["upper_first"] = upper_first
    return env


def upper_first(text: str) -> str:
    """The `upper_first` filter: a sentence that starts with a translated name gets a capital."""
    return text[:1].upper() + text[1:]


def gettext_calls(root: Path, name: str, keywords, comment_tags):
    """An extraction method for babel.messages.extract.extract: (line, function, arguments, translator
    comments) of every gettext call in template `name`."""
    env = environment(root)
    source, filename, _ = env.loader.get_source(env, name)
    tree = env.parse(source, name, filename)
    comments = _CommentsBefore(source, tuple(comment_tags))
    for line, function, arguments in list(extract_from_ast(tree, tuple(keywords))):
        yield line, function, arguments, comments.up_to(line)
    _parsed[filename] = source, tree


class _CommentsBefore:
    """The translator comment of a call, as jinja2.ext.babel_extract finds it: the last tagged comment that
    starts on the call's line or above, below the previous call's line."""

    def __init__(self, source: str, tags: tuple[str, ...]):
        self.comments = [(source.count("\n", 0, m.start()) + 1, m.group(1)) for m in COMMENT.finditer(source)]
        self.tags, self.last_line = tags, 0

    def up_to(self, line: int) -> list[str]:
        found = []
        for start, text in self.comments:
            if self.last_line < start <= line:
                words = text.split(None, 1)
                if len(words) == 2 and words[0] in self.tags:
                    found = [words[1].rstrip()]
        self.last_line = max(self.last_line, line)
        return found


def compile_template(root: Path, name: str) -> None:
    """Compile one template into the bytecode cache (from the tree extraction parsed, when there is one)."""
    environment(root).get_template(name)


def template_files(pages_dir: Path) -> list[Path]:
    """Every template under content/pages (includes too), in a stable order."""
    return sorted(p for p in pages_dir.rglob("*") if p.is_file())


def template_names(root: Path) -> list[str]:
    """The loader's name of every template under content/pages."""
    pages_dir = root / "content" / "pages"
    return [path.relative_to(pages_dir).as_posix() for path in template_files(pages_dir)]
