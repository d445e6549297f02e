"""Peg solitaire as a generic search :class:`~searchlab.search.Problem` (the assignment's model).

States are bitboards (``int``), actions are jumps ``(from, over, to)``, every
jump costs 1. Because every jump removes exactly one peg, *every* solution from
a position with ``n`` pegs to a finish with ``m`` pegs has exactly ``n - m``
jumps: the assignment's heuristic ``pegs - 1`` is exact on solvable positions, and
what makes the search hard is the dead ends, which it cannot see.

Heuristics (``HEURISTICS``):

* ``"pegs"``: ``pegs - finish pegs`` (the assignment's h1; admissible and consistent).
* ``"centre"``: the assignment's h2, ``pegs - 1 + λ * (Manhattan distance from the
  centre to the nearest peg)``, λ = ``centre_weight`` (the assignment's 0.25 by
  default); not admissible (kept for the comparison).
* ``"pagoda"``: ``pegs - finish pegs``, or infinity when the golden-ratio pagoda
  proves the finish unreachable (admissible: dead positions have infinite cost).
* ``"isolated"``: ``pegs - finish pegs + pegs with no neighbouring peg``; not
  admissible, a guide for greedy search (a lone peg needs help to be taken).
"""

from __future__ import annotations

import math
from collections.abc import Hashable, Iterator
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.problem import Problem
from searchlab.search.solve import engine_algorithms

from .board import Board, Jump
from .pagoda import EPSILON, distance_pagoda, value
from .symmetry import make_canonical, stabilizer

ALGORITHMS = ("fast", "minmoves", *engine_algorithms(provides=("depth_limit",), exclude=("iddfs",)))
"""The dedicated solvers, then the engine algorithms that answer on peg solitaire (jumps
remove a peg, so every path is finite). ``dls`` is the assignment's depth-limited DFS, its
limit (option ``depth_limit``, which this family provides) by default the jumps a
solution needs, pegs minus finish pegs (every solution has exactly that many; a smaller
limit proves nothing, a larger one is plain DFS); ``iddfs`` is not offered (all
solutions lie at that one depth), nor ``bibfs`` (it needs the predecessors of a
position)."""
HEURISTICS = ("pegs", "centre", "pagoda", "isolated", "zero")
CENTRE_WEIGHT = 0.25
"""λ of the assignment's h2 (``"centre"``), as the assignment sets it."""


@dataclass(frozen=True, slots=True)
class Instance:
    """A peg problem: a board, the start bitboard and the target bitboard (``None``: one
    peg anywhere)."""

    board: Board
    start: int
    target: int | None


class PegProblem(Problem[int, Jump]):
    """Jump pegs from ``start`` until ``target`` (None: one peg anywhere).

    ``symmetry=True`` makes :meth:`key` the canonical form under the
    symmetries that fix the finish, so symmetric positions count as one.

    >>> from searchlab.puzzles.peg.board import get_board
    >>> from searchlab.search import solve
    >>> b = get_board("triangle5")
    >>> solve(PegProblem(b, b.start(), None), "dfs").length
    13
    """

    def __init__(
        self,
        board: Board,
        start: int,
        target: int | None = None,
        *,
        heuristic: str = "pegs",
        symmetry: bool = False,
        centre_weight: float = CENTRE_WEIGHT,
    ) -> None:
        if heuristic not in HEURISTICS:
            raise InputError(
                _("unknown heuristic {heuristic!r}; choose one of {heuristics}").format(
                    heuristic=heuristic, heuristics=", ".join(HEURISTICS)
                )
            )
        self.board = board
        self.start = start
        self.target = target
        self.heuristic_name = heuristic
        self.centre_weight = centre_weight
        self.goal_pegs = 1 if target is None else target.bit_count()
        self._moves = [
            ((1 << a) | (1 << b), 1 << c, (1 << a) | (1 << b) | (1 << c), (a, b, c))
            for a, b, c in board.jumps
        ]
        centre = board.coords[board.default_vacancy]
        self._centre_dist = [abs(r - centre[0]) + abs(c - centre[1]) for r, c in board.coords]
        self._pagoda: list[float] | None = None
        self._threshold = -math.inf
        if target is not None:
            self._pagoda = distance_pagoda(board, board.pegs(target)[0])
            self._threshold = value(self._pagoda, target) - EPSILON
        self._neighbours = [0] * board.size
        for a, b, c in board.jumps:
            self._neighbours[a] |= 1 << b
            self._neighbours[b] |= (1 << a) | (1 << c)
        self._canonical = make_canonical(board, stabilizer(board, target)) if symmetry else None

    def initial_state(self) -> int:
        return self.start

    def is_goal(self, state: int) -> bool:
        if self.target is None:
            return state.bit_count() == 1
        return state == self.target

    def successors(self, state: int) -> Iterator[tuple[Jump, int, float]]:
        if state.bit_count() <= self.goal_pegs:
            return
        for need, dst, flip, jump in self._moves:
            if state & need == need and not state & dst:
                yield jump, state ^ flip, 1

    def heuristic(self, state: int) -> float:
        pegs = state.bit_count()
        name = self.heuristic_name
        if name == "zero":
            return 0
        if name == "centre":
            dist = min((self._centre_dist[i] for i in self.board.pegs(state)), default=0)
            return max(0, pegs - 1) + self.centre_weight * dist
        base = max(0, pegs - self.goal_pegs)
        if name == "pagoda":
            if self._pagoda is not None and value(self._pagoda, state) < self._threshold:
                return math.inf
            return base
        if name == "isolated":
            lone = sum(1 for i in self.board.pegs(state) if not state & self._neighbours[i])
            return base + (lone if pegs > 1 else 0)
        return base

    def key(self, state: int) -> Hashable:
        return state if self._canonical is None else self._canonical(state)
