"""Counting solutions and games: against a plain DFS over jump sequences, and the
published figures (Durango Bill's 15-hole table, the English central game)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.peg import apply_jump, get_board, legal_jumps, parse_board
from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.counting import count_levels
from searchlab.puzzles.peg.levels import (
    CountOverflow,
    JumpMasks,
    SymmetryTables,
    next_level,
)
from searchlab.puzzles.peg.paths import PathCounts, _normalised
from searchlab.puzzles.peg.published import PUBLISHED, TRIANGLE_CENTRE, published


def brute(board: Board, start: int) -> tuple[int, dict[int, int], list[int]]:
    """Games, solutions per finishing hole and games per length, by enumerating
    every jump sequence (depth-first, no memo, no symmetry)."""
    finishes: dict[int, int] = {}
    by_length: dict[int, int] = {}

    def dfs(pos: int, depth: int) -> int:
        jumps = legal_jumps(board, pos)
        if not jumps:
            by_length[depth] = by_length.get(depth, 0) + 1
            if pos.bit_count() == 1:
                hole = pos.bit_length() - 1
                finishes[hole] = finishes.get(hole, 0) + 1
            return 1
        return sum(dfs(apply_jump(board, pos, j), depth + 1) for j in jumps)

    games = dfs(start, 0)
    lengths = [by_length.get(k, 0) for k in range(max(by_length) + 1)]
    return games, finishes, lengths


def check(board: Board, start: int, symmetric: bool) -> None:
    games, finishes, lengths = brute(board, start)
    c = count_levels(board, start, symmetric=symmetric, paths=True)
    assert c.complete and c.paths is not None
    assert c.paths.games == games
    assert c.paths.dead_ends[: len(lengths)] == lengths
    assert not any(c.paths.dead_ends[len(lengths) :])
    assert {h: n for h, n in c.paths.finishes.items() if n} == finishes
    assert c.paths.solutions() == sum(finishes.values())
    for hole in range(board.size):
        assert c.paths.solutions(hole) == finishes.get(hole, 0)


@pytest.mark.parametrize("vacancy", ["a1", "a2", "b3", "c4"])
@pytest.mark.parametrize("symmetric", [True, False])
def test_triangle4_matches_brute_force(vacancy: str, symmetric: bool) -> None:
    board = get_board("triangle4")
    check(board, board.start([vacancy]), symmetric)


@pytest.mark.parametrize(
    ("text", "diagonal"),
    [
        ("oooo\noooo\noo.o", False),  # one symmetry fixes nothing here
        ("-o-\nooo\no.o\nooo\n-o-", False),  # 4 symmetries fix the start
        ("ooo\no.o\nooo", True),  # diagonal jumps, 8 symmetries
        ("oooo\no..o\noooo", False),
    ],
)
@pytest.mark.parametrize("symmetric", [True, False])
def test_custom_boards_match_brute_force(text: str, diagonal: bool, symmetric: bool) -> None:
    board, start = parse_board(text, diagonal=diagonal)
    check(board, start, symmetric)


@settings(max_examples=60, deadline=None)
@given(
    st.integers(3, 4),
    st.integers(3, 5),
    st.data(),
    st.booleans(),
    st.booleans(),
)
def test_random_boards_match_brute_force(
    rows: int, cols: int, data: st.DataObject, diagonal: bool, symmetric: bool
) -> None:
    cells = rows * cols
    missing = data.draw(st.sets(st.integers(0, cells - 1), max_size=3), label="no hole")
    lines = [
        "".join("-" if r * cols + c in missing else "o" for c in range(cols)) for r in range(rows)
    ]
    board, _ = parse_board("\n".join(lines), diagonal=diagonal)
    pegs = data.draw(st.sets(st.integers(0, board.size - 1), min_size=2, max_size=8), label="pegs")
    check(board, board.position(pegs), symmetric)


def test_finish_not_fixed_by_the_group() -> None:
    # From the apex of the side-5 triangle the group is {identity, reflection};
    # the reflection swaps a4 and d4. Dividing the orbit's count, or keeping only
    # the symmetries that fix the finish as well, give the same answer.
    board = get_board("triangle5")
    start = board.start(["a1"])
    counts = count_levels(board, start, paths=True).paths
    assert counts is not None
    for name in ("a4", "d4", "c5", "a1"):
        finish = 1 << board.hole(name)
        perms = [
            p
            for p in board.symmetries
            if all(board.position(p[i] for i in board.pegs(x)) == x for x in (start, finish))
        ]
        symmetry = SymmetryTables(board, perms)
        masks = JumpMasks.of(board)
        paths = PathCounts(board, symmetry, masks)
        level = np.array([start], dtype=np.uint64)
        while len(level):
            nxt = next_level(level, masks, symmetry)
            paths.advance(level, nxt)
            level = nxt
        assert paths.solutions(board.hole(name)) == counts.solutions(board.hole(name))
        assert paths.games == counts.games
    assert counts.solutions(board.hole("a4")) == counts.solutions(board.hole("d4")) == 3408


@pytest.mark.parametrize("line", [p for p in PUBLISHED if p.board == "triangle5"])
def test_durango_bill_triangle_table(line: object) -> None:
    from searchlab.puzzles.peg.published import Published

    assert isinstance(line, Published)
    board = get_board("triangle5")
    start = board.start([line.vacancy])
    assert published(board, start) == line
    c = count_levels(board, start, paths=True)
    assert c.complete and c.paths is not None
    paths = c.paths
    assert paths.solutions() == line.solutions
    assert paths.solutions(board.hole(line.vacancy)) == line.at_start
    assert sum(paths.solutions(board.hole(h)) for h in TRIANGLE_CENTRE) == line.centre
    assert line.games_rule == "games+solutions"
    assert paths.games + paths.solutions() == line.total_games
    assert next(k for k, n in enumerate(paths.dead_ends) if n) == line.shortest_game


def test_limits_leave_partial_counts() -> None:
    board = get_board("english")
    c = count_levels(board, board.start(), paths=True, time_limit=0.0)
    assert not c.complete and c.limit == "time_limit" and c.paths is not None
    assert c.paths.games == 0
    c = count_levels(board, board.start(), paths=True, max_memory_mb=201)
    assert c.limit == "max_memory" and c.paths is not None
    assert c.paths.dead_ends[:7] == [0, 0, 0, 0, 0, 0, 32]  # Butler: a dead end after 6 jumps
    level = np.array([board.start()], dtype=np.uint64)
    masks = JumpMasks.of(board)
    symmetry = SymmetryTables(board, [])
    paths = PathCounts(board, symmetry, masks)
    nxt = next_level(level, masks, symmetry)
    assert paths.advance(level, nxt, lambda done: "cancelled") == "cancelled"
    assert paths.dead_ends == [] and [len(d) for d in paths.digits] == [1]


def test_overflow_is_reported() -> None:
    top = np.array([2**32], dtype=np.uint64)
    with pytest.raises(CountOverflow):
        _normalised([np.zeros(1, dtype=np.uint64) for _ in range(3)] + [top])
    low = np.array([2**32 + 5], dtype=np.uint64)
    small = _normalised([low] + [np.zeros(1, dtype=np.uint64) for _ in range(3)])
    assert [int(d[0]) for d in small] == [5, 1]  # the zero digits dropped
    grown = _normalised([np.array([3, 0], dtype=np.uint64), np.array([7, 2**40], dtype=np.uint64)])
    assert [d.tolist() for d in grown] == [[3, 0], [7, 0], [0, 2**8]]  # a digit added


@pytest.mark.slow
def test_english_central_game_published() -> None:
    # Durango Bill, Peg33.html: 40,861,647,040,079,968 solutions ending on d4 and
    # 577,116,156,815,309,849,672 game sequences (about a minute here).
    board = get_board("english")
    c = count_levels(board, board.start(), paths=True)
    assert c.complete and c.paths is not None
    line = published(board, board.start())
    assert line is not None and line.at_start == 40_861_647_040_079_968
    assert c.paths.solutions(board.hole("d4")) == line.at_start
    assert c.paths.games == line.total_games == 577_116_156_815_309_849_672


def test_french_published_line() -> None:
    # the count itself takes 50 minutes (benchmarks/peg_count.py --french); here, the
    # reference is found for the central start only, and not for a custom lookalike
    board = get_board("french")
    line = published(board, board.start())
    assert line is not None and line.solutions == 0
    assert line.total_games == 16_662_591_542_028_595_169_821_912
    assert published(board, board.start(["c1"])) is None
    assert published(get_board("french", diagonal=True), board.start()) is None
