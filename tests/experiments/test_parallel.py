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


INTERRUPTED = textwrap.dedent(
    """
    import sys, time
    from searchlab.experiments.parallel import map_unordered
    if __name__ == "__main__":
        local_dask = sys.argv[1] == "dask"
        try:  # short runs: a worker done with its own has time to say it was interrupted
            for _ in map_unordered(time.sleep, [0.3] * 400, workers=2, local_dask=local_dask):
                print("running", flush=True)
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            sys.exit(130)
    """
)


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
@pytest.mark.parametrize(
    "backend",
    [
        "pool",
        pytest.param(
            "dask",
            marks=[
                pytest.mark.skipif(not has_dask(), reason="needs searchlab[cluster]"),
                pytest.mark.slow,  # a LocalCluster starts in seconds
            ],
        ),
    ],
)
def test_ctrl_c_reaches_the_workers_too_and_none_prints_a_traceback(backend: str) -> None:
    """Ctrl-C in a terminal sends SIGINT to the whole process group: the parent stops
    the work; a LocalCluster's worker processes used to print KeyboardInterrupt
    tracebacks (searchlab rushhour enumerate -w 2, Ctrl-C: four of them). (A Ctrl-C
    in the second or two a worker process takes to start still can: it is not yet
    running anything of ours.)"""
    env = {**os.environ, "PYTHONPATH": SRC}
    parent = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, backend],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # its own process group, as a terminal's job is
    )
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline() == "running\n"  # the workers are up and running
        os.killpg(parent.pid, signal.SIGINT)
        _out, err = parent.communicate(timeout=60)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
    assert parent.returncode == 130, err[-2000:]
    assert "Traceback" not in err and err.strip() == "interrupted", err[-2000:]


def test_a_ctrl_c_as_the_workers_start_is_never_lost() -> None:
    """A Ctrl-C pressed the moment worker processes start (its listener just launched,
    on a loaded machine still starting Python) is raised when they have started: the
    listener says it listens before the block runs (issue 34: a compare Ctrl-C'd in its
    first second ran to the end and exited 0)."""
    code = (
        "import os, signal, time\n"
        "from searchlab.experiments.parallel import workers_deaf_to_ctrl_c\n"
        "try:\n"
        "    with workers_deaf_to_ctrl_c():\n"
        "        os.killpg(0, signal.SIGINT)\n"
        "        time.sleep(0.3)\n"
        "except KeyboardInterrupt:\n"
        "    print('heard')\n"
    )
    for _ in range(3):
        done = subprocess.run(
            [sys.executable, "-c", code],
            capture_output=True,
            text=True,
            timeout=60,
            start_new_session=True,
            check=False,
        )
        assert done.stdout.strip() == "heard", done.stderr


@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="needs /proc (Linux)")
def test_repeated_ctrl_c_leaves_no_leaked_semaphore() -> None:
    """Ctrl-C pressed again and again while the pool is torn down (issue 34 item 6): the
    clean-up runs to its end, so Python's resource tracker finds no semaphore left to
    warn about at exit ("There appear to be N leaked semaphore objects")."""
    env = {**os.environ, "PYTHONPATH": SRC}
    parent = subprocess.Popen(
        [sys.executable, "-c", INTERRUPTED, "pool"],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert parent.stdout is not None
        assert parent.stdout.readline() == "running\n"
        for _ in range(40):  # the first stops the work, the others fall on the clean-up
            if parent.poll() is not None:
                break
            os.killpg(parent.pid, signal.SIGINT)
            time.sleep(0.02)
        _out, err = parent.communicate(timeout=60)
    finally:
        if parent.poll() is None:
            os.killpg(parent.pid, signal.SIGKILL)
            parent.wait()
    assert "leaked" not in err and "semaphore" not in err, err[-2000:]
