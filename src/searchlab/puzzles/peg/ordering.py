"""Move ordering for the fast peg solver: jump tables and the portfolio of orders.

The depth-first search tries jumps from the holes farthest from the finish first
(clear the edges, keep the pegs near the finish for the end), and takes turns
among several orders with restarts (:func:`portfolio`; Gomes et al. 2000).
"""

from __future__ import annotations

import functools
from collections.abc import Sequence

from .board import Board, Jump
from .pagoda import hole_distances

JumpRow = tuple[int, int, int, float, Jump]
"""A jump as the search tries it: (pegs needed, destination, XOR flip, pagoda change, jump)."""


def jump_table(board: Board, order: Sequence[Jump], weights: list[float]) -> list[JumpRow]:
    out = []
    for j in order:
        a, b, c = j
        out.append(
            (
                (1 << a) | (1 << b),
                1 << c,
                (1 << a) | (1 << b) | (1 << c),
                weights[a] + weights[b] - weights[c],
                j,
            )
        )
    return out


def default_order(board: Board, target: int | None) -> list[Jump]:
    """Jumps sorted so that those starting farthest from the finish come first."""
    centre = board.default_vacancy if not target else board.pegs(target)[0]
    dist = hole_distances(board, centre)
    return sorted(board.jumps, key=lambda j: (-dist[j[0]], -dist[j[1]], j))


def portfolio(board: Board, target: int | None) -> list[list[Jump]]:
    """The jump orders the solver takes turns with (see :func:`solve_fast`).

    Far-from-the-finish first, far-from-the-centre first, and the row-major
    order mapped by each symmetry of the board (row-major from every corner).
    """
    centre = hole_distances(board, board.default_vacancy)
    natural = list(board.jumps)
    orders = [
        default_order(board, target),
        sorted(natural, key=lambda j: (-centre[j[0]], -centre[j[1]], j)),
    ]
    # row-major order seen from every corner and side: its images under the symmetries
    for perm in board.symmetries:
        rank = {(perm[a], perm[b], perm[c]): k for k, (a, b, c) in enumerate(natural)}
        orders.append(sorted(natural, key=rank.__getitem__))
    unique: list[list[Jump]] = []
    for o in orders:
        if o not in unique:
            unique.append(o)
    return unique


@functools.lru_cache(maxsize=16)
def portfolio_tables(
    board: Board, target: int | None, weights: tuple[float, ...]
) -> tuple[list[JumpRow], ...]:
    """The :func:`jump_table` of every order of :func:`portfolio` (made once per process for
    each board, finish and pagoda weights; the solver reads them, never changes them)."""
    return tuple(jump_table(board, o, list(weights)) for o in portfolio(board, target))
