from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from searchlab.puzzles.npuzzle import (
    Board,
    apply_moves,
    exact_distance,
    goal_board,
    instances_at_depth,
    is_solvable,
    parse_tiles,
    random_instance,
)
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pdb import build_pdb, load_pdb
from searchlab.puzzles.npuzzle.pure_search import astar, ida_star
from searchlab.puzzles.npuzzle.solvers import solve_board


def _check(
    board: Board, goal: Board, result_actions: list[str], states: list[tuple[int, ...]], length: int
) -> None:
    boards = apply_moves(board, result_actions)
    assert boards[-1] == goal
    assert [b.tiles for b in boards] == states
    assert len(result_actions) == length


@pytest.mark.parametrize("blank", ["first", "last"])
def test_fast_solvers_optimal_on_8_puzzle(blank: str) -> None:
    goal = goal_board(3, blank)
    for depth in (0, 1, 9, 18, 27, 31):
        for board in instances_at_depth(depth, 2 if depth else 1, seed=depth, goal=goal):
            for solver in (astar, ida_star):
                r = solver(board, goal)
                _check(board, goal, r.actions, r.states, exact_distance(board, goal))


def test_unusual_goal_layout() -> None:
    goal = parse_tiles("1 2 3 8 0 4 7 6 5")
    for board in instances_at_depth(24, 3, seed=9, goal=goal):
        r = solve_board(board, goal)
        _check(board, goal, r.actions, r.states, 24)
        r = solve_board(board, goal, algorithm="idastar", heuristic="linear_conflict")
        _check(board, goal, r.actions, r.states, 24)


def test_unsolvable_answered_without_search() -> None:
    board = parse_tiles("1 2 3 4 5 6 8 7 0")
    r = solve_board(board)
    assert r.status == "impossible" and r.reason and r.stats.generated == 0
    b4 = Board(4, (2, 1, *range(3, 16), 0))
    assert not is_solvable(b4, goal_board(4))
    assert solve_board(b4).status == "impossible"


def test_korf_node_counts_reproduced_exactly() -> None:
    easy = {k.id: k for k in korf_instances() if k.id in (12, 19, 9)}
    for inst in easy.values():
        r = ida_star(inst.board, KORF_GOAL)
        assert r.length == inst.optimal_length
        assert r.stats.generated == inst.ida_md_nodes
        _check(inst.board, KORF_GOAL, r.actions, r.states, inst.optimal_length)


def test_limits() -> None:
    inst = next(k for k in korf_instances() if k.id == 1)
    r = ida_star(inst.board, KORF_GOAL, max_nodes=100_000)
    assert r.status == "limit" and r.limit == "max_nodes"
    r = astar(inst.board, KORF_GOAL, max_nodes=20_000)
    assert r.status == "limit"


def _pdb_reference(size: int, pattern: tuple[int, ...]) -> dict[tuple[int, ...], int]:
    """Plain-Python 0-1 BFS over (pattern positions, blank) for small patterns."""
    from collections import deque

    from searchlab.puzzles.npuzzle.board import neighbours

    nbrs = neighbours(size)
    cells = size * size
    start = [(tuple(pattern), b) for b in range(cells) if b not in pattern]
    dist = {s: 0 for s in start}
    dq = deque(start)
    while dq:
        s = dq.popleft()
        pos, b = s
        d = dist[s]
        for _, nb in nbrs[b]:
            if nb in pos:
                i = pos.index(nb)
                child = ((*pos[:i], b, *pos[i + 1 :]), nb)
                cost = 1
            else:
                child, cost = (pos, nb), 0
            if child not in dist or dist[child] > d + cost:
                dist[child] = d + cost
                if cost:
                    dq.append(child)
                else:
                    dq.appendleft(child)
    out: dict[tuple[int, ...], int] = {}
    for (pos, _), d in dist.items():
        out[pos] = min(d, out.get(pos, 99))
    return out


@pytest.mark.parametrize(("size", "pattern"), [(3, (1, 2, 4)), (4, (1, 4, 5))])
def test_pdb_matches_reference_bfs(size: int, pattern: tuple[int, ...]) -> None:
    table = build_pdb(size, pattern)
    ref = _pdb_reference(size, pattern)
    cells = size * size
    for pos, d in ref.items():
        assert table[sum(p * cells**i for i, p in enumerate(pos))] == d
    assert int((table < 255).sum()) == len(ref)


def test_pdb_ida_on_8_puzzle_and_cache(tmp_path: Path) -> None:
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    tables = [(p, load_pdb(3, p, directory=tmp_path).tobytes()) for p in parts]
    assert len(list(tmp_path.glob("*.npy"))) == 2
    assert len(list(tmp_path.glob("*.npy.sum"))) == 2  # each with its checksum
    again = load_pdb(3, parts[0], directory=tmp_path, build=False)
    assert np.array_equal(again, np.frombuffer(tables[0][1], dtype=np.uint8))
    for depth in (5, 20, 31):
        for board in instances_at_depth(depth, 2, seed=1, goal=goal):
            for reflect in (True, False):
                r = ida_star(board, goal, pdbs=tables, reflect=reflect)
                _check(board, goal, r.actions, r.states, depth)


def test_hint_and_optimal_length_never_build(tmp_path: Path) -> None:
    from searchlab.puzzles.npuzzle import hint, optimal_length
    from searchlab.puzzles.npuzzle.pdb import cache_dir

    board = parse_tiles("1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15")
    assert hint(board) == "R"
    assert optimal_length(board) == 1
    assert hint(goal_board(4)) is None
    assert not cache_dir().exists()


def test_pdb_ida_on_easy_korf_instances() -> None:
    from searchlab.puzzles.npuzzle.solvers import pattern_databases

    pdbs = pattern_databases(KORF_GOAL, "3-3-3-3-3")
    for inst in korf_instances():
        if inst.id in (9, 12):
            for reflect in (True, False):
                r = ida_star(inst.board, KORF_GOAL, pdbs=pdbs, reflect=reflect)
                assert r.stats.generated < inst.ida_md_nodes
                _check(inst.board, KORF_GOAL, r.actions, r.states, inst.optimal_length)


@pytest.mark.parametrize("blank", ["last", "first"])
def test_solve_board_4x4_pdb_any_corner(blank: str) -> None:
    goal = goal_board(4, blank)
    corner = Board(4, tuple(reversed(goal.tiles)))  # the blank's goal in the opposite corner
    inner = list(goal.tiles)
    b = inner.index(0)
    inner[b], inner[6] = inner[6], 0  # the blank's goal off the corners and the diagonal
    for g in (goal, corner, Board(4, tuple(inner))):
        for seed in (1, 2):
            board = random_instance(4, 14, seed=seed, goal=g)
            r = solve_board(board, g, heuristic="pdb", algorithm="idastar", partition="3-3-3-3-3")
            _check(board, g, r.actions, r.states, 14)


def test_pdb_with_blank_dominates_and_stays_optimal(tmp_path: Path) -> None:
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    plain = [(p, load_pdb(3, p, directory=tmp_path).tobytes()) for p in parts]
    full = [(p, load_pdb(3, p, directory=tmp_path, with_blank=True).tobytes()) for p in parts]
    for (_, a), (_, b) in zip(plain, full, strict=True):
        table, table_b = np.frombuffer(a, np.uint8), np.frombuffer(b, np.uint8)
        assert np.array_equal(table_b.reshape(9, -1).min(axis=0), table)
    nodes_plain = nodes_full = 0
    for depth in (12, 25, 31):
        for board in instances_at_depth(depth, 2, seed=2, goal=goal):
            r_plain = ida_star(board, goal, pdbs=plain)
            r_full = ida_star(board, goal, pdbs=full)
            _check(board, goal, r_full.actions, r_full.states, depth)
            nodes_plain += r_plain.stats.generated
            nodes_full += r_full.stats.generated
    assert nodes_full < nodes_plain


def test_an_easy_4x4_board_needs_no_pattern_database(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """auto on a 4x4 board with no databases cached: an easy board is solved optimally
    at once (Manhattan IDA*), nothing is built; the optimum checked against BFS."""
    from searchlab import families

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    fam = families.get("npuzzle")
    for text in (
        "1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15\n",
        "2 13 3 4\n1 10 5 8\n9 14 0 15\n6 12 7 11\n",
    ):
        inst = fam.read(text)
        r = fam.solve(inst, "auto", None, time_limit=60)
        assert r.solved and "pdb" not in r.algorithm
        if r.length <= 12:
            assert r.length == fam.solve(inst, "bfs", None).length
    assert list(tmp_path.iterdir()) == []


def test_packed_astar_checks_its_limits_once_per_budget_period(monkeypatch):
    """Without a node cap the packed A* consults the budget every CHECK_EVERY
    expansions, not at each one (``inf // 4`` once made it check every time, 1.5x slower)."""
    from searchlab.search.limits import CHECK_EVERY, Budget

    calls = []
    original = Budget.check

    def counting(self, stats):
        calls.append(stats.expanded)
        return original(self, stats)

    monkeypatch.setattr(Budget, "check", counting)
    result = astar(parse_tiles("8 6 7 2 5 4 3 0 1"), goal_board(3))
    assert result.cost == 31
    assert len(calls) <= result.stats.expanded // CHECK_EVERY + 1
