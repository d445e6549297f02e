"""Experiments on peg solitaire (:mod:`searchlab.puzzles.peg`).

Instance data: ``{"board": name, "diagonal": bool, "vacancies": [hole, ...],
"finish": hole or None}`` (no vacancies: the board's classic one; no finish:
one peg anywhere). Heuristics are the engine problem's (``pegs``, ``centre``,
``pagoda``, ``isolated``, ``zero``); the family's own solver ``fast`` (bitboards,
dead-position memo, pagoda pruning) is available as an algorithm name.
"""

from __future__ import annotations

from typing import Any

from searchlab.experiments.families import Family
from searchlab.puzzles.peg import HEURISTICS, PegProblem, PegResult, get_board, solve_fast
from searchlab.puzzles.peg.board import Board
from searchlab.search.problem import Problem


def peg_instance(
    board: str,
    vacancies: list[str] | None = None,
    finish: str | None = None,
    *,
    diagonal: bool = False,
) -> dict[str, Any]:
    """Instance data for a board name, start vacancies and an optional finish hole."""
    return {"board": board, "diagonal": diagonal, "vacancies": vacancies or [], "finish": finish}


def load(data: Any) -> tuple[Board, int, int | None]:
    """(board, start bitboard, target bitboard or None) of an instance."""
    board = get_board(str(data["board"]), diagonal=bool(data.get("diagonal", False)))
    start = board.start(list(data.get("vacancies") or []))
    finish = data.get("finish")
    target = None if finish is None else 1 << board.hole(str(finish))
    return board, start, target


def _make_problem(data: Any, heuristic: str | None) -> Problem[Any, Any]:
    board, start, target = load(data)
    return PegProblem(board, start, target, heuristic=heuristic or "pegs")


def _fast(data: Any, **options: Any) -> PegResult:
    """The fast solver under the time limit and cancel token only: its expansions
    (with restarts and endgame search) are not comparable to the engine's, so an
    expansion limit meant for the engine algorithms does not apply to it."""
    board, start, target = load(data)
    allowed = ("time_limit", "cancel")
    return solve_fast(board, start, target, **{k: v for k, v in options.items() if k in allowed})


def family() -> Family:
    """The peg solitaire family for experiments (fixed problems, no generator)."""
    return Family(
        name="peg",
        heuristics=tuple(HEURISTICS),
        make_problem=_make_problem,
        solvers={"fast": _fast},
    )
