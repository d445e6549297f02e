from __future__ import annotations

import pytest

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import (
    HEURISTICS,
    NPuzzleProblem,
    apply_moves,
    depth_counts,
    exact_distance,
    goal_board,
    instances_at_depth,
    parse_tiles,
    random_instance,
)
from searchlab.search import solve

# OEIS A089473: number of 8-puzzle positions at each distance from the goal.
A089473 = [
    1,
    2,
    4,
    8,
    16,
    20,
    39,
    62,
    116,
    152,
    286,
    396,
    748,
    1024,
    1893,
    2512,
    4485,
    5638,
    9529,
    10878,
    16993,
    17110,
    23952,
    20224,
    24047,
    15578,
    14560,
    6274,
    3910,
    760,
    221,
    2,
]


def test_depth_counts_match_published() -> None:
    assert depth_counts() == A089473
    assert depth_counts(goal_board(3, "first")) == A089473


def test_hardest_positions() -> None:
    hardest = {b.tiles for b in instances_at_depth(31, 2)}
    assert hardest == {
        parse_tiles("8 6 7 2 5 4 3 0 1").tiles,
        parse_tiles("6 4 7 8 5 0 3 2 1").tiles,
    }


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "bibfs"])
def test_engine_optimal_and_replayed(algorithm: str) -> None:
    goal = goal_board(3)
    for depth in (2, 5, 14, 22):
        for board in instances_at_depth(depth, 3, seed=depth, goal=goal):
            result = solve(NPuzzleProblem(board, goal, "manhattan"), algorithm)
            assert result.length == depth == exact_distance(board, goal)
            assert apply_moves(board, result.actions)[-1] == goal
            assert result.states == [b.tiles for b in apply_moves(board, result.actions)]


@pytest.mark.parametrize("name", list(HEURISTICS))
def test_every_heuristic_optimal(name: str) -> None:
    goal = goal_board(3, "first")
    board = instances_at_depth(12, 1, seed=5, goal=goal)[0]
    result = solve(NPuzzleProblem(board, goal, name), "astar")
    assert result.length == 12


def test_random_instance_exact_depth() -> None:
    for d in (0, 1, 17, 31):
        b = random_instance(3, d, seed=d)
        assert exact_distance(b) == d
    assert random_instance(3, 20, seed=4) == random_instance(3, 20, seed=4)
    with pytest.raises(InputError, match="more than 31 moves"):
        random_instance(3, 32)


def test_random_instance_larger() -> None:
    b = random_instance(4, 12, seed=2)
    assert solve(NPuzzleProblem(b, heuristic="linear_conflict"), "idastar").length == 12


def test_size_mismatch() -> None:
    with pytest.raises(InputError, match="goal"):
        NPuzzleProblem(goal_board(3), goal_board(4))
    with pytest.raises(InputError, match="unknown heuristic"):
        NPuzzleProblem(goal_board(3), heuristic="magic")
