"""Stage 1, continued: the reference facts, variants.yaml and glossary.yaml.

The variants table is checked against itself (each composition adds up) and against tiles.yaml
(the American row). A glossary definition quotes facts only through `values`, paths into the loaded
facts such as `jokers.groups.pung.size`, resolved and checked once every file is loaded.
"""
from __future__ import annotations

from dataclasses import replace

from .errors import ErrorLog, Location
from .facts import PLACEHOLDER, Concept, Facts, Glossary, Numbers, Text, Variant
from .yamlio import Fields, read_count, read_sources

COMPOSITION = ("suits", "winds", "dragons", "flowers", "jokers")
EXCHANGES = {"charleston": "Charleston", "exchange-three": "exchange of three tiles", "none": "none"}
VARIANT_KEYS = {"id", "name", "page", "tiles", "composition", "hand", "drawn", "flowers_are_bonus", "exchange",
                "details", "source"}


# --- variants.yaml ----------------------------------------------------------------------------

def read_variants(data, path: str, log: ErrorLog) -> tuple[Variant, ...]:
    top = Fields(data, path, log, Location(path, 1), {"variants"})
    variants = tuple(_variant(item, where, path, log) for where, item in top.items("variants"))
    seen: set[str] = set()
    for variant in variants:
        if variant.id in seen:
            log.add(variant.location, f"duplicate variant id '{variant.id}'; give each one its own id")
        seen.add(variant.id)
    return variants


def _variant(item, where: Location, path: str, log: ErrorLog) -> Variant:
    f = Fields(item, path, log, where, VARIANT_KEYS)
    read_sources(f)
    variant_id = f.get("id", str) or "?"
    name = Text(f"variant:{variant_id}", f.get("name", str) or "?", "Name of a mahjong variant, as used in the "
                "comparison table, the home page's variant chooser and the variant's own page.", f.at("name"))
    tiles = read_count(f, "tiles", 1)
    composition = _numbers(f, "composition", required=COMPOSITION)
    if composition and sum(composition.values()) != tiles:
        parts = " + ".join(f"{k} {v}" for k, v in composition.items())
        log.add(f.at("tiles"), f"the stated {tiles} tiles do not match the composition: {parts} = "
                f"{sum(composition.values())}; correct `tiles:` or `composition:`")
    exchange = f.get("exchange", str) or "none"
    if exchange not in EXCHANGES:
        log.add(f.at("exchange"), f"unknown exchange '{exchange}'; expected one of: {', '.join(EXCHANGES)}")
    exchange_text = Text(f"exchange:{exchange}", EXCHANGES.get(exchange, "?"), "What the players exchange "
                         "before play in a variant (a cell of the comparison table).", f.at("exchange"))
    return Variant(variant_id, name, f.get("page", str) or "", tiles, composition, read_count(f, "hand", 1),
                   read_count(f, "drawn", 1), bool(f.get("flowers_are_bonus", bool)), exchange_text,
                   _numbers(f, "details"), f.location, f.at("drawn"))


def _numbers(f: Fields, key: str, required: tuple[str, ...] = ()) -> Numbers:
    """A mapping of names to whole numbers (0 or more); `required` names must all be there."""
    raw = f.get(key, dict, ... if required else {}) or {}
    numbers = Numbers()
    for name, value in raw.items():
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            f.log.add(f.at(key), f"'{key}.{name}' must be a whole number of 0 or more, not {value!r}")
        else:
            numbers[str(name)] = value
    missing = [n for n in required if n not in raw] + [n for n in raw if required and n not in required]
    if raw and missing:
        f.log.add(f.at(key), f"`{key}` must give exactly {', '.join(required)}; check: {', '.join(map(str, missing))}")
    return numbers


def check_american_variant(facts: Facts, log: ErrorLog) -> None:
    """The American row of the variants table states what tiles.yaml states."""
    american = next((v for v in facts.variants if v.id == "american"), None)
    if american is None:
        log.add(Location("content/facts/variants.yaml", 1), "the variants table needs an `american` row")
        return
    tiles = facts.tiles
    expected = {"suits": tiles.count("suit"), "winds": tiles.group("wind").count,
                "dragons": tiles.group("dragon").count, "flowers": tiles.count("flower"),
                "jokers": tiles.count("joker")}
    for name, count in expected.items():
        if american.composition.get(name, count) != count:
            log.add(american.location, f"the American {name} are {american.composition[name]} here but {count} "
                    "in tiles.yaml; tiles.yaml is the American set, correct variants.yaml")
    extra = facts.charleston.deal_east - facts.charleston.deal_others
    if american.drawn != extra:
        log.add(american.drawn_location, f"`drawn: {american.drawn}` but East is dealt {extra} more than the "
                "others in charleston.yaml; correct `drawn:`")


# --- glossary.yaml ----------------------------------------------------------------------------

CONCEPT_KEYS = {"id", "section", "term", "definition", "values", "native"}


def read_glossary(data, path: str, log: ErrorLog) -> Glossary:
    top = Fields(data, path, log, Location(path, 1), {"languages", "sections", "source", "concepts"})
    read_sources(top)
    languages = tuple(_language(item, where, path, log) for where, item in top.items("languages"))
    sections = tuple(_section(item, where, path, log) for where, item in top.items("sections"))
    known = {"languages": [lang for lang, _, _ in languages], "sections": [s for s, _ in sections]}
    concepts = tuple(_concept(item, where, path, log, known) for where, item in top.items("concepts"))
    seen: set[str] = set()
    for concept in concepts:
        if concept.id in seen:
            log.add(concept.location, f"duplicate concept id '{concept.id}': it is the entry's anchor, "
                    "give each concept its own")
        seen.add(concept.id)
    return Glossary(languages, sections, concepts, top.location)


def _language(item, where: Location, path: str, log: ErrorLog) -> tuple[str, str, Text]:
    f = Fields(item, path, log, where, {"id", "lang", "name"})
    lang_id = f.get("id", str) or "?"
    name = Text(f"glossary-language:{lang_id}", f.get("name", str) or "?", "Label before a term's name in the "
                "language of other mahjong variants, on the glossary page.", f.at("name"))
    return lang_id, f.get("lang", str) or "und", name


def _section(item, where: Location, path: str, log: ErrorLog) -> tuple[str, Text]:
    f = Fields(item, path, log, where, {"id", "name"})
    section_id = f.get("id", str) or "?"
    return section_id, Text(f"glossary-section:{section_id}", f.get("name", str) or "?",
                            "Heading of a group of entries on the glossary page.", f.at("name"))


def _concept(item, where: Location, path: str, log: ErrorLog, known: dict) -> Concept:
    f = Fields(item, path, log, where, CONCEPT_KEYS)
    concept_id, section = f.get("id", str) or "?", f.get("section", str) or "?"
    if section not in known["sections"]:
        log.add(f.at("section"), f"unknown section '{section}'; expected one of: {', '.join(known['sections'])}")
    term = Text(f"glossary:{concept_id}", f.get("term", str) or "?", "A glossary term, the heading of its "
                "entry; lesson pages link its first mention to the entry, so use the form the lessons use.",
                f.at("term"))
    definition = Text(f"glossary-definition:{concept_id}", f.get("definition", str) or "?",
                      f"The glossary's definition of '{term.msgid}', one or two sentences.", f.at("definition"))
    values = f.get("values", dict, {}) or {}
    wanted, given = set(PLACEHOLDER.findall(definition.msgid)), set(values)
    if wanted != given:
        log.add(f.at("definition"), f"the definition's placeholders {sorted(wanted)} and `values` "
                f"{sorted(given)} must name the same facts")
    return Concept(concept_id, section, term, definition, Numbers(values), _native(f, known["languages"]),
                   f.location)


def _native(f: Fields, languages: list[str]) -> tuple[tuple[str, str, str], ...]:
    native = []
    for lang, written in (f.get("native", dict, {}) or {}).items():
        if lang not in languages:
            f.log.add(f.at("native"), f"unknown language '{lang}'; expected one of: {', '.join(languages)}")
        elif not (isinstance(written, list) and 1 <= len(written) <= 2 and all(isinstance(w, str) for w in written)):
            f.log.add(f.at("native"), f"'{lang}' must be [written form, romanisation], e.g. [碰, pèng]")
        else:
            native.append((lang, written[0], written[1] if len(written) == 2 else ""))
    order = {lang: i for i, lang in enumerate(languages)}
    return tuple(sorted(native, key=lambda n: order[n[0]]))


def resolve_glossary(facts: Facts, log: ErrorLog) -> Glossary:
    """The glossary with each definition's fact paths replaced by the numbers they point at."""
    return replace(facts.glossary, concepts=tuple(
        replace(concept, values=Numbers({name: _resolved(facts, concept, name, path, log)
                                         for name, path in concept.values.items()}))
        for concept in facts.glossary.concepts))


def _resolved(facts: Facts, concept: Concept, name: str, path, log: ErrorLog) -> int:
    value = resolve(facts, str(path))
    if value is None:
        log.add(concept.definition.location, f"'{path}' (for %({name})s) is not a whole number in the facts; "
                "write a path such as jokers.groups.pung.size or charleston.deal_east")
    return value or 0


def resolve(facts: Facts, path: str) -> int | None:
    """Follow a dotted path through the facts; a step into a list picks the item with that `id`."""
    target = facts
    for step in path.split("."):
        if isinstance(target, tuple):
            target = next((item for item in target if getattr(item, "id", None) == step), None)
        elif isinstance(target, dict):
            target = target.get(step)
        else:
            target = getattr(target, step, None)
        if target is None:
            return None
    return target if isinstance(target, int) and not isinstance(target, bool) else None
