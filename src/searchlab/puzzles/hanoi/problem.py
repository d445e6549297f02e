"""The Tower of Hanoi as an engine :class:`~searchlab.search.Problem` (unit costs)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.search.problem import Problem

from .model import State, Tower, legal_moves, move_label, moved
from .solver import distance

HEURISTICS = ("misplaced", "exact", "zero")
"""``misplaced``: the disks not on the goal peg (each must move at least once);
``exact``: the true distance (:func:`~.solver.distance`), so A* walks straight to the
goal; ``zero``: none (A* becomes uniform-cost search). All three are admissible."""


class HanoiProblem(Problem[State, str]):
    """Move a top disk onto an empty peg or a larger disk; each move costs 1.

    Moves are reversible, so ``predecessors`` are the successors (bidirectional search
    works); the goal is the one state with every disk on the goal peg."""

    def __init__(self, tower: Tower, heuristic: str = "misplaced") -> None:
        self.tower = tower
        self.goal = tower.goal
        self.heuristic_name = heuristic

    def initial_state(self) -> State:
        return self.tower.start

    def is_goal(self, state: State) -> bool:
        return state == self.goal

    def successors(self, state: State) -> Iterator[tuple[str, State, float]]:
        for disk, src, dst in legal_moves(state):
            yield move_label(src, dst), moved(state, disk, dst), 1

    def heuristic(self, state: State) -> float:
        if self.heuristic_name == "exact":
            return distance(state, self.tower.goal_peg)
        if self.heuristic_name == "zero":
            return 0
        goal = self.tower.goal_peg
        return sum(1 for peg in state if peg != goal)

    def goal_states(self) -> list[State]:
        return [self.goal]

    def predecessors(self, state: State) -> Iterator[tuple[str, State, float]]:
        for disk, src, dst in legal_moves(state):  # the reverse of the move dst -> src
            yield move_label(dst, src), moved(state, disk, dst), 1
