"""The ``searchlab demo`` section for sliding-tile puzzles and the seed programs (~2 s)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.puzzles.npuzzle.assignments.demo import demo as assignments_demo
from searchlab.puzzles.npuzzle.board import format_board, goal_board, parse_tiles
from searchlab.puzzles.npuzzle.fast import ida_star
from searchlab.puzzles.npuzzle.heuristics import HEURISTICS
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.problem import NPuzzleProblem
from searchlab.puzzles.npuzzle.solvers import solve_board
from searchlab.search import solve


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
        "8-puzzle, A* with each heuristic (generic engine)",
        ("heuristic", "moves", "expanded", "generated", "ms"),
        rows,
    )
    hard = parse_tiles("8 6 7 2 5 4 3 0 1")
    r = solve_board(hard)
    yield (
        f"Hardest 8-puzzle position (8 6 7 2 5 4 3 0 1): {r.length} moves, "
        f"{r.stats.expanded:,} expanded, {r.stats.seconds * 1000:.0f} ms (packed-int A*)"
    )
    inst = next(k for k in korf_instances() if k.id == 12)
    r = ida_star(inst.board, KORF_GOAL)
    yield (
        f"Korf's 15-puzzle #12: {r.length} moves (published {inst.optimal_length}), "
        f"{r.stats.generated:,} nodes (Korf 1985: {inst.ida_md_nodes:,}), "
        f"{r.stats.seconds:.2f} s, IDA* + incremental Manhattan"
    )
    yield from assignments_demo()
