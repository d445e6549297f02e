"""The ``searchlab demo`` section for mazes: the engine's algorithms side by side."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.i18n import _
from searchlab.search import audit_heuristic, solve
from searchlab.search.result import STATUS_LABELS

from .model import parse_maze, render_maze
from .problem import MazeProblem

DEMO_MAZE = """\
S....#.........
.###.#.#######.
...#...#.....#.
##.#####.###.#.
...#.....#...#.
.###.#####.###.
.....#.......#G
"""


def demo() -> Iterator[DemoBlock]:
    """One maze, five algorithms (a table), the A* path, and the heuristic's audit."""
    maze = parse_maze(DEMO_MAZE)
    problem = MazeProblem(maze)
    rows = []
    best = None
    for name in ("bfs", "dfs", "greedy", "astar", "bibfs"):
        r = solve(problem, name)
        if name == "astar":
            best = r
        rows.append(
            (
                name,
                _(STATUS_LABELS[r.status]),
                str(r.length),
                f"{r.stats.expanded:,}",
                f"{r.stats.generated:,}",
                f"{r.stats.seconds * 1000:.1f}",
            )
        )
    yield Table(
        _("One maze, five algorithms (searchlab.search)"),
        (_("algorithm"), _("status"), _("path length"), _("expanded"), _("generated"), "ms"),
        rows,
    )
    if best is not None:
        yield render_maze(maze, best.states)
    audit = audit_heuristic(problem)
    yield _("Manhattan distance audited on all {n} cells: {summary}").format(
        n=audit.states, summary=audit.summary()
    )
