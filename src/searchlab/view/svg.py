"""Views (:mod:`searchlab.view.format`) drawn as self-contained SVG text.

The same geometry and table (:mod:`searchlab.view.styles`) as the browser's
renderer, ``web/static/js/render.js``; used wherever no browser draws: ``--svg``
files, the state-graph thumbnails of ``teach``, notebook cells, and the static
first frame of an offline replay page.
"""

from __future__ import annotations

from html import escape
from typing import Any

from searchlab.view.format import View, size
from searchlab.view.styles import CELL, CELLS, MARGIN, PALETTE, piece_style


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
    out = _board(view, cell)
    path = view.get("path") or []
    n = min(view.get("path_len", len(path)), len(path))
    if n:
        pts = " ".join(
            f"{MARGIN + (c + 0.5) * cell:g},{MARGIN + (r + 0.5) * cell:g}" for r, c in path[:n]
        )
        shape = "polygon" if view.get("closed") and n == len(path) else "polyline"
        out.append(
            f'<{shape} points="{pts}" fill="none" stroke="{PALETTE.path}" stroke-opacity="0.7" '
            f'stroke-width="{max(1.5, cell / 12):g}" stroke-linejoin="round"/>'
        )
    if view.get("numbers"):
        for i, (r, c) in enumerate(path[:n]):
            x, y = _xy(r, c, cell)
            first = i == 0
            colour = PALETTE.first_number if first else PALETTE.number
            weight = "bold" if first else "normal"
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
            f'font-family="sans-serif" fill="{PALETTE.mark}">{escape(str(m["text"]))}</text>'
        )
    for p in view.get("pieces") or []:
        out.append(_piece(p, cell))
    return out


def _board(view: View, cell: int) -> list[str]:
    """The cells and the exit arrow: what the web page draws once per board."""
    out: list[str] = []
    for r, row in enumerate(view.get("cells") or []):
        for c, ch in enumerate(row):
            if ch == " ":
                continue
            x, y = _xy(r, c, cell)
            fill = CELLS.get(ch, CELLS["."])
            out.append(
                f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fill}" '
                f'stroke="{PALETTE.grid}" stroke-width="0.5"/>'
            )
            if ch == "o":
                out.append(
                    f'<circle cx="{x + cell / 2}" cy="{y + cell / 2}" r="{cell * 0.12}" '
                    f'fill="{PALETTE.hole_dot}"/>'
                )
    ex = view.get("exit")
    if ex:
        x, y = _xy(ex["r"], view["cols"], cell)
        m = cell / 2
        out.append(
            f'<path d="M{x + 2},{y + m * 0.5} L{x + m - 2},{y + m} L{x + 2},{y + m * 1.5} Z" '
            f'fill="{PALETTE.exit}"/>'
        )
    return out


def _piece(p: dict[str, Any], cell: int) -> str:
    style = piece_style(p.get("kind"))
    fill = escape(str(p.get("color") or style.fill))
    x, y = _xy(p["r"], p["c"], cell)
    w, h = p.get("w", 1) * cell, p.get("h", 1) * cell
    cx, cy = x + w / 2, y + h / 2
    if style.shape == "disc":
        return f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.32:g}" fill="{fill}"/>'
    if style.shape == "glyph":
        return (
            f'<circle cx="{cx:g}" cy="{cy:g}" r="{cell * 0.45:g}" fill="{fill}" '
            f'stroke="{style.ink}" stroke-width="{cell / 20:g}"/>'
            f'<text x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{cell * 0.7:g}" fill="{style.ink}">{style.glyph}</text>'
        )
    inset = cell * 0.06
    out = (
        f'<rect x="{x + inset:g}" y="{y + inset:g}" width="{w - 2 * inset:g}" '
        f'height="{h - 2 * inset:g}" rx="{cell * 0.12:g}" fill="{fill}" stroke="#00000040"/>'
    )
    label = escape(str(p.get("label", "")))
    if label:
        out += (
            f'<text x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{cell * 0.45:g}" font-family="sans-serif" font-weight="bold" '
            f'fill="{style.ink}">{label}</text>'
        )
    return out
