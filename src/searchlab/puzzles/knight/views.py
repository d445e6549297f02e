"""The knight's tour as every surface sees it: partial tours, their tokens and views.

A state is the partial tour, a tuple of ``(row, col)`` from the start square; its
token is the list of ``[row, col]``, validated as a knight path from the start. A
solution's states are prefixes of one tour (:class:`Prefix`), so a 40x40 tour is
stored once, and its frames give only ``path_len`` and the knight (the whole tour
is the ``shared_view``).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from searchlab.errors import InputError
from searchlab.families.contract import Move
from searchlab.i18n import _
from searchlab.search.problem import Problem
from searchlab.view import View, fit_cell, merge, view_svg

from .board import Board, is_knight_move
from .play import apply_move, legal_moves
from .problem import KnightTourProblem, warnsdorff_order

Square = tuple[int, int]
NUMBERS_MAX_SIDE = 24
"""Squares are numbered on boards up to this side (beyond, the numbers are unreadable)."""
STATES_MAX_SQUARES = 144
"""Solutions of larger boards are sent without their (quadratic) list of state tokens."""


@dataclass(frozen=True, slots=True)
class Instance:
    """A board, the start square and whether the tour must be closed."""

    board: Board
    start: Square
    closed: bool


def label(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def decode(inst: Instance, token: Any) -> tuple[Square, ...]:
    """A partial tour token: ``[[row, col], ...]`` from the start, each step a knight move."""
    if not isinstance(token, list) or not token:
        raise InputError(_("a knight position is the list of visited squares [[row, col], ...]"))
    if len(token) > inst.board.size:
        raise InputError(_("the board has only {size} squares").format(size=inst.board.size))
    path: list[Square] = []
    seen: set[Square] = set()
    for item in token:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise InputError(_("each visited square is [row, col] (two integers)"))
        sq = (item[0], item[1])
        inst.board.check_square(*sq)
        if sq in seen:
            raise InputError(_("square {square} is visited twice").format(square=label(sq)))
        if path and not is_knight_move(path[-1], sq):
            raise InputError(
                _("{last} -> {square} is not a knight move").format(
                    last=label(path[-1]), square=label(sq)
                )
            )
        seen.add(sq)
        path.append(sq)
    if path[0] != inst.start:
        raise InputError(_("the tour must start on {square}").format(square=label(inst.start)))
    return tuple(path)


def is_complete(inst: Instance, path: Sequence[Square]) -> bool:
    """Every square visited (and, for a closed tour, the last one attacks the first)."""
    if len(path) != inst.board.size:
        return False
    return not inst.closed or inst.board.size == 1 or is_knight_move(path[-1], path[0])


def moves(inst: Instance, path: Sequence[Square]) -> list[Move[tuple[Square, ...]]]:
    if not path:
        return []
    squares = list(path)
    return [
        Move(label(sq), sq, tuple(apply_move(inst.board, squares, sq)))
        for sq in legal_moves(inst.board, squares)
    ]


def file_letters(col: int) -> str:
    """A column's letters as on a chessboard: a..z, then aa, ab, ... (0-based ``col``)."""
    letters = ""
    col += 1
    while col:
        col, k = divmod(col - 1, 26)
        letters = chr(ord("a") + k) + letters
    return letters


def coords(board: Board) -> dict[str, list[str]]:
    """The view's ``coords``: files a, b, ... left to right, ranks counted from the
    bottom row (1) as on a chessboard, so the page names squares a1, c3, ..."""
    return {
        "files": [file_letters(c) for c in range(board.cols)],
        "ranks": [str(board.rows - r) for r in range(board.rows)],
    }


def square_name(board: Board, sq: Square) -> str:
    """A square as on a chessboard: its file letters and its rank from the bottom ("a8")."""
    return f"{file_letters(sq[1])}{board.rows - sq[0]}"


def board_view(b: Board, start: Square | None = None) -> View:
    """The chequered board, the ``start`` square in blue; squares numbered up to 24x24;
    files and ranks named as on a chessboard (the page writes squares as c3)."""
    light, dark = "ld" * (b.cols // 2 + 1), "dl" * (b.cols // 2 + 1)
    cells = [(light, dark)[r % 2][: b.cols] for r in range(b.rows)]
    if start is not None:
        r, c = start
        cells[r] = cells[r][:c] + "s" + cells[r][c + 1 :]
    return {
        "rows": b.rows,
        "cols": b.cols,
        "cells": cells,
        "numbers": max(b.rows, b.cols) <= NUMBERS_MAX_SIDE,
        "coords": coords(b),
    }


def base_view(inst: Instance) -> View:
    """:func:`board_view` with the instance's start square."""
    return board_view(inst.board, inst.start)


def closes(inst: Instance, path: Sequence[Square]) -> bool:
    return len(path) == inst.board.size > 2 and is_knight_move(path[-1], path[0])


def knight_at(sq: Square) -> View:
    return {"pieces": [{"id": "knight", "r": sq[0], "c": sq[1], "kind": "knight"}]}


def state_view(inst: Instance, path: Sequence[Square]) -> View:
    return {
        **knight_at(path[-1]),
        "path": [list(sq) for sq in path],
        "closed": closes(inst, path),
    }


def shared_view(inst: Instance, states: Sequence[Sequence[Square]]) -> View:
    """The whole tour, sent once; each frame draws (and numbers) its first ``path_len``."""
    return {"path": [list(sq) for sq in states[-1]], "closed": closes(inst, states[-1])}


def frames(inst: Instance, states: Sequence[Sequence[Square]]) -> list[View]:
    return [{**knight_at(s[-1]), "path_len": len(s)} for s in states]


def render_svg(
    board: Board,
    path: Sequence[Square] | npt.NDArray[np.int64] | None = None,
    *,
    closed: bool = False,
    start: Square | None = None,
) -> str:
    """The board (its ``start`` square marked) and a tour on it as SVG, drawn from its
    view by :mod:`searchlab.view`: the knight on the tour's last square, the moves
    numbered on boards up to 24x24, the last move back to the first when ``closed``.
    ``path`` may be an (n, 2) array: a 2000x2000 tour is drawn without making four
    million small lists, in a picture about 1000 pixels wide.

    >>> render_svg(Board(5, 5), [(0, 0), (1, 2)]).startswith("<svg")
    True
    """
    if path is not None and len(path):
        first, last = path[0], path[-1]
        start = (int(first[0]), int(first[1])) if start is None else start
        frame: View = {
            **knight_at((int(last[0]), int(last[1]))),
            "path": path,
            "closed": closed,
        }
    else:
        frame = knight_at(start) if start is not None else {}
    view = merge(board_view(board, start), frame)
    return view_svg(view, cell=fit_cell(view))


def encode(inst: Instance, path: Sequence[Square]) -> list[list[int]]:
    return [list(sq) for sq in path]


def solution_tokens(inst: Instance, states: Sequence[Sequence[Square]]) -> bool:
    """Whether a solution is sent with its state tokens (quadratic in the tour length)."""
    return inst.board.size <= STATES_MAX_SQUARES


@dataclass(frozen=True, slots=True)
class TeachState:
    """An engine state of :class:`KnightTourProblem` with the path that reached it."""

    inner: tuple[int, int]
    path: tuple[Square, ...]


class TeachingProblem(Problem[TeachState, Square]):
    """:class:`KnightTourProblem` whose states remember their path (so the teaching view
    can draw them), children in Warnsdorff order (the assignment's ordered backtracking)."""

    def __init__(self, inst: Instance) -> None:
        self.inner = KnightTourProblem(inst.board, inst.start, closed=inst.closed)
        self.order = warnsdorff_order(self.inner)

    def initial_state(self) -> TeachState:
        return TeachState(self.inner.initial_state(), (self.inner.start,))

    def is_goal(self, state: TeachState) -> bool:
        return self.inner.is_goal(state.inner)

    def successors(self, state: TeachState) -> Iterator[tuple[Square, TeachState, float]]:
        children = self.order(state.inner, list(self.inner.successors(state.inner)))
        for sq, child, cost in children:
            yield sq, TeachState(child, (*state.path, sq)), cost

    def heuristic(self, state: TeachState) -> float:
        """The unvisited squares: exact whenever the tour can be completed, so A*
        (which the teaching view runs for "fast") goes depth first like the assignment's program."""
        return float(self.inner.board.size - len(state.path))

    def key(self, state: TeachState) -> Any:
        return state.inner
