"""Views (see :mod:`searchlab.families.contract`) drawn as self-contained SVG.

This is the Python twin of ``static/js/render.js`` (same geometry and
palette), used where no browser is involved: thumbnails in the state-graph
drawing, and SVG files written by the CLI.
"""

from __future__ import annotations

from html import escape
from typing import Any

from searchlab.families.contract import View

CELL = 40
MARGIN = 6
CELL_FILL = {
    ".": "#f4f1ea",
    "#": "#3d3d3d",
    "o": "#e8dcc4",
    "g": "#cfe8c9",
    "s": "#dbe8fb",
    "l": "#f0d9b5",
    "d": "#b58863",
}
CAR_COLOURS = (
    "#4d9de0",
    "#e1bc29",
    "#3bb273",
    "#7768ae",
    "#f49d37",
    "#15616d",
    "#9c6644",
    "#ff7f51",
    "#5c80bc",
    "#8cb369",
    "#c08497",
    "#48a9a6",
)
PIECE_FILL = {"tile": "#f2c14e", "red": "#d62828", "peg": "#6b3e26", "walker": "#1d70b8"}


def car_colour(label: str) -> str:
    """Every vehicle letter its own colour (the same formula as render.js): hues a golden
    angle apart, so letters next to each other differ most, never near the red car's red;
    the letters whose hues come close (13 or 21 apart) differ in lightness (A-M dark, N-Z
    light). Other labels take a colour of the palette."""
    k = ord(label[:1].upper() or "?") - 65
    if not 0 <= k < 26:
        return CAR_COLOURS[sum(map(ord, label)) % len(CAR_COLOURS)]
    hue = 25 + (k * 137.508) % 360 * (310 / 360)  # within 25..335: never red
    return f"hsl({round(hue)}, 55%, {38 if k < 13 else 56}%)"


def merge(base: View, frame: View) -> View:
    """The full view of one position: the static ``base`` updated with ``frame``."""
    return {**base, **frame}


def size(view: View, cell: int = CELL) -> tuple[int, int]:
    extra = cell // 2 if view.get("exit") else 0
    return 2 * MARGIN + view["cols"] * cell + extra, 2 * MARGIN + view["rows"] * cell


def view_svg(view: View, *, cell: int = CELL, standalone: bool = True) -> str:
    """The view as an ``<svg>`` element (with the XML namespace when ``standalone``)."""
    w, h = size(view, cell)
    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out = [f'<svg{ns} viewBox="0 0 {w} {h}" width="{w}" height="{h}">']
    out.extend(_body(view, cell))
    out.append("</svg>")
    return "".join(out)


def _xy(r: float, c: float, cell: int) -> tuple[float, float]:
    return MARGIN + c * cell, MARGIN + r * cell


def _body(view: View, cell: int) -> list[str]:
    out: list[str] = []
    for r, row in enumerate(view.get("cells") or []):
        for c, ch in enumerate(row):
            if ch == " ":
                continue
            x, y = _xy(r, c, cell)
            fill = CELL_FILL.get(ch, CELL_FILL["."])
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                f'stroke="#c9c2b4" stroke-width="0.5"/>'
            )
            if ch == "o":
                out.append(
                    f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.12}" '
                    f'fill="#8a7a60"/>'
                )
    ex = view.get("exit")
    if ex:
        x, y = _xy(ex["r"], view["cols"], cell)
        m = cell / 2
        out.append(
            f'<path d="M{x + 2},{y + m * 0.5} L{x + m - 2},{y + m} L{x + 2},{y + m * 1.5} Z" '
            f'fill="#d62828"/>'
        )
    path = view.get("path") or []
    n = min(view.get("path_len", len(path)), len(path))
    if n:
        pts = " ".join(
            f"{MARGIN + (c + 0.5) * cell:g},{MARGIN + (r + 0.5) * cell:g}" for r, c in path[:n]
        )
        shape = "polygon" if view.get("closed") and n == len(path) else "polyline"
        out.append(
            f'<{shape} points="{pts}" fill="none" stroke="#1d70b8" stroke-opacity="0.7" '
            f'stroke-width="{max(1.5, cell / 12):g}" stroke-linejoin="round"/>'
        )
    if view.get("numbers"):
        for i, (r, c) in enumerate(path[:n]):
            x, y = _xy(r, c, cell)
            colour, weight = ("#2e7d32", "bold") if i == 0 else ("#222", "normal")
            out.append(
                f'<text x="{x + cell / 2:g}" y="{y + cell / 2:g}" text-anchor="middle" '
                f'dominant-baseline="central" font-size="{cell * 0.36:g}" '
                f'font-family="sans-serif" fill="{colour}" font-weight="{weight}" '
                f'stroke="#fffc" stroke-width="{cell * 0.1:g}" paint-order="stroke">{i + 1}</text>'
            )
    for m in view.get("marks") or []:
        x, y = _xy(m["r"], m["c"], cell)
        out.append(
            f'<text x="{x + 3}" y="{y + cell * 0.3}" font-size="{cell * 0.26:g}" '
            f'font-family="sans-serif" fill="#333">{escape(str(m["text"]))}</text>'
        )
    for p in view.get("pieces") or []:
        out.append(_piece(p, cell))
    return out


def _piece(p: dict[str, Any], cell: int) -> str:
    kind = p.get("kind", "tile")
    x, y = _xy(p["r"], p["c"], cell)
    w, h = p.get("w", 1) * cell, p.get("h", 1) * cell
    label = escape(str(p.get("label", "")))
    cx, cy = x + w / 2, y + h / 2
    text = (
        f'<text x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
        f'font-size="{cell * 0.45:g}" font-family="sans-serif" font-weight="bold" '
        f'fill="{{fill}}">{label}</text>'
    )
    if kind in ("peg", "walker"):
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.32:g}" fill="{PIECE_FILL[kind]}"/>'
    if kind == "knight":
        return (
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.45:g}" fill="#fffc" stroke="#111" '
            f'stroke-width="{cell / 20:g}"/>'
            f'<text x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{cell * 0.7:g}" fill="#111">\u265e</text>'
        )
    fill = PIECE_FILL.get(kind) or car_colour(str(p.get("label", "")))
    inset = cell * 0.06
    rect = (
        f'<rect x="{x + inset:g}" y="{y + inset:g}" width="{w - 2 * inset:g}" '
        f'height="{h - 2 * inset:g}" rx="{cell * 0.12:g}" fill="{fill}" stroke="#00000040"/>'
    )
    colour = "#222" if kind == "tile" else "#fff"
    return rect + (text.replace("{fill}", colour) if label else "")
