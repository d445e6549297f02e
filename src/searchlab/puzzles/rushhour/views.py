"""Rush Hour boards as views (:mod:`searchlab.view.format`), and their SVG pictures.

Every vehicle is a block of its own colour (:func:`car_colour`), the red car the
``red`` kind, walls ``#`` cells, the exit an arrow on the right edge. The web page,
the replay pages, ``--svg`` and Jupyter (``Board._repr_svg_``) all draw these views.
"""

from __future__ import annotations

from searchlab.view import View, merge

from .model import Board, Move

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


def car_colour(label: str) -> str:
    """Every vehicle letter its own colour: hues a golden angle apart, so letters next to
    each other differ most, never near the red car's red; the letters whose hues come
    close (13 or 21 apart) differ in lightness (A-M dark, N-Z light). Other labels take a
    colour of the palette. The web page, the replay pages and the SVG files all show these
    colours (the views carry them as the pieces' ``color``)."""
    k = ord(label[:1].upper() or "?") - 65
    if not 0 <= k < 26:
        return CAR_COLOURS[sum(map(ord, label)) % len(CAR_COLOURS)]
    hue = 25 + (k * 137.508) % 360 * (310 / 360)  # within 25..335: never red
    return f"hsl({round(hue)}, 55%, {38 if k < 13 else 56}%)"


def base_view(board: Board) -> View:
    cells = [
        "".join("#" if (r, c) in board.walls else "." for c in range(board.width))
        for r in range(board.height)
    ]
    return {
        "rows": board.height,
        "cols": board.width,
        "cells": cells,
        "exit": {"r": board.exit_row, "side": "right"},
    }


def state_view(inst: Board, board: Board) -> View:
    pieces = [
        {
            "id": v.name,
            "r": v.row,
            "c": v.col,
            "w": v.length if v.horizontal else 1,
            "h": 1 if v.horizontal else v.length,
            "kind": "red" if i == 0 else "car",
            "label": v.name,
            **({} if i == 0 else {"color": car_colour(v.name)}),
        }
        for i, v in enumerate(board.vehicles)
    ]
    return {"pieces": pieces}


def render_svg(
    board: Board | list[Board], moves: list[Move] | None = None, *, columns: int = 6
) -> str:
    """A self-contained SVG picture of a board, or of every position of a solution
    (start first, each position captioned with the move that led to it), drawn from
    the views by :mod:`searchlab.view`.

    Parameters
    ----------
    board : Board or list of Board
        One position, or the positions of a solution (start first).
    moves : list of Move, optional
        The moves between the positions, written under each one.
    columns : int
        Positions per row when drawing a solution.
    """
    from searchlab.view.svg import sheet_svg, view_svg  # here: a solve draws no picture

    boards = board if isinstance(board, list) else [board]
    base = base_view(boards[0])
    views = [merge(base, state_view(boards[0], b)) for b in boards]
    if len(boards) == 1:
        return view_svg(views[0])
    captions = ["start"] + [
        f"{k}. {moves[k - 1]}" if moves and k - 1 < len(moves) else str(k)
        for k in range(1, len(boards))
    ]
    return sheet_svg(views, captions, columns=columns)
