"""The facts model: frozen dataclasses for tiles, the Charleston and jokers.

Every number, direction and pass order the site states comes from these objects;
`facts_load` builds and validates them from content/facts/*.yaml.
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
class TileGroup:
    id: str
    name: Text
    category: str
    faces: tuple
    copies: int
    nicknames: tuple[tuple[str, str], ...]
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
class Jokers:
    min_group: int
    groups: tuple[JokerGroup, ...]
    never: tuple[str, ...]
    location: Location


@dataclass(frozen=True)
class Facts:
    tiles: TileSet
    charleston: Charleston
    jokers: Jokers

    def texts(self) -> list[Text]:
        """Every user-visible string the facts state, in file order."""
        texts = [g.name for g in self.tiles.groups] + list(self.charleston.directions)
        texts += [r.name for r in self.charleston.rounds] + [g.name for g in self.jokers.groups]
        return texts + [p.rule for p in self.charleston.passes]
