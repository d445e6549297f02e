"""Sliding-tile boards as views (:mod:`searchlab.view.format`) and their SVG picture.

The grid is floor cells, each tile a ``tile`` block labelled with its number; the
web page, the replay pages, ``--svg`` and Jupyter (``Board._repr_svg_``) draw these.
"""

from __future__ import annotations

from searchlab.view import View, merge

from .board import Board

HOME = "#9fd89f"
"""The fill of a tile already on its goal cell (:func:`render_svg` with a goal)."""


def grid_view(n: int) -> View:
    """The empty ``n`` x ``n`` grid."""
    return {"rows": n, "cols": n, "cells": ["." * n] * n}


def tiles_view(board: Board, goal: Board | None = None) -> View:
    """The tiles of ``board``; with ``goal``, those on their goal cell drawn green."""
    n = board.size
    pieces = [
        {
            "id": t,
            "r": i // n,
            "c": i % n,
            "kind": "tile",
            "label": str(t),
            **({"color": HOME} if goal is not None and goal.tiles[i] == t else {}),
        }
        for i, t in enumerate(board.tiles)
        if t != 0
    ]
    return {"pieces": pieces}


def render_svg(board: Board, goal: Board | None = None) -> str:
    """An SVG picture of ``board`` drawn from its view; tiles already on their ``goal``
    cell are drawn green.

    >>> from searchlab.puzzles.npuzzle.board import goal_board
    >>> render_svg(goal_board(3)).startswith("<svg")
    True
    """
    from searchlab.view.svg import view_svg  # here: a solve draws no picture

    return view_svg(merge(grid_view(board.size), tiles_view(board, goal)))
