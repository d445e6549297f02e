"""Existence answers checked against exhaustive search and the published theorems."""

from __future__ import annotations

import pytest

from searchlab.puzzles.knight import Board, open_tour_exists, solve_tour, tour_verdict
from searchlab.puzzles.knight.exhaustive import find_path

SMALL = [(m, n) for m in range(1, 6) for n in range(1, 8) if m * n <= 25]


@pytest.mark.parametrize(("m", "n"), SMALL)
def test_open_verdict_per_square_matches_exhaustive_search(m: int, n: int) -> None:
    board = Board(m, n)
    for r in range(m):
        for c in range(n):
            assert tour_verdict(board, (r, c)).exists == open_tour_exists(board, (r, c)), (r, c)


@pytest.mark.parametrize(("m", "n"), [(3, 7), (7, 3), (3, 8)])
def test_open_verdict_on_larger_thin_boards(m: int, n: int) -> None:
    board = Board(m, n)
    for r in range(m):
        for c in range(n):
            assert tour_verdict(board, (r, c)).exists == open_tour_exists(board, (r, c)), (r, c)


def test_five_by_five_only_the_thirteen_majority_squares_start_tours() -> None:
    board = Board(5, 5)
    starts = [(r, c) for r in range(5) for c in range(5) if open_tour_exists(board, (r, c))]
    assert len(starts) == 13 and all((r + c) % 2 == 0 for r, c in starts)
    assert all(tour_verdict(board, sq).exists for sq in starts)


@pytest.mark.parametrize(
    ("m", "n"), [(m, n) for m in range(1, 7) for n in range(m, 7) if m * n < 36]
)
def test_closed_verdict_matches_exhaustive_search(m: int, n: int) -> None:
    board = Board(m, n)
    exists = board.size > 1 and find_path(board, (0, 0), closed=True) is not None
    assert tour_verdict(board, (0, 0), closed=True).exists == exists


def test_schwenk_on_larger_boards() -> None:
    no = [(3, 8), (4, 9), (4, 100), (7, 9), (2, 50), (1, 2)]
    yes = [(3, 10), (3, 12), (5, 6), (6, 6), (7, 8), (100, 9)]
    for m, n in no:
        v = tour_verdict(Board(m, n), (0, 0), closed=True)
        assert not v.exists and v.reason
    for m, n in yes:
        assert tour_verdict(Board(m, n), (0, 0), closed=True).exists


def test_impossible_answers_come_with_reasons_and_no_search() -> None:
    r = solve_tour(Board(1999, 1999), (0, 1))
    assert r.status == "impossible" and "colour" in r.reason
    r = solve_tour(Board(4, 2000), (1, 5))
    assert r.status == "impossible" and "inner" in r.reason
