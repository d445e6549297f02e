"""Unsolvable spaces end with no_solution; limits stop cleanly with status "limit"."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from typing import Any

import pytest

from searchlab.search import ALGORITHMS, Problem, UnhashableStateError, limit_phrase, solve
from tests.search.graphs import GraphProblem, Line

EVERY = sorted(ALGORITHMS)
NEEDS = {"dls": {"depth_limit": 50}}


def unsolvable() -> GraphProblem:
    # A cyclic graph whose goal (5) is unreachable from 0.
    edges = {
        0: [(1, 1), (2, 3)],
        1: [(2, 1), (0, 1)],
        2: [(3, 2), (1, 1)],
        3: [(0, 1)],
        4: [(5, 1)],
        5: [],
    }
    return GraphProblem(edges, goal=5)


@pytest.mark.parametrize("algorithm", EVERY)
def test_finite_unsolvable_space_ends_with_no_solution(algorithm: str) -> None:
    result = solve(unsolvable(), algorithm, **NEEDS.get(algorithm, {}))
    assert result.status == "no_solution"
    assert result.limit is None
    assert not result.solved and result.actions == [] and result.states == []


def test_depth_limited_search_reports_its_cutoff() -> None:
    result = solve(unsolvable(), "dls", depth_limit=1)
    assert result.status == "limit" and result.limit == "depth_limit"


@pytest.mark.parametrize("algorithm", EVERY)
def test_max_expansions_stops_the_search(algorithm: str) -> None:
    result = solve(Line(), algorithm, max_expansions=50, **NEEDS.get(algorithm, {}))
    if algorithm == "dls":  # the depth limit may be reached first on the line
        assert result.status == "limit"
        return
    assert result.status == "limit" and result.limit == "max_expansions"
    assert result.stats.expanded <= 50


@pytest.mark.parametrize("algorithm", EVERY)
def test_time_limit_stops_the_search(algorithm: str) -> None:
    options: dict[str, Any] = {"time_limit": 0.05}
    if algorithm == "dls":
        options["depth_limit"] = 10**9
    result = solve(Line(), algorithm, **options)
    assert result.status == "limit" and result.limit == "time_limit"
    assert result.stats.seconds < 5


@pytest.mark.parametrize("algorithm", EVERY)
def test_max_nodes_stops_the_search(algorithm: str) -> None:
    options: dict[str, Any] = {"max_nodes": 12}
    if algorithm == "dls":
        options["depth_limit"] = 10**9
    result = solve(Line(), algorithm, **options)
    assert result.status == "limit" and result.limit == "max_nodes"


@pytest.mark.parametrize("algorithm", EVERY)
def test_cancel_token_stops_the_search(algorithm: str) -> None:
    cancel = threading.Event()
    cancel.set()
    options: dict[str, Any] = {"cancel": cancel}
    if algorithm == "dls":
        options["depth_limit"] = 10**9
    result = solve(Line(), algorithm, **options)
    assert result.status == "cancelled" and result.limit == "cancelled"


def test_progress_callback_sees_growing_counts() -> None:
    seen: list[int] = []
    solve(Line(), "bfs", max_expansions=5000, progress=lambda s: seen.append(s.expanded))
    assert seen and seen == sorted(seen)


def test_negative_limits_are_rejected() -> None:
    with pytest.raises(ValueError, match="time_limit"):
        solve(Line(), "bfs", time_limit=-1)


class ListStates(Problem[list[int], str]):
    def initial_state(self) -> list[int]:
        return [0]

    def is_goal(self, state: list[int]) -> bool:
        return state == [3]

    def successors(self, state: list[int]) -> Iterator[tuple[str, list[int], float]]:
        yield "+1", [state[0] + 1], 1


@pytest.mark.parametrize("algorithm", EVERY)
def test_unhashable_states_fail_with_a_message_naming_key(algorithm: str) -> None:
    with pytest.raises(UnhashableStateError, match=r"key\(\)"):
        solve(ListStates(), algorithm, **NEEDS.get(algorithm, {}))


def test_unhashable_states_work_with_a_key() -> None:
    class Keyed(ListStates):
        def key(self, state: list[int]) -> tuple[int, ...]:
            return tuple(state)

    result = solve(Keyed(), "astar")
    assert result.solved and result.states == [[0], [1], [2], [3]]


def test_cycle_check_policies_count_tree_nodes() -> None:
    # On a 2-cycle 0 <-> 1 with goal 2 unreachable, a pass to depth 3 generates:
    # "none": the full binary-free chain 0,1,0,1 (root + 3 children per pass);
    # "parent": 0,1 then 0 is the grandparent of its child: pruned;
    # "path": 0,1 then 0 is on the path: pruned.
    from tests.search.graphs import GraphProblem

    problem = GraphProblem({0: [(1, 1)], 1: [(0, 1)], 2: []}, goal=2)
    none = solve(problem, "dls", depth_limit=3, cycle_check="none")
    assert none.status == "limit" and none.stats.generated == 4
    for check in ("parent", "path"):
        r = solve(problem, "dls", depth_limit=3, cycle_check=check)
        assert r.status == "no_solution" and r.stats.generated == 3 and r.stats.duplicates == 1
    capped = solve(problem, "iddfs", cycle_check="none", max_depth=6)
    assert capped.status == "limit" and capped.limit == "depth_limit"
    with pytest.raises(ValueError, match="cycle_check"):
        solve(problem, "iddfs", cycle_check="sometimes")


@pytest.mark.parametrize("check", ["path", "parent", "none"])
def test_iddfs_finds_shortest_paths_under_every_cycle_check(check: str) -> None:
    from tests.search.graphs import bfs_steps, random_graph

    for seed in range(15):
        problem = random_graph(seed, n=10, unit=True)
        expected = bfs_steps(problem)
        if expected == float("inf"):
            continue
        result = solve(problem, "iddfs", cycle_check=check)
        assert result.solved and result.length == expected


def test_limit_phrase_names_each_limit_once() -> None:
    assert limit_phrase("time_limit") == "the time limit"
    assert limit_phrase("max_expansions") == "the max expansions limit"
    assert limit_phrase("max_memory") == "the max memory limit"
    assert limit_phrase(None) == "a limit"


@pytest.mark.parametrize("algorithm", ["idastar", "iddfs"])
def test_linear_memory_search_is_not_stopped_by_nodes_it_does_not_store(algorithm: str) -> None:
    # These searches store their path alone (no longer than the grid's 9 cells, by
    # the cycle check): a stored-node bound above it never stops them, however many
    # nodes they generate (issue 20, item 5).
    side = 3
    edges = {
        r * side + c: [
            ((r + dr) * side + c + dc, 1.0)
            for dr, dc in ((1, 0), (0, 1), (-1, 0), (0, -1))
            if 0 <= r + dr < side and 0 <= c + dc < side
        ]
        for r in range(side)
        for c in range(side)
    }
    problem = GraphProblem(edges, goal=side * side - 1)
    unbounded = solve(problem, algorithm, **NEEDS.get(algorithm, {}))
    assert unbounded.solved and unbounded.stats.generated > 2 * (side * side + 1)
    bounded = solve(problem, algorithm, max_nodes=side * side + 1, **NEEDS.get(algorithm, {}))
    assert bounded.status == "solved", bounded.limit
    assert bounded.cost == unbounded.cost
