"""Text pictures of Rush Hour boards and solutions (the SVG pictures are drawn from
the views: :mod:`searchlab.puzzles.rushhour.views`)."""

from __future__ import annotations

from searchlab.i18n import _
from searchlab.search.result import SearchResult

from .model import Board, Move, parse_move


def render_text(board: Board) -> str:
    """The board as a grid ('.' empty, 'x' wall, letters) with '>' marking the exit."""
    rows = ["".join(r) for r in board.grid()]
    return "\n".join(r + (" >" if i == board.exit_row else "") for i, r in enumerate(rows))


def render_solution_text(boards: list[Board], moves: list[Move]) -> str:
    """Each position of a solution, with the move that led to it, as text blocks."""
    out = [_("start:"), render_text(boards[0])]
    for k, (mv, b) in enumerate(zip(moves, boards[1:], strict=True), start=1):
        out += ["", f"{k}. {mv}", render_text(b)]
    return "\n".join(out)


def solution_text(board: Board, result: SearchResult) -> str:
    """A solve's boards as text (:func:`render_solution_text` of its states and moves)."""
    return render_solution_text(list(result.states), [parse_move(str(a)) for a in result.actions])
