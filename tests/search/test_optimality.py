"""Optimality of the engine's algorithms on random weighted graphs, against Dijkstra."""

from __future__ import annotations

import math
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.search import solve
from tests.search.graphs import bfs_steps, dijkstra_to_goal, path_cost, random_graph

SEEDS = st.integers(min_value=0, max_value=10**6)


def check_solution(problem, result, expected: float) -> None:  # type: ignore[no-untyped-def]
    if expected == math.inf:
        assert result.status == "no_solution"
        return
    assert result.status == "solved"
    assert result.states[-1] == problem.goal
    assert len(result.actions) == len(result.states) - 1
    assert path_cost(problem, result.states) == pytest.approx(result.cost)
    assert result.cost == pytest.approx(expected)


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, algorithm=st.sampled_from(["ucs", "astar", "idastar", "bibfs"]))
def test_optimal_cost_without_heuristic(seed: int, algorithm: str) -> None:
    problem = random_graph(seed, n=14 if algorithm == "idastar" else 40)
    exact = dijkstra_to_goal(problem)
    check_solution(problem, solve(problem, algorithm), exact[0])


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, algorithm=st.sampled_from(["astar", "idastar"]), consistent=st.booleans())
def test_optimal_cost_with_admissible_heuristic(
    seed: int, algorithm: str, consistent: bool
) -> None:
    problem = random_graph(seed, n=14 if algorithm == "idastar" else 40)
    exact = dijkstra_to_goal(problem)
    rng = random.Random(seed)
    if consistent:  # a uniformly scaled exact distance is consistent
        scale = rng.random()
        problem.h = {n: scale * d for n, d in exact.items() if d < math.inf}
    else:  # independently scaled per node: admissible, usually inconsistent
        problem.h = {n: rng.random() * d for n, d in exact.items() if d < math.inf}
    check_solution(problem, solve(problem, algorithm), exact[0])


@settings(max_examples=60, deadline=None)
@given(seed=SEEDS, algorithm=st.sampled_from(["bfs", "iddfs", "bibfs"]))
def test_fewest_steps(seed: int, algorithm: str) -> None:
    problem = random_graph(seed, n=12 if algorithm == "iddfs" else 40, unit=True)
    expected = bfs_steps(problem)
    result = solve(problem, algorithm)
    if expected == math.inf:
        assert result.status == "no_solution"
    else:
        assert result.solved
        assert result.length == expected
        path_cost(problem, result.states)


@settings(max_examples=40, deadline=None)
@given(
    seed=SEEDS,
    algorithm=st.sampled_from(["dfs", "greedy", "wastar", "backtrack"]),
)
def test_complete_algorithms_find_valid_paths(seed: int, algorithm: str) -> None:
    problem = random_graph(seed, n=12)
    exact = dijkstra_to_goal(problem)
    result = solve(problem, algorithm)
    if exact[0] == math.inf:
        assert result.status == "no_solution"
    else:
        assert result.solved
        assert path_cost(problem, result.states) == pytest.approx(result.cost)
        assert result.cost >= exact[0]


@settings(max_examples=40, deadline=None)
@given(seed=SEEDS, weight=st.floats(min_value=1, max_value=5))
def test_weighted_astar_is_bounded_suboptimal(seed: int, weight: float) -> None:
    problem = random_graph(seed, n=40)
    exact = dijkstra_to_goal(problem)
    problem.h = {n: d for n, d in exact.items() if d < math.inf}
    result = solve(problem, "wastar", weight=weight)
    if exact[0] == math.inf:  # no path: the search says so, it does not invent one
        assert result.status == "no_solution" and not result.actions
    else:
        assert result.solved
        assert path_cost(problem, result.states) == pytest.approx(result.cost)
        assert exact[0] - 1e-9 <= result.cost <= weight * exact[0] + 1e-9


@pytest.mark.parametrize("tie_break", ["g_max", "g_min", "fifo", "lifo"])
def test_every_tie_break_is_optimal(tie_break: str) -> None:
    for seed in range(30):
        problem = random_graph(seed, n=30)
        exact = dijkstra_to_goal(problem)
        check_solution(problem, solve(problem, "astar", tie_break=tie_break), exact[0])


def test_astar_reopens_states_for_an_inconsistent_heuristic() -> None:
    # 0 -> 1 -> 3 -> 4 costs 1+1+... ; h(1) is admissible but inconsistent, so 3
    # is first closed through 2 at cost 3 and must be re-opened via 1 at cost 2.
    from tests.search.graphs import GraphProblem

    edges = {0: [(1, 1), (2, 1)], 1: [(3, 1)], 2: [(3, 2)], 3: [(4, 5)], 4: []}
    problem = GraphProblem(edges, goal=4, h={0: 0, 1: 6, 2: 0, 3: 0, 4: 0})
    result = solve(problem, "astar")
    assert result.cost == 7
    assert result.states == [0, 1, 3, 4]
    assert result.stats.reopened == 1


def test_unknown_algorithm_lists_valid_names() -> None:
    with pytest.raises(ValueError, match="valid names: bfs, dfs"):
        solve(random_graph(0), "dijkstra")
