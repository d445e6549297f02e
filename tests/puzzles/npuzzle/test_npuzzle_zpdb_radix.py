"""Zero-aware tables by cell digits (:mod:`searchlab.puzzles.npuzzle.zpdb_radix`): every
bit is the dense table's (checked over every placement and blank on small boards, against
:func:`~searchlab.puzzles.npuzzle.zpdb.entry`, the plain-Python index), and the compiled
searches that read them (IDA*, A*+IDA*, with Korf's pruning or the automaton) generate
exactly the nodes, iterations and solution of the same searches on the dense tables; a
damaged file is said and made again."""

from __future__ import annotations

import itertools
import random
from pathlib import Path

import numpy as np
import pytest
from zpdb_helpers import walks3

from searchlab.puzzles.npuzzle import fsm, goal_board
from searchlab.puzzles.npuzzle.astar_ida import astar_ida_zero
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.kernel_zpdb import ida_star_zero
from searchlab.puzzles.npuzzle.korf import KORF_GOAL
from searchlab.puzzles.npuzzle.partitions import PARTITIONS
from searchlab.puzzles.npuzzle.solvers import replays
from searchlab.puzzles.npuzzle.zpdb import entry, load_zpdb, lookup_tables, views
from searchlab.puzzles.npuzzle.zpdb_radix import (
    load_radix,
    radix_bytes,
    radix_path,
    radix_views,
    to_radix,
)

SPLIT3 = ((1, 2, 3, 4), (5, 6, 7, 8))
GOAL3 = goal_board(3, "first")


@pytest.fixture(scope="module")
def automaton() -> np.ndarray:
    return fsm.compile_fsm(fsm.forbidden_strings(8))


@pytest.fixture(scope="module")
def cache(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("zpdb-radix")


@pytest.mark.parametrize(("size", "pattern"), [(3, (1, 2, 3, 4)), (3, (5, 6, 7, 8)),
                                               (4, (1, 2, 3)), (4, (4, 8, 12))])  # fmt: skip
def test_every_bit_is_the_dense_tables(size: int, pattern: tuple[int, ...], cache: Path) -> None:
    cells = size * size
    four = load_zpdb(size, pattern, 0, directory=cache)
    radix = load_radix(size, pattern, 0, cache)
    assert radix.shape == (radix_bytes(size, len(pattern)),)
    t = lookup_tables(size, len(pattern))
    for placed in itertools.permutations(range(cells), len(pattern)):
        idx = 0
        for c in placed:
            idx = idx * cells + c
        for z in range(cells):
            i = idx * cells + z
            bit = (int(radix[i >> 3]) >> (i & 7)) & 1
            if z in placed:
                assert bit == 0
                continue
            e = entry(t, placed, z)
            assert bit == (int(four[e >> 1]) >> ((e & 1) << 2)) & 1


def _same(a: object, b: object) -> None:
    sa, sb = a.stats, b.stats  # type: ignore[attr-defined]
    assert (sa.generated, sa.expanded, sa.iterations) == (sb.generated, sb.expanded, sb.iterations)
    assert a.states == b.states  # type: ignore[attr-defined]


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_3x3_searches_equal_the_dense_ones(
    cache: Path, automaton: np.ndarray, pruning: str
) -> None:  # fmt: skip
    auto = automaton if pruning == "fsm" else None
    dense = [views(3, SPLIT3, False, cache), views(3, SPLIT3, True, cache)]
    for members in (dense[:1], dense, dense[::-1]):
        radix = radix_views(members, cache)
        for board in walks3(random.Random(5), 10):
            want = ida_star_zero(board, GOAL3, members, fsm=auto)
            got = ida_star_zero(board, GOAL3, radix, fsm=auto)
            assert got.status == "solved" and replays(board, GOAL3, got)
            _same(got, want)
            for cap in (1, 5, 200):
                want2, _ = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=auto)
                got2, _ = astar_ida_zero(board, GOAL3, radix, astar_nodes=cap, fsm=auto)
                assert got2.length == want.length
                _same(got2, want2)


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_4x4_searches_equal_the_dense_ones(
    cache: Path, automaton: np.ndarray, pruning: str
) -> None:  # fmt: skip
    auto = automaton if pruning == "fsm" else None
    part = PARTITIONS["3-3-3-3-3"]
    members = [views(4, part, False, cache), views(4, part, True, cache)]
    radix = radix_views(members, cache)
    for seed in (1, 2):
        board = random_instance(4, 34, seed=seed, goal=KORF_GOAL)
        want = ida_star_zero(board, KORF_GOAL, members, fsm=auto)
        got = ida_star_zero(board, KORF_GOAL, radix, fsm=auto)
        assert got.status == "solved" and replays(board, KORF_GOAL, got)
        _same(got, want)
        want2, _ = astar_ida_zero(board, KORF_GOAL, members, astar_nodes=2_000, fsm=auto)
        got2, _ = astar_ida_zero(board, KORF_GOAL, radix, astar_nodes=2_000, fsm=auto)
        _same(got2, want2)


def test_a_damaged_table_is_said_and_made_again(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:  # fmt: skip
    first = load_radix(3, (1, 2, 3, 4), 0, tmp_path).copy()
    path = radix_path(3, (1, 2, 3, 4), 0, tmp_path)
    data = bytearray(path.read_bytes())
    data[-3] ^= 0x10
    path.write_bytes(bytes(data))
    again = load_radix(3, (1, 2, 3, 4), 0, tmp_path)
    assert np.array_equal(again, first)
    err = capsys.readouterr().err
    assert path.name in err and len(err.strip().splitlines()) == 1
    path.unlink()
    with pytest.raises(FileNotFoundError):
        load_radix(3, (1, 2, 3, 4), 0, tmp_path, build=False)


def test_what_fits() -> None:
    assert radix_bytes(5, 6) == (25**7 + 7) // 8  # 763 MB: the 24-puzzle's 6-tile tables
    with pytest.raises(ValueError, match="1 GiB"):
        load_radix(4, (1, 2, 3, 4, 5, 6, 7, 8), 0, Path("/nonexistent"))


def test_progress_is_told_a_first_cell_at_a_time(cache: Path) -> None:
    four = load_zpdb(4, (1, 2, 3), 0, directory=cache)
    told: list[tuple[int, int]] = []
    made = to_radix(4, (1, 2, 3), four, lambda done, total: told.append((done, total)))
    assert np.array_equal(made, load_radix(4, (1, 2, 3), 0, cache))
    assert [d for d, _ in told] == [16**3 * (c + 1) for c in range(16)]
    assert {t for _, t in told} == {16**4}
