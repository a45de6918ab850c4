"""The Charleston practice in a real browser: whole walkthroughs in Thai and Korean, a joker refused on
every kind of pass, stopping after the first round, the same seed giving the same deal, and the keyboard."""
from __future__ import annotations

import pytest

SEED = 3  # with the moves below, the player across offers fewer tiles in the courtesy pass than the reader


def open_practice(page, base: str, segment: str, seat: str = "east", seed: int = SEED):
    page.goto(f"{base}/{segment}/american/practice/?seed={seed}", wait_until="networkidle")
    page.click(f'[data-seat="{seat}"]')
    return page.evaluate("JSON.parse(document.getElementById('practice-strings').textContent).text")


def current(page) -> str:
    return page.locator("[data-pass]").get_attribute("data-pass")


def select_rack(page, count: int) -> None:
    tiles = page.locator('[data-tile]:not([data-tile="joker"])[aria-pressed="false"]')
    for _ in range(count):
        tiles.first.click()


def refuse_joker(page, words: dict) -> None:
    """Selecting a joker shows the localized refusal; nothing is selected and the pass stays."""
    before = current(page)
    page.locator('[data-tile="joker"]').first.click()
    assert page.locator('[role="alert"]').text_content() == words["refuse-joker"]
    assert page.locator('[data-tile="joker"][aria-pressed="true"]').count() == 0
    assert current(page) == before


def pass_tiles(page, count: int) -> None:
    before = current(page)
    select_rack(page, count)
    page.click('[data-action="pass"]')
    assert current(page) != before


def blind_pass(page, words: dict, unseen: int, per_pass: int) -> None:
    page.click('[data-action="blind"]')
    assert current(page).endswith("-blind")
    refuse_joker(page, words)
    for index in range(unseen):
        page.click(f'[data-incoming="{index}"]')
    select_rack(page, per_pass - unseen)
    page.click('[data-action="pass"]')


@pytest.mark.parametrize("segment", ["th", "ko"])
def test_walkthrough_both_rounds_blind_and_unequal_courtesy(page, site_server, segment):
    words = open_practice(page, site_server, segment)
    for expected in ("first-right", "first-across"):
        assert current(page) == expected
        refuse_joker(page, words)
        pass_tiles(page, 3)
    assert current(page) == "first-left"
    refuse_joker(page, words)
    blind_pass(page, words, unseen=1, per_pass=3)
    assert current(page) == "second-left"
    page.click('[data-action="continue"]')
    for expected in ("second-left", "second-across"):
        assert current(page) == expected
        refuse_joker(page, words)
        pass_tiles(page, 3)
    assert current(page) == "second-right"
    blind_pass(page, words, unseen=2, per_pass=3)
    assert current(page) == "courtesy"
    refuse_joker(page, words)
    pass_tiles(page, 3)
    assert current(page) == "done"
    mine, theirs, count = map(int, page.locator(".practice-status").get_attribute("data-courtesy").split())
    assert (mine, count) == (3, min(mine, theirs)) and theirs != mine
    assert page.locator("[data-line]").count() == 4
    assert page.locator('[data-tile]').count() == 14
    assert page.console_errors == [] and page.foreign_requests == []


@pytest.mark.parametrize("segment", ["th", "ko"])
def test_stopping_after_the_first_round_goes_to_the_courtesy_pass(page, site_server, segment):
    open_practice(page, site_server, segment, seat="west", seed=41)
    for _ in range(3):
        pass_tiles(page, 3)
    page.click('[data-action="stop"]')
    assert current(page) == "courtesy"
    page.click('[data-action="pass"]')  # offering no tile declines the courtesy pass
    assert current(page) == "done"
    assert page.locator('[data-tile]').count() == 13
    assert page.console_errors == [] and page.foreign_requests == []


def test_same_seed_same_deal_and_wrong_counts_refused(page, site_server):
    words = open_practice(page, site_server, "en", seat="south", seed=99)
    first = page.eval_on_selector_all("[data-tile]", "tiles => tiles.map(t => t.dataset.tile)")
    open_practice(page, site_server, "en", seat="south", seed=99)
    assert page.eval_on_selector_all("[data-tile]", "tiles => tiles.map(t => t.dataset.tile)") == first
    select_rack(page, 2)
    page.click('[data-action="pass"]')
    assert page.locator('[role="alert"]').text_content() == words["refuse-count"].replace("%(count)s", "3")
    assert current(page) == "first-right"


def test_the_practice_is_keyboard_operable(page, site_server):
    open_practice(page, site_server, "en", seat="north", seed=5)
    for _ in range(3):
        tile = page.locator('[data-tile]:not([data-tile="joker"])[aria-pressed="false"]').first
        tile.focus()
        page.keyboard.press("Space")
    assert page.locator('[data-tile][aria-pressed="true"]').count() == 3
    page.locator('[data-action="pass"]').focus()
    page.keyboard.press("Enter")
    assert current(page) == "first-across"
