"""Pagoda functions: weights on holes that no jump can increase.

A *pagoda function* ``p`` gives each hole a weight such that for every jump
from ``a`` over ``b`` to ``c``, ``p(a) + p(b) >= p(c)``. The pagoda value of a
position (the sum over its pegs) then never increases, so a position whose
value is below the finish's value cannot reach the finish and is pruned.

:func:`distance_pagoda` is the golden-ratio pagoda of Beasley (1985, ch. 5):
``p(h) = phi ** -d(h, t)`` with ``d`` the distance to a hole ``t`` in the graph
whose edges join neighbouring holes of a jump line. Along a jump,
``d(b) <= d(c) + 1`` and ``d(a) <= d(c) + 2``, and ``phi**-1 + phi**-2 = 1``,
so the condition holds on every board and rule variant (orthogonal, diagonal,
triangular, custom).

References
----------
J. D. Beasley, *The Ins and Outs of Peg Solitaire*, OUP 1985, ch. 5 (pagoda
functions, the golden-ratio weighting).
"""

from __future__ import annotations

from collections import deque

from .board import Board

PHI = (1 + 5**0.5) / 2
EPSILON = 1e-9


def hole_distances(board: Board, source: int) -> list[int]:
    """Distances from ``source`` in the graph joining consecutive holes of each jump line."""
    neighbours: list[set[int]] = [set() for _ in range(board.size)]
    for a, b, c in board.jumps:
        neighbours[a].add(b)
        neighbours[b].add(a)
        neighbours[b].add(c)
        neighbours[c].add(b)
    far = board.size + 1
    dist = [far] * board.size
    dist[source] = 0
    queue = deque([source])
    while queue:
        u = queue.popleft()
        for v in neighbours[u]:
            if dist[v] == far:
                dist[v] = dist[u] + 1
                queue.append(v)
    return dist


def distance_pagoda(board: Board, target_hole: int) -> list[float]:
    """The golden-ratio pagoda ``phi ** -d(h, target_hole)`` (0 for unreachable holes)."""
    far = board.size + 1
    return [0.0 if d == far else PHI ** (-d) for d in hole_distances(board, target_hole)]


def is_pagoda(board: Board, weights: list[float]) -> bool:
    """Whether ``weights`` satisfy ``p(a) + p(b) >= p(c)`` for every jump."""
    return all(weights[a] + weights[b] >= weights[c] - EPSILON for a, b, c in board.jumps)


def value(weights: list[float], position: int) -> float:
    """The pagoda value of a position: the sum of the weights of its pegs."""
    total = 0.0
    i = 0
    while position:
        if position & 1:
            total += weights[i]
        position >>= 1
        i += 1
    return total
