"""Play mode helpers: the legal moves from a partial tour, applying one, and a hint."""

from __future__ import annotations

from collections.abc import Sequence

from searchlab.errors import InputError
from searchlab.i18n import _

from .board import Board, is_knight_move
from .exhaustive import NodeLimit, find_path

Square = tuple[int, int]


def legal_moves(board: Board, visited: Sequence[Square]) -> list[Square]:
    """Squares the knight may jump to next: knight moves from the last square, not yet visited."""
    if not visited:
        return [(r, c) for r in range(board.rows) for c in range(board.cols)]
    seen = set(visited)
    return [sq for sq in board.moves(*visited[-1]) if sq not in seen]


def apply_move(board: Board, visited: Sequence[Square], square: Square) -> list[Square]:
    """The partial tour extended by ``square``, or :class:`InputError` if it is not legal."""
    board.check_square(*square)
    if visited and not is_knight_move(visited[-1], square):
        raise InputError(
            _("{row},{col} is not a knight move from {last_row},{last_col}").format(
                row=square[0], col=square[1], last_row=visited[-1][0], last_col=visited[-1][1]
            )
        )
    if square in set(visited):
        raise InputError(
            _("{row},{col} has already been visited").format(row=square[0], col=square[1])
        )
    return [*visited, square]


def hint(board: Board, visited: Sequence[Square], *, max_nodes: int = 200_000) -> Square | None:
    """A next move from which the partial tour can still be completed.

    Depth-first search with Warnsdorff order over the unvisited squares (boards
    of up to 400 squares). ``None`` if the position is lost (or, on a large
    board, if the budget ran out).
    """
    if not visited or board.size > 400 or len(visited) == board.size:
        return None
    try:
        path = find_path(board, visited[-1], avoid=visited[:-1], max_nodes=max_nodes)
    except NodeLimit:
        return None
    return None if path is None or len(path) < 2 else path[1]
