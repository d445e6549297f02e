"""The sliding-tile puzzle as a search :class:`~searchlab.search.Problem` for the generic engine."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.problem import Problem

from .board import OPPOSITE, Board, goal_board, neighbours
from .heuristics import canonical_heuristic, heuristic_function

State = tuple[int, ...]


class NPuzzleProblem(Problem[State, str]):
    """Slide tiles from ``start`` to ``goal``; each move costs 1.

    States are row-major tuples of ints (0 the blank), so they hash fast and
    ``key`` is the identity. Actions are the blank's direction ``U D L R``,
    tried in that order. ``heuristic`` is any name of
    :data:`~searchlab.puzzles.npuzzle.heuristics.HEURISTICS` (or an alias such
    as ``"m"``); the blank-neighbour lists and goal distance tables are
    precomputed once. ``goal_states`` and ``predecessors`` are defined, so
    bidirectional search works too.

    The problem does not check solvability (an unsolvable start makes
    uninformed searches enumerate half the space); call
    :func:`~searchlab.puzzles.npuzzle.solvability.is_solvable` first, as
    :func:`~searchlab.puzzles.npuzzle.solvers.solve_board` does.

    >>> from searchlab.puzzles.npuzzle.board import parse_tiles
    >>> from searchlab.search import solve
    >>> p = NPuzzleProblem(parse_tiles("1 2 3 4 0 6 7 5 8"))
    >>> solve(p, "astar").actions
    ['D', 'R']
    """

    def __init__(
        self, start: Board, goal: Board | None = None, heuristic: str = "manhattan"
    ) -> None:
        goal = goal if goal is not None else goal_board(start.size)
        if goal.size != start.size:
            raise InputError(
                _("start is {size}x{size} but goal is {size2}x{size2}").format(
                    size=start.size, size2=goal.size
                )
            )
        self.start = start
        self.goal = goal
        self.size = start.size
        self.heuristic_name = canonical_heuristic(heuristic)
        self._h = heuristic_function(self.heuristic_name, goal)
        self._goal = goal.tiles
        self._neighbours = neighbours(start.size)

    def initial_state(self) -> State:
        return self.start.tiles

    def is_goal(self, state: State) -> bool:
        return state == self._goal

    def successors(self, state: State) -> Iterator[tuple[str, State, float]]:
        b = state.index(0)
        for move, cell in self._neighbours[b]:
            tiles = list(state)
            tiles[b] = tiles[cell]
            tiles[cell] = 0
            yield move, tuple(tiles), 1

    def heuristic(self, state: State) -> float:
        return self._h(state)

    def goal_states(self) -> list[State]:
        return [self._goal]

    def predecessors(self, state: State) -> Iterator[tuple[str, State, float]]:
        for move, prev, cost in self.successors(state):
            yield OPPOSITE[move], prev, cost
