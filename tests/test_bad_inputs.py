"""Each tests/cases/bad.<reason>.* replaces one input file (`# replaces: path`) — or removes it
(`# deletes: path`) — and must fail the build with exactly the errors its header names
(`# error: file:line: message`), exit 1 and no traceback."""
from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

CASES = sorted((Path(__file__).parent / "cases").glob("bad.*"))


def read_case(case: Path) -> tuple[str, list[str]]:
    """The project path the case replaces or deletes, and the error lines it expects."""
    lines = case.read_text(encoding="utf-8").splitlines()
    target = lines[0].removeprefix("# replaces: ").removeprefix("# deletes: ").strip()
    expected = [line.removeprefix("# error: ") for line in lines[1:] if line.startswith("# error: ")]
    return target, expected


def run_build(root: Path) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "build"], cwd=root, capture_output=True,
                          text=True, timeout=120)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.name)
def test_bad_input_fails_with_exact_errors(project_copy, case):
    target, expected = read_case(case)
    if case.read_text(encoding="utf-8").startswith("# deletes: "):
        (project_copy / target).unlink()
    else:
        shutil.copy(case, project_copy / target)
    result = run_build(project_copy)
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    count = len(expected)
    assert result.stderr.splitlines() == [f"error: {line}" for line in expected] + [
        f"Aborted with {count} error{'s' if count != 1 else ''}."]
    assert not (project_copy / "site").exists()
