"""A misspelt limit is an error, never a search run without it."""

from __future__ import annotations

import pytest

from searchlab.search import ALGORITHMS, solve
from searchlab.search.options import budget_and_observer, limit_budget
from tests.search.graphs import GraphProblem

NEEDS = {"dls": {"depth_limit": 5}}


def tiny() -> GraphProblem:
    return GraphProblem({0: [(1, 1)], 1: []}, goal=1)


@pytest.mark.parametrize("algorithm", sorted(ALGORITHMS))
def test_every_algorithm_refuses_a_misspelt_option(algorithm: str) -> None:
    with pytest.raises(TypeError, match="time_limt"):
        solve(tiny(), algorithm, time_limt=5, **NEEDS.get(algorithm, {}))  # type: ignore[call-arg]
    assert solve(tiny(), algorithm, time_limit=5, **NEEDS.get(algorithm, {})).solved


def test_the_option_helpers_name_the_stranger() -> None:
    with pytest.raises(TypeError, match="'observer'"):
        limit_budget({"observer": None})  # type: ignore[typeddict-unknown-key]
    with pytest.raises(TypeError, match="'max_node'"):
        budget_and_observer({"max_node": 3})  # type: ignore[typeddict-unknown-key]
    assert budget_and_observer({"observer": None, "max_nodes": 3})[1] is None
