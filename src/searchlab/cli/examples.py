"""A usage example for every command, shown at the end of its ``--help``.

Kept in one table so that every command has one (``tests/cli/test_main.py``
checks it, and that each names its own command); a family's commands have theirs in
the family's folder (``Family.solve_examples``, ``Task.example``). Each is a command a reader can
paste as it is: a built-in board, a small size, a short limit.
"""

from __future__ import annotations

from collections.abc import Sequence

from searchlab.i18n import N_

EXAMPLES: dict[str, tuple[str, ...]] = {
    "cache clear": ("searchlab cache clear --yes",),
    "cache verify": ("searchlab cache verify", "searchlab cache verify --no-heal"),
    "compare": (
        "searchlab compare npuzzle --depths 4-16:4 -n 20 -a bfs -a astar -H manhattan",
        "searchlab compare maze --sizes 10,20 -n 5 -a bfs -a astar --csv results.csv",
    ),
    "demo": ("searchlab demo",),
    "check": ("searchlab check rushhour card1.txt --moves moves.txt",),
    "doctor": ("searchlab doctor",),
    "exercise": (
        "searchlab exercise --kind order --algorithm astar --count 3 --seed 1",
        "searchlab exercise --count 8 --seed 2 --sheet sheet.html",
    ),
    "experiment aima-3.29": ("searchlab experiment aima-3.29 --instances 20",),
    "experiment peg-seed000": ("searchlab experiment peg-seed000",),
    "experiment knight-warnsdorff": ("searchlab experiment knight-warnsdorff",),
    "experiment rushhour-difficulty": ("searchlab experiment rushhour-difficulty",),
    "grade": (
        "searchlab grade puzzle8 -n 3 -- puzzle8",
        "searchlab grade puzzle8 --class submissions -- python3 {}/puzzle8.py",
    ),
    "serve": ("searchlab serve --open",),
    "solve": (
        "searchlab solve npuzzle board.txt -a idastar",
        'echo "8 6 7 2 5 4 3 0 1" | searchlab solve npuzzle - --json',
        "searchlab solve maze maze.txt -a bfs --html path.html",
    ),
    "teach": ("searchlab teach maze --example small -a bfs --svg bfs-graph.svg",),
}
"""Command path (as typed after ``searchlab``) -> example command lines."""


def epilog(path: str) -> str | None:
    """The ``--help`` epilog of the command ``path``: its examples, or None."""
    lines = EXAMPLES.get(path)
    return examples_epilog(lines) if lines else None


def examples_epilog(lines: Sequence[str]) -> str:
    """A ``--help`` epilog showing the example command ``lines``."""
    heading = N_("Example:") if len(lines) == 1 else N_("Examples:")
    return "\b\n" + heading + "\n" + "\n".join(f"  {line}" for line in lines)
