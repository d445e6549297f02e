"""The maze as a search :class:`~searchlab.search.Problem` (4-connected, unit costs)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.puzzles.maze.model import Maze
from searchlab.search.problem import Problem


class MazeProblem(Problem[int, str]):
    """Move up, down, left or right between open cells; each step costs 1.

    States are cell numbers (ints), so they hash fast. The neighbour lists are
    precomputed once, which makes ``successors`` a list walk. The heuristic is
    the Manhattan distance to the goal (admissible and consistent).
    """

    def __init__(self, maze: Maze) -> None:
        self.maze = maze
        w, h, cells = maze.width, maze.height, maze.open
        self.goal_row, self.goal_col = divmod(maze.goal, w)
        self._neighbours: list[tuple[tuple[str, int], ...]] = []
        for i in range(w * h):
            r, c = divmod(i, w)
            out: list[tuple[str, int]] = []
            if cells[i]:
                if r > 0 and cells[i - w]:
                    out.append(("U", i - w))
                if r < h - 1 and cells[i + w]:
                    out.append(("D", i + w))
                if c > 0 and cells[i - 1]:
                    out.append(("L", i - 1))
                if c < w - 1 and cells[i + 1]:
                    out.append(("R", i + 1))
            self._neighbours.append(tuple(out))

    def initial_state(self) -> int:
        return self.maze.start

    def is_goal(self, state: int) -> bool:
        return state == self.maze.goal

    def successors(self, state: int) -> Iterator[tuple[str, int, float]]:
        for action, cell in self._neighbours[state]:
            yield action, cell, 1

    def heuristic(self, state: int) -> float:
        r, c = divmod(state, self.maze.width)
        return abs(r - self.goal_row) + abs(c - self.goal_col)

    def goal_states(self) -> list[int]:
        return [self.maze.goal]

    def predecessors(self, state: int) -> Iterator[tuple[str, int, float]]:
        opposite = {"U": "D", "D": "U", "L": "R", "R": "L"}
        for action, cell in self._neighbours[state]:
            yield opposite[action], cell, 1
