"""Rush Hour's play mode: the legal moves as the player's :class:`Move` records (a
vehicle's cells to grab, the cell its front reaches) and the hint (the first move of
an optimal solution, found by the packed breadth-first search)."""

from __future__ import annotations

from typing import Any

from searchlab.families.contract import Move, NoHint
from searchlab.families.kit import limit_options
from searchlab.i18n import _

from .model import Board
from .model import Move as RhMove
from .solver import fast_bfs


def to_move(board: Board, move: RhMove) -> Move[Board]:
    v = board.vehicles[board.index(move.name)]
    after = v.at(v.pos + move.delta).cells()
    front = after[-1] if move.delta > 0 else after[0]
    return Move(str(move), front, board.apply(move), tuple(v.cells()))


def moves(inst: Board, board: Board) -> list[Move[Board]]:
    return [to_move(board, m) for m in board.legal_moves()]


def hint(inst: Board, board: Board, /, **options: Any) -> Move[Board] | None:
    """The first move of an optimal solution (the packed BFS, within the limits)."""
    result = fast_bfs(board, **limit_options(options, without=("progress",)))
    if result.solved and result.actions:
        return to_move(board, result.actions[0])
    if result.status == "no_solution":
        raise NoHint(_("no solution from this position: the red car can never reach the exit"))
    if result.stopped:
        raise NoHint(_("no optimal move found within the hint's limits"))
    return None
