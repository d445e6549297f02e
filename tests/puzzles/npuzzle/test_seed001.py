"""Seed 001 (``Puzzle8 <h> <instance>``): A* paths, states opened, exact output."""

from __future__ import annotations

import itertools
import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import (
    Board,
    apply_move,
    exact_distance,
    goal_board,
    instances_at_depth,
    legal_moves,
)
from searchlab.puzzles.npuzzle.assignments import (
    NO_SOLUTION,
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    solve_puzzle8,
)

DATOS1 = "1 2 3\n4 5 6\n8 0 7\n"
DATOS2 = "0 1 3\n4 2 5\n7 8 6\n"

# The seed's worked example (section 4.3.2), the time line left out.
SEED_EXAMPLE = """\
0 1 3
4 2 5
7 8 6

1 0 3
4 2 5
7 8 6

1 2 3
4 0 5
7 8 6

1 2 3
4 5 0
7 8 6

1 2 3
4 5 6
7 8 0

Numero de estados abiertos: 10
"""


def inversions(tiles: tuple[int, ...]) -> int:
    """The appendix's rule, written independently: pairs out of order, blank ignored."""
    t = [x for x in tiles if x]
    return sum(1 for i in range(len(t)) for j in range(i + 1, len(t)) if t[i] > t[j])


def is_one_move(a: Board, b: Board) -> bool:
    return any(apply_move(a, m) == b for m in legal_moves(a))


def test_seed_worked_example_output() -> None:
    out = format_answer(solve_puzzle8(parse_instance(DATOS2), "m"))
    head, time_line = out[: len(SEED_EXAMPLE)], out[len(SEED_EXAMPLE) :]
    assert head == SEED_EXAMPLE
    assert re.fullmatch(r"Tiempo: \d+ ms\n", time_line)


def test_seed_unsolvable_example() -> None:
    answer = solve_puzzle8(parse_instance(DATOS1), "z")
    assert not answer.solvable and answer.moves == -1 and answer.result is None
    assert format_answer(answer) == "No hay solución\n" == NO_SOLUTION + "\n"


@pytest.mark.parametrize(
    ("tiles", "solvable"),
    [
        ("1 2 3 4 5 7 6 8 0", False),
        ("2 4 3 1 0 6 7 5 8", True),
        ("1 5 8 0 2 3 4 6 7", True),
        ("5 1 8 0 2 3 4 6 7", False),
        ("2 0 7 8 5 4 3 6 1", True),
        ("8 7 6 5 4 3 2 1 0", True),
    ],
)
def test_appendix_examples(tiles: str, solvable: bool) -> None:
    """The seed appendix's boards, solvable iff the inversion count is even."""
    answer = solve_puzzle8(parse_instance(tiles), "m")
    assert answer.solvable is solvable
    if solvable:
        assert answer.moves == exact_distance(answer.boards[0])


@settings(max_examples=40, deadline=None)
@given(st.permutations(range(9)))
def test_solvable_iff_even_inversions(perm: list[int]) -> None:
    board = Board(3, tuple(perm))
    answer = solve_puzzle8(board, "m")
    assert answer.solvable is (inversions(board.tiles) % 2 == 0)


@pytest.mark.parametrize("heuristic", list(PUZZLE8_HEURISTICS))
@pytest.mark.parametrize("depth", [0, 1, 7, 14, 20])
def test_every_heuristic_gives_a_minimum_cost_path(heuristic: str, depth: int) -> None:
    for board in instances_at_depth(depth, 1 if depth == 0 else 2, seed=depth):
        answer = solve_puzzle8(board, heuristic)
        boards = answer.boards
        assert boards[0] == board and boards[-1] == goal_board(3)
        assert answer.moves == depth == exact_distance(board)  # against the BFS table
        assert all(is_one_move(a, b) for a, b in itertools.pairwise(boards))
        assert answer.opened >= len(boards)
        assert answer.result is not None
        assert answer.opened <= answer.result.stats.generated


def test_hardest_states_with_manhattan() -> None:
    for tiles in ("8 6 7 2 5 4 3 0 1", "6 4 7 8 5 0 3 2 1"):
        answer = solve_puzzle8(parse_instance(tiles), "m")
        assert answer.moves == 31
        text = format_answer(answer)
        assert text.count("\n\n") == 32  # one blank line after each board


def test_opened_counts_are_the_distinct_states_put_on_open() -> None:
    """An independent count: the engine's observer sees every push."""
    from searchlab.puzzles.npuzzle import NPuzzleProblem
    from searchlab.search import SearchEvent, astar

    board = instances_at_depth(18, 1, seed=3)[0]
    for heuristic, name in PUZZLE8_HEURISTICS.items():
        seen: set[object] = set()

        def observe(e: SearchEvent, seen: set[object] = seen) -> None:
            if e.kind == "generate":
                seen.add(e.state)

        astar(NPuzzleProblem(board, heuristic=name), observer=observe)
        assert solve_puzzle8(board, heuristic).opened == len(seen)


@pytest.mark.parametrize(
    "text",
    ["", "1 2 3", "1 2 3 4 5 6 7 8 9", "1 1 2 3 4 5 6 7 8", "a b c d e f g h i", "0 1 2 3"],
)
def test_malformed_instances(text: str) -> None:
    with pytest.raises(InputError):
        parse_instance(text)


def test_unknown_heuristic() -> None:
    with pytest.raises(InputError):
        solve_puzzle8(parse_instance(DATOS2), "x")


def test_cancel_stops_the_search() -> None:
    import threading

    cancel = threading.Event()
    cancel.set()
    with pytest.raises(InputError, match="cancelled"):
        solve_puzzle8(parse_instance("8 6 7 2 5 4 3 0 1"), "z", cancel=cancel)
