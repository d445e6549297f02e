"""Position classes against exhaustive search, and the published impossibilities."""

from __future__ import annotations

from functools import cache

import pytest

from searchlab.puzzles.peg import (
    class_space,
    finishing_holes,
    get_board,
    impossibility_reason,
    parse_board,
)
from searchlab.puzzles.peg.board import Board


@cache
def _reachable(board: Board, start: int) -> frozenset[int]:
    seen = {start}
    stack = [start]
    while stack:
        p = stack.pop()
        for a, b, c in board.jumps:
            if p >> a & 1 and p >> b & 1 and not p >> c & 1:
                q = p ^ ((1 << a) | (1 << b) | (1 << c))
                if q not in seen:
                    seen.add(q)
                    stack.append(q)
    return frozenset(seen)


def test_english_has_de_bruijn_16_classes() -> None:
    assert class_space(get_board("english")).classes == 16


def test_rule_of_three_on_english() -> None:
    board = get_board("english")
    start = board.start()
    assert {board.hole_name(h) for h in finishing_holes(board, start)} == {
        "d1",
        "a4",
        "d4",
        "g4",
        "d7",
    }
    reason = impossibility_reason(board, start, 1 << board.hole("c4"))
    assert reason is not None and "position classes" in reason


@pytest.mark.parametrize("name", ["french", "diamond"])
def test_french_and_diamond_central_games_impossible(name: str) -> None:
    board = get_board(name)
    centre = 1 << board.default_vacancy
    assert impossibility_reason(board, board.start(), centre) is not None
    assert impossibility_reason(board, board.start(), None) is not None


def test_witness_is_a_real_invariant() -> None:
    board = get_board("english")
    space = class_space(board)
    for s in space.invariants:
        assert all(((s >> a & 1) + (s >> b & 1) + (s >> c & 1)) % 2 == 0 for a, b, c in board.jumps)


@pytest.mark.parametrize("name", ["triangle4", "small"])
def test_class_check_never_rejects_a_reachable_position(name: str) -> None:
    """Exhaustive: every reachable position is in the start's class (soundness)."""
    if name == "small":
        board, _ = parse_board("-ooo-\nooooo\nooooo\n-ooo-")
    else:
        board = get_board(name)
    space = class_space(board)
    for v in range(board.size):
        start = board.full & ~(1 << v)
        for q in _reachable(board, start):
            assert space.same_class(start, q)


def test_single_peg_finishes_on_triangle5_exhaustively() -> None:
    """Triangle 5: a single-peg finish is reachable only where the class allows it."""
    board = get_board("triangle5")
    for v in range(board.size):
        start = board.full & ~(1 << v)
        reached = {q.bit_length() - 1 for q in _reachable(board, start) if q.bit_count() == 1}
        assert reached <= set(finishing_holes(board, start))
