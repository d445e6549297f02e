"""The compiled cluster kernel agrees with the Python reference on every board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rushhour_helpers import reference_distance

from searchlab.puzzles.rushhour import card
from searchlab.puzzles.rushhour.cluster import distances_to_goal, explore_cluster
from searchlab.puzzles.rushhour.generate import hardest, random_board
from searchlab.puzzles.rushhour.kernel import MAX_VEHICLES, cluster_summary, distance, unpack
from searchlab.puzzles.rushhour.model import Board, Vehicle
from searchlab.puzzles.rushhour.solver import Metric, fast_bfs
from searchlab.search.result import SearchResult


def python_summary(board: Board, cap: int | None = None) -> tuple[int, int, int, int]:
    found = explore_cluster(board, max_states=cap)
    if found is None:
        return -1, -1, -1, -1
    pk, states, adjacency = found
    dist = distances_to_goal(pk, states, adjacency)
    best = max(range(len(states)), key=dist.__getitem__)
    return len(states), dist[best], states[best], min(states)


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    width=st.integers(4, 8),
    height=st.integers(4, 8),
    walls=st.integers(0, 3),
    vehicles=st.integers(1, 16),
)
def test_kernel_matches_python_reference(
    seed: int, width: int, height: int, walls: int, vehicles: int
) -> None:
    board = random_board(random.Random(seed), width, height, walls, vehicles)
    # sparse 8x8 boards have clusters of millions: both sides stop at the same cap
    summary = cluster_summary(board, 20_000)
    if summary[0] < 0:
        assert python_summary(board, 20_000)[0] == -1
    else:
        assert summary == python_summary(board)
        solved = fast_bfs(board, compiled=False)
        assert distance(board) == (solved.length if solved.solved else -1)
        for metric in ("moves", "steps"):
            same_search(board, metric)


@pytest.mark.parametrize("number", [1, 20, 40])
def test_kernel_on_cards_and_hardest_position(number: int) -> None:
    c = card(number)
    board = c.parse()
    size, moves, hard, _ = cluster_summary(board)
    assert (size, moves, hard) == python_summary(board)[:3]
    assert size == c.cluster
    position = board.with_positions(unpack(hard, len(board.vehicles)))
    assert reference_distance(position) == moves >= c.moves
    assert distance(board) == c.moves
    assert distance(position) == moves


@pytest.mark.parametrize("seed", [66, 517])
def test_kernel_with_21_vehicles_uses_the_top_bits(seed: int) -> None:
    board = random_board(random.Random(seed), 8, 8, 0, 20)
    assert len(board.vehicles) == MAX_VEHICLES
    summary = cluster_summary(board)
    assert summary == python_summary(board)
    assert summary[2].bit_length() > 60
    solved = fast_bfs(board, compiled=False)
    assert distance(board) == (solved.length if solved.solved else -1)
    same_search(board, "moves")


def same_search(board: Board, metric: Metric) -> SearchResult:
    """The compiled breadth-first search is the Python one: the same path, the same counts."""
    ours, reference = (fast_bfs(board, metric, compiled=c) for c in (True, False))
    assert (ours.status, ours.actions, ours.states) == (
        reference.status,
        reference.actions,
        reference.states,
    )
    for field in ("expanded", "generated", "max_depth", "max_frontier"):
        assert getattr(ours.stats, field) == getattr(reference.stats, field), field
    if ours.solved:  # replayed: every move legal, the last one solves the board
        position = board
        for move in ours.actions:
            position = position.apply(move)
        assert position.is_solved()
    return ours


@pytest.mark.parametrize("number", [1, 3, 20, 40])
@pytest.mark.parametrize("metric", ["moves", "steps"])
def test_compiled_search_on_cards(number: int, metric: Metric) -> None:
    c = card(number)
    r = same_search(c.parse(), metric)
    assert r.length == (c.moves if metric == "moves" else c.steps)


def test_compiled_search_when_loaded_and_unlimited() -> None:
    """Without limits the kernel (loaded here) searches; with a limit, the Python loop,
    which checks it."""
    board = card(40).parse()
    assert fast_bfs(board).stats.expanded == fast_bfs(board, compiled=False).stats.expanded
    assert fast_bfs(board, max_expansions=10).limit == "max_expansions"


def test_cap_rejects_large_clusters_like_the_reference() -> None:
    board = random_board(random.Random(7), vehicles=6)
    size = cluster_summary(board)[0]
    assert size > 10
    assert cluster_summary(board, size - 1)[0] == -1
    assert python_summary(board, size - 1)[0] == -1
    assert cluster_summary(board, size)[0] == size


def test_unsolvable_cluster_has_no_hardest_position() -> None:
    # a horizontal truck in front of the red car on its row: never solvable
    red = Vehicle("A", 2, 0, 2, True)
    truck = Vehicle("B", 2, 3, 3, True)
    board = Board(6, 6, (red, truck), frozenset())
    size, moves, _, _ = cluster_summary(board)
    assert moves == -1 == distance(board)
    assert (size, moves) == python_summary(board)[:2]
    assert same_search(board, "moves").status == "no_solution"


def test_generator_falls_back_to_python_beyond_the_kernel() -> None:
    # 31 cars jammed on an 8x8 board: too many vehicles for 3 bits each in 64 bits;
    # two free cells, which no car can use
    red = Vehicle("A", 3, 0, 2, True)
    vertical = [(r, c, False) for r in (0, 2, 4, 6) for c in range(2, 8)]
    horizontal = [(r, 0, True) for r in (0, 1, 2, 4, 5, 6)]
    others = tuple(
        Vehicle(chr(ord("a") + k), r, c, 2, h) for k, (r, c, h) in enumerate(vertical + horizontal)
    )
    board = Board(8, 8, (red, *others), frozenset())
    assert len(board.vehicles) > MAX_VEHICLES
    moves, _, size = hardest(board, 10_000)
    assert (size, moves) == python_summary(board)[:2] == (1, -1)


def test_prepare_says_compiling_only_when_the_warm_up_is_slow() -> None:
    import time

    import pytest

    from searchlab.puzzles.rushhour.kernel import prepare

    said: list[str] = []
    prepare(lambda: None, lambda: said.append("compiling"), after=5.0)
    assert said == []
    prepare(lambda: time.sleep(0.3), lambda: said.append("compiling"), after=0.01)
    assert said == ["compiling"]

    def broken() -> None:
        raise ValueError("no compiler")

    with pytest.raises(ValueError, match="no compiler"):
        prepare(broken, lambda: None)
