"""The view format: a small JSON description of a grid position.

A family draws a position as ``merge(base_view(instance), state_view(instance,
state))``: the base holds what never moves, the state view what does. Every key
is optional except ``rows`` and ``cols``::

    rows, cols       grid size
    cells            list of ``rows`` strings, one character per cell; the
                     characters and their fills are ``styles.CELLS``
                     (' ' no cell, '.' floor, '#' wall, 'o' hole, 'g' goal,
                     's' start, 'l' / 'd' light / dark square)
    offsets          [x, ...] one number per row: row r is drawn ``offsets[r]``
                     cells to the right, with everything on it (cells, pieces and
                     fixtures starting in it, marks, path points, the cells clicked);
                     a triangle's rows, each half a cell in from the row below. A
                     row's cells stay within ``cols`` once offset
    pieces           [{id, r, c, h=1, w=1, kind, label, color}]: a piece covering
                     h x w cells from (r, c); ``kind`` is a key of
                     ``styles.PIECES`` (its shape and colours), ``color`` (a CSS
                     colour) replaces the kind's fill, ``label`` is drawn on
                     blocks; ``id`` lets the web page slide a piece that moved
    fixtures         [{r, c, h=1, w=1, kind, color}]: parts of the board that
                     never move (a tower's rods and base), drawn like pieces of
                     their kind under the pieces, never selected nor highlighted;
                     they belong in the base view
    path             [[r, c], ...] a polyline through cell centres
    path_len         draw only the first ``path_len`` points of ``path``
    numbers          true: number the drawn points of ``path`` 1, 2, ... (a tour)
    closed           true: a complete ``path`` also joins its last point to its first
    marks            [{r, c, text}] small texts in cells
    exit             {r, side: "right"} an exit arrow on the right edge (Rush Hour)
    coords           {files: [...], ranks: [...]}: the columns' and rows' names,
                     drawn on the board's edges; a cell is files[c] + ranks[r] ("c3")
    notation         "labels": the family's move labels are already what people
                     write (peg jumps "a3-a1"); else the page writes the piece and
                     its direction ("7 ←", "A →2") or the square a piece without a
                     label reaches (static/js/notation.js)

The geometry (cell size, margin) is :data:`CELL` and :data:`MARGIN` (also ``styles.CELL``
and ``styles.MARGIN``).
"""

from __future__ import annotations

from typing import Any

from searchlab.errors import InputError

CELL = 40
"""Pixels per cell in a drawing at natural size."""
MARGIN = 6
"""Pixels around the grid."""

View = dict[str, Any]
"""A view (see the module docstring): JSON-ready, sent as is to the browser."""


def merge(base: View, frame: View) -> View:
    """The full view of one position: the static ``base`` updated with ``frame``."""
    return {**base, **frame}


def size(view: View, cell: float = CELL) -> tuple[float, float]:
    """The drawing's width and height for ``cell``-pixel cells (the exit arrow adds
    half a cell on the right)."""
    extra = cell // 2 if view.get("exit") else 0
    return 2 * MARGIN + view["cols"] * cell + extra, 2 * MARGIN + view["rows"] * cell


def within(view: View, max_cells: int, message: str) -> View:
    """``view`` when its grid has at most ``max_cells`` cells, else an InputError with
    ``message`` (a template, already in the user's language) filled with ``rows``,
    ``cols`` and ``max_cells``: the one size check of every surface that draws a board
    (a picture, a replay page, the search being watched), cheap enough to run before
    any search."""
    rows, cols = view["rows"], view["cols"]
    if rows * cols > max_cells:
        raise InputError(message.format(rows=rows, cols=cols, max_cells=max_cells))
    return view
