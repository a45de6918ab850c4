"""Stage 1: content/facts/*.yaml -> validated `Facts`.

Loading collects every problem of every file, each with file:line and what to do, and
aborts once at the end.
"""
from __future__ import annotations

from dataclasses import replace
from pathlib import Path

from .errors import ErrorLog, LessonError, Location, relative
from .facts_charleston import read_charleston
from .facts_reference import check_american_variant, read_glossary, read_variants, resolve_glossary
from .facts import (PLACEHOLDER, Face, Facts, JokerExample, JokerGroup, Jokers, PracticeLine, Text, TileGroup,
                    TileSet)
from .yamlio import Fields, expect, load_yaml, read_count, read_sources, reject_duplicate_ids

CATEGORIES = ("suit", "honor", "flower", "joker")


def load_facts(facts_dir: Path) -> Facts:
    """Load and validate all fact files; raise Aborted listing every problem found."""
    log = ErrorLog()
    readers = {"tiles.yaml": read_tiles, "charleston.yaml": read_charleston, "jokers.yaml": read_jokers,
               "variants.yaml": read_variants, "glossary.yaml": read_glossary, "practice.yaml": read_practice}
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
    facts = Facts(loaded["tiles.yaml"], loaded["charleston.yaml"], loaded["jokers.yaml"],
                  loaded["variants.yaml"], loaded["glossary.yaml"], loaded["practice.yaml"])
    check_across_files(facts, log)
    facts = replace(facts, glossary=resolve_glossary(facts, log))
    log.raise_if_any()
    return facts


def check_across_files(facts: Facts, log: ErrorLog) -> None:
    """What one file states about another: tile IDs in joker examples and practice lines, the size of a
    practice line, the American row of the variants table (the facts a glossary definition quotes are
    resolved by `resolve_glossary`)."""
    tile_ids = {face.id for face in facts.tiles.faces}
    placed = [(e.location, e.tiles) for e in facts.jokers.examples]
    placed += [(line.location, tuple(tile for _, tile in line.groups)) for line in facts.practice]
    for location, tiles in placed:
        for tile in tiles:
            if tile not in tile_ids:
                log.add(location, f"unknown tile '{tile}'; tile IDs are: {', '.join(sorted(tile_ids))}")
    sizes = facts.jokers.sizes
    for line in facts.practice:
        for kind in {kind for kind, _ in line.groups} - set(sizes):
            log.add(line.location, f"unknown kind '{kind}' in practice line '{line.id}'; expected one of: "
                    f"{', '.join(sizes)} (the groups of jokers.yaml with a size)")
        total = sum(sizes.get(kind, 0) for kind, _ in line.groups)
        if total != facts.charleston.deal_east:
            log.add(line.location, f"practice line '{line.id}' has {total} tiles; a winning hand has "
                    f"{facts.charleston.deal_east}")
    check_american_variant(facts, log)


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
    reject_duplicate_ids(groups, "tile group", log)
    return TileSet(groups, total, top.location)


def _tile_group(item, where: Location, path: str, log: ErrorLog) -> TileGroup:
    f = Fields(item, path, log, where, {"id", "name", "category", "faces", "copies", "nicknames", "face_name",
                                        "face_names"})
    group_id, name = f.get("id", str) or "?", f.get("name", str) or "?"
    category = f.get("category", str)
    if category is not None and category not in CATEGORIES:
        log.add(f.at("category"), f"unknown category '{category}'; expected one of: {', '.join(CATEGORIES)}")
    values = tuple(f.get("faces", list) or ())
    nicknames = f.get("nicknames", dict, {}) or {}
    for value in nicknames:
        if value not in values:
            log.add(f.at("nicknames"), f"nickname for unknown face '{value}'; faces are: {', '.join(map(str, values))}")
    faces = tuple(Face(_tile_id(group_id, value, values), group_id, value, name_,
                       _nickname(f, group_id, value, nicknames.get(value)))
                  for value, name_ in zip(values, _face_names(f, group_id, values)))
    text = Text(f"tile-group:{group_id}", name, f"Name of a group of American mahjong tiles ({group_id}), "
                "as used in a list or a table heading.", f.at("name"))
    return TileGroup(group_id, text, category or "?", faces, read_count(f, "copies", 1), f.location)


def _nickname(f: Fields, group_id: str, value, nickname) -> Text | None:
    if nickname is None:
        return None
    return Text(f"tile-nickname:{group_id}-{value}", str(nickname), f"What players call the {value} {group_id} "
                "tile (a nickname, shown in brackets after its name under its picture).", f.at("nicknames"))


def _tile_id(group_id: str, value, values: tuple) -> str:
    """"crak-3", "wind-east"; a group whose only face carries its own name is just "flower", "joker"."""
    return group_id if values == (group_id,) else f"{group_id}-{value}"


def _face_names(f: Fields, group_id: str, values: tuple) -> list[Text]:
    """One name per face: a shared pattern with %(face)s (numbered faces) or a name each."""
    if ("face_name" in f.data) == ("face_names" in f.data):
        f.log.add(f.location, "give the faces' names with either `face_name` (a pattern with %(face)s) "
                  "or `face_names` (one per face)")
        return [Text("", "?", "", f.location)] * len(values)
    if "face_name" in f.data:
        pattern = f.get("face_name", str) or "?"
        if PLACEHOLDER.findall(pattern) != ["face"]:
            f.log.add(f.at("face_name"), "`face_name` must contain %(face)s once, where the face's number goes")
        comment = f"Name of one {group_id} tile; %(face)s is its number. Used as the picture's caption and alt text."
        return [Text(f"tile-face:{group_id}", pattern, comment, f.at("face_name"))] * len(values)
    names = f.get("face_names", dict) or {}
    missing = [str(v) for v in values if v not in names] + [str(k) for k in names if k not in values]
    if missing:
        f.log.add(f.at("face_names"), f"`face_names` must name exactly the faces {list(values)}; check: "
                  + ", ".join(missing))
    return [Text(f"tile-face:{group_id}-{v}", str(names.get(v, "?")), f"Name of one American mahjong tile "
                 f"({group_id}, {v}). Used as the picture's caption and alt text.", f.at("face_names"))
            for v in values]


# --- jokers.yaml ------------------------------------------------------------------------------

JOKER_KEYS = {"source", "min_group", "groups", "never", "exposure_needs_called_tile", "exchange", "discarded",
              "jokerless_factor", "rules_source", "examples"}


def read_jokers(data, path: str, log: ErrorLog) -> Jokers:
    top = Fields(data, path, log, Location(path, 1), JOKER_KEYS)
    read_sources(top)
    read_sources(top, "rules_source")
    for key, value in (("exposure_needs_called_tile", True), ("exchange", "own-turn"), ("discarded", "dead")):
        expect(top, key, value)
    min_group = read_count(top, "min_group", 2)
    groups = tuple(_joker_group(item, where, path, log, "joker-group") for where, item in top.items("groups"))
    for group in groups:
        if group.size < min_group:
            log.add(group.location, f"a joker group has at least min_group = {min_group} identical tiles, "
                    f"not {group.size}")
    never = tuple(_joker_group(item, where, path, log, "joker-never") for where, item in top.items("never"))
    for group in never:
        if group.size >= min_group:
            log.add(group.location, f"'{group.id}' has {group.size} tiles, enough for a joker group; "
                    "`never` lists only groups a joker may not complete")
    reject_duplicate_ids(groups + never, "joker group", log)
    examples = tuple(_joker_example(item, where, path, log, groups, never) for where, item in top.items("examples"))
    return Jokers(min_group, groups, never, read_count(top, "jokerless_factor", 2), examples, top.location)


def _joker_group(item, where: Location, path: str, log: ErrorLog, kind: str) -> JokerGroup:
    f = Fields(item, path, log, where, {"id", "name", "size"})
    group_id = f.get("id", str) or "?"
    size = read_count(f, "size", 1) if kind == "joker-group" or "size" in f.data else 0
    about = ("a group of identical tiles that a joker may help complete" if kind == "joker-group"
             else "a group in which a joker may never be used")
    name = Text(f"{kind}:{group_id}", f.get("name", str) or "?", f"Name of {about} (American mahjong term; "
                "used in lists and picture captions).", f.at("name"))
    return JokerGroup(group_id, name, size, f.location)


def _joker_example(item, where: Location, path: str, log: ErrorLog, groups: tuple, never: tuple) -> JokerExample:
    f = Fields(item, path, log, where, {"tiles", "group"})
    tiles = tuple(str(t) for _, t in f.items("tiles"))
    group_id = f.get("group", str) or "?"
    known = {g.id: g for g in groups + never}
    if group_id not in known:
        log.add(f.at("group"), f"unknown group '{group_id}'; expected one of: {', '.join(known)}")
        return JokerExample(tiles, group_id, False, f.location)
    group, allowed = known[group_id], group_id in {g.id for g in groups}
    naturals = {t for t in tiles if t != "joker"}
    if group.size and len(tiles) != group.size:
        log.add(f.at("tiles"), f"a {group_id} has {group.size} tiles; this example has {len(tiles)}")
    if allowed and len(naturals) > 1:
        log.add(f.at("tiles"), f"a {group_id} is made of identical tiles; this example mixes {', '.join(sorted(naturals))}")
    if "joker" not in tiles:
        log.add(f.at("tiles"), "an example of joker use must contain at least one joker")
    return JokerExample(tiles, group_id, allowed, f.location)


# --- practice.yaml ----------------------------------------------------------------------------

def read_practice(data, path: str, log: ErrorLog) -> tuple[PracticeLine, ...]:
    top = Fields(data, path, log, Location(path, 1), {"lines"})
    lines = []
    for where, item in top.items("lines"):
        f = Fields(item, path, log, where, {"id", "name", "groups"})
        line_id = f.get("id", str) or "?"
        groups = []
        for at, group in f.items("groups"):
            g = Fields(group, path, log, at, {"kind", "tile"})
            groups.append((g.get("kind", str) or "?", g.get("tile", str) or "?"))
        name = Text(f"practice-line:{line_id}", f.get("name", str) or "?", "Name of a practice target line on the "
                    "practice page (made up for this site, not a line of the official card).", f.at("name"))
        lines.append(PracticeLine(line_id, name, tuple(groups), f.location))
    reject_duplicate_ids(lines, "practice line", log)
    return tuple(lines)
