"""Stage 1, continued: charleston.yaml -> `Charleston`, the deal, the rounds and their passes.

Pass IDs are derived here and nowhere else: "<round>-<direction>", "<round>-<direction>-blind" and
"courtesy"; each pass carries its no-joker rule sentence (msgctxt "rule:no-joker:<pass-id>").
"""
from __future__ import annotations

from .errors import ErrorLog, Location
from .facts import PLACEHOLDER, Charleston, Pass, Round, Text
from .yamlio import Fields, expect, read_count, read_sources, reject_duplicate_ids

CHARLESTON_KEYS = {"players", "directions", "deal", "timing", "heavenly_hand", "heavenly_source", "jokers_passed",
                   "jokers_source", "rounds", "courtesy"}


def read_charleston(data, path: str, log: ErrorLog) -> Charleston:
    top = Fields(data, path, log, Location(path, 1), CHARLESTON_KEYS)
    directions = tuple(str(d) for _, d in top.items("directions"))
    expect(top, "timing", "after-deal-before-first-discard")
    expect(top, "heavenly_hand", "skips-charleston")
    read_sources(top, "heavenly_source")
    expect(top, "jokers_passed", "never")
    read_sources(top, "jokers_source")
    east, others = _read_deal(top)
    rounds = tuple(_read_round(item, where, path, log, directions) for where, item in top.items("rounds"))
    largest = max((r.tiles_per_pass for r in rounds if r.passes), default=0)
    courtesy = _read_courtesy(top, directions, largest)
    reject_duplicate_ids([p for r in rounds for p in r.passes] + [courtesy], "pass", log)
    texts = tuple(Text("direction", d, f"A direction of passing in the Charleston, seen from the passing "
                       f"player's seat: '{d}'. Used in lists such as the lesson's summary.", top.at("directions"))
                  for d in directions)
    return Charleston(read_count(top, "players", 2), texts, east, others, rounds, courtesy, top.location)


def _read_deal(top: Fields) -> tuple[int, int]:
    deal = Fields(top.get("deal", dict, {}), top.path, top.log, top.at("deal"), {"east", "others", "source"})
    read_sources(deal)
    east, others = read_count(deal, "east", 1), read_count(deal, "others", 1)
    if east != others + 1:
        top.log.add(deal.at("east"), f"East is dealt one tile more than the others ({others} + 1), not {east}")
    return east, others


def _read_round(item, where: Location, path: str, log: ErrorLog, directions: tuple) -> Round:
    f = Fields(item, path, log, where, {"id", "compulsory", "stop", "source", "passes"})
    read_sources(f)
    round_id = f.get("id", str) or "?"
    compulsory = f.get("compulsory", bool)
    if compulsory is False:
        expect(f, "stop", "any-player-before-first-pass")
    name = Text(f"round:{round_id}", f"{round_id.capitalize()} Charleston",
                f"Name of the {round_id} round of passes in the Charleston (a label in the summary).", f.at("id"))
    raw = f.items("passes")
    passes: list[Pass] = []
    for index, (at, pass_data) in enumerate(raw):
        passes += _read_pass(pass_data, at, path, log, round_id, directions, last=index == len(raw) - 1)
    return Round(round_id, name, bool(compulsory), tuple(passes), f.location)


def _read_pass(data, where: Location, path: str, log: ErrorLog, round_id: str, directions: tuple,
               last: bool) -> list[Pass]:
    f = Fields(data, path, log, where, {"direction", "tiles", "rule", "blind"})
    direction = _direction(f, directions)
    tiles = read_count(f, "tiles", 1)
    pass_id = f"{round_id}-{direction}"
    about = f"the {round_id} Charleston's pass of {tiles} tiles to the {direction}"
    result = [Pass(pass_id, "pass", round_id, direction, tiles, tiles,
                   _rule(f, pass_id, about, {"count"}), f.location)]
    if "blind" in f.data:
        if not last:
            log.add(f.at("blind"), "a blind pass is allowed only on the last pass of a round; move `blind:` there")
        result.append(_read_blind(f, pass_id, direction, tiles, round_id))
    return result


def _read_blind(parent: Fields, pass_id: str, direction: str, tiles: int, round_id: str) -> Pass:
    f = Fields(parent.data["blind"], parent.path, parent.log, parent.at("blind"), {"min", "max", "rule"})
    low, high = read_count(f, "min", 1), read_count(f, "max", 1)
    if not low <= high <= tiles:
        f.log.add(f.at("max"), f"a blind pass takes min..max tiles with 1 <= min <= max <= {tiles}; got {low}..{high}")
    blind_id = f"{pass_id}-blind"
    about = f"the blind pass on {pass_id} ({low}-{high} received tiles passed on unseen)"
    return Pass(blind_id, "blind", round_id, direction, low, high, _rule(f, blind_id, about, {"min", "max"}),
                f.location)


def _read_courtesy(top: Fields, directions: tuple, largest: int) -> Pass:
    f = Fields(top.get("courtesy", dict, {}), top.path, top.log, top.at("courtesy"),
               {"direction", "min", "max", "exchange", "rule", "source"})
    read_sources(f)
    expect(f, "exchange", "smaller")
    low, high = read_count(f, "min", 0), read_count(f, "max", 0)
    if not 0 <= low <= high <= largest:
        f.log.add(f.at("max"), f"courtesy tiles must satisfy 0 <= min <= max <= {largest} "
                  f"(the tiles of a pass); got {low}..{high}")
    direction = _direction(f, directions)
    about = f"the courtesy pass {direction} ({low}-{high} tiles, the smaller count exchanged)"
    return Pass("courtesy", "courtesy", None, direction, low, high, _rule(f, "courtesy", about, {"min", "max"}),
                f.location)


def _direction(f: Fields, directions: tuple) -> str:
    direction = f.get("direction", str)
    if direction is not None and direction not in directions:
        f.log.add(f.at("direction"), f"unknown direction '{direction}'; expected one of: {', '.join(directions)}")
    return direction or "?"


def _rule(f: Fields, pass_id: str, about: str, allowed: set[str]) -> Text:
    text = f.get("rule", str) or ""
    for name in PLACEHOLDER.findall(text):
        if name not in allowed:
            f.log.add(f.at("rule"), f"unknown placeholder %({name})s; use "
                      + " or ".join(f"%({a})s" for a in sorted(allowed)))
    comment = (f"The rule 'jokers are never passed', stated for {about}. Name the joker, this pass "
               "(its direction, or the blind or courtesy pass) and the prohibition in one full sentence.")
    return Text(f"rule:no-joker:{pass_id}", text, comment, f.at("rule"))
