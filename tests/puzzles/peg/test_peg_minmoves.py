"""Fewest moves (IDA*) against an exhaustive 0-1 breadth-first search."""

from __future__ import annotations

from collections import deque

import pytest

from searchlab.errors import InputError
from searchlab.puzzles.peg import apply_jump, get_board, legal_jumps, parse_board
from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.minmoves import solve_min_moves, unjumpable_holes
from searchlab.puzzles.peg.solver_run import move_count
from searchlab.search.result import SearchResult


def reference_min_moves(board: Board, start: int, target: int | None) -> int | None:
    """0-1 BFS over (position, hole of the last landing): a jump by that peg costs 0."""
    dist = {(start, -1): 0}
    queue = deque([(start, -1)])
    best: int | None = None
    while queue:
        pos, last = queue.popleft()
        d = dist[(pos, last)]
        if (pos.bit_count() == 1) if target is None else pos == target:
            best = d if best is None else min(best, d)
            continue
        for j in legal_jumps(board, pos):
            cost = 0 if j[0] == last else 1
            state = (apply_jump(board, pos, j), j[2])
            if d + cost < dist.get(state, 1 << 30):
                dist[state] = d + cost
                if cost:
                    queue.append(state)
                else:
                    queue.appendleft(state)
    return best


def check(board: Board, target: int | None, result: SearchResult, expected: int | None) -> None:
    if expected is None:
        assert result.status in ("no_solution", "impossible")
        return
    assert result.status == "solved"
    pos = result.states[0]
    for jump in result.actions:
        pos = apply_jump(board, pos, jump)
    assert pos.bit_count() == 1 if target is None else pos == target
    assert result.extra["move_count"] == move_count(result.actions) == expected


METHODS = ["levels", "ida"]


@pytest.mark.parametrize("method", METHODS)
@pytest.mark.parametrize("vacancy", ["a1", "a2", "b3"])
def test_triangle5_against_reference(vacancy: str, method: str) -> None:
    board = get_board("triangle5")
    start = board.start([vacancy])
    expected = reference_min_moves(board, start, None)
    check(board, None, solve_min_moves(board, start, None, method=method), expected)
    finish = 1 << board.hole(vacancy)
    expected = reference_min_moves(board, start, finish)
    check(board, finish, solve_min_moves(board, start, finish, method=method), expected)


@pytest.mark.parametrize("method", METHODS)
def test_triangle4_every_vacancy_and_finish(method: str) -> None:
    board = get_board("triangle4")
    for v in range(board.size):
        start = board.full & ~(1 << v)
        for target in [None, *(1 << f for f in range(board.size))]:
            expected = reference_min_moves(board, start, target)
            check(board, target, solve_min_moves(board, start, target, method=method), expected)


@pytest.mark.parametrize("method", METHODS)
def test_custom_board_with_diagonals(method: str) -> None:
    board, start = parse_board("ooo\no.o\nooo", diagonal=True)
    expected = reference_min_moves(board, start, None)
    check(board, None, solve_min_moves(board, start, None, method=method), expected)


def test_levels_on_a_board_with_symmetry_and_several_finishes() -> None:
    """A plus-shaped board: 8 symmetries fixing the centre, every finishing hole allowed."""
    board, start = parse_board("-ooo-\nooooo\noo.oo\nooooo\n-ooo-")
    for target in [None, start ^ board.full]:
        expected = reference_min_moves(board, start, target)
        check(board, target, solve_min_moves(board, start, target, method="levels"), expected)


def test_unjumpable_holes_are_the_english_corners() -> None:
    board = get_board("english")
    corners = {board.hole_name(i) for i in board.pegs(unjumpable_holes(board))}
    assert corners == {"c1", "e1", "a3", "g3", "a5", "g5", "c7", "e7"}


def test_limit_reports_bound() -> None:
    board = get_board("english")
    finish = 1 << board.hole("d4")
    r = solve_min_moves(board, board.start(), finish, max_expansions=5000, method="ida")
    assert r.status == "limit" and r.limit == "max_expansions"
    assert 8 <= r.stats.max_depth < 18
    r = solve_min_moves(board, board.start(), finish, max_positions=20_000)
    assert r.status == "limit" and r.limit == "max_nodes"
    assert 4 <= r.stats.max_depth < 18
    with pytest.raises(InputError):
        solve_min_moves(board, board.start(), finish, method="bfs")
    r = solve_min_moves(get_board("french"), get_board("french").start(), 1 << 18)
    assert r.status == "impossible"
