"""Experiments on random grid mazes (:mod:`searchlab.puzzles.maze`).

Instances are random square mazes (20 % walls, start top-left, goal
bottom-right; some have no path) stored as their text. Heuristics: Manhattan
distance (the maze problem's own) and zero.
"""

from __future__ import annotations

from typing import Any

from searchlab.experiments.families import Family
from searchlab.puzzles.maze import MazeProblem, parse_maze, random_maze, render_maze
from searchlab.search.problem import Problem


class _BlindMazeProblem(MazeProblem):
    """The maze with the zero heuristic."""

    def heuristic(self, state: int) -> float:
        return 0


def _make_problem(data: Any, heuristic: str | None) -> Problem[Any, Any]:
    maze = parse_maze(str(data))
    return _BlindMazeProblem(maze) if heuristic == "zero" else MazeProblem(maze)


def _generate(size: int, seed: int) -> str:
    return render_maze(random_maze(size, size, walls=0.2, seed=seed))


def family() -> Family:
    """The maze family for experiments (parameter: the side of a square maze)."""
    return Family(
        name="maze",
        heuristics=("manhattan", "zero"),
        make_problem=_make_problem,
        generate=_generate,
        parameter="size",
        parse=lambda text: render_maze(parse_maze(text)),
    )
