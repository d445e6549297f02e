"""The one table of how views look: cell fills, piece kinds, the geometry.

Python's SVG writer (:mod:`searchlab.view.svg`) and the browser's renderer
(``web/static/js/render.js``, which imports this table as the module
``searchlab/styles.js`` served from :func:`styles_module`) both read it, so a new
piece kind or cell character is one entry here.

A piece kind has a *shape*:

``block``
    a rectangle over the piece's cells, ``inset`` cells in from their edges, its
    corners rounded by ``round`` cells (half its height at most: a pill), its
    ``label`` written in ``ink``, 0.45 of its shorter side high (tiles, cars, a
    tower's disks);
``rod``
    a bar along the piece's longer side, ``inset`` cells in from its two long edges,
    with rounded ends (a tower's rods and its base);
``disc``
    a disc of a third of a cell (pegs, a maze walker);
``glyph``
    a disc of ``fill`` outlined in ``ink`` carrying the character ``glyph`` (the
    knight).

Fixtures (a view's ``fixtures``: parts of the board that never move, like rods) are
drawn with the same kinds, under the pieces.

A piece's own ``color`` (a key of the view format) replaces its kind's fill.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass

from searchlab.view.format import CELL as CELL
from searchlab.view.format import MARGIN as MARGIN

CELLS: dict[str, str] = {
    ".": "#f4f1ea",  # floor
    "#": "#3d3d3d",  # wall
    "o": "#e8dcc4",  # hole (a dot is drawn on it)
    "g": "#cfe8c9",  # goal
    "s": "#dbe8fb",  # start
    "l": "#f0d9b5",  # light square
    "d": "#b58863",  # dark square
    # a maze's weighted cells (costs 2-9): mud, darker as it costs more
    "2": "#efe0c2",
    "3": "#e6cfa3",
    "4": "#dcbd86",
    "5": "#d1aa6b",
    "6": "#c49653",
    "7": "#b6823f",
    "8": "#a56f2f",
    "9": "#935e22",
}
"""Cell character -> fill; any other character but ' ' (no cell) is drawn as floor."""


@dataclass(frozen=True, slots=True)
class Palette:
    """The colours that are not a cell or a piece."""

    grid: str = "#c9c2b4"
    hole_dot: str = "#8a7a60"
    path: str = "#1d70b8"
    exit: str = "#d62828"
    number: str = "#222"
    first_number: str = "#2e7d32"
    mark: str = "#333"


PALETTE = Palette()


@dataclass(frozen=True, slots=True)
class PieceStyle:
    """How one kind of piece is drawn (see the module docstring)."""

    shape: str
    fill: str
    ink: str = "#fff"
    glyph: str = ""
    inset: float = 0.06
    round: float = 0.12


PIECES: dict[str, PieceStyle] = {
    "tile": PieceStyle("block", "#f2c14e", ink="#222"),
    "car": PieceStyle("block", "#4d9de0"),
    "red": PieceStyle("block", "#d62828"),
    "peg": PieceStyle("disc", "#6b3e26"),
    "walker": PieceStyle("disc", "#1d70b8"),
    "knight": PieceStyle("glyph", "#fffc", ink="#111", glyph="\u265e"),
    "disk": PieceStyle("block", "#4d9de0", ink="#fff", inset=0.1, round=1.0),
    "rod": PieceStyle("rod", "#8b5a2b", inset=0.38),
    "base": PieceStyle("block", "#8b5a2b", inset=0.05, round=0.2),
}
"""Piece kind -> its style; a kind not listed is drawn as a ``tile``."""

SHAPES = ("block", "rod", "disc", "glyph")


def piece_style(kind: str | None) -> PieceStyle:
    """The style of ``kind`` (a ``tile`` for an unknown or missing kind)."""
    return PIECES.get(kind or "tile", PIECES["tile"])


def styles_table() -> dict[str, object]:
    """The whole table, JSON-ready (what the browser reads)."""
    return {
        "cell": CELL,
        "margin": MARGIN,
        "cells": CELLS,
        "palette": asdict(PALETTE),
        "pieces": {kind: asdict(style) for kind, style in PIECES.items()},
    }


def styles_module() -> str:
    """The table as a JavaScript module, ``export const STYLES = {...};``: the web server
    serves it as ``searchlab/styles.js`` and the offline replay pages inline it."""
    import json  # here: only the web page and the replay pages ask for it

    return f"export const STYLES = {json.dumps(styles_table(), ensure_ascii=False)};\n"
