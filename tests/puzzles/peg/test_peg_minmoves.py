"""Fewest moves (IDA*) against an exhaustive 0-1 breadth-first search."""

from __future__ import annotations

from collections import deque

import pytest

from searchlab.puzzles.peg import apply_jump, get_board, legal_jumps, parse_board
from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.minmoves import solve_min_moves, unjumpable_holes
from searchlab.puzzles.peg.solver import PegResult, move_count


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


def check(result: PegResult, expected: int | None) -> None:
    if expected is None:
        assert result.status in ("no_solution", "impossible")
        return
    assert result.status == "solved"
    pos = result.start
    for jump in result.jumps:
        pos = apply_jump(result.board, pos, jump)
    assert pos.bit_count() == 1 if result.target is None else pos == result.target
    assert result.move_count == move_count(result.jumps) == expected


@pytest.mark.parametrize("vacancy", ["a1", "a2", "b3"])
def test_triangle5_against_reference(vacancy: str) -> None:
    board = get_board("triangle5")
    start = board.start([vacancy])
    check(solve_min_moves(board, start, None), reference_min_moves(board, start, None))
    finish = 1 << board.hole(vacancy)
    check(solve_min_moves(board, start, finish), reference_min_moves(board, start, finish))


def test_triangle4_every_vacancy_and_finish() -> None:
    board = get_board("triangle4")
    for v in range(board.size):
        start = board.full & ~(1 << v)
        for target in [None, *(1 << f for f in range(board.size))]:
            check(solve_min_moves(board, start, target), reference_min_moves(board, start, target))


def test_custom_board_with_diagonals() -> None:
    board, start = parse_board("ooo\no.o\nooo", diagonal=True)
    check(solve_min_moves(board, start, None), reference_min_moves(board, start, None))


def test_unjumpable_holes_are_the_english_corners() -> None:
    board = get_board("english")
    corners = {board.hole_name(i) for i in board.pegs(unjumpable_holes(board))}
    assert corners == {"c1", "e1", "a3", "g3", "a5", "g5", "c7", "e7"}


def test_limit_reports_bound() -> None:
    board = get_board("english")
    r = solve_min_moves(board, board.start(), 1 << board.hole("d4"), max_expansions=5000)
    assert r.status == "limit" and r.limit == "max_expansions"
    assert 8 <= r.stats.max_depth < 18
    r = solve_min_moves(get_board("french"), get_board("french").start(), 1 << 18)
    assert r.status == "impossible"
