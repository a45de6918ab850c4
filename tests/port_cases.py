"""Carry fixture cases (tests/cases/bad.* and check.*) over to changed inputs.

A case is a whole copy of one input file with one defect. When the real file changes (new messages,
new facts), the case's defect is re-applied to the new file: the diff between the case and the input
as it was when the case was last committed is patched onto the input as it is now. The case's
expected errors/findings are then recomputed and must be the same, except for line numbers;
otherwise the case is left alone and reported, to be looked at by hand.

    .venv/bin/python tests/port_cases.py            # every case
    .venv/bin/python tests/port_cases.py check.fuzzy.po bad.deal.yaml
    .venv/bin/python tests/port_cases.py --accept bad.deal.yaml   # after checking a changed message
"""
from __future__ import annotations

import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CASES = ROOT / "tests" / "cases"
HEADER = ("# replaces: ", "# error: ", "# finding: ", "# locale: ")


def git(*args: str) -> str:
    return subprocess.run(["git", *args], cwd=ROOT, capture_output=True, text=True, check=True).stdout


def expected_lines(case: Path, body: str, header: list[str]) -> list[str]:
    """What the generator prints for this case now: build errors, or the checker's findings."""
    target = header[0].removeprefix("# replaces: ").strip()
    with tempfile.TemporaryDirectory() as tmp:
        work = Path(tmp)
        for name in ("content", "locales", "generator", "mkdocs.yml"):
            (shutil.copytree if (ROOT / name).is_dir() else shutil.copy)(ROOT / name, work / name)
        (work / target).write_text(body, encoding="utf-8")
        if case.name.startswith("bad."):
            run = subprocess.run([sys.executable, "-m", "generator", "build"], cwd=work, capture_output=True, text=True)
            return [line.removeprefix("error: ") for line in run.stderr.splitlines() if line.startswith("error: ")]
        locale = next((h.removeprefix("# locale: ").strip() for h in header if h.startswith("# locale: ")), "th")
        run = subprocess.run([sys.executable, "-m", "generator", "check", "--locale", locale], cwd=work,
                             capture_output=True, text=True)
        return run.stdout.split("\n\n")[0].splitlines()


def compose(header: list[str], results: list[str], body: str, kind: str) -> str:
    kept = [h for h in header if not h.startswith(("# error: ", "# finding: "))]
    return "".join(kept[:1] + [f"# {kind}: {line}\n" for line in results] + kept[1:]) + body


def port(case: Path, accept: bool = False) -> str:
    lines = case.read_text(encoding="utf-8").splitlines(keepends=True)
    if not lines[0].startswith("# replaces: "):  # `# deletes:` an input: no copy of it to carry over
        return "ported (nothing to carry over)"
    header = [line for line in lines if line.startswith(HEADER)]
    body = "".join(line for line in lines if not line.startswith(HEADER))
    target = header[0].removeprefix("# replaces: ").strip()
    kind = "error" if case.name.startswith("bad.") else "finding"
    before = [h.removeprefix(f"# {kind}: ").rstrip("\n") for h in header if h.startswith(f"# {kind}: ")]
    base = git("log", "-1", "--format=%H", "--", str(case.relative_to(ROOT))).strip()
    with tempfile.TemporaryDirectory() as tmp:
        old, new = Path(tmp) / "old", Path(tmp) / "new"
        old.write_text(git("show", f"{base}:{target}"), encoding="utf-8")
        shutil.copy(ROOT / target, new)
        diff = subprocess.run(["diff", "-u", str(old), "-"], input=body, capture_output=True, text=True).stdout
        if subprocess.run(["patch", "-s", str(new)], input=diff, capture_output=True, text=True).returncode:
            return "patch failed"
        ported = new.read_text(encoding="utf-8")
    results = before
    for _ in range(3):  # the header's own lines shift the body; settle the line numbers
        results = expected_lines(case, compose(header, results, ported, kind), header)
    strip = lambda found: [re.sub(r":\d+: ", ": ", line) for line in found]  # noqa: E731
    changed = strip(results) != strip(before)
    if changed and not accept:
        return f"changed (check, then rerun with --accept):\n    was {before}\n    now {results}"
    case.write_text(compose(header, results, ported, kind), encoding="utf-8")
    return f"ported, accepted {results}" if changed else "ported"


def main(args: list[str]) -> int:
    accept = "--accept" in args
    names = [a for a in args if a != "--accept"]
    cases = [CASES / n for n in names] if names else sorted(CASES.glob("bad.*")) + sorted(CASES.glob("check.*"))
    failed = 0
    for case in cases:
        outcome = port(case, accept)
        failed += not outcome.startswith("ported")
        print(f"{case.name}: {outcome}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
