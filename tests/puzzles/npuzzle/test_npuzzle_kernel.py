"""The compiled IDA* kernel searches the same tree as the pure-Python IDA*: identical
node counts and solutions; the ranked database build agrees with the NumPy 0-1 BFS."""

from __future__ import annotations

import itertools
import math
import random
from pathlib import Path
from typing import Any

import pytest

from searchlab.puzzles.npuzzle import goal_board, instances_at_depth
from searchlab.puzzles.npuzzle.kernel import build_ranked, ida_star_compiled
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pdb import (
    build_pdb,
    build_pdb_numpy,
    load_pdb,
    pack_ranked,
)
from searchlab.puzzles.npuzzle.pdb_index import rank, unrank
from searchlab.puzzles.npuzzle.pure_search import ida_star
from searchlab.search import SearchResult


def _same(a: SearchResult, b: SearchResult) -> None:
    assert (a.status, a.length, a.actions) == (b.status, b.length, b.actions)
    sa, sb = a.stats, b.stats
    assert (sa.generated, sa.expanded, sa.iterations) == (sb.generated, sb.expanded, sb.iterations)


@pytest.mark.parametrize("with_blank", [False, True])
def test_compiled_counts_equal_python_on_8_puzzle(tmp_path: Path, with_blank: bool) -> None:
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    pdbs = [(p, load_pdb(3, p, directory=tmp_path, with_blank=with_blank).data) for p in parts]
    for depth in (0, 1, 14, 26, 31):
        for board in instances_at_depth(depth, 2 if depth else 1, seed=3, goal=goal):
            for reflect in (True, False):
                a = ida_star(board, goal, pdbs=pdbs, reflect=reflect)
                _same(a, ida_star_compiled(board, goal, pdbs=pdbs, reflect=reflect))


PARTS = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]
"""3-3-3-3-3 for Korf's goal: built in a fraction of a second."""


@pytest.fixture(scope="module")
def sparse() -> list[tuple[tuple[int, ...], bytes]]:
    return [(p, build_pdb(4, p).tobytes()) for p in PARTS]


def test_compiled_counts_equal_python_on_korf_instances(sparse: list[Any]) -> None:
    pdbs = sparse
    for inst in korf_instances():
        if inst.id in (9, 12, 79):
            a = ida_star(inst.board, KORF_GOAL, pdbs=pdbs)
            b = ida_star_compiled(inst.board, KORF_GOAL, pdbs=pdbs)
            _same(a, b)
            assert b.length == inst.optimal_length


def test_each_completed_iteration_is_reported_once(sparse: list[Any]) -> None:
    # the bounds of the completed iterations step by 2 below the length found, and
    # their nodes with the final iteration's make up every node generated
    for inst in korf_instances():
        if inst.id in (9, 12):
            seen: list[tuple[int, int]] = []
            b = ida_star_compiled(
                inst.board, KORF_GOAL, pdbs=sparse, on_iteration=lambda *x, s=seen: s.append(x)
            )
            assert b.length == inst.optimal_length
            assert len(seen) == b.stats.iterations - 1
            bounds = [bd for bd, _ in seen] + [b.length]
            assert all(y - x == 2 for x, y in itertools.pairwise(bounds))
            assert all(n > 0 for _, n in seen) and sum(n for _, n in seen) < b.stats.generated
            _same(b, ida_star_compiled(inst.board, KORF_GOAL, pdbs=sparse))


def test_compiled_limits_stop_at_the_same_count(sparse: list[Any]) -> None:
    pdbs = sparse
    inst = next(k for k in korf_instances() if k.id == 1)
    a = ida_star(inst.board, KORF_GOAL, pdbs=pdbs, max_nodes=300_000)
    b = ida_star_compiled(inst.board, KORF_GOAL, pdbs=pdbs, max_nodes=300_000)
    assert a.status == b.status == "limit" and a.limit == b.limit == "max_nodes"
    assert a.stats.generated == b.stats.generated


def test_ranked_build_refuses_words_it_cannot_hold() -> None:
    with pytest.raises(ValueError, match="free cells"):
        build_ranked(5, (1, 2, 3))  # 22 free cells: three sets of 22 bits exceed 64


def test_rank_is_a_bijection() -> None:
    for k in (1, 2, 3):
        placements = list(itertools.permutations(range(6), k))
        assert [rank(p, 6) for p in placements] == list(range(len(placements)))
        assert all(unrank(rank(p, 6), k, 6) == p for p in placements)


@pytest.mark.parametrize(
    ("size", "pattern"), [(3, (1, 2, 4)), (3, (5, 6, 7, 8)), (4, (1, 4, 5)), (5, (1, 2, 6, 7))]
)
def test_ranked_build_matches_numpy_build(size: int, pattern: tuple[int, ...]) -> None:
    ranked = build_ranked(size, pattern)
    sparse = build_pdb_numpy(size, pattern)
    cells = size * size
    placements = list(itertools.permutations(range(cells), len(pattern)))
    for placed in random.Random(size).sample(placements, min(len(placements), 20_000)):
        index = sum(c * cells**i for i, c in enumerate(placed))
        assert ranked[rank(placed, cells)] == sparse[index]


def test_ranked_search_python_and_compiled_agree() -> None:
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    pdbs = [(p, build_ranked(3, p).tobytes()) for p in parts]
    for depth in (0, 1, 17, 31):
        for board in instances_at_depth(depth, 2 if depth else 1, seed=4, goal=goal):
            for reflect in (True, False):
                a = ida_star(board, goal, pdbs=pdbs, reflect=reflect)
                assert a.length == depth
                _same(a, ida_star_compiled(board, goal, pdbs=pdbs, reflect=reflect))


def test_ranked_and_sparse_tables_search_the_same_tree(sparse: list[Any]) -> None:
    """The same database in every layout (mixed radix, ranked, ranked four bits an entry)
    gives the same heuristic, hence the same counts, in the Python and compiled searches
    (board and reflection lookups: the mixed-radix search makes no dual lookup)."""
    ranked = [(p, build_ranked(4, p).tobytes()) for p in PARTS]
    packed = [(p, bytes(pack_ranked(4, p, build_ranked(4, p)))) for p in PARTS]
    for inst in korf_instances():
        if inst.id in (12, 79):
            a = ida_star(inst.board, KORF_GOAL, pdbs=sparse)
            for tables in (ranked, packed):  # the dual lookup is made with ranked tables only
                _same(a, ida_star(inst.board, KORF_GOAL, pdbs=tables, dual=False))
                _same(a, ida_star_compiled(inst.board, KORF_GOAL, pdbs=tables, dual=False))


def test_ranked_search_on_5x5_agrees_with_manhattan_ida() -> None:
    """5x5 (25-cell ranks, the reflection on 5x5): six 4-tile ranked databases; both
    searches agree, and the length equals Manhattan IDA*'s (both optimal)."""
    from searchlab.puzzles.npuzzle import random_instance

    goal = goal_board(5, "first")
    tiles = list(range(1, 25))
    parts = [tuple(tiles[i : i + 4]) for i in range(0, 24, 4)]
    pdbs = [(p, build_ranked(5, p).tobytes()) for p in parts]
    for seed in (1, 2):
        board = random_instance(5, 30, seed=seed, goal=goal)
        a = ida_star(board, goal, pdbs=pdbs)
        _same(a, ida_star_compiled(board, goal, pdbs=pdbs))
        assert a.length == ida_star(board, goal).length == 30


def test_korf24_instances_are_consistent() -> None:
    """The 50 bundled 24-puzzle instances: solvable, and each published optimal length
    has the parity of the Manhattan distance and is at least it."""
    from searchlab.puzzles.npuzzle import is_solvable
    from searchlab.puzzles.npuzzle.heuristics import manhattan
    from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, korf24_instances

    instances = korf24_instances()
    assert [k.id for k in instances] == list(range(1, 51))
    assert min(k.optimal_length for k in instances) == 81  # #25
    for inst in instances:
        assert is_solvable(inst.board, KORF24_GOAL)
        md = manhattan(inst.board.tiles, KORF24_GOAL)
        assert inst.optimal_length >= md and (inst.optimal_length - md) % 2 == 0


def _unpacked(size: int, pattern: tuple[int, ...], packed: Any) -> list[int]:
    """Every entry of a packed ranked table, decoded independently of the kernel."""
    cells = size * size
    out = []
    for r in range(math.perm(cells, len(pattern))):
        placed = unrank(r, len(pattern), cells)
        md = sum(
            abs(c // size - g // size) + abs(c % size - g % size)
            for c, g in zip(placed, pattern, strict=True)
        )
        out.append(md + 2 * ((int(packed[r >> 1]) >> (4 * (r & 1))) & 15))
    return out


@pytest.mark.parametrize(
    ("size", "pattern"),
    [
        (3, (1, 2, 3, 4)),
        (3, (5, 6, 7, 8)),
        (3, (1, 2, 4)),
        pytest.param(4, (1, 2, 3, 4, 5), marks=pytest.mark.slow),
    ],
)
def test_packed_tables_equal_the_numpy_tables(size: int, pattern: tuple[int, ...]) -> None:
    """The compact tables (compiled BFS, four bits an entry: value minus Manhattan,
    halved) hold exactly the NumPy 0-1 BFS's values, every placement: the 8-puzzle's
    2x4 partition, a 3-tile pattern, and a 5-tile pattern of the 15-puzzle."""
    table = build_ranked(size, pattern)
    packed = pack_ranked(size, pattern, table)
    assert packed is not None and len(packed) == (len(table) + 1) // 2
    sparse = build_pdb_numpy(size, pattern)
    cells = size * size
    values = _unpacked(size, pattern, packed)
    for r, v in enumerate(values):
        placed = unrank(r, len(pattern), cells)
        assert v == sparse[sum(c * cells**i for i, c in enumerate(placed))]


def test_packed_and_byte_tables_search_the_same_tree() -> None:
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    full = [(p, build_ranked(3, p)) for p in parts]
    packed = [(p, pack_ranked(3, p, t)) for p, t in full]
    mixed = [full[0], packed[1]]
    for depth in (1, 17, 31):
        for board in instances_at_depth(depth, 2, seed=6, goal=goal):
            a = ida_star(board, goal, pdbs=[(p, t.tobytes()) for p, t in full])
            for pdbs in (packed, mixed):
                tables = [(p, bytes(t)) for p, t in pdbs]
                _same(a, ida_star(board, goal, pdbs=tables))
                _same(a, ida_star_compiled(board, goal, pdbs=tables))


def test_ranked_databases_are_cached_packed(tmp_path: Path) -> None:
    table = load_pdb(4, (1, 2, 3), directory=tmp_path, ranked=True)
    names = sorted(f.name for f in tmp_path.iterdir())
    assert names == ["pdb-4x4-1_2_3-rank4.npy", "pdb-4x4-1_2_3-rank4.npy.sum"]  # its checksum
    assert len(table) == math.perm(16, 3) // 2
    again = load_pdb(4, (1, 2, 3), directory=tmp_path, ranked=True, build=False)
    assert bytes(again) == bytes(table)


@pytest.mark.parametrize(
    ("size", "pattern"),
    [(3, (1, 2, 4)), (3, (5, 6, 7, 8)), (3, (1, 2, 3, 4, 5, 6)), (4, (1, 4, 5)), (4, (8, 9, 12))],
)
@pytest.mark.parametrize("with_blank", [False, True])
def test_compiled_radix_build_equals_numpy_build(
    size: int, pattern: tuple[int, ...], with_blank: bool
) -> None:
    """The compiled builder's mixed-radix tables are the NumPy 0-1 BFS's, byte for byte
    (unreachable entries included)."""
    from searchlab.puzzles.npuzzle.kernel import build_radix

    a = build_radix(size, pattern, with_blank=with_blank)
    b = build_pdb_numpy(size, pattern, with_blank=with_blank)
    assert a.tobytes() == b.tobytes()
