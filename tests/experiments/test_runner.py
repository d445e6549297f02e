"""Running experiments: every backend gives the same records; resume; limits; errors."""

from __future__ import annotations

import threading
from dataclasses import replace
from pathlib import Path

import pytest

from searchlab import families
from searchlab.experiments import (
    Experiment,
    Instance,
    Limits,
    ResultStore,
    RunRecord,
    RunSpec,
    aggregate,
    configuration,
    execute_run,
    generate_instance,
    run_experiment,
)
from searchlab.puzzles.maze import MazeProblem, parse_maze
from searchlab.records.sources import InstanceRequest
from searchlab.search import solve
from tests.experiments.conftest import CONFIGS, maze_experiment


def _key(r: RunRecord) -> tuple[object, ...]:
    return (r.instance, r.label, r.status, r.length, r.generated, r.expanded)


def test_serial_run_matches_direct_engine_calls(store: ResultStore) -> None:
    exp = maze_experiment()
    summary = run_experiment(exp, store)
    assert len(summary.records) == len(summary.planned) == 2 * 3 * len(CONFIGS)
    assert summary.ran == len(summary.planned) and not summary.interrupted
    for r in summary.records:
        inst = next(i for i in summary.instances if i.id == r.instance)
        problem = maze_family().engine_problem(maze_family().read(inst.data), r.heuristic)
        direct = solve(problem, r.algorithm)
        assert (r.status, r.generated, r.expanded) == (
            direct.status,
            direct.stats.generated,
            direct.stats.expanded,
        )
        if r.solved:
            assert r.length == direct.length


def test_instances_are_deterministic_and_cached(store: ResultStore) -> None:
    req = InstanceRequest("maze", 8, 2, seed=5)
    assert generate_instance(req) == generate_instance(req)
    assert generate_instance(req) != generate_instance(replace(req, index=3))
    exp = maze_experiment()
    first = run_experiment(exp, store).instances
    assert store.load_instances("maze", [i.id for i in first]) == {i.id: i for i in first}


def test_resume_runs_only_what_is_missing(store: ResultStore) -> None:
    small = run_experiment(maze_experiment(count=2), store)
    bigger = run_experiment(maze_experiment(count=3), store)
    assert bigger.reused == len(small.planned)
    assert bigger.ran == len(bigger.planned) - len(small.planned)
    again = run_experiment(maze_experiment(count=3), store)
    assert again.ran == 0 and again.reused == len(again.planned)
    assert sorted(map(_key, again.records)) == sorted(map(_key, bigger.records))


def test_changed_limits_rerun(store: ResultStore) -> None:
    run_experiment(maze_experiment(count=1), store)
    changed = replace(maze_experiment(count=1), limits=Limits(time_limit=5))
    assert run_experiment(changed, store).reused == 0


def test_process_pool_gives_the_same_records(tmp_path: Path) -> None:
    with ResultStore(tmp_path / "a.sqlite") as a, ResultStore(tmp_path / "b.sqlite") as b:
        serial = run_experiment(maze_experiment(), a)
        pooled = run_experiment(maze_experiment(), b, workers=2)
    assert sorted(map(_key, serial.records)) == sorted(map(_key, pooled.records))


def test_dask_cluster_gives_the_same_records(tmp_path: Path) -> None:
    distributed = pytest.importorskip("distributed")
    with ResultStore(tmp_path / "a.sqlite") as a, ResultStore(tmp_path / "b.sqlite") as b:
        serial = run_experiment(maze_experiment(count=2), a)
        with distributed.LocalCluster(
            n_workers=1, threads_per_worker=2, processes=False, dashboard_address=None
        ) as cluster:
            remote = run_experiment(
                maze_experiment(count=2), b, scheduler=cluster.scheduler_address
            )
    assert sorted(map(_key, serial.records)) == sorted(map(_key, remote.records))


def test_one_runs_limit_does_not_block_the_others(store: ResultStore) -> None:
    # Iterative deepening on an open 30x30 maze (solution depth 58) would run
    # for ages; its own limit stops it while the other runs complete normally.
    open_maze = "S" + "." * 29 + "\n" + ("." * 30 + "\n") * 28 + "." * 29 + "G"
    inst = Instance("maze", "open", "open", open_maze)
    exp = Experiment(
        name="limits",
        family="maze",
        configurations=(configuration("iddfs"), configuration("bfs")),
        instances=(inst,),
        limits=Limits(max_expansions=2000),
    )
    records = {r.label: r for r in run_experiment(exp, store, workers=2).records}
    assert records["iddfs"].status == "limit"
    assert records["iddfs"].limit == "max_expansions"
    assert records["bfs"].status == "solved" and records["bfs"].length == 58


def test_a_failing_run_is_recorded_not_raised(store: ResultStore) -> None:
    bad = Instance("maze", "bad", "bad", "no start or goal")
    good = Instance("maze", "good", "good", "S.G")
    exp = Experiment("errors", "maze", (configuration("bfs"),), instances=(bad, good))
    summary = run_experiment(exp, store)
    by_id = {r.instance: r for r in summary.records}
    assert by_id["bad"].status == "error" and "InputError" in (by_id["bad"].error or "")
    assert by_id["good"].solved
    assert summary.errors == 1
    # failed runs are retried on resume
    assert run_experiment(exp, store).ran == 1


def test_cancel_stops_and_keeps_nothing_half_done(store: ResultStore) -> None:
    cancel = threading.Event()
    cancel.set()
    summary = run_experiment(maze_experiment(), store, cancel=cancel)
    assert summary.interrupted
    assert store.done("t") == set()


def test_cancelled_run_record() -> None:
    cancel = threading.Event()
    cancel.set()
    big = "S" + "." * 299 + "\n" + ("." * 300 + "\n") * 298 + "." * 299 + "G"
    spec = RunSpec("x", Instance("maze", "big", 0, big), configuration("bfs"))
    assert execute_run(spec, cancel=cancel).limit == "cancelled"


def test_select_skips_pairs(store: ResultStore) -> None:
    exp = replace(
        maze_experiment(),
        select=lambda config, inst: config.algorithm != "bfs" or inst.group == 6,
    )
    summary = run_experiment(exp, store)
    assert {r.group for r in summary.records if r.algorithm == "bfs"} == {6}


def test_aggregate_counts_and_means(store: ResultStore) -> None:
    summary = run_experiment(maze_experiment(), store)
    rows = aggregate(summary.records, [c.label for c in CONFIGS])
    assert [(r.group, r.label) for r in rows] == [(g, c.label) for g in (6, 12) for c in CONFIGS]
    for row in rows:
        runs = [r for r in summary.records if (r.group, r.label) == (row.group, row.label)]
        solved = [r for r in runs if r.solved]
        assert row.runs == len(runs) and row.solved == len(solved)
        if solved:
            assert row.mean_generated == pytest.approx(
                sum(r.generated for r in solved) / len(solved)
            )
            assert row.ebf is not None and row.ebf >= 1 - 1e-9
    # A* with Manhattan distance never generates more than A* with h = 0 here.
    by = {(r.group, r.label): r for r in rows}
    for g in (6, 12):
        m, z = by[(g, "astar:manhattan")], by[(g, "astar:zero")]
        if m.mean_generated is not None and z.mean_generated is not None:
            assert m.mean_length == z.mean_length


def test_family_problem_is_the_puzzle_package_problem() -> None:
    problem = maze_family().engine_problem(maze_family().read("S.#\n..G"), "manhattan")
    assert isinstance(problem, MazeProblem)
    assert problem.maze == parse_maze("S.#\n..G")


def test_progress_reports_each_phase(store: ResultStore) -> None:
    calls: list[tuple[str, int, int]] = []
    summary = run_experiment(maze_experiment(count=2), store, progress=lambda *a: calls.append(a))
    total = len(summary.planned)
    assert ("instances", 4, 4) in calls
    runs = [c for c in calls if c[0] == "runs"]
    assert runs[0] == ("runs", 0, total) and runs[-1] == ("runs", total, total)
    assert [c[1] for c in runs] == sorted(c[1] for c in runs)


def maze_family() -> families.PuzzleFamily:
    return families.get("maze")


def test_runs_are_stored_while_later_instances_are_still_to_generate(
    store: ResultStore, tmp_path: Path
) -> None:
    """Instances are generated in waves, each wave's runs stored before the next wave is
    made: an experiment stopped during generation keeps its runs, and a resume adds
    only the rest (issue 23 item 15)."""
    exp = maze_experiment(count=10, sizes=(5, 6, 7))
    cancel = threading.Event()
    stored_when_stopped: list[int] = []

    def progress(phase: str, done: int, total: int) -> None:
        if phase == "instances" and done >= 12 and not cancel.is_set():
            stored_when_stopped.append(len(store.done(exp.name)))
            cancel.set()

    first = run_experiment(exp, store, cancel=cancel, progress=progress)
    assert first.interrupted and stored_when_stopped and stored_when_stopped[0] > 0
    assert first.ran == len(store.done(exp.name)) > 0
    # the whole experiment's runs, not those of the instances made so far (issue 34)
    assert len(first.planned) < first.total == 30 * len(CONFIGS)
    second = run_experiment(exp, store)
    assert not second.interrupted and second.reused == first.ran
    assert second.reused + second.ran == len(second.planned) == second.total == 30 * len(CONFIGS)
    with ResultStore(tmp_path / "fresh.sqlite") as fresh:
        again = run_experiment(exp, fresh)
    assert sorted(map(_key, again.records)) == sorted(map(_key, second.records))
