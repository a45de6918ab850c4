"""The real facts load, and what they state matches the rules the site teaches."""
from __future__ import annotations

from pathlib import Path

from generator.facts_load import load_facts

ROOT = Path(__file__).resolve().parent.parent

# The pass IDs are a contract with the checker, the practice page and these tests.
CONTRACT_PASS_IDS = ["first-right", "first-across", "first-left", "first-left-blind", "second-left",
                     "second-across", "second-right", "second-right-blind", "courtesy"]


def facts():
    return load_facts(ROOT / "content" / "facts")


def test_pass_ids_derived_from_charleston_facts_match_the_contract():
    assert [p.id for p in facts().charleston.passes] == CONTRACT_PASS_IDS


def test_american_tile_set_adds_up():
    tiles = facts().tiles
    assert (tiles.count("suit"), tiles.group("wind").count, tiles.group("dragon").count) == (108, 16, 12)
    assert (tiles.group("flower").count, tiles.group("joker").count, tiles.total) == (8, 8, 152)
    assert dict(tiles.group("dragon").nicknames) == {"white": "soap"}


def test_rounds_blind_and_courtesy():
    charleston = facts().charleston
    first, second = charleston.rounds
    assert (first.compulsory, first.directions) == (True, ("right", "across", "left"))
    assert (second.compulsory, second.directions) == (False, ("left", "across", "right"))
    assert [(p.id, p.min, p.max) for p in charleston.blind_passes] == [
        ("first-left-blind", 1, 3), ("second-right-blind", 1, 3)]
    courtesy = charleston.courtesy
    assert (courtesy.direction, courtesy.min, courtesy.max) == ("across", 0, 3)
    assert (charleston.deal_east, charleston.deal_others, charleston.players) == (14, 13, 4)


def test_jokers_complete_only_groups_of_three_to_six():
    jokers = facts().jokers
    assert [(g.id, g.size) for g in jokers.groups] == [("pung", 3), ("kong", 4), ("quint", 5), ("sextet", 6)]
    assert jokers.never == ("single", "pair")


def test_every_rule_sentence_has_its_pass_context():
    for p in facts().charleston.passes:
        assert p.rule.context == f"rule:no-joker:{p.id}"
        assert "joker" in p.rule.msgid
