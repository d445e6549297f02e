"""Random boards at an exact optimal depth for widths above 3 (no full distance table)."""

from __future__ import annotations

import random

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle.board import Board, neighbours


def _optimal_length(board: Board, goal: Board) -> int:
    from searchlab.puzzles.npuzzle.solvers import optimal_length

    return optimal_length(board, goal)


def deep_walk(goal: Board, depth: int, seed: int | None = None, attempts: int = 50) -> Board:
    """A board exactly ``depth`` optimal moves from ``goal``.

    The sliding-tile graph is bipartite, so a neighbour of a board at distance
    ``d`` is at ``d - 1`` or ``d + 1``. The walk starts at the goal and takes a
    random neighbour whose exact distance (from the optimal solver) is
    ``d + 1``; when every neighbour leads back, it restarts. Cost: ``depth``
    optimal solves of depth up to ``depth``.
    """
    rng = random.Random(seed)
    nbrs = neighbours(goal.size)
    for _ in range(attempts):
        current, dist, prev = goal, 0, -1
        while dist < depth:
            b = current.blank
            cells = [c for _, c in nbrs[b] if c != prev]
            rng.shuffle(cells)
            for c in cells:
                tiles = list(current.tiles)
                tiles[b], tiles[c] = tiles[c], 0
                child = Board(goal.size, tuple(tiles))
                if _optimal_length(child, goal) == dist + 1:
                    current, dist, prev = child, dist + 1, b
                    break
            else:
                break
        if dist == depth:
            return current
    raise InputError(f"could not build a board at depth {depth} in {attempts} attempts")
