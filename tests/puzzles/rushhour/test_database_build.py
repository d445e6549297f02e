"""Building the puzzle database: in-process, on a Dask LocalCluster (the experiments'
runner), resumed after a stop."""

from __future__ import annotations

import threading
from functools import lru_cache
from pathlib import Path

import pytest

from searchlab.experiments.parallel import Workers
from searchlab.puzzles.rushhour.database import PuzzleDatabase
from searchlab.puzzles.rushhour.database_build import Progress, build
from searchlab.puzzles.rushhour.enumeration import run_shard, shards


@lru_cache(maxsize=4)
def direct(size: int, walls: int) -> list[tuple[int, str, int]]:
    return sorted(
        (r.moves, r.board, r.cluster_size) for s in shards(size, walls) for r in run_shard(s).rows
    )


def stored(path: Path, size: int, walls: int) -> list[tuple[int, str, int]]:
    with PuzzleDatabase(path) as db:
        return sorted(
            (r.moves, r.board, r.cluster_size) for w in range(walls + 1) for r in db.rows(size, w)
        )


def test_in_process_build_stores_every_shard(tmp_path: Path) -> None:
    seen: list[Progress] = []
    report = build(4, 1, tmp_path / "db.sqlite", progress=seen.append)
    assert report.complete and report.stopped is None
    assert report.totals.rows == 32 and report.histogram[7] == 3
    assert seen[-1].done == seen[-1].total == len(shards(4, 1))
    assert stored(tmp_path / "db.sqlite", 4, 1) == direct(4, 1)


def test_dask_local_cluster_gives_the_same_database(tmp_path: Path) -> None:
    report = build(4, 2, tmp_path / "db.sqlite", runner=Workers(2))
    assert report.complete and report.done_now == len(shards(4, 2))
    assert stored(tmp_path / "db.sqlite", 4, 2) == direct(4, 2)


@pytest.mark.slow
def test_an_interrupted_build_resumes_where_it_stopped(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    cancel = threading.Event()

    def stop_after_ten(p: Progress) -> None:
        if p.done_now == 10:
            cancel.set()

    first = build(5, 0, path, cancel=cancel, progress=stop_after_ten)
    assert first.stopped == "cancelled" and first.done == 10 and not first.complete
    again = build(5, 0, path)
    assert again.complete and again.done_now == len(shards(5, 0)) - 10
    assert stored(path, 5, 0) == direct(5, 0)  # nothing twice, nothing missing
    assert build(5, 0, path).done_now == 0  # complete: nothing to do


def test_a_time_limit_keeps_what_finished(tmp_path: Path) -> None:
    report = build(5, 0, tmp_path / "db.sqlite", time_limit=0)
    assert report.stopped == "time limit" and report.done == 0
    with PuzzleDatabase(tmp_path / "db.sqlite") as db:
        assert db.done(5) == set()
