"""The watch mode's trace: the engine's expansions, its frontier rule, its bounds."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from searchlab import families
from searchlab.errors import InputError
from searchlab.search import SearchEvent, solve
from searchlab.web import watch_trace
from searchlab.web.watch_trace import record, rule_for, watch_algorithms

STEPS = 300
"""Expansions recorded per case (rush hour and peg searches run that far)."""

CASES = [
    (name, ex.id, algorithm)
    for name in families.names()
    for ex in families.get(name).examples[:2]
    for algorithm in watch_algorithms(families.get(name))
    if families.get(name).engine is not None
]


def engine_run(fam: Any, instance: Any, algorithm: str, max_steps: int) -> tuple[Any, list[Any]]:
    """The engine alone on the same problem: its result and its expanded keys in order."""
    problem = fam.engine_problem(instance, None)
    expanded: list[Any] = []

    def observe(ev: SearchEvent) -> None:
        if ev.kind == "expand":
            expanded.append(problem.key(ev.state))

    result = solve(problem, algorithm, max_expansions=max_steps, observer=observe)
    return result, expanded


def example(name: str, ex_id: str) -> tuple[Any, Any]:
    fam = families.get(name)
    text = next(e.text for e in fam.examples if e.id == ex_id)
    return fam, fam.read(text)


@pytest.mark.parametrize(("name", "ex_id", "algorithm"), CASES)
def test_the_trace_is_the_engines_search(name: str, ex_id: str, algorithm: str) -> None:
    fam, instance = example(name, ex_id)
    trace = record(fam, instance, algorithm, None, max_steps=STEPS)
    if trace["limit"] in ("max_nodes", "max_bytes", "time_limit"):
        pytest.skip("recording stopped by a bound before the engine's own end")
    result, expanded = engine_run(fam, instance, algorithm, STEPS)
    problem = fam.engine_problem(instance, None)
    keys = [problem.key(s) for s in _states(trace, fam, instance)]
    steps = [s for s in trace["steps"][1:] if not s.get("goal")]
    # The expansions, in order, and their count are the engine's.
    assert [keys[s["node"]] for s in steps] == expanded
    assert trace["expanded"] == result.stats.expanded == len(expanded)
    assert trace["status"] == result.status
    # The path is the engine's solution, and it starts at the start and ends at the goal.
    assert [keys[i] for i in trace["path"]] == [problem.key(s) for s in result.states]
    if trace["path"]:
        assert trace["path"][0] == 0
        assert trace["steps"][-1].get("goal") and trace["steps"][-1]["node"] == trace["path"][-1]
        assert trace["cost"] == result.cost
    # Explored counts grow by one an expansion; g, h, f agree.
    for i, s in enumerate(trace["steps"][1:], 1):
        assert s["f"] == s["g"] + s["h"]
        assert s["explored"] == trace["steps"][i - 1]["explored"] + (0 if s.get("goal") else 1)


def _states(trace: dict[str, Any], fam: Any, instance: Any) -> list[Any]:
    """Each traced node's engine state, re-derived by replaying the recorder's numbering."""
    problem = fam.engine_problem(instance, None)
    rec_states: dict[int, Any] = {}
    # Rebuild by running the recorder again (deterministic) and reading its states.
    rec = watch_trace.Recorder(problem, rule_for(trace["algorithm"]), lambda s: {}, 1e18)
    solve(problem, trace["algorithm"], max_expansions=STEPS, observer=rec)  # bounds: skipped
    for i, s in enumerate(rec.states):
        rec_states[i] = s
    for s in (problem.initial_state(),):
        rec_states.setdefault(0, s)
    extra = len(trace["nodes"]) - len(rec_states)
    assert extra >= 0
    if extra:  # the path's nodes appended after the search
        result = solve(problem, trace["algorithm"], max_expansions=STEPS)
        known = {problem.key(s) for s in rec_states.values()}
        for s in result.states:
            if problem.key(s) not in known:
                rec_states[len(rec_states)] = s
                known.add(problem.key(s))
    return [rec_states[i] for i in range(len(trace["nodes"]))]


@pytest.mark.parametrize(("name", "ex_id", "algorithm"), CASES)
def test_the_frontier_predicts_the_next_expansion(name: str, ex_id: str, algorithm: str) -> None:
    """With a predictive rule (BFS, DFS, UCS, greedy, A*, weighted A*), the node taken at
    every step is the one the previous step's frontier ranks first."""
    fam, instance = example(name, ex_id)
    trace = record(fam, instance, algorithm, None, max_steps=STEPS)
    if not trace["rule"]["predictive"]:
        return
    steps = trace["steps"]
    for before, after in itertools.pairwise(steps):
        if after.get("goal") and trace["rule"]["goal_on_generation"]:
            assert after["node"] in before["added"]  # BFS: the goal is seen when generated
            continue
        first = [e[0] for e in before["frontier"] if e[2] == 0]
        assert first == [after["node"]], (before, after)
        # the frontier lists each node once, and its size is at least what is sent
        nodes = [e[0] for e in before["frontier"]]
        assert len(nodes) == len(set(nodes)) <= before["frontier_size"]


def test_the_frontier_has_each_nodes_g_and_h() -> None:
    fam, instance = example("maze", "rooms")
    trace = record(fam, instance, "astar", "manhattan")
    for step in trace["steps"]:
        for nid, g, _rank in step["frontier"]:
            node = trace["nodes"][nid]
            assert g >= 0 and node["h"] >= 0
    assert trace["grid"] and all(n["cell"] is not None for n in trace["nodes"])


def test_bounds_end_the_trace() -> None:
    fam, instance = example("rushhour", families.get("rushhour").examples[0].id)
    trace = record(fam, instance, "bfs", None, max_steps=20)
    assert trace["truncated"] and trace["status"] == "limit"
    assert trace["expanded"] == 20 and len(trace["steps"]) == 21
    assert trace["path"] == []
    assert len(trace["nodes"]) <= watch_trace.MAX_NODES


def test_time_limit_ends_the_trace() -> None:
    fam, instance = example("npuzzle", families.get("npuzzle").examples[0].id)
    trace = record(fam, instance, "dfs", None, time_limit=0.0)
    assert trace["truncated"] and trace["limit"] == "time_limit"


@pytest.mark.parametrize(
    ("algorithm", "weight", "heuristic"),
    [("dls", None, None), ("auto", None, None), ("wastar", 0.5, None), ("astar", None, "nope")],
)
def test_bad_choices_are_input_errors(algorithm: str, weight: float | None, heuristic: str) -> None:
    fam, instance = example("maze", "small")
    with pytest.raises(InputError):
        record(fam, instance, algorithm, heuristic, weight=weight)


def test_a_large_board_is_refused() -> None:
    fam = families.get("maze")
    instance = fam.read("S" + "." * 99 + "\n" + ("." * 100 + "\n") * 18 + "." * 99 + "G\n")
    with pytest.raises(InputError, match="too large to watch"):
        record(fam, instance, "bfs", None)


def test_weighted_astar_takes_its_weight() -> None:
    fam, instance = example("maze", "rooms")
    trace = record(fam, instance, "wastar", None, weight=3)
    assert trace["rule"]["h_weight"] == 3 and trace["weight"] == 3
    assert rule_for("wastar").h_weight == 2.0  # the engine's default, read from wastar
