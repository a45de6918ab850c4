"""Stage 1: content/facts/*.yaml -> validated `Facts`.

Loading collects every problem of every file, each with file:line and what to do, and
aborts once at the end.
"""
from __future__ import annotations

from pathlib import Path

from .errors import ErrorLog, LessonError, Location, relative
from .facts import (PLACEHOLDER, Charleston, Facts, JokerGroup, Jokers, Pass, Round, Text, TileGroup,
                    TileSet)
from .yamlio import Fields, load_yaml

CATEGORIES = ("suit", "honor", "flower", "joker")


def load_facts(facts_dir: Path) -> Facts:
    """Load and validate all fact files; raise Aborted listing every problem found."""
    log = ErrorLog()
    readers = {"tiles.yaml": read_tiles, "charleston.yaml": read_charleston, "jokers.yaml": read_jokers}
    loaded = {}
    for name, reader in readers.items():
        path = facts_dir / name
        try:
            data = load_yaml(path)
        except LessonError as exc:
            log.extend(exc)
            continue
        loaded[name] = reader(data, relative(path), log)
    log.raise_if_any()
    return Facts(loaded["tiles.yaml"], loaded["charleston.yaml"], loaded["jokers.yaml"])


def read_sources(fields: Fields, key: str = "source") -> None:
    """Each fact names where it comes from: a non-empty list of URLs."""
    urls = fields.get(key, list)
    if urls is not None and (not urls or not all(isinstance(u, str) and u.startswith("http") for u in urls)):
        fields.log.add(fields.at(key), f"'{key}' must list at least one http(s) URL the fact comes from")


def read_count(fields: Fields, key: str, low: int) -> int:
    """A required whole number of at least `low`."""
    value = fields.get(key, int)
    if value is not None and value < low:
        fields.log.add(fields.at(key), f"'{key}' must be at least {low}, not {value}")
        return low
    return value if value is not None else low


# --- tiles.yaml -------------------------------------------------------------------------------

def read_tiles(data, path: str, log: ErrorLog) -> TileSet:
    top = Fields(data, path, log, Location(path, 1), {"total", "source", "groups"})
    read_sources(top)
    errors_before = len(log.errors)
    groups = tuple(_tile_group(item, where, path, log) for where, item in top.items("groups"))
    total = read_count(top, "total", 1)
    summed = sum(g.count for g in groups)
    if groups and summed != total and len(log.errors) == errors_before:
        parts = " + ".join(f"{g.id} {g.count}" for g in groups)
        log.add(top.at("total"), f"the stated total {total} does not match the groups: {parts} = {summed}; "
                "correct `total:` or the groups' faces and copies")
    _reject_duplicate_ids(groups, "tile group", log)
    return TileSet(groups, total, top.location)


def _tile_group(item, where: Location, path: str, log: ErrorLog) -> TileGroup:
    f = Fields(item, path, log, where, {"id", "name", "category", "faces", "copies", "nicknames"})
    group_id, name = f.get("id", str) or "?", f.get("name", str) or "?"
    category = f.get("category", str)
    if category is not None and category not in CATEGORIES:
        log.add(f.at("category"), f"unknown category '{category}'; expected one of: {', '.join(CATEGORIES)}")
    faces = tuple(f.get("faces", list) or ())
    nicknames = f.get("nicknames", dict, {})
    for face in nicknames:
        if face not in faces:
            log.add(f.at("nicknames"), f"nickname for unknown face '{face}'; faces are: {', '.join(map(str, faces))}")
    text = Text(f"tile-group:{group_id}", name, f"Name of a group of American mahjong tiles ({group_id}), "
                "as used in a list or a table heading.", f.at("name"))
    return TileGroup(group_id, text, category or "?", faces, read_count(f, "copies", 1),
                     tuple(sorted(nicknames.items())), f.location)


# --- jokers.yaml ------------------------------------------------------------------------------

def read_jokers(data, path: str, log: ErrorLog) -> Jokers:
    top = Fields(data, path, log, Location(path, 1), {"source", "min_group", "groups", "never"})
    read_sources(top)
    min_group = read_count(top, "min_group", 2)
    groups = []
    for where, item in top.items("groups"):
        f = Fields(item, path, log, where, {"id", "name", "size"})
        size = read_count(f, "size", 1)
        if size < min_group:
            log.add(f.at("size"), f"a joker group has at least min_group = {min_group} identical tiles, not {size}")
        group_id = f.get("id", str) or "?"
        name = Text(f"joker-group:{group_id}", f.get("name", str) or "?", f"Name of a group of {size} identical "
                    "tiles that a joker may help complete (American mahjong term).", f.at("name"))
        groups.append(JokerGroup(group_id, name, size, f.location))
    never = tuple(str(item) for _, item in top.items("never"))
    _reject_duplicate_ids(groups, "joker group", log)
    return Jokers(min_group, tuple(groups), never, top.location)


def _reject_duplicate_ids(items, what: str, log: ErrorLog) -> None:
    seen: set[str] = set()
    for item in items:
        if item.id in seen:
            log.add(item.location, f"duplicate {what} id '{item.id}'; give each one its own id")
        seen.add(item.id)


# --- charleston.yaml --------------------------------------------------------------------------

CHARLESTON_KEYS = {"players", "directions", "deal", "timing", "jokers_passed", "jokers_source", "rounds",
                   "courtesy"}


def read_charleston(data, path: str, log: ErrorLog) -> Charleston:
    top = Fields(data, path, log, Location(path, 1), CHARLESTON_KEYS)
    directions = tuple(str(d) for _, d in top.items("directions"))
    _expect(top, "timing", "after-deal-before-first-discard")
    _expect(top, "jokers_passed", "never")
    read_sources(top, "jokers_source")
    east, others = _read_deal(top)
    rounds = tuple(_read_round(item, where, path, log, directions) for where, item in top.items("rounds"))
    largest = max((r.tiles_per_pass for r in rounds if r.passes), default=0)
    courtesy = _read_courtesy(top, directions, largest)
    _reject_duplicate_ids([p for r in rounds for p in r.passes] + [courtesy], "pass", log)
    texts = tuple(Text("direction", d, f"A direction of passing in the Charleston, seen from the passing "
                       f"player's seat: '{d}'. Used in lists such as the lesson's summary.", top.at("directions"))
                  for d in directions)
    return Charleston(read_count(top, "players", 2), texts, east, others, rounds, courtesy, top.location)


def _expect(fields: Fields, key: str, value: str) -> None:
    found = fields.get(key, str)
    if found is not None and found != value:
        fields.log.add(fields.at(key), f"'{key}' must be '{value}' (the only rule the site knows), not '{found}'")


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
        _expect(f, "stop", "any-player-before-first-pass")
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
    _expect(f, "exchange", "smaller")
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
