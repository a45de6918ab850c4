"""`make check`: green on the project's locales; each injected fault turns it red, naming locale and pass."""
from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PO = "locales/{tag}/LC_MESSAGES/messages.po"


def run_check(root: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "generator", "check", *args], cwd=root, capture_output=True,
                          text=True, timeout=60)


def replace_msgstr(root: Path, tag: str, context: str, new: str) -> None:
    """Set the translation of the entry with msgctxt `context` (entries are one msgstr, possibly wrapped)."""
    path = root / PO.format(tag=tag)
    text = path.read_text(encoding="utf-8")
    pattern = re.compile(rf'(msgctxt "{re.escape(context)}"\nmsgid (?:".*"\n)+)msgstr (?:".*"\n)+')
    text, count = pattern.subn(lambda m: m.group(1) + f"msgstr {json.dumps(new, ensure_ascii=False)}\n", text)
    assert count == 1
    path.write_text(text, encoding="utf-8")


def test_project_locales_pass(project_copy):
    result = run_check(project_copy)
    assert result.returncode == 0, result.stdout
    assert " 0 errors" in result.stdout and "✗" not in result.stdout


FAULTS = {
    "blanked": ("th", "first-across", "", "rule-untranslated"),
    "wrong-direction": ("th", "first-right", "ในหมาก %(count)s ตัวที่ส่งซ้ายในรอบแรก ห้ามมีตัวตลก", "rule-no-pass"),
    "lost-joker-term": ("ko", "second-left", "두 번째 라운드를 실제로 한다면, 왼쪽으로 넘기는 %(count)s장에 아무것도 섞어선 안 됩니다.",
                        "rule-no-joker"),
    "foreign-word": ("th", "first-left-blind", "ในการส่งแบบมืด trước ตอนส่งซ้ายของรอบแรก ห้ามมีตัวตลก",
                     "foreign-script"),
    "typed-number": ("ko", "second-right", "두 번째 라운드를 실제로 한다면, 오른쪽으로 넘기는 3장에도 조커를 섞어선 안 됩니다.", "placeholder"),
    "script": ("th", "courtesy", "ในการแลกเปลี่ยนอย่างสุภาพ หมาก %(min)s–%(max)s ตัว ห้ามมีตัวตลก<script>alert(1)</script>",
               "injected"),
}


@pytest.mark.parametrize("fault", FAULTS, ids=list(FAULTS))
def test_fault_turns_check_red_naming_locale_pass_and_line(project_copy, fault):
    tag, pass_id, text, code = FAULTS[fault]
    replace_msgstr(project_copy, tag, f"rule:no-joker:{pass_id}", text)
    result = run_check(project_copy)
    assert result.returncode == 1
    line = next(l for l in result.stdout.splitlines() if f"[{code}]" in l)
    assert re.match(rf"{re.escape(PO.format(tag=tag))}:\d+: error \[{code}\] {tag} {pass_id}: ", line), line
    row = next(l for l in result.stdout.splitlines() if l.startswith(pass_id + " "))
    assert "✗" in row


def test_fuzzy_rule_sentence_is_an_error(project_copy):
    path = project_copy / PO.format(tag="ko")
    text = path.read_text(encoding="utf-8")
    text = text.replace('msgctxt "rule:no-joker:courtesy"', '#, fuzzy\nmsgctxt "rule:no-joker:courtesy"', 1)
    path.write_text(text, encoding="utf-8")
    result = run_check(project_copy, "--locale", "ko", "--json")
    findings = json.loads(result.stdout)
    assert result.returncode == 1
    assert [(f["code"], f["locale"], f["pass"]) for f in findings] == [("rule-fuzzy", "ko", "courtesy")]
    assert findings[0]["file"] == PO.format(tag="ko") and findings[0]["line"] > 0


def test_new_pass_in_facts_is_required_at_once(project_copy):
    facts = project_copy / "content" / "facts" / "charleston.yaml"
    third_round = (
        "  - id: third\n    compulsory: false\n    stop: any-player-before-first-pass\n"
        "    source: [https://example.org/a-house-rule]\n    passes:\n      - direction: left\n        tiles: 3\n"
        "        rule: If a third Charleston is played, no joker may be among the %(count)s tiles you pass left.\n")
    text = facts.read_text(encoding="utf-8").replace("courtesy:\n", third_round + "courtesy:\n", 1)
    facts.write_text(text, encoding="utf-8")
    result = run_check(project_copy, "--json")
    codes = {(f["code"], f["locale"], f["pass"]) for f in json.loads(result.stdout)}
    assert result.returncode == 1
    assert {("rule-missing", "th", "third-left"), ("rule-missing", "ko", "third-left")} <= codes
    assert not any(code.startswith("rule-") and pass_id != "third-left" for code, _, pass_id in codes)


CHECK_CASES = sorted((Path(__file__).parent / "cases").glob("check.*"))


@pytest.mark.parametrize("case", CHECK_CASES, ids=lambda p: p.name)
def test_each_check_reports_exactly_its_findings(project_copy, case):
    """Each tests/cases/check.<code>.* replaces one input; the findings of its locale (`# locale:`, default
    th) are exactly its header's."""
    lines = case.read_text(encoding="utf-8").splitlines()
    target = lines[0].removeprefix("# replaces: ")
    locale = next((line.removeprefix("# locale: ") for line in lines if line.startswith("# locale: ")), "th")
    expected = [line.removeprefix("# finding: ") for line in lines[1:] if line.startswith("# finding: ")]
    shutil.copy(case, project_copy / target)
    result = run_check(project_copy, "--locale", locale)
    findings = result.stdout.split("\n\n")[0].splitlines()
    assert findings == expected
    assert result.returncode == (1 if any(" error [" in line for line in expected) else 0)
