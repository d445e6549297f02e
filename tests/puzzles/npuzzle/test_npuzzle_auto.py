"""``auto`` without pattern databases, and the compiled Manhattan / linear-conflict IDA*.

The compiled search is checked against independent references: the pure-Python IDA*
with Manhattan distance (identical counts and solutions), a plain recursive IDA* with
:func:`~searchlab.puzzles.npuzzle.heuristics.linear_conflict` written here (identical
counts), and Korf's (1985) published node count for his instance #1.
"""

from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from searchlab.puzzles.npuzzle import apply_moves, goal_board, instances_at_depth, parse_tiles
from searchlab.puzzles.npuzzle.board import (
    Board,
    apply_move,
    format_board,
    legal_moves,
    neighbours,
)
from searchlab.puzzles.npuzzle.heuristics import linear_conflict
from searchlab.puzzles.npuzzle.kernel_md import ida_star_md_compiled, line_table
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pure_search import ida_star
from searchlab.puzzles.npuzzle.solvers import solve_board
from searchlab.search import SearchResult

KORF = {k.id: k for k in korf_instances()}


def _counts(r: SearchResult) -> tuple[int, int, int]:
    return r.stats.generated, r.stats.expanded, r.stats.iterations


def _reference_lc(start: Board, goal: Board) -> tuple[int, tuple[int, int, int]]:
    """IDA* with linear conflict recomputed at every node, Korf's conventions (moves
    up, left, right, down; no move back; a goal counted when generated; the root once)."""
    n = start.size
    order = {"U": 0, "L": 1, "R": 2, "D": 3}
    moves = [[c for _, c in sorted(cs, key=lambda mc: order[mc[0]])] for cs in neighbours(n)]
    tiles = list(start.tiles)
    gen, exp, best = [1], [0], [0]

    def dfs(b: int, prev: int, g: int, bound: int) -> bool:
        exp[0] += 1
        cnt = 0
        for nb in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            tiles[b], tiles[nb] = tiles[nb], 0
            h = linear_conflict(tiles, goal)
            if h == 0:
                gen[0] += cnt
                return True
            if g + 1 + h > bound:
                best[0] = min(best[0], g + 1 + h)
            else:
                gen[0] += cnt
                cnt = 0
                if dfs(nb, b, g + 1, bound):
                    return True
            tiles[nb], tiles[b] = tiles[b], 0
        gen[0] += cnt
        return False

    bound, iterations = linear_conflict(start, goal), 0
    while True:
        iterations += 1
        best[0] = 1 << 30
        if bound == 0 or dfs(start.blank, -1, 0, bound):
            return bound, (gen[0], exp[0], iterations)
        bound = best[0]


def test_line_table_counts_tiles_out_of_order() -> None:
    table = line_table(4)  # digit j: goal position + 1 of the tile in cell j, 0: none
    assert table[0] == 0
    assert table[1 + 2 * 5] == 0  # goal positions 0, 1 in cells 0, 1: in order
    assert table[2 + 1 * 5] == 1  # 1, 0: one must leave
    assert table[4 + 3 * 5 + 2 * 25 + 1 * 125] == 3  # reversed: three leave


def test_compiled_manhattan_counts_equal_python() -> None:
    cases = [(k.board, KORF_GOAL) for k in KORF.values() if k.id in (9, 12, 79)]
    goal = goal_board(3)
    cases += [(b, goal) for d in (1, 20, 31) for b in instances_at_depth(d, 2, seed=5, goal=goal)]
    for board, g in cases:
        a = ida_star(board, g)
        b = ida_star_md_compiled(board, g, linear_conflicts=False)
        assert (a.status, a.actions, _counts(a)) == (b.status, b.actions, _counts(b))


@pytest.mark.slow
def test_compiled_manhattan_reproduces_korf_1985_on_instance_1() -> None:
    """Korf (1985), Table 1, instance 1: 57 moves, 276,361,933 nodes generated."""
    r = ida_star_md_compiled(KORF[1].board, KORF_GOAL, linear_conflicts=False)
    assert r.length == 57 and r.stats.generated == 276_361_933


@pytest.mark.parametrize("size", [3, 4, 5])
def test_compiled_linear_conflict_counts_equal_the_reference(size: int) -> None:
    goal = goal_board(size)
    if size == 3:
        boards = [b for d in (1, 12, 24, 31) for b in instances_at_depth(d, 2, seed=7, goal=goal)]
    else:
        boards = [_walk(size, 30 if size == 4 else 22, seed) for seed in range(3)]
    for board in boards:
        length, counts = _reference_lc(board, goal)
        r = ida_star_md_compiled(board, goal)
        assert r.solved and r.length == length and _counts(r) == counts
        assert apply_moves(board, r.actions)[-1] == goal


@pytest.mark.slow
def test_compiled_linear_conflict_on_korf_instances() -> None:
    for i in (9, 12, 79):
        length, counts = _reference_lc(KORF[i].board, KORF_GOAL)
        r = ida_star_md_compiled(KORF[i].board, KORF_GOAL)
        assert r.length == length == KORF[i].optimal_length and _counts(r) == counts


def _walk(size: int, steps: int, seed: int) -> Board:
    """A board ``steps`` random blank moves from the goal (no immediate reversals)."""
    rng = random.Random(seed)
    board, prev = goal_board(size), ""
    undo = {"U": "D", "D": "U", "L": "R", "R": "L"}
    for _ in range(steps):
        m = rng.choice([m for m in legal_moves(board) if m != undo.get(prev)])
        board, prev = apply_move(board, m), m
    return board


def test_auto_without_databases_never_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With an empty cache ``auto`` answers a 4x4 and a 5x5 board optimally by linear
    conflict, builds nothing, and says which heuristic it used."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    r = solve_board(KORF[1].board, KORF_GOAL)
    assert r.solved and r.length == 57 and r.extra["heuristic"] == "linear_conflict"
    assert "linear_conflict" in r.algorithm
    assert apply_moves(KORF[1].board, r.actions)[-1] == KORF_GOAL
    board = _walk(5, 40, 1)
    r5 = solve_board(board, goal_board(5))
    md = ida_star_md_compiled(board, goal_board(5), linear_conflicts=False)
    assert r5.solved and r5.length == md.length and r5.extra["heuristic"] == "linear_conflict"
    assert list(tmp_path.iterdir()) == []


def test_notebook_and_family_choose_the_same_way(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The notebook (and every surface: it is the family's ``auto``) answers a 5x5 board
    from an empty cache, and stays within the stored-node bound it is given."""
    from searchlab.notebook import solve

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    board = _walk(5, 30, 2)
    sol = solve("npuzzle", format_board(board), max_nodes=1000)
    md = ida_star_md_compiled(board, goal_board(5), linear_conflicts=False)
    assert sol.solved and sol.result.length == md.length and "idastar" in sol.result.algorithm
    assert apply_moves(board, sol.moves)[-1] == goal_board(5)
    assert list(tmp_path.iterdir()) == []


def test_auto_easy_boards_stay_in_python() -> None:
    r = solve_board(parse_tiles("1 2 3 4\n5 6 7 8\n9 10 11 12\n13 14 0 15"))
    assert r.length == 1 and r.extra["heuristic"] == "manhattan"


def test_easy_boards_never_import_numba() -> None:
    """The family and its solver load without NumPy or Numba, and an easy 4x4 board is
    answered before either is needed (a fresh interpreter)."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from searchlab.puzzles.npuzzle.family import FAMILY\n"
        "from searchlab.puzzles.npuzzle.solvers import solve_board\n"
        "from searchlab.puzzles.npuzzle.board import parse_tiles\n"
        "r = solve_board(parse_tiles('1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15'))\n"
        "print(r.length, 'numba' in sys.modules, 'numpy' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.split() == ["2", "False", "False"]


def test_idastar_ignores_a_stored_node_bound() -> None:
    """IDA* stores only its path: ``max_nodes`` (a memory bound) never stops it."""
    r = solve_board(KORF[79].board, KORF_GOAL, algorithm="idastar", max_nodes=1000)
    assert r.solved and r.length == KORF[79].optimal_length


def test_web_auto_solves_korf_1_with_an_empty_cache(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 20, item 4: through the API, with the job's memory cap and time limit
    (default 30 s) and nothing cached, ``auto`` answers Korf #1 optimally (3.3 s here)."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    from searchlab.web.app import create_app

    board = format_board(KORF[1].board) + "\ngoal\n" + format_board(KORF_GOAL) + "\n"
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        r = client.post("/api/npuzzle/solve", json={"board": board, "algorithm": "auto"})
        assert r.status_code == 202, r.text
        snap = _wait(client, r.json()["job"], 120)
    assert snap["state"] == "done", snap
    result = snap["result"]
    assert result["status"] == "solved" and result["length"] == 57, result
    assert "linear_conflict" in result["algorithm"]
    moves = result["moves"]
    assert apply_moves(KORF[1].board, moves)[-1] == KORF_GOAL


def _wait(client: TestClient, job: str, timeout: float) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snap: dict[str, Any] = client.get(f"/api/jobs/{job}").json()
        if snap["state"] in ("done", "failed"):
            return snap
        time.sleep(0.05)
    raise AssertionError(f"job {job} still running after {timeout} s")
