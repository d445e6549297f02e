"""The compiled depth-first pass is the Python pass, node for node."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.peg import get_board, solve_fast
from searchlab.puzzles.peg.board import Board
from searchlab.search.result import SearchResult


def _run(result: SearchResult) -> tuple[object, ...]:
    extra = result.extra
    return (
        result.status,
        result.limit,
        result.actions,
        result.stats.expanded,
        result.stats.generated,
        result.stats.duplicates,
        result.stats.max_depth,
        extra["memo_size"],
        extra["memo_full"],
        extra["pruned"],
        extra["endgame_positions"],
    )


def both(board: Board, start: int, target: int | None, **options: Any) -> SearchResult:
    """The compiled solve, checked equal to the Python one, and replayed when solved."""
    compiled = solve_fast(board, start, target, compiled=True, **options)
    assert _run(compiled) == _run(solve_fast(board, start, target, compiled=False, **options))
    if compiled.solved:
        pos = start
        for a, b, c in compiled.actions:
            assert pos >> a & 1 and pos >> b & 1 and not pos >> c & 1
            pos ^= (1 << a) | (1 << b) | (1 << c)
        assert pos == target if target is not None else pos.bit_count() == 1
    return compiled


ENGLISH = get_board("english")


@pytest.mark.parametrize(
    ("vacancy", "finish", "options"),
    [
        ("d4", "d4", {}),
        ("d4", "d4", {"max_expansions": 100}),  # a limit between two pauses
        ("c1", "f4", {"max_memo": 10, "max_expansions": 20_000}),  # the memo full
        ("c1", "f4", {"max_nodes": 60_000}),  # the stored-node limit
        ("c1", "f4", {"grow_after": 300, "beam": False, "max_expansions": 1_500}),  # restarts
        ("a3", "c5", {}),
    ],
)
def test_english_problems(vacancy: str, finish: str, options: dict[str, Any]) -> None:
    both(ENGLISH, ENGLISH.start([vacancy]), 1 << ENGLISH.hole(finish), **options)


def test_a_dead_start_is_proved_dead_the_same_way() -> None:
    # one peg left anywhere from a start in the wrong class: the search proves it dead
    board = get_board("triangle5")
    r = both(board, board.start(), 1 << board.hole("e5"), beam=False)
    assert r.status in ("impossible", "no_solution")


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(["triangle5", "triangle6"]), st.data())
def test_random_triangle_positions(name: str, data: st.DataObject) -> None:
    board = get_board(name)
    start = data.draw(st.integers(1, board.full))
    target = data.draw(st.sampled_from([None, *(1 << h for h in range(board.size))]))
    both(board, start, target, max_expansions=3_000, beam=False)


def test_loaded_kernel_is_taken_by_default() -> None:
    from searchlab.puzzles.peg import kernel

    kernel.warm_up()
    start, target = ENGLISH.start(), 1 << ENGLISH.hole("d4")
    assert _run(solve_fast(ENGLISH, start, target)) == _run(
        solve_fast(ENGLISH, start, target, compiled=True)
    )
