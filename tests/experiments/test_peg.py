"""Seed 000's peg table through the experiment runner."""

from __future__ import annotations

import pytest

from searchlab.experiments import ResultStore, run_experiment
from searchlab.puzzles.peg import experiments as peg

pytest.importorskip("searchlab.puzzles.peg")


def test_triangle5_table(store: ResultStore) -> None:
    exp = peg.peg_experiment(max_expansions=5_000, time_limit=5, only=["triangle5"])
    summary = run_experiment(exp, store)
    rows = peg.table_rows(summary.records)
    assert [r["algorithm"] for r in rows] == [peg.NAMES[c.label] for c in peg.CONFIGS]
    assert all(r["problem"] == "triangle5" for r in rows)
    for r in rows:
        # Every solution of a one-peg finish on the 15-hole triangle has 13 jumps.
        assert r["found"] == "yes" and r["length"] == 13 and r["stop"] == "goal found"


def test_limits_are_reported_as_stop_reasons(store: ResultStore) -> None:
    exp = peg.peg_experiment(max_expansions=50, time_limit=5, only=["english, finish"])
    rows = {r["algorithm"]: r for r in peg.table_rows(run_experiment(exp, store).records)}
    assert rows["BFS"]["found"] == "no"
    assert rows["BFS"]["stop"] == "limit: max_expansions" and rows["BFS"]["expanded"] == 50
    assert rows["searchlab fast solver"]["length"] == 31  # not bound by the expansion limit
