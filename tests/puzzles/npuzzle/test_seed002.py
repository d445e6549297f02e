"""Seed 002 (``puzzle3x3heuristics``): the stack search, its orderings, the exact file."""

from __future__ import annotations

import io
import random
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import Board, apply_move, is_solvable, legal_moves, manhattan
from searchlab.puzzles.npuzzle.assignments import (
    GOAL,
    direct_reversals,
    format_run,
    priority,
    run_menu,
    stack_search,
)

EXAMPLES = Path(__file__).parent / "seed002"


def menu(text: str) -> str:
    out = io.StringIO()
    run_menu(text, out)
    return out.getvalue()


@pytest.mark.parametrize("n", [1, 2, 3])
def test_worked_examples_byte_for_byte(n: int) -> None:
    text = (EXAMPLES / f"example{n}.in").read_text()
    assert menu(text) == (EXAMPLES / f"example{n}.out").read_text()


def test_input_layouts_of_the_spec_are_equivalent() -> None:
    """The spec's input examples 1 and 2 are the same menu with different white space."""
    one = "1\n1 2 3\n4 0 5\n6 7 8\n2\n3\n4\n5\n"
    two = "1 1      2      3      4      0 5 6 7 8\n2 3 4 5\n"
    assert menu(one) == menu(two) != ""
    assert menu("2 3 4 5") == "-1\n\n" * 3
    assert menu("1 1 2 3 4 0 5 6 7 8\n1 0 1 2 3 4 5 6 8 7\n5\n") == ""


def test_regresos_example_children_order() -> None:
    """The seed's REGRESOS table: f = 11, 12, 12, 8 and d = 2, 0, 0, 0; pushed 3), 2), 1), 4)."""
    children = {
        1: (1, 0, 3, 4, 2, 5, 6, 7, 8),
        2: (1, 2, 3, 4, 5, 0, 6, 7, 8),
        3: (1, 2, 3, 4, 7, 5, 6, 0, 8),
        4: (1, 2, 3, 0, 4, 5, 6, 7, 8),
    }
    keys = {i: priority("REGRESOS", t) for i, t in children.items()}
    assert [keys[i][0] for i in (1, 2, 3, 4)] == [11, 12, 12, 8]
    assert [2 * direct_reversals(children[i]) for i in (1, 2, 3, 4)] == [2, 0, 0, 0]
    pushed_first_to_last = sorted(children, key=lambda i: keys[i], reverse=True)
    assert pushed_first_to_last == [3, 2, 1, 4]


def test_ties_push_the_greater_lexicographic_board_first() -> None:
    a, b = (1, 2, 3, 4, 5, 0, 6, 7, 8), (1, 2, 3, 4, 7, 5, 6, 0, 8)
    for kind in ("PIEZAS", "SUMAS"):  # the seed's children 2) and 3): tied on g and on h
        assert priority(kind, a)[0] == priority(kind, b)[0]
        assert priority(kind, b) > priority(kind, a)  # b is pushed first, a ends on top


def test_direct_reversals_include_the_blank() -> None:
    assert direct_reversals(GOAL) == 0
    assert direct_reversals((1, 0, 2, 3, 4, 5, 6, 7, 8)) == 1  # the blank and tile 1
    assert direct_reversals((1, 0, 2, 4, 3, 5, 6, 7, 8)) == 2
    assert direct_reversals((3, 1, 2, 0, 4, 5, 6, 7, 8)) == 1  # vertical pair


def reference_stack_search(start: tuple[int, ...], kind: str) -> list[tuple[int, ...]]:
    """The seed's procedure written out directly, with its own sort keys."""

    def misplaced(t: tuple[int, ...]) -> int:
        return sum(1 for i, x in enumerate(t) if x and x != i)

    def distances(t: tuple[int, ...]) -> int:
        return sum(abs(i // 3 - x // 3) + abs(i % 3 - x % 3) for i, x in enumerate(t) if x)

    def reversals(t: tuple[int, ...]) -> int:
        pairs = [(i, i + 1) for i in range(9) if i % 3 < 2] + [(i, i + 3) for i in range(6)]
        return sum(1 for i, j in pairs if t[i] == j and t[j] == i)

    def children(t: tuple[int, ...]) -> list[tuple[int, ...]]:
        b = t.index(0)
        out = []
        for c in (b - 3, b + 3, b - 1, b + 1):
            if 0 <= c < 9 and (c // 3 == b // 3 or c % 3 == b % 3):
                s = list(t)
                s[b], s[c] = s[c], 0
                out.append(tuple(s))
        return out

    def push_key(t: tuple[int, ...]) -> tuple[int, ...]:  # larger = pushed earlier
        if kind == "PIEZAS":
            return (misplaced(t), *t)
        if kind == "SUMAS":
            return (distances(t), *t)
        return (misplaced(t) + distances(t), -2 * reversals(t), *t)

    stack, pushed, popped = [start], {start}, []
    while True:
        top = stack.pop()
        popped.append(top)
        if top == tuple(range(9)):
            return popped
        fresh = [c for c in children(top) if c not in pushed]
        for c in sorted(fresh, key=push_key, reverse=True):
            pushed.add(c)
            stack.append(c)


@settings(max_examples=15, deadline=None)
@given(st.randoms(use_true_random=False), st.sampled_from(["PIEZAS", "SUMAS", "REGRESOS"]))
def test_engine_run_equals_the_direct_procedure(rng: random.Random, kind: str) -> None:
    tiles = list(range(9))
    rng.shuffle(tiles)
    if not is_solvable(Board(3, tuple(tiles)), GOAL):
        tiles[1], tiles[2] = tiles[2], tiles[1]
        if 0 in (tiles[1], tiles[2]):
            tiles[3], tiles[4] = tiles[4], tiles[3]
    start = Board(3, tuple(tiles))
    assert is_solvable(start, GOAL)
    run = stack_search(start, kind)  # type: ignore[arg-type]
    popped = [b.tiles for b in run.popped]
    assert popped == reference_stack_search(start.tiles, kind)
    assert popped[0] == start.tiles and popped[-1] == GOAL.tiles
    assert len(set(popped)) == len(popped)


def test_each_popped_board_is_a_child_of_an_earlier_one() -> None:
    start = Board(3, (8, 6, 7, 2, 5, 4, 3, 0, 1))
    run = stack_search(start, "SUMAS")
    seen = {run.popped[0]}
    for board in run.popped[1:]:
        assert any(apply_move(board, m) in seen for m in legal_moves(board))
        seen.add(board)
    assert manhattan(run.popped[-1], GOAL) == 0


def test_start_at_the_goal_pops_it_once() -> None:
    assert format_run(stack_search(GOAL, "PIEZAS")) == "PIEZAS\n\n0 1 2\n3 4 5\n6 7 8\n\n1\n\n"


def test_unsolvable_start_writes_the_title_and_minus_one_at_once() -> None:
    start = Board(3, (1, 0, 2, 3, 4, 5, 6, 8, 7))
    run = stack_search(start, "REGRESOS")
    assert not run.solvable and run.popped == []
    notes: list[str] = []
    out = io.StringIO()
    run_menu("1 1 0 2 3 4 5 6 8 7 4 2 5", out, notes.append)
    assert out.getvalue() == "REGRESOS\n\n-1\n\nPIEZAS\n\n-1\n\n"
    assert len(notes) == 2 and "cannot reach" in notes[0]


@pytest.mark.parametrize(
    ("text", "written", "message"),
    [
        ("2 x 5", "-1\n\n", "not an integer"),
        ("2 6 5", "-1\n\n", "not one of"),
        ("2 0", "-1\n\n", "not one of"),
        ("1 1 2 0 3 4", "", "input ended"),
        ("1 1 1 2 3 4 5 6 7 8 2 5", "", "appears more than once"),
        ("1 1 2 0 3 4 5 6 7 9 5", "", "out of range"),
        ("1 1 2 0 3 4 5 6 7 8 2", "PIEZAS\n\n", "without operation 5"),
        ("", "", "without operation 5"),
    ],
)
def test_malformed_menus_stop_with_what_was_done(text: str, written: str, message: str) -> None:
    out = io.StringIO()
    with pytest.raises(InputError, match=message):
        run_menu(text, out)
    assert out.getvalue().startswith(written)
    if not written:
        assert out.getvalue() == ""


def test_anything_after_five_is_ignored() -> None:
    assert menu("2 5 this is not read") == "-1\n\n"
