"""The ``searchlab demo`` section for sliding-tile puzzles and the assignment programs (~2 s)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.i18n import _
from searchlab.search import solve

from .assignments.demo import demo as assignments_demo
from .board import format_board, goal_board, parse_tiles
from .heuristics import HEURISTICS
from .korf import KORF_GOAL, korf_instances
from .problem import NPuzzleProblem
from .pure_search import ida_star
from .solvers import solve_board


def demo() -> Iterator[DemoBlock]:
    """A 22-move 8-puzzle under each heuristic, the hardest one (31 moves), a Korf
    instance, then the two assignment programs."""
    goal = goal_board(3)
    board = parse_tiles("7 8 4 5 2 1 0 6 3")  # 22 moves from the goal
    rows = []
    for name in HEURISTICS:
        if name in ("zero", "blank"):  # both take seconds here
            continue
        r = solve(NPuzzleProblem(board, goal, name), "astar")
        rows.append(
            (
                name,
                str(r.length),
                f"{r.stats.expanded:,}",
                f"{r.stats.generated:,}",
                f"{r.stats.seconds * 1000:.1f}",
            )
        )
    yield format_board(board)
    yield Table(
        _("8-puzzle, A* with each heuristic (generic engine)"),
        (_("heuristic"), _("moves"), _("expanded"), _("generated"), "ms"),
        rows,
    )
    hard = parse_tiles("8 6 7 2 5 4 3 0 1")
    r = solve_board(hard)
    yield _(
        "Hardest 8-puzzle position (8 6 7 2 5 4 3 0 1): {moves} moves, "
        "{expanded} expanded, {ms} ms (packed-int A*)"
    ).format(moves=r.length, expanded=f"{r.stats.expanded:,}", ms=f"{r.stats.seconds * 1000:.0f}")
    inst = next(k for k in korf_instances() if k.id == 12)
    r = ida_star(inst.board, KORF_GOAL)
    yield _(
        "Korf's 15-puzzle #12: {moves} moves (published {published}), "
        "{nodes} nodes (Korf 1985: {korf_nodes}), {seconds} s, IDA* + incremental Manhattan"
    ).format(
        moves=r.length,
        published=inst.optimal_length,
        nodes=f"{r.stats.generated:,}",
        korf_nodes=f"{inst.ida_md_nodes:,}",
        seconds=f"{r.stats.seconds:.2f}",
    )
    yield from assignments_demo()
