"""The knight's tour as an engine :class:`~searchlab.search.Problem` (the assignment's algorithm).

A state is ``(square, visited)``: the knight's square index and the bitboard
of visited squares (a Python int). The goal is a full board (and, for closed
tours, a last square one knight move from the start). Solved with the engine's
ordered backtracking and :func:`warnsdorff_order`, this is the assignment's program:
depth-first search trying the squares with the fewest onward moves first.
Each state costs O(N/64) words, so it is meant for boards up to about 100×100.

Two exact prunes keep that search from wandering into hopeless subtrees
(both only drop children that cannot lead to a tour):

* **dead ends**: after a move from ``cur`` to ``v``, a free square next to
  ``cur`` (never next to ``v``: the knight's graph is bipartite) with no free
  neighbour can never be entered; one with a single free neighbour must be the
  last square, and at most one square can be last;
* **closing** (closed tours): the last square must be a knight move from the
  start, so a child that leaves no free neighbour of the start is dropped, and a
  forced last square (above) must neighbour the start.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator

from searchlab.search import Problem
from searchlab.search.problem import Successor

from .board import Board
from .exhaustive import neighbour_masks

KnightState = tuple[int, int]
"""``(square index, visited bitboard)``."""
KnightChild = Successor[tuple[int, int], KnightState]


class KnightTourProblem(Problem[KnightState, tuple[int, int]]):
    """Visit every square of ``board`` once by knight moves, from ``start``.

    Actions are the (row, col) squares moved to; every step costs 1.

    >>> from searchlab.search import backtracking_search
    >>> p = KnightTourProblem(Board(5, 5), (0, 0))
    >>> backtracking_search(p, order=warnsdorff_order(p)).length
    24
    """

    def __init__(self, board: Board, start: tuple[int, int], *, closed: bool = False) -> None:
        board.check_square(*start)
        self.board = board
        self.start = start
        self.closed = closed
        self.nb = neighbour_masks(board)
        self.full = (1 << board.size) - 1
        s = start[0] * board.cols + start[1]
        self.s = s
        n = board.cols
        self.rank = [
            -((2 * (i // n) - board.rows + 1) ** 2 + (2 * (i % n) - n + 1) ** 2)
            for i in range(board.size)
        ]

    def initial_state(self) -> KnightState:
        return self.s, 1 << self.s

    def is_goal(self, state: KnightState) -> bool:
        sq, visited = state
        if visited != self.full:
            return False
        return not self.closed or self.board.size == 1 or bool((self.nb[self.s] >> sq) & 1)

    def successors(
        self, state: KnightState
    ) -> Iterator[tuple[tuple[int, int], KnightState, float]]:
        sq, visited = state
        nb = self.nb
        free = self.full & ~visited
        cand = nb[sq] & free
        n = self.board.cols
        start_nb = nb[self.s] if self.closed else self.full
        while cand:
            low = cand & -cand
            cand ^= low
            v = low.bit_length() - 1
            after = free & ~low
            if after and not self._viable(sq, after, start_nb):
                continue
            yield divmod(v, n), (v, visited | low), 1

    def _viable(self, cur: int, after: int, start_nb: int) -> bool:
        """The dead-end and closing prunes (see the module docstring)."""
        if not start_nb & after:
            return False  # closed: no square left to end next to the start
        others = self.nb[cur] & after
        last = 0
        while others:
            low = others & -others
            others ^= low
            deg = (self.nb[low.bit_length() - 1] & after).bit_count()
            if deg == 0 and after != low:
                return False
            if deg <= 1:
                if last or not start_nb & low:
                    return False
                last = low
        return True

    def onward_moves(self, state: KnightState) -> int:
        """Warnsdorff's degree: the unvisited squares reachable from the knight's square."""
        sq, visited = state
        return (self.nb[sq] & ~visited).bit_count()


def warnsdorff_order(
    problem: KnightTourProblem,
) -> Callable[[KnightState, list[KnightChild]], list[KnightChild]]:
    """The engine ``order`` for ``backtracking_search``: fewest onward moves first.

    Ties go to the square farthest from the centre (Roth's rule).
    """

    def order(state: KnightState, children: list[KnightChild]) -> list[KnightChild]:
        return sorted(
            children,
            key=lambda ch: (problem.onward_moves(ch[1]), problem.rank[ch[1][0]]),
        )

    return order
