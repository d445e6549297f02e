"""Peg solitaire boards as views (:mod:`searchlab.view.format`) and their SVG picture.

Each hole is an ``o`` cell (``g`` when the finish asks for a peg there) named by a
mark ("d4"), each peg a ``peg`` disc. A triangle is packed: row ``r`` (0 at the apex)
holds its ``r + 1`` holes side by side in columns ``0..r``, and the view's ``offsets``
draw it half a hole right of the row below, so the rows make an equal-sided
triangle and each hole sits between the two under it, as on the wooden board. The
web page (clicks included), the replay pages, ``--svg`` and Jupyter
(``Board._repr_svg_``) draw these.
"""

from __future__ import annotations

from searchlab.view import View, merge, view_svg

from .board import Board


def cell(board: Board, hole: int) -> tuple[int, int]:
    """The grid cell of hole ``hole``: its row and column (a triangle's row ``r`` in
    columns ``0..r``, drawn offset by :func:`offsets`)."""
    return board.coords[hole]


def offsets(board: Board) -> list[float]:
    """How far right each row is drawn, in holes: a triangle's row ``r`` half a hole
    per row it is above the bottom one (centred); a square board's rows not at all."""
    if board.kind != "triangle":
        return []
    return [(board.height - 1 - r) / 2 for r in range(board.height)]


def board_view(board: Board, target: int | None = None) -> View:
    """The holes, named; those of ``target`` (a finish) drawn as goal cells."""
    cells = [cell(board, i) for i in range(board.size)]
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    grid = [[" "] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = "g" if target is not None and target >> i & 1 else "o"
    marks = [{"r": r, "c": c, "text": board.hole_name(i)} for i, (r, c) in enumerate(cells)]
    # The jump labels name holes ("a3-a1"): the page shows them as they are.
    view: View = {
        "rows": rows,
        "cols": cols,
        "cells": ["".join(row) for row in grid],
        "marks": marks,
        "notation": "labels",
    }
    shift = offsets(board)
    if shift:
        view["offsets"] = shift
    return view


def pegs_view(board: Board, position: int) -> View:
    """The pegs of ``position``."""
    pieces = []
    for i in board.pegs(position):
        r, c = cell(board, i)
        pieces.append({"id": i, "r": r, "c": c, "kind": "peg"})
    return {"pieces": pieces}


def render_svg(board: Board, position: int, target: int | None = None) -> str:
    """The position as a self-contained SVG string, drawn from its view.

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("triangle5")
    >>> render_svg(b, b.start()).count('fill="#6b3e26"')  # a disc per peg
    14
    """
    return view_svg(merge(board_view(board, target), pegs_view(board, position)))
