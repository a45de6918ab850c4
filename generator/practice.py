"""The practice page's data: facts.json, written next to the page's JavaScript in every locale.

It carries only rules that content/facts states (seats, deal, directions, passes, courtesy limits,
the tile set, the practice lines); the page's words come from the catalogs, embedded in the page.
"""
from __future__ import annotations

import json

from .facts import Facts


def practice_facts(facts: Facts) -> dict:
    charleston, jokers = facts.charleston, facts.jokers
    return {
        "seats": [face.value for face in facts.tiles.group("wind").faces],
        "deal": {"east": charleston.deal_east, "others": charleston.deal_others},
        "directions": [d.msgid for d in charleston.directions],
        "rounds": [{"id": r.id, "compulsory": r.compulsory} for r in charleston.rounds],
        "passes": [{"id": p.id, "kind": p.kind, "round": p.round, "direction": p.direction, "min": p.min,
                    "max": p.max} for p in charleston.passes],
        "tiles": [{"id": face.id, "copies": facts.tiles.group(face.group).copies} for face in facts.tiles.faces],
        "minJokerGroup": jokers.min_group,
        "lines": [{"id": line.id, "groups": [{"kind": kind, "tile": tile, "size": jokers.sizes[kind]}
                                              for kind, tile in line.groups]} for line in facts.practice],
    }


def practice_facts_json(facts: Facts) -> str:
    return json.dumps(practice_facts(facts), ensure_ascii=False, indent=1, sort_keys=True) + "\n"


def json_for_script(value) -> str:
    """JSON safe to embed in a <script type="application/json"> element: no `<`, `>` or `&` survive."""
    text = json.dumps(value, ensure_ascii=False, sort_keys=True)
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")
