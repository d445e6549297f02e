"""Hops: hop along a row from square 0 to the goal square, +1, +2 or -1 a move.

The smallest family the contract takes (see docs/engine.md, "Adding a puzzle family"):
text in and out, an engine problem, positions as JSON, views. Every other capability
is left out, and every front end and generic test must do without it.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any, NamedTuple

from searchlab.errors import InputError
from searchlab.families.contract import EngineView, Example, Family
from searchlab.families.kit import engine_solve
from searchlab.puzzles import folder_name
from searchlab.search import Problem, engine_algorithms
from searchlab.search.result import SearchResult
from searchlab.view import View

NAME = folder_name(__name__)
MOVES = (("+1", 1), ("+2", 2), ("-1", -1))
MAX_SQUARES = 60


class Row(NamedTuple):
    """A row of ``squares`` squares; the walker starts on 0 and must reach ``goal``."""

    squares: int
    goal: int


def parse(text: str) -> Row:
    """``"10 7"``: the row's length and the goal square."""
    words = text.split()
    if len(words) != 2 or not all(w.isascii() and w.isdigit() for w in words):
        raise InputError("write the row's length and the goal square, e.g. '10 7'")
    squares, goal = int(words[0]), int(words[1])
    if not 2 <= squares <= MAX_SQUARES or not 0 < goal < squares:
        raise InputError(f"a row of 2 to {MAX_SQUARES} squares, the goal on one of them but 0")
    return Row(squares, goal)


class Hops(Problem[int, str]):
    """The engine problem: a position is the walker's square."""

    def __init__(self, row: Row) -> None:
        self.row = row

    def initial_state(self) -> int:
        return 0

    def is_goal(self, state: int) -> bool:
        return state == self.row.goal

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        for label, step in MOVES:
            if 0 <= state + step < self.row.squares:
                yield label, state + step, 1

    def heuristic(self, state: int) -> float:
        away = self.row.goal - state
        return (away + 1) // 2 if away >= 0 else -away


def problem(row: Row, heuristic: str | None) -> Hops:
    return Hops(row)


def solve(row: Row, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    return engine_solve(Hops(row), algorithm, options)


def decode(row: Row, token: Any) -> int:
    if not isinstance(token, int) or isinstance(token, bool) or not 0 <= token < row.squares:
        raise InputError("not a square of this row")
    return token


def base_view(row: Row) -> View:
    cells = "".join("g" if c == row.goal else "." for c in range(row.squares))
    return {"rows": 1, "cols": row.squares, "cells": [cells]}


def state_view(row: Row, square: int) -> View:
    return {"pieces": [{"id": "walker", "r": 0, "c": square, "kind": "red"}]}


FAMILY: Family[Row, int] = Family(
    name=NAME,
    title="Hops",
    board_help="The row's length and the goal square: '10 7'.",
    examples=(Example("seven", "Ten squares, goal 7", "10 7\n"),),
    parse=parse,
    format=lambda row: f"{row.squares} {row.goal}\n",
    describe=lambda row: f"{row.squares} squares, goal {row.goal}",
    algorithms=engine_algorithms(),
    heuristics=(),
    solve=solve,
    initial=lambda row: 0,
    encode_state=lambda row, square: square,
    decode_state=decode,
    is_goal=lambda row, square: square == row.goal,
    base_view=base_view,
    state_view=state_view,
    engine=EngineView(problem),
)
