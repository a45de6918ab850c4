"""The facts model: frozen dataclasses for tiles, the Charleston, jokers, variants and the glossary.

Every number, direction and pass order the site states comes from these objects;
`facts_load` and `facts_reference` build and validate them from content/facts/*.yaml.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

from .errors import Location

PLACEHOLDER = re.compile(r"%\((\w+)\)s")


@dataclass(frozen=True)
class Text:
    """A user-visible English string stated by a fact: a gettext message with its context."""

    context: str
    msgid: str
    comment: str
    location: Location


@dataclass(frozen=True)
class Face:
    """One tile face, e.g. the 3 Crak; `id` is the tile ID pictures and the practice page use."""

    id: str
    group: str
    value: str | int
    name: Text  # may hold %(face)s, filled with `value`
    nickname: Text | None


@dataclass(frozen=True)
class TileGroup:
    id: str
    name: Text
    category: str
    faces: tuple[Face, ...]
    copies: int
    location: Location

    @property
    def count(self) -> int:
        return len(self.faces) * self.copies


@dataclass(frozen=True)
class TileSet:
    groups: tuple[TileGroup, ...]
    total: int
    location: Location

    def group(self, group_id: str) -> TileGroup:
        return next(g for g in self.groups if g.id == group_id)

    def count(self, category: str) -> int:
        return sum(g.count for g in self.groups if g.category == category)

    @property
    def faces(self) -> tuple[Face, ...]:
        return tuple(face for g in self.groups for face in g.faces)

    def face(self, tile_id: str) -> Face:
        return next(f for f in self.faces if f.id == tile_id)


@dataclass(frozen=True)
class Pass:
    """One of the passes a joker may never travel in: a round's pass, a blind pass or the courtesy pass."""

    id: str
    kind: str  # "pass", "blind" or "courtesy"
    round: str | None
    direction: str
    min: int
    max: int
    rule: Text
    location: Location

    @property
    def count(self) -> int:
        return self.max


@dataclass(frozen=True)
class Round:
    id: str
    name: Text
    compulsory: bool
    passes: tuple[Pass, ...]  # in order, each blind pass right after the pass it belongs to
    location: Location

    @property
    def directions(self) -> tuple[str, ...]:
        return tuple(p.direction for p in self.passes if p.kind == "pass")

    @property
    def tiles_per_pass(self) -> int:
        return self.passes[0].count


@dataclass(frozen=True)
class Charleston:
    players: int
    directions: tuple[Text, ...]
    deal_east: int
    deal_others: int
    rounds: tuple[Round, ...]
    courtesy: Pass
    location: Location

    @property
    def passes(self) -> tuple[Pass, ...]:
        """All passes in play order; their IDs are the contract the checker and tests rely on."""
        return tuple(p for r in self.rounds for p in r.passes) + (self.courtesy,)

    @property
    def blind_passes(self) -> tuple[Pass, ...]:
        return tuple(p for p in self.passes if p.kind == "blind")

    def direction(self, name: str) -> Text:
        return next(d for d in self.directions if d.msgid == name)


@dataclass(frozen=True)
class JokerGroup:
    id: str
    name: Text
    size: int
    location: Location


@dataclass(frozen=True)
class JokerExample:
    """A row of tiles trying to make one group: lawful if the group is a joker group."""

    tiles: tuple[str, ...]
    group: str
    allowed: bool
    location: Location


@dataclass(frozen=True)
class Jokers:
    min_group: int
    groups: tuple[JokerGroup, ...]
    never: tuple[JokerGroup, ...]  # where no joker may stand in; `size` 0 when not fixed
    jokerless_factor: int
    examples: tuple[JokerExample, ...]
    location: Location

    def group(self, group_id: str) -> JokerGroup:
        return next(g for g in self.groups + self.never if g.id == group_id)

    @property
    def sizes(self) -> dict[str, int]:
        """Tiles in each kind of group that has a fixed size (pung 3... single 1, pair 2)."""
        return {g.id: g.size for g in self.groups + self.never if g.size}


@dataclass(frozen=True)
class PracticeLine:
    """A target hand for the practice page, made up for this site: (kind, tile ID) groups."""

    id: str
    name: Text
    groups: tuple[tuple[str, str], ...]
    location: Location


class Numbers(dict):
    """Named whole numbers of a fact (a variant's details); a missing name is an AttributeError,
    so a template that asks for one fails under StrictUndefined."""

    def __getattr__(self, name: str) -> int:
        try:
            return self[name]
        except KeyError:
            raise AttributeError(name) from None

    def __hash__(self) -> int:
        return hash(tuple(sorted(self.items())))


@dataclass(frozen=True)
class Variant:
    id: str
    name: Text
    page: str
    tiles: int
    composition: Numbers  # suits, winds, dragons, flowers, jokers
    hand: int  # tiles held between turns
    drawn: int  # tiles a draw or claim adds before the discard
    flowers_are_bonus: bool
    exchange: Text  # msgctxt "exchange:<kind>"
    details: Numbers
    location: Location
    drawn_location: Location

    @property
    def jokers(self) -> int:
        return self.composition["jokers"]

    @property
    def winning_hand(self) -> int:
        return self.hand + self.drawn

    @property
    def bonus_tiles(self) -> int:
        return self.composition["flowers"] if self.flowers_are_bonus else 0


@dataclass(frozen=True)
class Concept:
    """A glossary entry: its anchor is `id`; `values` fill the definition's placeholders."""

    id: str
    section: str
    term: Text
    definition: Text
    values: Numbers  # placeholder -> number; fact paths (e.g. "jokers.min_group") until resolved
    native: tuple[tuple[str, str, str], ...]  # (language id, written form, romanisation)
    location: Location


@dataclass(frozen=True)
class Glossary:
    languages: tuple[tuple[str, str, Text], ...]  # (id, BCP 47 tag, name)
    sections: tuple[tuple[str, Text], ...]  # (id, name)
    concepts: tuple[Concept, ...]
    location: Location

    def concept(self, concept_id: str) -> Concept:
        return next(c for c in self.concepts if c.id == concept_id)


@dataclass(frozen=True)
class Facts:
    tiles: TileSet
    charleston: Charleston
    jokers: Jokers
    variants: tuple[Variant, ...]
    glossary: Glossary
    practice: tuple[PracticeLine, ...]

    def variant(self, variant_id: str) -> Variant:
        return next(v for v in self.variants if v.id == variant_id)

    def texts(self) -> list[Text]:
        """Every user-visible string the facts state, in file order."""
        texts = [g.name for g in self.tiles.groups] + [f.name for f in self.tiles.faces]
        texts += [f.nickname for f in self.tiles.faces if f.nickname]
        texts += list(self.charleston.directions) + [r.name for r in self.charleston.rounds]
        texts += [g.name for g in self.jokers.groups + self.jokers.never]
        texts += [p.rule for p in self.charleston.passes]
        texts += [v.name for v in self.variants] + [v.exchange for v in self.variants]
        texts += [name for _, _, name in self.glossary.languages] + [n for _, n in self.glossary.sections]
        texts += [t for c in self.glossary.concepts for t in (c.term, c.definition)]
        return texts + [line.name for line in self.practice]
