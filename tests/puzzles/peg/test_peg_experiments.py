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


def test_the_human_table_speaks_the_interface_language() -> None:
    """In Spanish the table's words are Spanish ("sí", "meta encontrada", the algorithms'
    names); the data behind it, CSV and JSON, stay English (issue 34, item 5)."""
    from searchlab import i18n
    from searchlab.experiments.report import rich_table
    from searchlab.puzzles.peg.experiments import COLUMNS, table_rows
    from searchlab.records.results import to_csv
    from searchlab.records.runs import RunRecord

    def record(label: str, status: str, limit: str | None = None) -> RunRecord:
        return RunRecord(
            "x", "triangle5", label, "peg", "triangle5", label, "a", None, status, limit
        )

    records = [record("astar:pegs", "solved"), record("bfs:zero", "limit", "max_expansions")]
    rows = table_rows(records)
    before = i18n.current()
    try:
        i18n.use("es")
        cells = [c for r in rich_table(COLUMNS, rows).columns for c in r._cells]
    finally:
        i18n.use(before)
    assert "sí" in cells and "meta encontrada" in cells and "no" in cells
    assert not {"yes", "goal found"} & set(cells)
    assert "yes" in to_csv(COLUMNS, rows) and "goal found" in to_csv(COLUMNS, rows)
