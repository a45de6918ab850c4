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
    assert [g.id for g in jokers.never] == ["single", "pair", "news", "year"]
    assert jokers.jokerless_factor == 2


def test_joker_examples_are_lawful_or_break_the_rule():
    jokers = facts().jokers
    for example in jokers.examples:
        naturals = {t for t in example.tiles if t != "joker"}
        group = jokers.group(example.group)
        assert "joker" in example.tiles
        if example.allowed:
            assert len(naturals) == 1 and len(example.tiles) == group.size >= jokers.min_group
        else:
            assert len(naturals) > 1 or len(example.tiles) < jokers.min_group
    assert {e.allowed for e in jokers.examples} == {True, False}


def test_tile_faces_carry_the_contract_ids():
    ids = [face.id for face in facts().tiles.faces]
    expected = ([f"{suit}-{n}" for suit in ("crak", "bam", "dot") for n in range(1, 10)]
                + [f"wind-{w}" for w in ("east", "south", "west", "north")]
                + [f"dragon-{d}" for d in ("red", "green", "white")] + ["flower", "joker"])
    assert ids == expected
    assert facts().tiles.face("dragon-white").nickname.msgid == "soap"


def test_variants_table_figures():
    variants = {v.id: v for v in facts().variants}
    assert {k: v.tiles for k, v in variants.items()} == {
        "american": 152, "riichi": 136, "hong-kong": 144, "sichuan": 108, "taiwan": 144, "mcr": 144}
    assert {k: v.hand for k, v in variants.items()} == {k: 16 if k == "taiwan" else 13 for k in variants}
    assert [k for k, v in variants.items() if v.jokers] == ["american"]
    assert {k: v.exchange.msgid for k, v in variants.items() if v.exchange.msgid != "none"} == {
        "american": "Charleston", "sichuan": "exchange of three tiles"}


def test_glossary_definitions_quote_resolved_facts():
    glossary = facts().glossary
    assert len(glossary.concepts) >= 25
    assert len({c.id for c in glossary.concepts}) == len(glossary.concepts)
    assert dict(glossary.concept("quint").values) == {"size": 5}
    assert dict(glossary.concept("dead-wall").values) == {"riichi": 14}
    assert ("ja", "ポン", "pon") in glossary.concept("pung").native


def test_every_rule_sentence_has_its_pass_context():
    for p in facts().charleston.passes:
        assert p.rule.context == f"rule:no-joker:{p.id}"
        assert "joker" in p.rule.msgid
