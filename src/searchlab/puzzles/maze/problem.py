"""The maze as a search :class:`~searchlab.search.Problem`: 4 or 8 moves, weighted cells.

A step into a cell costs that cell's cost (1-9; 1 on a plain maze); a diagonal step
costs √2 times as much and may not cut a corner (both cells beside it must be open).
The heuristics, all scaled by the cheapest cell a step can enter (``m``), with
``dr``, ``dc`` the rows and columns to the goal:

* ``manhattan``: ``m·(dr + dc)``; admissible and consistent with 4 moves only (a
  diagonal step covers two of its units for √2);
* ``octile``: ``m·(max + (√2 − 1)·min)``, the exact cost on an open grid with 8 moves;
* ``euclidean``: ``m·√(dr² + dc²)``;
* ``chebyshev``: ``m·max(dr, dc)``;
* ``zero``: none (A* becomes uniform-cost search).

The last four are admissible and consistent with 4 and with 8 moves (each is at most
the octile distance, which no path beats). :func:`admissible` says so, and
``tests/puzzles/maze/test_weighted.py`` checks it with the engine's audit.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator

from searchlab.search.problem import Problem

from .model import DIAGONAL_STEPS, SQRT2, Maze
from .model import STEPS as MODEL_STEPS

HEURISTICS = ("manhattan", "octile", "euclidean", "chebyshev", "zero")
"""The maze heuristics, by name (see the module docstring)."""

STEPS = tuple((label, dr, dc) for label, (dr, dc) in MODEL_STEPS.items())
DIAGONALS = tuple((label, dr, dc) for label, (dr, dc) in DIAGONAL_STEPS.items())
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L", "UL": "DR", "DR": "UL", "UR": "DL", "DL": "UR"}


def default_heuristic(maze: Maze) -> str:
    """The heuristic A* uses on ``maze`` when none is named: the tightest admissible one
    (Manhattan with 4 moves, octile with 8)."""
    return "octile" if maze.moves == 8 else "manhattan"


def admissible(heuristic: str, moves: int) -> bool:
    """Whether ``heuristic`` never overestimates (and is consistent) on mazes with
    ``moves`` moves: all but Manhattan with diagonals."""
    return heuristic in HEURISTICS and not (heuristic == "manhattan" and moves == 8)


def distance(heuristic: str, scale: float) -> Callable[[int, int], float]:
    """The heuristic ``heuristic`` as a function of the row and column distances."""
    if heuristic == "manhattan":
        return lambda dr, dc: scale * (dr + dc)
    if heuristic == "octile":
        return lambda dr, dc: scale * (max(dr, dc) + (SQRT2 - 1.0) * min(dr, dc))
    if heuristic == "euclidean":
        return lambda dr, dc: scale * math.hypot(dr, dc)
    if heuristic == "chebyshev":
        return lambda dr, dc: scale * max(dr, dc)
    if heuristic == "zero":
        return lambda dr, dc: 0
    raise ValueError(f"unknown maze heuristic {heuristic!r}")


def cheapest_step(maze: Maze) -> int:
    """The least cost of entering an open cell other than the start (the goal costs 1,
    so this is 1, but it is computed, not assumed)."""
    if not maze.costs:
        return 1
    return min((c for i, c in enumerate(maze.costs) if maze.open[i] and i != maze.start), default=1)


class MazeProblem(Problem[int, str]):
    """Move between open cells (4 or 8 ways, :attr:`Maze.moves`); entering a cell costs
    its cost, √2 times it on a diagonal.

    States are cell numbers (ints), so they hash fast. The neighbour lists, with their
    costs, are precomputed once, which makes ``successors`` a list walk. The heuristic
    is ``heuristic`` (default: :func:`default_heuristic`; see the module docstring).
    Costs are ints on a maze without diagonals, floats with them.
    """

    def __init__(self, maze: Maze, heuristic: str | None = None) -> None:
        self.maze = maze
        w, h, cells = maze.width, maze.height, maze.open
        self.goal_row, self.goal_col = divmod(maze.goal, w)
        self.heuristic_name = heuristic or default_heuristic(maze)
        self._distance = distance(self.heuristic_name, cheapest_step(maze))
        cost = maze.cost
        self._neighbours: list[tuple[tuple[str, int, float], ...]] = []
        for i in range(w * h):
            r, c = divmod(i, w)
            out: list[tuple[str, int, float]] = []
            if cells[i]:
                for action, dr, dc in STEPS:
                    rr, cc = r + dr, c + dc
                    if 0 <= rr < h and 0 <= cc < w and cells[rr * w + cc]:
                        out.append((action, rr * w + cc, cost(rr * w + cc)))
                if maze.moves == 8:
                    for action, dr, dc in DIAGONALS:
                        rr, cc = r + dr, c + dc
                        if (
                            0 <= rr < h
                            and 0 <= cc < w
                            and cells[rr * w + cc]
                            and cells[r * w + cc]  # no corner cutting past a wall
                            and cells[rr * w + c]
                        ):
                            out.append((action, rr * w + cc, SQRT2 * cost(rr * w + cc)))
            self._neighbours.append(tuple(out))

    def initial_state(self) -> int:
        return self.maze.start

    def is_goal(self, state: int) -> bool:
        return state == self.maze.goal

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        return iter(self._neighbours[state])

    def heuristic(self, state: int) -> float:
        r, c = divmod(state, self.maze.width)
        return self._distance(abs(r - self.goal_row), abs(c - self.goal_col))

    def goal_states(self) -> list[int]:
        return [self.maze.goal]

    def predecessors(self, state: int) -> Iterator[tuple[str, int, float]]:
        # The moves are symmetric: t reaches ``state`` by the opposite step, paying
        # what entering ``state`` costs (√2 times on a diagonal).
        enter = self.maze.cost(state)
        for action, cell, _step in self._neighbours[state]:
            yield OPPOSITE[action], cell, enter * (SQRT2 if len(action) == 2 else 1)
