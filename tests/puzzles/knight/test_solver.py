"""Every tour the solvers return is replayed move by move."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab import families
from searchlab.families.output import result_json
from searchlab.puzzles.knight import (
    Board,
    KnightTourProblem,
    apply_move,
    construct_closed_tour,
    count_tours,
    hint,
    is_knight_move,
    legal_moves,
    solve_tour,
    tour_error,
    tour_verdict,
    warnsdorff_order,
)
from searchlab.puzzles.knight.blocks import BLOCK_SHAPES, block_tours, pieces
from searchlab.puzzles.knight.exhaustive import tours_by_start
from searchlab.puzzles.knight.tour import tour_array
from searchlab.search import backtracking_search
from searchlab.search.result import SearchResult


def replay(board: Board, path: list[tuple[int, int]], start: tuple[int, int], closed: bool) -> None:
    assert path[0] == start
    assert len(path) == board.size == len(set(path))
    assert all(board.contains(*sq) for sq in path)
    assert all(is_knight_move(a, b) for a, b in itertools.pairwise(path))
    if closed:
        assert is_knight_move(path[-1], path[0])


def test_eight_by_eight_from_every_square_open_and_closed() -> None:
    board = Board(8, 8)
    for r in range(8):
        for c in range(8):
            for closed in (False, True):
                res = solve_tour(board, (r, c), closed=closed)
                assert res.solved
                replay(board, squares(res), (r, c), closed)


@pytest.mark.parametrize("size", [5, 6, 7, 9, 10, 11, 12, 13, 16, 17, 23, 31, 40, 57, 64, 99])
def test_square_boards_from_the_corner(size: int) -> None:
    board = Board(size, size)
    for closed in (False, True):
        if not tour_verdict(board, (0, 0), closed=closed).exists:
            assert closed and size % 2
            continue
        res = solve_tour(board, (0, 0), closed=closed)
        assert (
            res.solved
            and tour_error(board, tour_array(res.states), start=(0, 0), closed=closed) is None
        )


@settings(max_examples=40, deadline=None)
@given(st.integers(5, 60), st.integers(5, 60), st.data())
def test_closed_construction_any_shape_any_start(m: int, n: int, data: st.DataObject) -> None:
    board = Board(m, n)
    start = (data.draw(st.integers(0, m - 1)), data.draw(st.integers(0, n - 1)))
    verdict = tour_verdict(board, start, closed=True)
    assert verdict.exists == (m % 2 == 0 or n % 2 == 0)
    res = solve_tour(board, start, closed=True)
    assert res.solved == verdict.exists
    if res.solved:
        replay(board, squares(res), start, True)


@pytest.mark.parametrize(("m", "n"), [(5, 7), (7, 7), (7, 9), (9, 11)])
def test_odd_boards_from_every_majority_square(m: int, n: int) -> None:
    board = Board(m, n)
    for r in range(m):
        for c in range(n):
            res = solve_tour(board, (r, c))
            assert res.solved == ((r + c) % 2 == 0)
            if res.solved:
                replay(board, squares(res), (r, c), False)


def test_thin_boards_corners() -> None:
    for m, n, closed in [
        (3, 4, False),
        (3, 7, False),
        (3, 10, True),
        (4, 5, False),
        (4, 8, False),
        (3, 12, False),
    ]:
        res = solve_tour(Board(m, n), (0, 0), closed=closed, time_limit=10)
        assert res.solved, (m, n)
        replay(Board(m, n), squares(res), (0, 0), closed)


def test_big_closed_tour_is_a_flat_array() -> None:
    path = construct_closed_tour(Board(300, 302), (17, 250))
    assert isinstance(path, np.ndarray) and path.shape == (300 * 302, 2)
    assert tour_error(Board(300, 302), path, start=(17, 250), closed=True) is None


def test_stored_block_tours_are_structured_closed_tours() -> None:
    for (h, w), cyc in block_tours().items():
        path = [divmod(int(i), w) for i in cyc]
        assert tour_error(Board(h, w), path, closed=True) is None
        assert path[0] == (1, 1) and {path[1], path[-1]} == {(0, 3), (3, 0)}
    assert all((h, w) in block_tours() for h, w in BLOCK_SHAPES if (h, w) != (5, 10))
    assert (5, 10) in block_tours("plain")


def test_pieces_cover_every_length() -> None:
    for length in range(5, 2001):
        for even in (False, True):
            if even and length % 2:
                continue
            p = pieces(length, even)
            assert sum(p) == length
            assert len(p) == 1 or all(x in ((6, 8) if even else (6, 7, 8, 9)) for x in p)


def test_engine_backtracking_is_the_seed_algorithm() -> None:
    problem = KnightTourProblem(Board(8, 8), (0, 0))
    res = backtracking_search(problem, order=warnsdorff_order(problem))
    assert res.solved and res.stats.expanded >= 63
    replay(Board(8, 8), [divmod(s[0], 8) for s in res.states], (0, 0), False)
    limited = solve_tour(Board(5, 5), (0, 0), algorithm="backtrack", max_expansions=3)
    assert limited.status == "limit" and not limited.states


def test_json_form() -> None:
    fam = families.get("knight")
    inst = fam.read("4x3\nstart: 0,0\n")
    d = result_json(fam, inst, solve_tour(Board(3, 4), (0, 0)))
    assert d["status"] == "solved" and len(d["moves"]) == 11 and d["length"] == 11
    assert d["states"][0] == [[0, 0]] and set(d["extra"]) >= {"closed", "method"}
    inst = fam.read("3x3\nstart: 0,0\n")
    d = result_json(fam, inst, solve_tour(Board(3, 3), (0, 0)))
    assert d["status"] == "impossible" and d["reason"] and d["moves"] == []


def squares(result: SearchResult) -> list[tuple[int, int]]:
    """The tour of a solved result, as (row, col) tuples."""
    return list(result.states[-1]) if result.solved else []


@pytest.mark.parametrize(("m", "n", "expected"), [(3, 4, 16), (4, 5, 164), (1, 1, 1), (4, 4, 0)])
def test_published_counts_of_directed_open_tours(m: int, n: int, expected: int) -> None:
    assert count_tours(Board(m, n)) == expected


def test_five_by_five_count_via_one_start_per_symmetry_class() -> None:
    # 1,728 directed tours on 5x5 (published). Counting from the 6 symmetry classes of
    # majority-colour squares, weighted by class size, keeps the test fast.
    board = Board(5, 5)
    classes = {(0, 0): 4, (0, 2): 4, (1, 1): 4, (2, 2): 1}  # 13 majority squares
    total = sum(w * count_tours(board, sq) for sq, w in classes.items())
    assert total == 1728


class TripAfter:
    """A cancel token that is set from its ``calls``-th look on."""

    def __init__(self, calls: int) -> None:
        self.calls = calls

    def is_set(self) -> bool:
        self.calls -= 1
        return self.calls < 0


@settings(max_examples=30, deadline=None)
@given(
    size=st.sampled_from([(3, 4), (4, 4), (3, 5), (4, 5), (1, 1), (2, 3)]),
    looks=st.integers(0, 40),
)
def test_an_interrupted_count_is_exact_for_the_squares_it_gives(
    size: tuple[int, int], looks: int
) -> None:
    """``knight count`` on Ctrl-C (a 5x6 board takes a minute): the squares counted
    before the token was set come in order, each with its complete count; none is cut."""
    board = Board(*size)
    got = list(tours_by_start(board, cancel=TripAfter(looks)))
    assert [s for s, _n in got] == list(range(len(got)))
    for s, n in got:
        assert n == count_tours(board, divmod(s, board.cols))
    assert list(tours_by_start(board, cancel=TripAfter(0))) == []


def test_play_mode() -> None:
    board = Board(5, 5)
    assert len(legal_moves(board, [])) == 25
    assert set(legal_moves(board, [(0, 0)])) == {(1, 2), (2, 1)}
    visited = apply_move(board, [(0, 0)], (1, 2))
    with pytest.raises(ValueError):
        apply_move(board, visited, (0, 0))
    with pytest.raises(ValueError):
        apply_move(board, visited, (4, 4))
    path = [(0, 0)]
    while len(path) < 25:
        nxt = hint(board, path)
        assert nxt is not None
        path = apply_move(board, path, nxt)
    replay(board, path, (0, 0), False)
