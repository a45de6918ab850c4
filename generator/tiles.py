"""Pictures drawn by the project's own code: one SVG per tile face, and the Charleston seating diagram.

Tile pictures hold no words of any locale (only the joker's printed word, numerals, wind letters
and the Chinese characters printed on real tiles), so one set serves every locale; captions and alt
text come from the catalogs. The seating diagram is inlined in the page with the locale's labels.
"""
from __future__ import annotations

from html import escape

from .errors import LessonError
from .facts import Face, TileSet

WIDTH, HEIGHT = 60, 80
INK = {"blue": "#1f4e9c", "green": "#1b7a3a", "red": "#c0282d", "dark": "#1d2433"}
CJK_FONT = "'Noto Serif CJK SC','Noto Serif CJK JP','Source Han Serif',serif"
NUMERALS = "一二三四五六七八九"
WIND_GLYPHS = {"east": ("東", "E"), "south": ("南", "S"), "west": ("西", "W"), "north": ("北", "N")}
DRAGON_GLYPHS = {"red": ("中", INK["red"]), "green": ("發", INK["green"])}

# Where the dots or bamboo sticks of each number sit, as (x, y) in the tile's 60 x 80 box.
_COLUMNS = {1: (30,), 2: (21, 39), 3: (16, 30, 44)}
_ROWS = {1: (41,), 2: (29, 53), 3: (22, 41, 60), 4: (19, 33, 47, 61)}


def _grid(columns: int, rows: int) -> list[tuple[int, int]]:
    return [(x, y) for y in _ROWS[rows] for x in _COLUMNS[columns]]


PIPS = {
    1: [(30, 41)], 2: _grid(1, 2), 3: [(17, 22), (30, 41), (43, 60)], 4: _grid(2, 2),
    5: _grid(2, 2) + [(30, 41)], 6: _grid(2, 3), 7: [(17, 17), (30, 27), (43, 37)] + [
        (21, 50), (39, 50), (21, 64), (39, 64)], 8: _grid(2, 4), 9: _grid(3, 3),
}


def tile_pictures(tiles: TileSet) -> dict[str, str]:
    """SVG text of every face, keyed by file name `<tile-id>.svg`."""
    return {f"{face.id}.svg": tile_svg(face, tiles) for face in tiles.faces}


def tile_svg(face: Face, tiles: TileSet) -> str:
    drawers = {"crak": _crak, "bam": _bam, "dot": _dot, "wind": _wind, "dragon": _dragon,
               "flower": _flower, "joker": _joker}
    drawer = drawers.get(face.group)
    try:
        body = drawer(face.value) if drawer else None
    except KeyError:
        body = None
    if body is None:
        raise LessonError(tiles.group(face.group).location, f"no picture for the tile '{face.id}': generator/tiles.py "
                          f"draws {', '.join(drawers)} with the faces of the American set; add a drawing there")
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {WIDTH} {HEIGHT}" width="{WIDTH}" '
            f'height="{HEIGHT}">\n{_blank()}\n{body}\n</svg>\n')


def _blank() -> str:
    return ('<rect x="1.5" y="1.5" width="57" height="77" rx="6" fill="#fbf8ef" stroke="#b9b29f" stroke-width="2"/>'
            '\n<rect x="4" y="4" width="52" height="72" rx="4" fill="none" stroke="#e6e0cf" stroke-width="1"/>')


def _text(x: float, y: float, glyph: str, size: int, color: str, font: str = CJK_FONT, weight: str = "normal") -> str:
    return (f'<text x="{x}" y="{y}" font-family="{escape(font, quote=False)}" font-size="{size}" '
            f'font-weight="{weight}" fill="{color}" text-anchor="middle">{escape(glyph)}</text>')


def _index(mark: str, color: str = INK["dark"]) -> str:
    """The small corner index American sets print on numbered and wind tiles."""
    return _text(10, 14, mark, 10, color, "Arial,Helvetica,sans-serif", "bold")


def _crak(value: int) -> str:
    return "\n".join((_index(str(value), INK["blue"]), _text(32, 34, NUMERALS[value - 1], 22, INK["dark"]),
                      _text(30, 66, "萬", 26, INK["red"])))


def _dot(value: int) -> str:
    radius = 15 if value == 1 else 8 if value <= 4 else 7 if value <= 6 else 6
    colors = (INK["blue"], INK["green"], INK["red"])
    parts = [_index(str(value), INK["blue"])]
    for i, (x, y) in enumerate(PIPS[value]):
        color = colors[i % 3] if value > 1 else INK["red"]
        parts.append(f'<circle cx="{x}" cy="{y}" r="{radius}" fill="{color}"/>'
                     f'<circle cx="{x}" cy="{y}" r="{radius * 0.55:.1f}" fill="#fbf8ef"/>'
                     f'<circle cx="{x}" cy="{y}" r="{radius * 0.3:.1f}" fill="{color}"/>')
    return "\n".join(parts)


def _bam(value: int) -> str:
    if value == 1:
        return "\n".join((_index("1", INK["green"]), _bird()))
    parts = [_index(str(value), INK["green"])]
    height = 22 if value <= 5 else 12 if value == 8 else 15
    for i, (x, y) in enumerate(PIPS[value]):
        color = INK["red"] if (value in (5, 9) and x == 30) or (value == 7 and i == 0) else INK["green"]
        parts.append(f'<rect x="{x - 3.5}" y="{y - height / 2}" width="7" height="{height}" rx="3" fill="{color}"/>'
                     f'<line x1="{x - 3.5}" y1="{y}" x2="{x + 3.5}" y2="{y}" stroke="#fbf8ef" stroke-width="1.2"/>')
    return "\n".join(parts)


def _bird() -> str:
    green, red = INK["green"], INK["red"]
    return (f'<path d="M14 58 L26 46 L18 40 Z" fill="{green}"/>'
            f'<ellipse cx="32" cy="44" rx="12" ry="9" fill="{green}"/>'
            f'<circle cx="43" cy="32" r="6" fill="{green}"/><circle cx="45" cy="31" r="1.5" fill="#fbf8ef"/>'
            f'<path d="M48 32 L54 34 L48 35 Z" fill="{red}"/>'
            f'<path d="M26 44 Q32 36 40 44" fill="none" stroke="{red}" stroke-width="2"/>'
            f'<line x1="30" y1="53" x2="28" y2="66" stroke="{INK["dark"]}" stroke-width="1.5"/>'
            f'<line x1="35" y1="53" x2="37" y2="66" stroke="{INK["dark"]}" stroke-width="1.5"/>')


def _wind(value: str) -> str:
    glyph, letter = WIND_GLYPHS[value]
    return "\n".join((_index(letter), _text(30, 58, glyph, 34, INK["dark"])))


def _dragon(value: str) -> str:
    if value == "white":  # the soap: a blank face with a blue frame
        return ('<rect x="12" y="14" width="36" height="52" rx="2" fill="none" stroke="#2b5fb4" stroke-width="3"/>'
                '<rect x="17" y="19" width="26" height="42" rx="1" fill="none" stroke="#2b5fb4" stroke-width="1.2"/>')
    glyph, color = DRAGON_GLYPHS[value]
    return _text(30, 54, glyph, 34, color)


def _flower(value: str) -> str:
    if value != "flower":
        raise KeyError(value)
    petals = "".join(f'<ellipse cx="30" cy="26" rx="6" ry="10" fill="#d9467a" transform="rotate({a} 30 36)"/>'
                     for a in range(0, 360, 72))
    return (f'<path d="M30 46 Q28 58 30 70" fill="none" stroke="{INK["green"]}" stroke-width="2.5"/>'
            f'<ellipse cx="23" cy="60" rx="6" ry="3" fill="{INK["green"]}" transform="rotate(-30 23 60)"/>'
            f'{petals}<circle cx="30" cy="36" r="5" fill="#f2b705"/>')


def _joker(value: str) -> str:
    if value != "joker":
        raise KeyError(value)
    star = "M30 16 L34 27 L46 27 L36 34 L40 46 L30 39 L20 46 L24 34 L14 27 L26 27 Z"
    return (f'<path d="{star}" fill="#f2b705" stroke="{INK["red"]}" stroke-width="1"/>'
            + _text(30, 64, "JOKER", 12, INK["red"], "Arial,Helvetica,sans-serif", "bold"))


def seating_svg(key: str, you: str, seats: dict[str, str], order: list[tuple[str, str]], label: str) -> str:
    """The table seen from the reader's seat: `seats` maps right/across/left to their labels, `order`
    lists (direction, pass label) in the order passes go. Labels are inserted as text, escaped;
    `key` keeps the arrow's id unique when a page shows several diagrams."""
    places = {"you": (160, 262), "right": (292, 150), "across": (160, 38), "left": (28, 150)}
    anchors = {"right": (262, 150), "across": (160, 72), "left": (58, 150)}
    lines = [f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 300" class="seating" role="img" '
             f'aria-label="{escape(label)}">',
             '<rect x="80" y="70" width="160" height="160" rx="10" fill="#e8f1ea" stroke="#1b7a3a" stroke-width="2"/>',
             f'<defs><marker id="arrow-{key}" viewBox="0 0 10 10" refX="9" refY="5" markerWidth="7" markerHeight="7" '
             'orient="auto-start-reverse"><path d="M0 0 L10 5 L0 10 Z" fill="#c0282d"/></marker></defs>']
    for seat, (x, y) in places.items():
        text = you if seat == "you" else seats[seat]
        lines.append(f'<text x="{x}" y="{y}" text-anchor="middle" font-size="16" font-weight="bold" '
                     f'fill="#1d2433">{escape(text)}</text>')
    for number, (direction, pass_label) in enumerate(order, start=1):
        x, y = anchors[direction]
        lines.append(f'<line x1="160" y1="232" x2="{x}" y2="{y + (16 if direction == "across" else 0)}" '
                     f'stroke="#c0282d" stroke-width="2.5" marker-end="url(#arrow-{key})"/>')
        mid_x, mid_y = (160 + x) / 2, (232 + y) / 2
        lines.append(f'<text x="{mid_x:.0f}" y="{mid_y:.0f}" text-anchor="middle" font-size="13" '
                     f'fill="#c0282d" dy="-6">{escape(pass_label)}</text>')
    lines.append("</svg>")
    return "\n".join(lines)
