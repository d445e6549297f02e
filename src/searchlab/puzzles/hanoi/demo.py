"""The ``searchlab demo`` section for the Tower of Hanoi: the recursion against search."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.i18n import _
from searchlab.search import solve

from .model import Tower
from .problem import HanoiProblem
from .solver import optimal_moves


def demo() -> Iterator[DemoBlock]:
    """Six disks from peg A to C: the recursive method, then engine searches."""
    tower = Tower(6, (0,) * 6, 2)
    yield _("Six disks from A to C: the recursion answers in {n} moves (2^6 - 1).").format(
        n=len(optimal_moves(tower.start, tower.goal_peg))
    )
    rows = []
    for algorithm, heuristic in (
        ("bfs", "zero"),
        ("astar", "misplaced"),
        ("astar", "exact"),
        ("idastar", "exact"),
        ("bibfs", "zero"),
    ):
        r = solve(HanoiProblem(tower, heuristic), algorithm)
        rows.append(
            (
                algorithm,
                heuristic,
                str(r.length),
                f"{r.stats.expanded:,}",
                f"{r.stats.seconds * 1000:.1f}",
            )
        )
    yield Table(
        _("The same tower by search (729 positions)"),
        (_("algorithm"), _("heuristic"), _("moves"), _("expanded"), "ms"),
        rows,
        right=(2, 3, 4),
    )
