"""Experiments on sliding-tile puzzles (:mod:`searchlab.puzzles.npuzzle`).

Instance data is the flat row-major tile list (0 the blank; goal: 1..n²-1
with the blank last). Random instances are 8-puzzles drawn uniformly among
the positions whose optimal solution is exactly the requested depth
(:func:`~searchlab.puzzles.npuzzle.random_instance`). Files hold one board
in any of the family's text formats (any size); unsolvable boards are refused.
"""

from __future__ import annotations

from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.families import Family
from searchlab.puzzles.npuzzle import (
    HEURISTICS,
    NPuzzleProblem,
    board_from_tiles,
    goal_board,
    is_solvable,
    parse_tiles,
    random_instance,
)
from searchlab.search.problem import Problem


def _make_problem(data: Any, heuristic: str | None) -> Problem[Any, Any]:
    return NPuzzleProblem(board_from_tiles(list(data)), heuristic=heuristic or "manhattan")


def _generate(depth: int, seed: int) -> list[int]:
    return list(random_instance(3, depth, seed=seed).tiles)


def _parse(text: str) -> list[int]:
    board = parse_tiles(text)
    if not is_solvable(board, goal_board(board.size)):
        raise InputError("this board cannot reach the goal (wrong permutation parity)")
    return list(board.tiles)


def family() -> Family:
    """The sliding-tile family for experiments (parameter: exact optimal depth, 3x3)."""
    return Family(
        name="npuzzle",
        heuristics=tuple(HEURISTICS),
        make_problem=_make_problem,
        generate=_generate,
        parameter="depth",
        exact_depth=True,
        parse=_parse,
    )
