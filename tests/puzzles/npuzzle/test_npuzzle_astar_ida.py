"""A*+IDA* (:mod:`searchlab.puzzles.npuzzle.astar_ida`) against the compiled IDA* of the
same catalogue (:func:`~searchlab.puzzles.npuzzle.kernel_zpdb.ida_star_zero`, itself
checked against a plain Python IDA*): with a budget of at most four stored nodes the same
nodes, expansions, iterations and solution; with larger budgets a solution of the same
(optimal) length; every solution replayed; with Korf's pruning and with the automaton.
Also the case the automaton's restart below a frontier node is for: the solution found
below a frontier node that lies on IDA*'s solution (the optimal one first in the move
order) but that A* reached by another path."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from searchlab.puzzles.npuzzle import fsm, goal_board
from searchlab.puzzles.npuzzle.astar_ida import _pack, _unpack, astar_ida_zero, root_rows
from searchlab.puzzles.npuzzle.board import Board, apply_move, legal_moves
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.kernel_zpdb import ida_star_zero
from searchlab.puzzles.npuzzle.korf import KORF_GOAL
from searchlab.puzzles.npuzzle.partitions import PARTITIONS
from searchlab.puzzles.npuzzle.solvers import replays
from searchlab.puzzles.npuzzle.zpdb import View, lookup_tables, mirror, views
from searchlab.puzzles.npuzzle.zpdb_bits import bit_views
from searchlab.puzzles.npuzzle.zpdb_build import build_zpdb, pack_nibbles

GOAL3 = goal_board(3, "first")
SPLIT3 = ((1, 2, 3, 4), (5, 6, 7, 8))


def _views3(reflected: bool, packed: bool) -> list[View]:
    m = mirror(3) if reflected else tuple(range(9))
    out = []
    for p in SPLIT3:
        byte = build_zpdb(3, p, 0)
        table = pack_nibbles(3, p, byte) if packed else byte
        assert table is not None
        out.append(View(tuple(m[g] for g in p), m, p, table.tobytes(), packed,
                        lookup_tables(3, len(p))))  # fmt: skip
    return out


@pytest.fixture(scope="module")
def automaton() -> np.ndarray:
    return fsm.compile_fsm(fsm.forbidden_strings(8))


@pytest.fixture(scope="module")
def members4(tmp_path_factory: pytest.TempPathFactory) -> list[list[View]]:
    where = tmp_path_factory.mktemp("zpdb")
    part = PARTITIONS["3-3-3-3-3"]
    return [views(4, part, False, where), views(4, part, True, where)]


def _blanks(result: object) -> list[int]:
    return [s.index(0) for s in result.states[1:]]  # type: ignore[attr-defined]


def _walks(rng: random.Random, count: int) -> list[Board]:
    out = []
    for _ in range(count):
        board = GOAL3
        for _ in range(rng.choice((12, 40, 200, 201))):
            board = apply_move(board, rng.choice(legal_moves(board)))
        out.append(board)
    return out


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_3x3_optimal_and_ida_star_at_budget_four(automaton: np.ndarray, pruning: str) -> None:
    auto = automaton if pruning == "fsm" else None
    cats = [[_views3(False, True)], [_views3(False, False), _views3(True, True)]]
    for board in _walks(random.Random(11), 12):
        for members in cats:
            ref = ida_star_zero(board, GOAL3, members, fsm=auto)
            for cap in (0, 1, 4, 5, 9, 30, 200, 100_000):
                got, parts = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=auto)
                assert got.status == "solved" and replays(board, GOAL3, got)
                assert got.length == ref.length
                assert parts.stored <= max(cap, 1)
                assert parts.astar_generated + parts.dfs_generated == got.stats.generated
                if cap <= 4:
                    assert (got.stats.generated, got.stats.expanded, got.stats.iterations) == (
                        ref.stats.generated, ref.stats.expanded, ref.stats.iterations,
                    )  # fmt: skip
                    assert got.states == ref.states


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_4x4_optimal(members4: list[list[View]], automaton: np.ndarray, pruning: str) -> None:
    auto = automaton if pruning == "fsm" else None
    for seed in (1, 2, 3):
        board = random_instance(4, 34, seed=seed, goal=KORF_GOAL)
        ref = ida_star_zero(board, KORF_GOAL, members4, fsm=auto)
        got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=1, fsm=auto)
        assert got.stats.generated == ref.stats.generated and got.states == ref.states
        for cap in (50, 2_000, 40_000):
            got, parts = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=cap, fsm=auto)
            assert got.status == "solved" and replays(board, KORF_GOAL, got)
            assert got.length == ref.length
            assert parts.frontier <= parts.stored <= cap


def test_a_frontier_node_reached_by_another_path(automaton: np.ndarray) -> None:
    """Boards where the solution is found below a frontier node on IDA*'s solution (the
    optimal one first in the move order) whose A* path is not that solution's prefix:
    there the automaton restarted (not continued from A*'s path) keeps the solution."""
    members = [_views3(False, True), _views3(True, True)]
    seen = 0
    for board in _walks(random.Random(5), 60):
        ref = ida_star_zero(board, GOAL3, members, fsm=automaton)
        cells = [board.blank, *_blanks(ref)]
        ref_states = ref.states
        for cap in (9, 20, 40, 80):
            got, parts = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=automaton)
            assert got.length == ref.length and replays(board, GOAL3, got)
            k = len(parts.frontier_path)
            if parts.found_rank < 0 or k == 0:
                continue
            on_ida = got.states[k] == ref_states[k]
            if on_ida and list(parts.frontier_path) != cells[1 : k + 1]:
                seen += 1
    assert seen > 0


def test_pack_round_trip() -> None:
    rng = random.Random(3)
    for cells in (9, 16, 25):
        for _ in range(50):
            labels = list(range(cells))
            rng.shuffle(labels)
            board = np.array(labels, dtype=np.uint8)
            out = np.zeros(cells, dtype=np.uint8)
            k0, k1 = _pack(board, cells)
            assert _unpack(k0, k1, cells, out) == labels.index(0)
            assert out.tolist() == labels


def test_root_rows_forbid_one_move_each(automaton: np.ndarray) -> None:
    rows = root_rows(automaton)
    s = len(automaton)
    assert (rows[:s] == automaton).all()
    for d in range(4):
        assert rows[s + d, d] == -1
        assert all(rows[s + d, j] == automaton[0, j] for j in range(4) if j != d)


def test_limits_and_bad_input(members4: list[list[View]], tmp_path: Path) -> None:
    board = random_instance(4, 40, seed=3, goal=KORF_GOAL)
    got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=1000, max_nodes=70_000)
    assert got.status == "limit" and got.limit == "max_nodes"
    got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=10**6, max_nodes=30_000)
    assert got.status == "limit"
    assert astar_ida_zero(KORF_GOAL, KORF_GOAL, members4, astar_nodes=10)[0].length == 0
    with pytest.raises(ValueError):
        astar_ida_zero(board, Board(4, (*range(1, 16), 0)), members4, astar_nodes=10)
    one = [bit_views(4, PARTITIONS["3-3-3-3-3"], False, tmp_path)]
    with pytest.raises(ValueError):
        astar_ida_zero(board, KORF_GOAL, one, astar_nodes=10)
