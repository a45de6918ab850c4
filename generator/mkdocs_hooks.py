"""MkDocs hooks of the per-locale builds: listed in build/mkdocs/<locale>.yml (written by site.py), never in
mkdocs.yml, which stays a plain MkDocs/Zensical config.

`on_config` reads the language list (`extra.alternate`: name, tag, URL segment of every locale) from
build/mkdocs/alternates.json: MkDocs parses YAML in pure Python, and with many locales that list made
up most of every locale's config. `on_env` gives the theme's Jinja environment our compiled-template
cache, so Material's templates are compiled once (per worker and in build/cache), not again for every
locale: about a third of a locale's MkDocs build. Jinja checks every cached template against its source.
"""
from __future__ import annotations

import json
from pathlib import Path

from generator.cache import compiled_templates  # MkDocs loads a hook file as a top-level module

ALTERNATES = "alternates.json"  # next to the locales' configs


def on_config(config):
    config.extra["alternate"] = json.loads(
        (Path(config.config_file_path).parent / ALTERNATES).read_text(encoding="utf-8"))
    return config


def on_env(env, config, files):
    root = Path(config.config_file_path).resolve().parent.parent.parent  # build/mkdocs/<locale>.yml
    env.bytecode_cache = compiled_templates(root)
    return env
