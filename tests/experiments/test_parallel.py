"""Pool workers die with their parent, even when it is killed with SIGKILL (issue 23
item 16): a job scheduler's kill must not leave searches running with no parent."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest

import searchlab

SRC = str(Path(searchlab.__file__).resolve().parents[1])

PARENT = textwrap.dedent(
    """
    import sys, time
    from searchlab.experiments.parallel import map_unordered
    if __name__ == "__main__":
        local_dask = sys.argv[1] == "dask"
        for _ in map_unordered(time.sleep, [60.0, 60.0], workers=2, local_dask=local_dask):
            pass
    """
)


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                status = (entry / "status").read_text()
            except OSError:
                continue
            if f"\nPPid:\t{pid}\n" in status:
                out.append(int(entry.name))
    return out


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/status").read_text()
    except OSError:
        return False
    return "\nState:\tZ" not in state  # a zombie is dead, only not yet reaped


def has_dask() -> bool:
    try:
        import distributed  # noqa: F401
    except ImportError:
        return False
    return True


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize(
    "backend",
    [
        "pool",
        # a LocalCluster's worker processes exit when the pipe their parent holds open
        # closes (Dask's own parent monitor), so nothing of ours is needed there
        pytest.param(
            "dask",
            marks=pytest.mark.skipif(not has_dask(), reason="needs searchlab[cluster]"),
        ),
    ],
)
def test_pool_workers_die_with_a_killed_parent(backend: str) -> None:
    env = {**os.environ, "PYTHONPATH": SRC}
    parent = subprocess.Popen([sys.executable, "-c", PARENT, backend], env=env)
    workers: list[int] = []
    try:
        deadline = time.monotonic() + 60
        while len(workers) < 2 and time.monotonic() < deadline:
            time.sleep(0.2)
            # the pool's workers (the spawn start method's resource tracker is not one)
            workers = [
                p
                for p in children(parent.pid)
                if "spawn_main" in Path(f"/proc/{p}/cmdline").read_text(errors="replace")
            ]
        assert len(workers) == 2, workers
        time.sleep(1.0)  # the workers run their sleep(60) now
        parent.send_signal(signal.SIGKILL)
        parent.wait()
        deadline = time.monotonic() + 10
        while any(alive(w) for w in workers) and time.monotonic() < deadline:
            time.sleep(0.1)
        assert not any(alive(w) for w in workers)
    finally:
        parent.kill()
        parent.wait()
        for w in workers:  # only when the test failed: never leave them running
            if alive(w):
                os.kill(w, signal.SIGKILL)
