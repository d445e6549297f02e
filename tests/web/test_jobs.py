"""The job manager: light and heavy lanes, pages owning their jobs, the generation gate."""

from __future__ import annotations

import asyncio
import functools
import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient

from searchlab import families
from searchlab.search import SearchStats
from searchlab.search.limits import CancelToken
from searchlab.web.app import create_app
from searchlab.web.gate import Gate
from searchlab.web.jobs import Job, JobManager, TooBusyError
from tests.web.conftest import wait_job


def spin(
    cancel: CancelToken, progress: Callable[[SearchStats], None], seconds: float = 60.0
) -> dict[str, Any]:
    """A job that works (reporting progress) until cancelled or ``seconds`` pass (run
    in a child process: module level, so it pickles)."""
    stats = SearchStats(expanded=0)
    end = time.monotonic() + seconds
    while time.monotonic() < end:
        if cancel.is_set():
            return {"status": "cancelled", "expanded": stats.expanded}
        stats.expanded += 1024
        progress(stats)
        time.sleep(0.005)
    return {"status": "solved", "expanded": stats.expanded}


def quick(cancel: CancelToken, progress: Callable[[SearchStats], None]) -> dict[str, Any]:
    return {"status": "solved"}


def deaf(cancel: CancelToken, progress: Callable[[SearchStats], None]) -> dict[str, Any]:
    """A job that never looks at its cancel token."""
    time.sleep(60)
    return {"status": "solved"}


def hog(cancel: CancelToken, progress: Callable[[SearchStats], None]) -> dict[str, Any]:
    """A job that allocates without bound."""
    chunks = []
    while True:
        chunks.append(bytearray(50 << 20))


def crash(cancel: CancelToken, progress: Callable[[SearchStats], None]) -> dict[str, Any]:
    os._exit(3)


def spin_for(seconds: float) -> Any:
    return functools.partial(spin, seconds=seconds)


def settle(job: Job, timeout: float = 10.0) -> Job:
    end = time.monotonic() + timeout
    while job.finished is None and time.monotonic() < end:
        time.sleep(0.01)
    assert job.finished is not None, job.snapshot()
    return job


@pytest.fixture
def manager() -> Iterator[JobManager]:
    m = JobManager(workers=2, light_workers=2, triage_seconds=0.2)
    yield m
    m.shutdown()


def test_progress_and_cancel(manager: JobManager) -> None:
    job = manager.submit("maze", spin)
    end = time.monotonic() + 10
    while not job.snapshot()["progress"] and time.monotonic() < end:
        time.sleep(0.01)
    assert job.snapshot()["progress"]["expanded"] >= 1024
    manager.cancel(job.id)
    result = settle(job).result
    assert result is not None and result["status"] == "cancelled" and result["expanded"] >= 1024


def test_a_job_that_ignores_cancel_is_stopped(manager: JobManager) -> None:
    job = manager.submit("maze", deaf)
    time.sleep(0.1)
    manager.cancel(job.id)
    assert settle(job, timeout=10).state == "failed" and "cancelled" in (job.error or "")


def test_memory_is_capped_per_job() -> None:
    m = JobManager(memory_mb=300)
    try:
        job = settle(m.submit("maze", hog), timeout=30)
        assert job.state == "failed" and "out of memory" in (job.error or "")
    finally:
        m.shutdown()


def test_a_crashed_child_is_a_failed_job(manager: JobManager) -> None:
    job = settle(manager.submit("maze", crash))
    assert job.state == "failed" and "exit code 3" in (job.error or "")


def test_a_long_job_moves_to_the_heavy_lane_and_finishes(manager: JobManager) -> None:
    job = settle(manager.submit("maze", spin_for(1.0)))
    assert job.lane == "heavy"
    assert job.result is not None and job.result["status"] == "solved"


def test_a_light_job_is_not_kept_waiting_by_heavy_ones(manager: JobManager) -> None:
    """Four heavy jobs hold the heavy lane (and wait for it); a one-move solve still
    finishes at once on the light lane."""
    heavy = [manager.submit("maze", spin_for(60)) for _ in range(4)]
    end = time.monotonic() + 30  # promotion takes longer on a loaded machine: wait for it
    while sum(j.lane == "heavy" for j in heavy) < 4 and time.monotonic() < end:
        time.sleep(0.01)
    assert all(j.lane == "heavy" for j in heavy)
    t0 = time.monotonic()
    light = settle(manager.submit("maze", quick), timeout=30)
    assert light.lane == "light" and light.state == "done"
    # Queued behind the heavy jobs it would wait their 60 s; it did not (under load a
    # child takes a few seconds to start, so the bound leaves room for that).
    assert time.monotonic() - t0 < 20.0
    for j in heavy:
        manager.cancel(j.id)


def test_promotion_beyond_the_heavy_cap_fails_with_a_message() -> None:
    m = JobManager(workers=1, light_workers=2, triage_seconds=0.1, max_heavy=1)
    try:
        first = m.submit("maze", spin_for(30))
        end = time.monotonic() + 5
        while first.lane != "heavy" and time.monotonic() < end:
            time.sleep(0.01)
        second = settle(m.submit("maze", spin_for(30)))
        assert second.state == "failed" and "busy" in (second.error or "")
        m.cancel(first.id)
    finally:
        m.shutdown()


def test_too_many_waiting_for_triage_is_too_busy() -> None:
    m = JobManager(light_workers=1, max_light=1)
    try:
        m.submit("maze", spin_for(30))
        with pytest.raises(TooBusyError):
            m.submit("maze", quick)
    finally:
        m.shutdown()


def test_a_page_runs_one_job_and_leaving_cancels_it(manager: JobManager) -> None:
    first = manager.submit("maze", spin, owner="page-one")
    second = manager.submit("maze", spin, owner="page-one")
    other = manager.submit("maze", spin, owner="page-two")
    assert first.cancel.is_set() and not second.cancel.is_set()
    assert manager.leave("page-one") == 1
    assert second.cancel.is_set() and not other.cancel.is_set()
    manager.leave("page-two")
    for j in (first, second, other):
        settle(j)


def test_an_unwatched_page_job_is_abandoned() -> None:
    m = JobManager(triage_seconds=0.1, abandon_seconds=0.3)
    try:
        owned = m.submit("maze", spin_for(30), owner="gone-page")
        watched = m.submit("maze", spin_for(1.0), owner="here-page")
        end = time.monotonic() + 10
        while watched.finished is None and time.monotonic() < end:
            m.get(watched.id)  # the page polls
            time.sleep(0.05)
        settle(owned)
        assert owned.cancel.is_set()
        assert watched.result is not None and watched.result["status"] == "solved"
    finally:
        m.shutdown()


def test_gate_bounds_concurrency_and_queue() -> None:
    gate = Gate("board generations", running=1, waiting=1, executor=lambda: ThreadPoolExecutor(1))
    release = threading.Event()
    inside: list[int] = []

    def slow() -> tuple[str, Any]:
        inside.append(1)
        release.wait(5)
        return ("ok", 1)

    async def main() -> None:
        a = asyncio.create_task(gate.run(slow))
        b = asyncio.create_task(gate.run(slow))
        await asyncio.sleep(0.1)
        assert len(inside) == 1  # the second waits its turn
        with pytest.raises(TooBusyError):
            await gate.run(slow)
        release.set()
        assert await a == 1 and await b == 1

    # In a thread of its own: the browser tests' Playwright keeps an event loop in this one.
    errors: list[BaseException] = []

    def run() -> None:
        try:
            asyncio.run(main())
        except BaseException as exc:  # reported below, in the test's thread
            errors.append(exc)

    t = threading.Thread(target=run)
    t.start()
    t.join(30)
    if errors:
        raise errors[0]


def test_api_page_field_and_leave() -> None:
    app = create_app(workers=1)
    board = families.get("npuzzle").examples[0].text
    with TestClient(app, base_url="http://127.0.0.1") as c:
        body = {"board": board, "algorithm": "auto", "page": "abcdef0123456789"}
        job = c.post("/api/npuzzle/solve", json=body).json()["job"]
        assert wait_job(c, job)["state"] == "done"
        assert c.post("/api/pages/abcdef0123456789/leave").json() == {"cancelled": 0}
        bad = c.post("/api/npuzzle/solve", json={**body, "page": "no spaces!"})
        assert bad.status_code == 422 and "page" in bad.json()["detail"]


def test_too_many_jobs_is_429() -> None:
    app = create_app(workers=1)
    app.state.jobs.max_light = 0
    board = families.get("maze").examples[0].text
    with TestClient(app, base_url="http://127.0.0.1") as c:
        r = c.post("/api/maze/solve", json={"board": board, "algorithm": "bfs"})
    assert r.status_code == 429
    assert "try again" in r.json()["detail"]
