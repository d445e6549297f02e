"""Optimal solving: pick the fastest method for the board size and check solvability first."""

from __future__ import annotations

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle.board import Board
from searchlab.puzzles.npuzzle.problem import NPuzzleProblem
from searchlab.puzzles.npuzzle.solvability import is_solvable
from searchlab.search import solve


def optimal_length(board: Board, goal: Board) -> int:
    """The optimal number of moves from ``board`` to ``goal``; ``InputError`` if unsolvable."""
    if not is_solvable(board, goal):
        raise InputError("this board cannot reach the goal (wrong permutation parity)")
    result = solve(NPuzzleProblem(board, goal, "linear_conflict"), "idastar")
    assert result.length is not None
    return result.length
