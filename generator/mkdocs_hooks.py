"""MkDocs hooks of the per-locale builds: listed in build/mkdocs/<locale>.yml (written by site.py), never in
mkdocs.yml, which stays a plain MkDocs/Zensical config.

`on_env` gives the theme's Jinja environment our compiled-template cache, so Material's templates are
compiled once (per worker and in build/cache), not again for every locale: about a third of a locale's
MkDocs build. Jinja checks every cached template against its source.
"""
from __future__ import annotations

from pathlib import Path

from generator.cache import compiled_templates  # MkDocs loads a hook file as a top-level module


def on_env(env, config, files):
    root = Path(config.config_file_path).resolve().parent.parent.parent  # build/mkdocs/<locale>.yml
    env.bytecode_cache = compiled_templates(root)
    return env
