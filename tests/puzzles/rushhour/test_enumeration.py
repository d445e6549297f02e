"""The complete puzzle database: Fogleman's counts, a brute-force reference, the rows' claims."""

from __future__ import annotations

import random
from functools import lru_cache

import numpy as np
import pytest
import rushhour_brute
import rushhour_shard_brute
from rushhour_helpers import reference_distance

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import kernel, parse_board
from searchlab.puzzles.rushhour.enumeration import (
    FOGLEMAN_6X6_HISTOGRAM,
    FOGLEMAN_PACKED,
    Shard,
    ShardResult,
    _blocks_exit,
    _levels,
    count_positions,
    run_shard,
    shard_of,
    shards,
    tables,
)
from searchlab.puzzles.rushhour.model import Board
from searchlab.puzzles.rushhour.skips import (
    NEEDLESS_VEHICLE,
    NEEDLESS_WALL,
    SEARCH,
    UNSOLVABLE,
    verdict,
)


@lru_cache(maxsize=8)
def results(size: int, walls: int) -> list[ShardResult]:
    """Every shard with exactly ``walls`` walls, run (once per test session)."""
    return [run_shard(s) for s in shards(size, walls) if s.walls == walls]


def database(size: int, walls: int) -> list[tuple[int, str, int]]:
    """Every row with exactly ``walls`` walls, sorted, through the shards."""
    return sorted(
        (r.moves, r.board, r.cluster_size) for res in results(size, walls) for r in res.rows
    )


@pytest.mark.parametrize(("size", "walls"), [(4, 0), (4, 1), (4, 2), (5, 0), (5, 1)])
def test_packed_positions_match_foglemans_counts(size: int, walls: int) -> None:
    # his enumerator's last id (config.h) plus one, for up to `walls` walls
    assert sum(count_positions(s) for s in shards(size, walls)) == FOGLEMAN_PACKED[size, walls]


@lru_cache(maxsize=4)
def whole_board_brute_force(size: int, walls: int) -> list[tuple[int, str, int]]:
    """The plain-Python whole-board reference (computed once per test session)."""
    return rushhour_brute.database(size, walls)


def test_4x4_matches_a_brute_force_reference() -> None:
    assert database(4, 0) == whole_board_brute_force(4, 0)


@pytest.mark.slow
@pytest.mark.parametrize("walls", [1, 2])
def test_4x4_with_walls_matches_the_brute_force_reference(walls: int) -> None:
    assert database(4, walls) == whole_board_brute_force(4, walls)


def without(board: Board, k: int) -> Board:
    return Board(
        board.width, board.height, board.vehicles[:k] + board.vehicles[k + 1 :], board.walls
    )


def check_rows(rows: list[tuple[int, str, int]], sample: int) -> None:
    """Each row's claims, on a sample, by means independent of the enumeration: the
    optimal moves (plain BFS), the cluster size and hardness (the kernel from the
    board itself), minimality (remove each vehicle or wall, solve again)."""
    boards = [b for _, b, _ in rows]
    assert len(set(boards)) == len(boards)
    for moves, text, size in random.Random(0).sample(rows, min(sample, len(rows))):
        board = parse_board(text)
        assert board.red.name == "A" and board.exit_row == (board.height - 1) // 2
        assert reference_distance(board) == moves
        got_size, got_moves, _, _ = kernel.cluster_summary(board)
        assert (got_size, got_moves) == (size, moves)
        for k in range(1, len(board.vehicles)):
            assert reference_distance(without(board, k)) < moves
        for wall in board.walls:
            smaller = Board(board.width, board.height, board.vehicles, board.walls - {wall})
            assert reference_distance(smaller) < moves


@pytest.mark.slow
def test_5x5_is_complete_in_seconds_and_every_row_holds() -> None:
    rows = database(5, 0)
    assert len(rows) == 1730
    assert max(m for m, _, _ in rows) == 20
    check_rows(rows, 12)


@pytest.mark.slow
def test_5x5_with_a_wall() -> None:
    rows = database(5, 1)
    assert len(rows) == 4311
    assert all(b.count("x") == 1 for _, b, _ in rows)
    check_rows(rows, 15)


def test_every_cluster_is_counted_once_whatever_the_split() -> None:
    # the shards partition the packed positions: each cluster is found from its
    # smallest state only, in whichever shard that state falls
    per_shard = results(5, 0)
    boards = [r.board for res in per_shard for r in res.rows]
    assert len(boards) == len(set(boards))
    assert sum(res.positions for res in per_shard) == FOGLEMAN_PACKED[5, 0]


def test_foglemans_histogram_is_his_published_total() -> None:
    assert sum(FOGLEMAN_6X6_HISTOGRAM.values()) == 2_577_412
    assert max(FOGLEMAN_6X6_HISTOGRAM) == 60 and FOGLEMAN_6X6_HISTOGRAM[60] == 1
    assert FOGLEMAN_6X6_HISTOGRAM[1] == 1  # the red car alone


def test_shards_are_fixed_and_named() -> None:
    keys = [s.key for s in shards(6, 2)]
    assert len(keys) == len(set(keys))
    assert keys[0].startswith("6x6/w0/") and keys[-1].startswith("6x6/w2/")
    assert [s.key for s in shards(6, 0)] == [k for k in keys if "/w0/" in k]


def test_shard_of_finds_the_shard_that_holds_a_puzzle() -> None:
    sample = random.Random(1).sample(database(5, 0), 5)
    for moves, text, size in sample:
        board = parse_board(text)
        assert (moves, text, size) in {
            (r.moves, r.board, r.cluster_size) for r in run_shard(shard_of(board)).rows
        }
    with pytest.raises(InputError, match="row"):
        shard_of(parse_board("ooooo\nAAooo\nooooo\nooooo\nooooo"))


def fixed_rows(shard: Shard) -> dict[int, list[tuple[int, int]]]:
    """The rows a shard fixes, as (start, length) pieces (length 1 a wall)."""
    n = shard.size
    red_row = (n - 1) // 2
    lines = [red_row, *(r for r in range(n) if r != red_row)]
    levels = _levels(n, shard.walls)
    starts = tables(n, shard.walls).lev_start
    return {lines[lv]: levels[lv][e - int(starts[lv])][0] for lv, e in enumerate(shard.prefix)}


def brute_force_check(key: str) -> None:
    """The shard re-derived from its definition by the plain-Python brute force
    (``rushhour_shard_brute``: its packed positions, each cluster searched breadth-first
    and kept where its canonical position lies, rows by plain searches) against the
    compiled walk: packed positions and rows agree; the walk searches to the end only
    clusters the brute force counts, and each one it does not is a packed position it
    counted and skipped (proved unsolvable or not minimal)."""
    size, walls = int(key[0]), int(key.split("/")[1][1:])
    (shard,) = [s for s in shards(size, walls) if s.key == key]
    work = rushhour_shard_brute.shard_work(size, walls, fixed_rows(shard))
    result = run_shard(shard)
    assert work.positions == result.positions
    rows = sorted((r.moves, r.board, r.cluster_size) for r in result.rows)
    assert work.rows and rows == work.rows
    skipped = result.hopeless + result.needless
    assert result.clusters <= work.clusters <= result.clusters + skipped
    assert result.solvable <= work.solvable and result.states <= work.states


@pytest.mark.parametrize(
    "walls", [0, pytest.param(1, marks=pytest.mark.slow), pytest.param(2, marks=pytest.mark.slow)]
)
def test_the_shard_brute_force_covers_the_4x4_board(walls: int) -> None:
    # the fast shard brute force against the whole-board one (every position listed
    # cell by cell, no packing, no canonical positions) and Fogleman's packed counts:
    # its shards partition the board
    works = [
        rushhour_shard_brute.shard_work(4, walls, fixed_rows(s))
        for s in shards(4, walls)
        if s.walls == walls
    ]
    fewer = FOGLEMAN_PACKED[4, walls - 1] if walls else 0
    assert sum(w.positions for w in works) == FOGLEMAN_PACKED[4, walls] - fewer
    assert sorted(r for w in works for r in w.rows) == whole_board_brute_force(4, walls)


def six(key: str) -> object:
    return pytest.param(key, marks=pytest.mark.slow)


@pytest.mark.parametrize(
    "key",
    # shards with puzzles, no wall to two walls; the brute force takes under a second
    # on a 5x5 shard, 4 to 19 CPU seconds on these 6x6 ones (30,889 to 73,472 packed
    # positions, 3 to 74 puzzles, the red car in columns 2 to 4; on 6x6/w1/11-48-104
    # the walk also skips positions where a column blocks the exit row)
    [
        "5x5/w0/2-13",
        "5x5/w1/1-30",
        "5x5/w2/10-15",
        "5x5/w2/13-18",
        six("6x6/w0/2-26-34"),
        six("6x6/w0/3-11-35"),
        six("6x6/w0/4-11-41"),
        six("6x6/w1/14-29-115"),
        six("6x6/w1/11-48-104"),
        six("6x6/w2/9-65-213"),
        six("6x6/w2/24-68-166"),
    ],
)
def test_shards_match_an_independent_brute_force(key: str) -> None:
    brute_force_check(key)


@lru_cache(maxsize=4)
def every_position(size: int, walls: int) -> tuple[rushhour_brute.Position, ...]:
    """Every position of the brute force (listed once per test session)."""
    return tuple(rushhour_brute.positions(size, walls))


def blocked_by_a_column(pos: rushhour_brute.Position, size: int) -> bool:
    """The walk's skip rule, read off a brute-force position: some column right of the
    red car can never free the exit row (its vertical vehicles and walls)."""
    (row, col, _, _), others, walls = pos
    for c in range(col + 2, size):
        lengths = [n for _, pc, n, h in sorted(others) if not h and pc == c]
        wall_rows = sum(1 << r for r, wc in walls if wc == c)
        if _blocks_exit(lengths, wall_rows, size, row):
            return True
    return False


@pytest.mark.parametrize("walls", [0, 1, 2])
def test_the_positions_the_walk_skips_are_unsolvable(walls: int) -> None:
    # the walk searches no cluster from a position a column blocks for ever (vertical
    # vehicles keep their column and order, walls stay): each such position, solved by
    # the brute force's own breadth-first search, must have no solution
    # (every 4x4 position with `walls` walls; a sample of those skipped, each a search)
    skipped = [p for p in every_position(4, walls) if blocked_by_a_column(p, 4)]
    assert skipped
    sample = random.Random(walls).sample(skipped, min(150, len(skipped)))
    assert all(rushhour_brute.distance(p, 4) == -1 for p in sample)


def test_skipping_blocked_positions_keeps_every_count() -> None:
    # the skip only spares searches: packed positions and rows are those of the 5x5
    # board (the brute-force cross-checks above cover 4x4 whole and 5x5 shards)
    per_shard = results(5, 0)
    assert sum(r.hopeless for r in per_shard) > 0
    assert sum(r.positions for r in per_shard) == FOGLEMAN_PACKED[5, 0]
    assert sum(len(r.rows) for r in per_shard) == 1730


def verdict_of(pos: rushhour_brute.Position, size: int) -> int:
    """The walk's verdict (skips.py) on a brute-force position, any position."""
    red, others, walls = pos
    pieces = [red, *sorted(others)]
    return int(
        verdict(
            np.array([h for _, _, _, h in pieces], np.bool_),
            np.array([r if h else c for r, c, _, h in pieces], np.int64),
            np.array([n for _, _, n, _ in pieces], np.int64),
            np.array([c if h else r for r, c, _, h in pieces], np.int64),
            len(pieces),
            sum(1 << (r * size + c) for r, c in walls),
            size,
            size - 2,
        )
    )


def smaller(pos: rushhour_brute.Position) -> list[rushhour_brute.Position]:
    """The position without one of its pieces (any but the red car, or a wall)."""
    red, others, walls = pos
    return [(red, others - {p}, walls) for p in others] + [
        (red, others, walls - {w}) for w in walls
    ]


@pytest.mark.parametrize("walls", [0, 1, 2])
def test_every_position_the_walk_skips_yields_no_row(walls: int) -> None:
    # skips.py proves, from one position, that its cluster is unsolvable or not minimal;
    # checked on every 4x4 position with `walls` walls (a sample of each verdict, each
    # a plain-Python search): unsolvable ones have no solution, and a needless piece
    # leaves the optimal moves unchanged when removed (at that position, so at the
    # hardest too by the proof), and no cluster skipped is a row of the brute force
    skipped: dict[int, list[rushhour_brute.Position]] = {}
    for pos in every_position(4, walls):
        why = verdict_of(pos, 4)
        if why != SEARCH:
            skipped.setdefault(why, []).append(pos)
    assert skipped[UNSOLVABLE] and skipped[NEEDLESS_VEHICLE]
    assert (NEEDLESS_WALL in skipped) == (walls > 0)
    pick = random.Random(walls)
    for why, found in skipped.items():
        for pos in pick.sample(found, min(60, len(found))):
            d = rushhour_brute.distance(pos, 4)
            if why == UNSOLVABLE:
                assert d == -1
            else:
                assert any(rushhour_brute.distance(q, 4) == d for q in smaller(pos))
            assert rushhour_brute.row_of(pos, 4) is None
