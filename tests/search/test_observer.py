"""The observer hook sees a coherent, ordered event stream."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab.search import ALGORITHMS, SearchEvent, solve
from tests.search.graphs import dijkstra_to_goal, random_graph


@pytest.mark.parametrize("algorithm", sorted(set(ALGORITHMS) - {"dls"}))
def test_events_are_ordered(algorithm: str) -> None:
    for seed in range(10):
        problem = random_graph(seed, n=12)
        events: list[SearchEvent] = []
        result = solve(problem, algorithm, observer=events.append)
        kinds = [e.kind for e in events]
        assert set(kinds) <= {"expand", "generate", "prune", "solution"}
        if result.solved:
            assert kinds[-1] == "solution" and kinds.count("solution") == 1
            assert events[-1].state == problem.goal
        else:
            assert "solution" not in kinds
        if algorithm != "bibfs":  # expanded states were generated (or are the start) first
            known = {problem.initial_state()}
            for e in events:
                if e.kind == "generate":
                    known.add(e.state)
                elif e.kind == "expand":
                    assert e.state in known
        assert kinds.count("expand") == result.stats.expanded


def test_astar_expands_in_nondecreasing_f_with_a_consistent_heuristic() -> None:
    for seed in range(20):
        problem = random_graph(seed, n=40)
        exact = dijkstra_to_goal(problem)
        problem.h = {n: 0.5 * d for n, d in exact.items() if d < float("inf")}
        fs: list[float] = []

        def watch(e: SearchEvent, fs: list[float] = fs, h: dict[int, float] = problem.h) -> None:
            if e.kind == "expand":
                fs.append(e.g + h.get(e.state, 0))

        solve(problem, "astar", observer=watch)
        assert fs == sorted(fs)


@pytest.mark.parametrize("algorithm", sorted(set(ALGORITHMS) - {"dls"}))
def test_no_observer_means_no_events(algorithm: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Without an observer no event is even built (the hook costs nothing when off), and
    the search is the same one an observer would have watched."""
    problem = random_graph(3, n=20)
    watched = solve(problem, algorithm, observer=lambda e: None)
    built: list[tuple[Any, ...]] = []
    original = SearchEvent.__init__

    def counting(self: SearchEvent, *args: Any, **kwargs: Any) -> None:
        built.append(args)
        original(self, *args, **kwargs)

    monkeypatch.setattr(SearchEvent, "__init__", counting)
    plain = solve(problem, algorithm)
    assert built == []
    solve(problem, algorithm, observer=lambda e: None)
    assert built  # the count sees the events an observer gets
    assert (plain.status, plain.cost, plain.actions, plain.stats.expanded) == (
        watched.status,
        watched.cost,
        watched.actions,
        watched.stats.expanded,
    )
