"""Level-by-level counting (NumPy) against brute force, and the endgame table."""

from __future__ import annotations

import threading

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.peg import apply_jump, get_board, legal_jumps, parse_board
from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.counting import count_levels
from searchlab.puzzles.peg.levels import (
    JumpMasks,
    SymmetryTables,
    sorted_unique,
    successors,
)


def brute_levels(board: Board, start: int) -> list[set[int]]:
    levels = [{start}]
    while True:
        nxt = {apply_jump(board, p, j) for p in levels[-1] for j in legal_jumps(board, p)}
        if not nxt:
            return levels
        levels.append(nxt)


def orbit_count(board: Board, positions: set[int], start: int) -> int:
    perms = [
        p for p in board.symmetries if board.position(p[i] for i in board.pegs(start)) == start
    ]
    return len({min(board.position(p[i] for i in board.pegs(q)) for p in perms) for q in positions})


BOARDS = [
    ("triangle4", None),
    ("triangle5", None),
    ("triangle5", "c3"),
    ("custom", "ooooo\nooooo\noo.oo\nooooo"),
    ("diag", "ooo\no.o\nooo"),
]


@pytest.mark.parametrize(("name", "extra"), BOARDS)
def test_counts_match_brute_force(name: str, extra: str | None) -> None:
    if name.startswith("triangle"):
        board = get_board(name)
        start = board.start([extra] if extra else [])
    else:
        board, start = parse_board(extra or "", diagonal=name == "diag")
    brute = brute_levels(board, start)
    for symmetric in (True, False):
        c = count_levels(board, start, symmetric=symmetric)
        assert c.complete and c.limit is None
        assert c.total == [len(level) for level in brute]
        assert c.pegs == [start.bit_count() - k for k in range(len(brute))]
        if symmetric:
            assert c.canonical == [orbit_count(board, level, start) for level in brute]
        else:
            assert c.canonical == c.total


def test_english_first_levels_published() -> None:
    # Beasley (1985): 1, 4, 12, 60, 296, 1338, 5648 positions after 0..6 jumps
    board = get_board("english")
    c = count_levels(board, board.start(), time_limit=0.0)
    assert not c.complete and c.limit == "time_limit" and c.total == [1]
    c = count_levels(board, board.start(), max_memory_mb=201)
    assert c.limit == "max_memory"
    assert c.total[:7] == [1, 4, 12, 60, 296, 1338, 5648]
    assert c.canonical[:7] == [1, 1, 2, 8, 39, 171, 719]


def test_cancel_and_size_limit() -> None:
    token = threading.Event()
    token.set()
    board = get_board("triangle5")
    c = count_levels(board, board.start(), cancel=token)
    assert c.limit == "cancelled" and not c.complete
    big, start = parse_board("\n".join(["o" * 13] * 5))
    with pytest.raises(InputError):
        count_levels(big, start)


@settings(max_examples=30, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=2**20), max_size=50))
def test_sorted_unique(values: list[int]) -> None:
    got = sorted_unique(np.array(values, dtype=np.uint64))
    assert got.tolist() == sorted(set(values))


def test_vectorised_jumps_and_symmetry() -> None:
    board = get_board("wiegleb")
    start = board.start(["a4", "e1"])
    nxt = successors(np.array([start], dtype=np.uint64), JumpMasks.of(board))
    expected = sorted(apply_jump(board, start, j) for j in legal_jumps(board, start))
    assert sorted(nxt.tolist()) == expected
    back = successors(nxt, JumpMasks.of(board, reverse=True))
    assert start in back.tolist()
    sym = SymmetryTables(board, board.symmetries)
    images = [board.position(p[i] for i in board.pegs(start)) for p in board.symmetries]
    arr = np.array([start], dtype=np.uint64)
    assert sym.canonical(arr).tolist() == [min(images)]
    assert sym.orbit_sizes(arr).tolist() == [len(set(images))]
