"""`make serve` rebuilds only the locale whose own files changed; anything shared rebuilds every locale."""
from __future__ import annotations

from generator.serve import changed_locales, snapshot
from generator.site import build_site


def touched(root, before, *paths):
    return dict(before, **{str(root / p): before.get(str(root / p), 0) + 1 for p in paths})


def test_which_locales_a_change_rebuilds(project_copy):
    before = snapshot(project_copy)
    assert changed_locales(project_copy, before, touched(project_copy, before,
                                                         "locales/th/LC_MESSAGES/messages.po")) == {"th"}
    assert changed_locales(project_copy, before, touched(project_copy, before, "locales/ko/terms.yaml",
                                                         "locales/ja/LC_MESSAGES/messages.po")) == {"ko", "ja"}
    for shared in ("content/facts/tiles.yaml", "content/pages/index.md", "locales/messages.pot",
                   "locales/locales.yaml", "generator/render.py", "mkdocs.yml"):
        assert changed_locales(project_copy, before, touched(project_copy, before, shared)) is None, shared


def test_rebuilding_one_locale_leaves_the_others(project_copy):
    build_site(project_copy, report=lambda line: None)
    other = (project_copy / "site/ko/index.html").stat().st_mtime_ns
    po = project_copy / "locales/th/LC_MESSAGES/messages.po"
    po.write_text(po.read_text(encoding="utf-8").replace('msgstr "สรุป"', 'msgstr "บทสรุป"'), encoding="utf-8")
    seconds = build_site(project_copy, report=lambda line: None, only=frozenset({"th"}))
    assert [k for k in seconds if k not in ("generator", "total")] == ["th"]
    assert "บทสรุป" in (project_copy / "site/th/american/jokers-in-the-charleston/index.html").read_text("utf-8")
    assert (project_copy / "site/ko/index.html").stat().st_mtime_ns == other


def test_a_change_of_findings_rebuilds_the_source_status_page_too(project_copy):
    build_site(project_copy, report=lambda line: None)
    po = project_copy / "locales/th/LC_MESSAGES/messages.po"
    text = po.read_text(encoding="utf-8")
    entry = 'msgid "Translation status"\nmsgstr "'
    start = text.index(entry) + len(entry)
    po.write_text(text[:start] + text[text.index('"', start):], encoding="utf-8")  # untranslated now
    seconds = build_site(project_copy, report=lambda line: None, only=frozenset({"th"}))
    assert [k for k in seconds if k not in ("generator", "total")] == ["en", "th"]
    overview = (project_copy / "site/en/status/index.html").read_text(encoding="utf-8")
    assert "99" in overview.split("<code>th</code>", 2)[2][:200]  # th's progress row changed
    own = (project_copy / "site/th/status/index.html").read_text(encoding="utf-8")
    assert "[untranslated]" in own and "<code>ko</code>" not in own
    assert 'href="../../en/status/"' in own
