"""Grid mazes: the smallest puzzle family, for teaching and for engine benchmarks.

>>> from searchlab.puzzles.maze import parse_maze, MazeProblem
>>> maze = parse_maze("S.#\\n..G")
>>> from searchlab.search import solve
>>> solve(MazeProblem(maze), "astar").cost
3
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from .model import Maze, parse_maze, random_maze, render_maze
    from .problem import MazeProblem

__all__ = ["Maze", "MazeProblem", "parse_maze", "random_maze", "render_maze"]

__getattr__, __dir__ = exports(
    __name__,
    {
        "model": ("Maze", "parse_maze", "random_maze", "render_maze"),
        "problem": ("MazeProblem",),
    },
)
