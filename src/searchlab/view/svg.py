"""Views (:mod:`searchlab.view.format`) drawn as self-contained SVG text.

The same geometry and table (:mod:`searchlab.view.styles`) as the browser's
renderer, ``web/static/js/render.js``; used wherever no browser draws: ``--svg``
files, the state-graph thumbnails of ``teach``, notebook cells, and the static
first frame of an offline replay page. :func:`sheet_svg` draws several views side by
side with captions (a solution, position by position).

Boards of any size: :func:`fit_cell` picks the cell size of a picture about 1000
pixels wide; below :data:`FINE` pixels a cell, cells are drawn without grid lines, a
chequered board as one pattern and runs of equal cells as one rectangle, so a
2000x2000 board's picture grows with what is drawn on it, not with its squares. A
picture's ``path`` may be an (n, 2) array (a tour of millions of squares, formatted
without making millions of small lists).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from typing import Any

from searchlab.view.format import View, size
from searchlab.view.styles import CELL, CELLS, MARGIN, PALETTE, piece_style


def escape(text: str) -> str:
    """``text`` safe inside SVG markup (:func:`html.escape`, imported on first use: a
    command that draws no picture does not load :mod:`html`, issue 34's start-up)."""
    from html import escape as html_escape

    return html_escape(text)


FINE = 8
"""Cells at least this many pixels wide are drawn one by one with their grid lines."""
PICTURE_WIDTH = 1000
"""About how wide :func:`fit_cell` makes a large board's picture, in pixels."""
CAPTION = 20
"""Pixels under each view of a :func:`sheet_svg` for its caption."""


def fit_cell(view: View, cell: float = CELL, width: float = PICTURE_WIDTH) -> float:
    """The cell size of a picture: ``cell``, or less for a board wider or taller than
    ``width`` pixels at that size (never under half a pixel)."""
    return min(cell, max(0.5, width / max(int(view["rows"]), int(view["cols"]), 1)))


def view_svg(view: View, *, cell: float = CELL, standalone: bool = True) -> str:
    """The view as an ``<svg>`` element (with the XML namespace when ``standalone``)."""
    w, h = size(view, cell)
    ns = ' xmlns="http://www.w3.org/2000/svg"' if standalone else ""
    out = [f'<svg{ns} viewBox="0 0 {w:g} {h:g}" width="{w:g}" height="{h:g}">']
    out.extend(_body(view, cell))
    out.append("</svg>")
    return "".join(out)


def sheet_svg(
    views: Sequence[View], captions: Sequence[str] = (), *, columns: int = 6, cell: float = CELL
) -> str:
    """Several views in rows of ``columns``, each with its caption underneath (a
    solution, position by position); one view alone is drawn as :func:`view_svg`."""
    if len(views) == 1 and not captions:
        return view_svg(views[0], cell=cell)
    w = max(size(v, cell)[0] for v in views)
    h = max(size(v, cell)[1] for v in views) + CAPTION
    cols = max(1, min(columns, len(views)))
    rows = (len(views) + cols - 1) // cols
    width, height = cols * w, rows * h
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}" '
        f'width="{width:g}" height="{height:g}">'
    ]
    for k, view in enumerate(views):
        x, y = (k % cols) * w, (k // cols) * h
        out.append(f'<g transform="translate({x:g},{y:g})">')
        out.extend(_body(view, cell))
        if k < len(captions):
            vw, vh = size(view, cell)
            out.append(
                f'<text x="{vw / 2:g}" y="{vh + CAPTION * 0.55:g}" text-anchor="middle" '
                f'dominant-baseline="central" font-family="sans-serif" font-size="13" '
                f'fill="{PALETTE.mark}">{escape(captions[k])}</text>'
            )
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)


Offsets = Sequence[float]
"""A view's ``offsets`` (cells each row is drawn to the right), or ``()``."""


def _xy(r: float, c: float, cell: float, off: Offsets = ()) -> tuple[float, float]:
    """The top-left corner of cell (r, c), its row offset by ``off[r]`` cells."""
    return MARGIN + (c + (off[int(r)] if off else 0)) * cell, MARGIN + r * cell


def _points(path: Any, n: int, cell: float, off: Offsets = ()) -> str:
    """The first ``n`` points of ``path`` as SVG coordinates (cell centres)."""
    if hasattr(path, "shape") and not off:  # an (n, 2) array: vector operations, by chunks
        parts = []
        for lo in range(0, n, 65536):
            chunk = (path[lo : min(n, lo + 65536)] + 0.5) * cell + MARGIN
            parts.append(" ".join(f"{x:g},{y:g}" for y, x in chunk.tolist()))
        return " ".join(parts)
    points = (_xy(r, c, cell, off) for r, c in path[:n])
    return " ".join(f"{x + cell / 2:g},{y + cell / 2:g}" for x, y in points)


def _body(view: View, cell: float) -> list[str]:
    off: Offsets = view.get("offsets") or ()
    out = _board(view, cell, off)
    out.extend(_piece(f, cell, off) for f in view.get("fixtures") or [])
    path = view.get("path")
    if path is None:
        path = []
    n = min(view.get("path_len", len(path)), len(path))
    if n:
        pts = _points(path, n, cell, off)
        shape = "polygon" if view.get("closed") and n == len(path) else "polyline"
        out.append(
            f'<{shape} points="{pts}" fill="none" stroke="{PALETTE.path}" stroke-opacity="0.7" '
            f'stroke-width="{max(1.5, cell / 12):g}" stroke-linejoin="round"/>'
        )
    if view.get("numbers") and cell >= FINE:
        for i, (r, c) in enumerate(path[:n]):
            x, y = _xy(r, c, cell, off)
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
        x, y = _xy(m["r"], m["c"], cell, off)
        out.append(
            f'<text x="{x + 3}" y="{y + cell * 0.3}" font-size="{cell * 0.26:g}" '
            f'font-family="sans-serif" fill="{PALETTE.mark}">{escape(str(m["text"]))}</text>'
        )
    for p in view.get("pieces") or []:
        out.append(_piece(p, cell, off))
    return out


def _board(view: View, cell: float, off: Offsets = ()) -> list[str]:
    """The cells and the exit arrow: what the web page draws once per board."""
    cells = view.get("cells") or []
    out = _cells(cells, cell, off) if cell >= FINE else _coarse_cells(cells, cell, off)
    ex = view.get("exit")
    if ex:
        x, y = _xy(ex["r"], view["cols"], cell, off)
        m = cell / 2
        out.append(
            f'<path d="M{x + 2:g},{y + m * 0.5:g} L{x + m - 2:g},{y + m:g} '
            f'L{x + 2:g},{y + m * 1.5:g} Z" fill="{PALETTE.exit}"/>'
        )
    return out


def _cells(cells: Sequence[str], cell: float, off: Offsets = ()) -> list[str]:
    """Every cell its own square with its grid line (and a hole its dot)."""
    out: list[str] = []
    for r, row in enumerate(cells):
        for c, ch in enumerate(row):
            if ch == " ":
                continue
            x, y = _xy(r, c, cell, off)
            fill = CELLS.get(ch, CELLS["."])
            out.append(
                f'<rect x="{x:g}" y="{y:g}" width="{cell:g}" height="{cell:g}" fill="{fill}" '
                f'stroke="{PALETTE.grid}" stroke-width="0.5"/>'
            )
            if ch == "o":
                out.append(
                    f'<circle cx="{x + cell / 2:g}" cy="{y + cell / 2:g}" r="{cell * 0.12:g}" '
                    f'fill="{PALETTE.hole_dot}"/>'
                )
    return out


def _coarse_cells(cells: Sequence[str], cell: float, off: Offsets = ()) -> list[str]:
    """Small cells, no grid lines: a chequered board (rows not offset) as one pattern
    (and the squares that break it one by one), any other board as runs of equal
    cells."""
    out: list[str] = []
    rows, cols = len(cells), max((len(row) for row in cells), default=0)
    even = odd = ""
    a, b = _chequer(cells)
    if a and b and a != b and " " not in (a, b) and not any(off):
        even, odd = (a + b) * (cols // 2 + 1), (b + a) * (cols // 2 + 1)
    breaks = [r for r, row in enumerate(cells) if not even or row != (even, odd)[r % 2][:cols]]
    if even and len(breaks) * 4 <= rows:  # chequered: the pattern, then the rows that differ
        x, y = _xy(0, 0, cell)
        a, b = CELLS.get(even[0], CELLS["."]), CELLS.get(even[1], CELLS["."])
        out.append(
            f'<defs><pattern id="chequer" x="{x:g}" y="{y:g}" width="{2 * cell:g}" '
            f'height="{2 * cell:g}" patternUnits="userSpaceOnUse">'
            f'<rect width="{2 * cell:g}" height="{2 * cell:g}" fill="{a}"/>'
            f'<rect x="{cell:g}" width="{cell:g}" height="{cell:g}" fill="{b}"/>'
            f'<rect y="{cell:g}" width="{cell:g}" height="{cell:g}" fill="{b}"/>'
            "</pattern></defs>"
            f'<rect x="{x:g}" y="{y:g}" width="{cols * cell:g}" height="{rows * cell:g}" '
            'fill="url(#chequer)"/>'
        )
        for r in breaks:
            expected = (even, odd)[r % 2]
            for c, ch in enumerate(cells[r]):
                if ch != expected[c] and ch != " ":
                    out.append(_run(r, c, 1, ch, cell))
        return out
    for r, row in enumerate(cells):
        c = 0
        while c < len(row):
            end = c
            while end < len(row) and row[end] == row[c]:
                end += 1
            if row[c] != " ":
                out.append(_run(r, c, end - c, row[c], cell, off))
            c = end
    return out


def _chequer(cells: Sequence[str]) -> tuple[str, str]:
    """The most common characters of the first two rows' cells with ``r + c`` even
    and odd (a chequered board's two colours, whatever square its start marks)."""
    counts: tuple[Counter[str], Counter[str]] = (Counter(), Counter())
    for r, row in enumerate(cells[:2]):
        for c, ch in enumerate(row[:64]):
            counts[(r + c) % 2][ch] += 1
    if not counts[0] or not counts[1]:
        return "", ""
    return counts[0].most_common(1)[0][0], counts[1].most_common(1)[0][0]


def _run(r: int, c: int, length: int, ch: str, cell: float, off: Offsets = ()) -> str:
    """``length`` cells ``ch`` from (r, c) as one rectangle."""
    x, y = _xy(r, c, cell, off)
    fill = CELLS.get(ch, CELLS["."])
    return f'<rect x="{x:g}" y="{y:g}" width="{length * cell:g}" height="{cell:g}" fill="{fill}"/>'


def _piece(p: dict[str, Any], cell: float, off: Offsets = ()) -> str:
    style = piece_style(p.get("kind"))
    fill = escape(str(p.get("color") or style.fill))
    x, y = _xy(p["r"], p["c"], cell, off)
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
    if style.shape == "rod":  # a bar along the longer side, rounded ends
        across = cell * style.inset
        dx, dy = (0.0, across) if w > h else (across, 0.0)
        bw, bh = w - 2 * dx, h - 2 * dy
        return (
            f'<rect x="{x + dx:g}" y="{y + dy:g}" width="{bw:g}" height="{bh:g}" '
            f'rx="{min(bw, bh) / 2:g}" fill="{fill}"/>'
        )
    inset = cell * style.inset
    bw, bh = w - 2 * inset, h - 2 * inset
    out = (
        f'<rect x="{x + inset:g}" y="{y + inset:g}" width="{bw:g}" height="{bh:g}" '
        f'rx="{min(cell * style.round, bw / 2, bh / 2):g}" fill="{fill}" stroke="#00000040"/>'
    )
    label = escape(str(p.get("label", "")))
    if label:
        out += (
            f'<text x="{cx:g}" y="{cy:g}" text-anchor="middle" dominant-baseline="central" '
            f'font-size="{cell * 0.45 * min(p.get("w", 1), p.get("h", 1)):g}" '
            f'font-family="sans-serif" font-weight="bold" '
            f'fill="{style.ink}">{label}</text>'
        )
    return out
