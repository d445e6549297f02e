from __future__ import annotations

import pytest

from searchlab.puzzles.npuzzle import (
    HEURISTICS,
    NPuzzleProblem,
    blank_distance,
    goal_board,
    heuristic_function,
    instances_at_depth,
    linear_conflict,
    manhattan,
    misplaced,
    parse_tiles,
    zero,
)
from searchlab.search import audit_heuristic


@pytest.mark.parametrize("name", list(HEURISTICS))
def test_admissible_on_full_8_puzzle_space(name: str) -> None:
    audit = audit_heuristic(NPuzzleProblem(goal_board(3), heuristic=name), max_states=200_000)
    assert audit.states == 181_440
    assert audit.admissible, audit.summary()


def test_plain_functions_agree_with_closures() -> None:
    goal = goal_board(3, "first")
    fns = {
        "zero": zero,
        "misplaced": misplaced,
        "manhattan": manhattan,
        "blank": blank_distance,
        "linear_conflict": linear_conflict,
    }
    for board in instances_at_depth(20, 30, seed=1, goal=goal):
        for name, fn in fns.items():
            assert fn(board, goal) == heuristic_function(name, goal)(board.tiles)


def test_known_values() -> None:
    goal = goal_board(3)
    b = parse_tiles("8 6 7 2 5 4 3 0 1")
    assert misplaced(b, goal) == 7
    assert manhattan(b, goal) == 21
    assert blank_distance(b, goal) == 1
    # a row with 3 tiles in reverse order: two must leave the row
    assert linear_conflict(parse_tiles("3 2 1 4 5 6 7 8 0"), goal) == 4 + 4
    assert linear_conflict(parse_tiles("2 1 3 4 5 6 7 8 0"), goal) == 2 + 2
