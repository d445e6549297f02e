"""Three-bit ranked pattern databases (:func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked`)
hold exactly the four-bit tables' values, escapes included, and the pure-Python and
compiled searches make the same tree with them."""

from __future__ import annotations

import math
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from searchlab.puzzles.npuzzle import goal_board, instances_at_depth, random_instance
from searchlab.puzzles.npuzzle.kernel import build_ranked, ida_star_compiled
from searchlab.puzzles.npuzzle.kernel_pack3 import read3 as read3_compiled
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pdb import load_pdb, pack3_ranked, pack_ranked, pdb_path
from searchlab.puzzles.npuzzle.pdb_build import build_packed
from searchlab.puzzles.npuzzle.pdb_index import (
    THREE,
    is_pack3,
    layout,
    pack3_base,
    read3,
    table_format,
)
from searchlab.puzzles.npuzzle.pure_search import ida_star
from searchlab.search import SearchResult


def _same(a: SearchResult, b: SearchResult) -> None:
    assert (a.status, a.length, a.actions) == (b.status, b.length, b.actions)
    sa, sb = a.stats, b.stats
    assert (sa.generated, sa.expanded, sa.iterations) == (sb.generated, sb.expanded, sb.iterations)


def _nibbles(packed: Any, total: int) -> list[int]:
    return [(int(packed[r >> 1]) >> (4 * (r & 1))) & 15 for r in range(total)]


def _check_equal(cells: int, pattern: tuple[int, ...], packed: Any) -> Any:
    """The three-bit table of ``packed``: every entry equal, read by Python and compiled."""
    total = math.perm(cells, len(pattern))
    size = math.isqrt(cells)
    three = pack3_ranked(size, pattern, packed)
    assert is_pack3(cells, pattern, three) and table_format(cells, pattern, three) == THREE
    escapes = sum(q >= 7 for q in _nibbles(packed, total))
    assert len(three) == pack3_base(cells, len(pattern)) + 5 * escapes + 4
    data = bytes(three)
    arr = np.frombuffer(data, dtype=np.uint8)
    for r, q in enumerate(_nibbles(packed, total)):
        assert read3(data, r) == q
        assert read3_compiled(arr, r) == q
    return three


@pytest.mark.parametrize(
    ("size", "pattern"), [(3, (1, 2, 3, 4)), (3, (5, 6, 7, 8)), (4, (1, 2, 3)), (4, (8, 9, 12))]
)
def test_three_bit_tables_hold_the_packed_values(size: int, pattern: tuple[int, ...]) -> None:
    packed = build_packed(size, pattern)
    assert packed is not None
    _check_equal(size * size, pattern, packed)


def test_three_bit_table_of_a_5_tile_pattern() -> None:
    """The 15-puzzle's 5-tile pattern of 5-5-5 (524,160 placements), blank-goal."""
    packed = build_packed(4, (1, 4, 5, 8, 9), blank=0)
    assert packed is not None
    _check_equal(16, (1, 4, 5, 8, 9), packed)


@pytest.mark.parametrize(("size", "pattern"), [(3, (1, 2, 3)), (3, (2, 5, 7, 8)), (4, (1, 2))])
def test_escapes_of_any_entry_are_read_back(size: int, pattern: tuple[int, ...]) -> None:
    """Random nibbles, half of them 7 or more: every one read back through the
    exception list (odd and even placement counts)."""
    rng = random.Random(len(pattern))
    total = math.perm(size * size, len(pattern))
    q = [rng.randrange(16) for _ in range(total)] + [0]
    packed = np.array([q[i] | q[i + 1] << 4 for i in range(0, total, 2)], dtype=np.uint8)
    _check_equal(size * size, pattern, packed)


def _raised(packed: Any, total: int, every: int) -> np.ndarray:
    """``packed`` with 7 added to the entry of every ``every``-th placement (at most 15):
    values no longer admissible, but the same in every format, many of them escapes."""
    q = [*_nibbles(packed, total), 0]
    q = [min(x + 7, 15) if r % every == 0 else x for r, x in enumerate(q)]
    return np.array([q[i] | q[i + 1] << 4 for i in range(0, total, 2)], dtype=np.uint8)


def test_three_bit_tables_search_the_same_tree_on_the_8_puzzle() -> None:
    """Board, reflection and dual lookups, with real values and with values raised into
    the exception list: the same counts and solutions from both formats and searches."""
    goal = goal_board(3, "first")
    parts = [(1, 2, 3, 4), (5, 6, 7, 8)]
    real = [(p, pack_ranked(3, p, build_ranked(3, p))) for p in parts]
    raised = [(p, _raised(t, math.perm(9, 4), 3)) for p, t in real]
    for tables in (real, raised):
        four = [(p, bytes(t)) for p, t in tables]
        three = [(p, bytes(pack3_ranked(3, p, t))) for p, t in tables]
        assert layout(9, three) == "ranked"
        for depth in (1, 17, 31):
            for board in instances_at_depth(depth, 2, seed=8, goal=goal):
                for dual in (False, True):
                    a = ida_star(board, goal, pdbs=four, dual=dual)
                    _same(a, ida_star(board, goal, pdbs=three, dual=dual))
                    _same(a, ida_star_compiled(board, goal, pdbs=three, dual=dual))


PARTS = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]


def test_three_bit_tables_search_the_same_tree_on_korf_instances() -> None:
    """Korf's instances with ranked 3-3-3-3-3 tables: three bits an entry give the same
    counts as four in the compiled search, each solution optimal, and the pure-Python
    search the same counts as the compiled one (whole, or up to the same node bound; the
    four-bit compiled search is tested against the pure-Python one on whole solves)."""
    four = [(p, bytes(pack_ranked(4, p, build_ranked(4, p)))) for p in PARTS]
    three = [(p, bytes(pack3_ranked(4, p, t))) for p, t in four]
    for inst in korf_instances():
        if inst.id in (12, 79):
            a = ida_star_compiled(inst.board, KORF_GOAL, pdbs=four)
            b = ida_star_compiled(inst.board, KORF_GOAL, pdbs=three)
            _same(a, b)
            assert b.length == inst.optimal_length
            c = ida_star(inst.board, KORF_GOAL, pdbs=three, max_nodes=100_000)
            d = ida_star_compiled(inst.board, KORF_GOAL, pdbs=three, max_nodes=100_000)
            assert (c.status, c.limit, c.length) == (d.status, d.limit, d.length)
            assert (c.stats.generated, c.stats.expanded) == (d.stats.generated, d.stats.expanded)


def test_three_bit_tables_are_cached_beside_the_packed_ones(tmp_path: Path) -> None:
    pattern = (1, 2, 3, 4)
    four_path = pdb_path(3, pattern, tmp_path, ranked=True, packed=True, blank=0)
    three_path = pdb_path(3, pattern, tmp_path, ranked=True, blank=0, pack3=True)
    assert three_path.name == "pdb-3x3-1_2_3_4-goal0-rank3.npy"
    four = load_pdb(3, pattern, directory=tmp_path, ranked=True, blank=0)
    assert four_path.exists() and not three_path.exists()
    again = load_pdb(3, pattern, directory=tmp_path, ranked=True, blank=0, pack3=True, build=False)
    assert bytes(again) == bytes(four)  # not converted without build
    three = load_pdb(3, pattern, directory=tmp_path, ranked=True, blank=0, pack3=True)
    assert three_path.exists() and is_pack3(9, pattern, three)
    assert bytes(three) == bytes(pack3_ranked(3, pattern, four))
    cached = load_pdb(3, pattern, directory=tmp_path, ranked=True, blank=0, pack3=True, build=False)
    assert bytes(cached) == bytes(three)


def test_solvers_read_three_bits_and_the_build_step_converts(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """With a small ranked partition standing in for 7-8: a build caches the four-bit and
    the three-bit tables and the solver reads the three-bit ones; a cache holding only
    four-bit tables is read as it is by a solve and converted by the build step
    (``npuzzle pdb --build``); the answers are optimal either way."""
    from searchlab.puzzles.npuzzle import solvers
    from searchlab.puzzles.npuzzle.pdb import PARTITIONS

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setitem(PARTITIONS, "3x5", tuple(PARTS))
    monkeypatch.setattr(solvers, "RANKED", solvers.RANKED | {"3x5"})
    tables = solvers.pattern_databases(KORF_GOAL, "3x5")
    assert all(is_pack3(16, p, t) for p, t in tables)
    names = sorted(f.name for f in (tmp_path / "npuzzle").glob("*.npy"))
    assert len(names) == 10 and sum(n.endswith("-goal0-rank3.npy") for n in names) == 5
    assert len(list((tmp_path / "npuzzle").glob("*.npy.sum"))) == 10  # each its checksum
    board = random_instance(4, 24, seed=5, goal=KORF_GOAL)  # exactly 24 moves away
    r = solvers.solve_board(board, KORF_GOAL, partition="3x5")
    assert r.solved and r.length == 24
    for f in (tmp_path / "npuzzle").glob("*-rank3.npy"):
        f.unlink()
    four = solvers.pattern_databases(KORF_GOAL, "3x5")
    assert not any(is_pack3(16, p, t) for p, t in four)
    assert not list((tmp_path / "npuzzle").glob("*-rank3.npy"))  # a solve never converts
    again = solvers.solve_board(board, KORF_GOAL, partition="3x5")
    assert (again.length, again.stats.generated) == (r.length, r.stats.generated)
    solvers.prepare_databases(KORF_GOAL, "3x5")
    assert len(list((tmp_path / "npuzzle").glob("*-goal0-rank3.npy"))) == 5
