"""Rush Hour as an engine :class:`~searchlab.search.Problem` (compare algorithms, heuristics)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.search.problem import Problem

from .cluster import explore_cluster
from .heuristics import make_heuristic
from .model import Board, Move
from .packed import FIELD, Packed


class RushHourProblem(Problem[int, Move]):
    """Slide vehicles until the red car touches the right edge of its row.

    States are the packed ints of :class:`Packed`; actions are :class:`Move`.
    Every move costs 1 (``metric="moves"``: a vehicle slid any distance) or
    every one-cell step costs 1 (``metric="steps"``). ``heuristic`` is one of
    ``"blocking"`` (the course project's: blockers + 1), ``"strong"`` or ``"zero"``;
    all are admissible (see :mod:`searchlab.puzzles.rushhour.heuristics`).
    Moves are reversible, so ``predecessors`` equals ``successors`` and
    ``goal_states`` enumerates the solved positions of the start's cluster
    (for bidirectional search).

    Examples
    --------
    >>> from searchlab.puzzles.rushhour.notation import parse_board
    >>> from searchlab.search import solve
    >>> p = RushHourProblem(parse_board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo"), heuristic="strong")
    >>> solve(p, "astar").length
    8
    """

    def __init__(self, board: Board, metric: str = "moves", heuristic: str = "blocking") -> None:
        self.board = board
        self.packed = Packed(board)
        self.steps = metric == "steps"
        self._h = make_heuristic(self.packed, heuristic, steps=self.steps)
        self._goal = self.packed.goal

    def initial_state(self) -> int:
        return self.packed.start()

    def is_goal(self, state: int) -> bool:
        return state & FIELD == self._goal

    def successors(self, state: int) -> Iterator[tuple[Move, int, float]]:
        between = self.packed.move_between
        for t in self.packed.neighbours(state, self.steps):
            yield between(state, t), t, 1

    def predecessors(self, state: int) -> Iterator[tuple[Move, int, float]]:
        between = self.packed.move_between
        for t in self.packed.neighbours(state, self.steps):
            yield between(t, state), t, 1

    def goal_states(self) -> list[int]:
        found = explore_cluster(self.board)
        assert found is not None
        _, states, _ = found
        return [s for s in states if s & FIELD == self._goal]

    def heuristic(self, state: int) -> float:
        return self._h(state)
