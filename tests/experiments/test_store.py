"""The SQLite store: round trips, what counts as done, bad files."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from searchlab.errors import InputError
from searchlab.experiments import Instance, ResultStore, RunRecord

RECORD = RunRecord(
    experiment="e",
    instance="i1",
    config="{}",
    family="maze",
    group=4,
    label="bfs",
    algorithm="bfs",
    heuristic=None,
    status="solved",
    length=6,
    cost=6.0,
    expanded=10,
    generated=20,
    max_frontier=5,
    seconds=0.01,
    extra={"level": "expert", "sizes": [1, 2]},
)


def test_round_trip(store: ResultStore) -> None:
    store.save_run(RECORD)
    other = replace(RECORD, instance="i2", group="file.txt", extra=None, heuristic="zero")
    store.save_run(other)
    assert sorted(store.records("e"), key=lambda r: r.instance) == [RECORD, other]
    assert store.records("other") == []
    assert store.experiments() == [("e", 2)]


def test_done_excludes_errors_and_cancelled_runs_are_not_stored(store: ResultStore) -> None:
    store.save_run(RECORD)
    store.save_run(replace(RECORD, instance="bad", status="error", error="boom"))
    store.save_run(replace(RECORD, instance="stopped", status="limit", limit="cancelled"))
    store.save_run(replace(RECORD, instance="slow", status="limit", limit="time_limit"))
    assert store.done("e") == {("i1", "{}"), ("slow", "{}")}
    assert {r.instance for r in store.records("e")} == {"i1", "bad", "slow"}
    assert store.forget("e") == 3 and store.records("e") == []


def test_instances_cache(store: ResultStore) -> None:
    inst = Instance("npuzzle", "depth=4/seed=0/1", 4, [1, 2, 3, 4, 5, 6, 7, 0, 8], 4.0, 1)
    store.save_instance(inst)
    assert store.load_instances("npuzzle", [inst.id, "missing"]) == {inst.id: inst}
    assert store.load_instances("maze", [inst.id]) == {}


def test_persists_across_connections(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "r.sqlite") as a:
        a.save_run(RECORD)
    with ResultStore(tmp_path / "r.sqlite") as b:
        assert b.records("e") == [RECORD]


def test_not_a_database(tmp_path: Path) -> None:
    bad = tmp_path / "junk.sqlite"
    bad.write_text("this is not sqlite" * 100)
    with pytest.raises(InputError, match="cannot use as a results database"):
        ResultStore(bad)
