"""The practice game's logic under Node's built-in test runner (tests/js/), fed the facts.json the build writes."""
from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

from generator.facts_load import load_facts
from generator.practice import practice_facts_json

ROOT = Path(__file__).resolve().parent.parent


def test_game_logic_passes_node_tests(tmp_path):
    node = shutil.which("node")
    assert node, "Node.js is required: `make test` installs it (tests/ensure-tools.sh)"
    facts = tmp_path / "facts.json"
    facts.write_text(practice_facts_json(load_facts(ROOT / "content" / "facts")), encoding="utf-8")
    result = subprocess.run([node, "--test", str(ROOT / "tests" / "js")], capture_output=True, text=True,
                            env={**os.environ, "PRACTICE_FACTS": str(facts)}, timeout=120)
    assert result.returncode == 0, result.stdout[-4000:] + result.stderr[-2000:]
    assert "# fail 0" in result.stdout and "# pass 0" not in result.stdout


def test_built_site_ships_the_same_facts_json(built_site):
    expected = practice_facts_json(load_facts(ROOT / "content" / "facts"))
    for facts in sorted(built_site.glob("*/assets/practice/facts.json")):
        assert facts.read_text(encoding="utf-8") == expected
