"""``searchlab demo``: a short tour of what searchlab does, one section per family."""

from __future__ import annotations

from collections.abc import Callable

import click
from rich.console import Console
from rich.rule import Rule
from rich.table import Table

from searchlab.cli.common import console
from searchlab.experiments.demo import demo as experiments_demo
from searchlab.puzzles.knight.demo import demo as knight_demo
from searchlab.puzzles.maze import MazeProblem, parse_maze, render_maze
from searchlab.puzzles.npuzzle.assignments.demo import demo as npuzzle_assignments_demo
from searchlab.puzzles.npuzzle.demo import demo as npuzzle_demo
from searchlab.puzzles.peg.demo import demo as peg_demo
from searchlab.puzzles.rushhour.demo import demo as rushhour_demo
from searchlab.search import audit_heuristic, solve

DEMO_MAZE = """\
S....#.........
.###.#.#######.
...#...#.....#.
##.#####.###.#.
...#.....#...#.
.###.#####.###.
.....#.......#G
"""


def maze_demo(out: Console) -> None:
    """The engine on a small maze: the same problem, five algorithms, side by side."""
    maze = parse_maze(DEMO_MAZE)
    problem = MazeProblem(maze)
    table = Table(title="One maze, five algorithms (searchlab.search)", title_justify="left")
    for col in ("algorithm", "status", "path length", "expanded", "generated", "ms"):
        table.add_column(col, justify="left" if col in ("algorithm", "status") else "right")
    best = None
    for name in ("bfs", "dfs", "greedy", "astar", "bibfs"):
        r = solve(problem, name)
        if name == "astar":
            best = r
        table.add_row(
            name,
            r.status,
            str(r.length),
            f"{r.stats.expanded:,}",
            f"{r.stats.generated:,}",
            f"{r.stats.seconds * 1000:.1f}",
        )
    out.print(table)
    if best is not None:
        out.print(render_maze(maze, best.states), markup=False)
    audit = audit_heuristic(problem)
    out.print(f"Manhattan distance audited on all {audit.states} cells: {audit.summary()}")


DEMOS: list[tuple[str, Callable[[Console], None]]] = [
    ("Search engine: grid maze", maze_demo),
    ("Sliding-tile puzzles: 8- and 15-puzzle", npuzzle_demo),
    ("Peg solitaire", peg_demo),
    ("8-puzzle assignment programs: puzzle8, puzzle3x3heuristics", npuzzle_assignments_demo),
    ("Knight's tours (searchlab knight)", knight_demo),
    ("Rush Hour: optimal solver and heuristics", rushhour_demo),
    ("Experiments: AIMA Fig. 3.29", experiments_demo),
]
"""Each puzzle family adds ``(title, function)`` here as it lands."""


@click.command()
def demo() -> None:
    """Show what searchlab can do, one short section per puzzle family."""
    for title, run in DEMOS:
        console.print(Rule(title))
        run(console)
    console.print(Rule())
    console.print("More: searchlab --help")
