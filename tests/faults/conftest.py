"""The fault injector's tools: run searchlab as a user would (a real process, its own
cache and data folders), stop it with a signal at a random moment, damage files, fill a
small disk, hold locks.

Random moments come from one seeded generator per test (``SEARCHLAB_FAULT_SEED`` picks
the seed, default 31; a failure message names the moments), so a failure replays.
"""

from __future__ import annotations

import contextlib
import os
import random
import resource
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

SEED = int(os.environ.get("SEARCHLAB_FAULT_SEED", "31"))


@dataclass
class Place:
    """Where one test's searchlab keeps things: its cache and data folders, its cwd."""

    root: Path

    @property
    def cache(self) -> Path:
        return self.root / "cache"

    @property
    def data(self) -> Path:
        return self.root / "data"

    def env(self, **extra: str) -> dict[str, str]:
        env = {
            **os.environ,
            "SEARCHLAB_CACHE_DIR": str(self.cache),
            "SEARCHLAB_DATA_DIR": str(self.data),
            "SEARCHLAB_LANG": "en",
            "PYTHONPATH": os.pathsep.join(sys.path),
        }
        env.pop("SEARCHLAB_DEBUG", None)
        env.update(extra)
        return env


@pytest.fixture
def place(tmp_path: Path) -> Place:
    return Place(tmp_path)


@pytest.fixture
def rng(request: pytest.FixtureRequest) -> random.Random:
    """A generator seeded by the seed and the test's name: the same moments each run."""
    return random.Random(f"{SEED}:{request.node.name}")


def command(args: list[str]) -> list[str]:
    return [sys.executable, "-m", "searchlab", *args]


def run(
    args: list[str],
    place: Place,
    timeout: float = 300,
    fsize: int | None = None,
    **extra: str,
) -> subprocess.CompletedProcess[str]:
    """``searchlab ARGS`` to the end (``fsize``: no file it writes may grow past that
    many bytes, the injected stand-in for a full disk where no small disk can be made)."""
    return subprocess.run(
        command(args),
        capture_output=True,
        text=True,
        env=place.env(**extra),
        cwd=place.root,
        timeout=timeout,
        preexec_fn=None if fsize is None else lambda: _limit_file_size(fsize),
    )


def _limit_file_size(limit: int) -> None:
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past it fails with EFBIG instead
    resource.setrlimit(resource.RLIMIT_FSIZE, (limit, limit))


def stopped(
    args: list[str], place: Place, after: float, sig: int, timeout: float = 300, **extra: str
) -> subprocess.CompletedProcess[str]:
    """``searchlab ARGS`` sent ``sig`` after ``after`` seconds, to its whole process group
    (as a terminal's Ctrl-C, or a job scheduler's kill, reaches its workers too), then
    waited for. Nothing of the group is left running."""
    proc = subprocess.Popen(
        command(args),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=place.env(**extra),
        cwd=place.root,
        start_new_session=True,
    )
    try:
        out, err = proc.communicate(timeout=after)
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(proc.pid, sig)
        out, err = proc.communicate(timeout=timeout)
    finally:
        with contextlib.suppress(ProcessLookupError):  # workers that outlived their parent
            os.killpg(proc.pid, signal.SIGKILL)
    return subprocess.CompletedProcess(proc.args, proc.returncode, out, err)


def no_traceback(result: subprocess.CompletedProcess[str]) -> None:
    assert "Traceback" not in result.stderr, result.stderr[-3000:]
    assert "internal error" not in result.stderr, result.stderr[-3000:]
    assert "Nanny" not in result.stderr, result.stderr[-3000:]


def one_line_error(result: subprocess.CompletedProcess[str], *words: str) -> str:
    """The single ``searchlab: error:`` line of a run that stopped on a fault (exit 2),
    which contains ``words``."""
    no_traceback(result)
    assert result.returncode == 2, (result.returncode, result.stderr[-2000:])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("searchlab: error:")]
    assert len(errors) == 1 and errors[0] == lines[-1], result.stderr
    for word in words:
        assert word in errors[0], errors[0]
    return errors[0]


def leftovers(folder: Path) -> list[str]:
    """Temporary files and journals in ``folder`` (what a dead process may leave)."""
    if not folder.exists():
        return []
    return sorted(
        p.name
        for p in folder.rglob("*")
        if p.name.startswith(".searchlab-tmp-") or p.name.endswith(("-journal", ".tmp"))
    )


@contextlib.contextmanager
def small_disk(folder: Path, size: str) -> Iterator[bool]:
    """A tmpfs of ``size`` mounted on ``folder`` for the block when this machine allows it
        (root, Linux), yielding True; else False (the caller injects a full disk instead;
    ``SEARCHLAB_FAULT_NO_TMPFS=1`` asks for that where a tmpfs could be mounted)."""
    folder.mkdir(parents=True, exist_ok=True)
    mounted = False
    allowed = not os.environ.get("SEARCHLAB_FAULT_NO_TMPFS")  # to try the fallback here
    if allowed and sys.platform.startswith("linux") and os.geteuid() == 0:
        mounted = (
            subprocess.run(
                ["mount", "-t", "tmpfs", "-o", f"size={size}", "tmpfs", str(folder)],
                capture_output=True,
            ).returncode
            == 0
        )
    try:
        yield mounted
    finally:
        if mounted:
            subprocess.run(["umount", "-l", str(folder)], capture_output=True)


def remount_read_only(folder: Path) -> bool:
    """Make the tmpfs on ``folder`` read-only (root); whether it worked."""
    done = subprocess.run(
        ["mount", "-o", "remount,ro", str(folder)], capture_output=True
    ).returncode
    return done == 0


@contextlib.contextmanager
def holder(code: str) -> Iterator[subprocess.Popen[str]]:
    """Another process running ``code`` (Python) that prints ``held`` once it holds what
    it takes, and keeps it until the block ends."""
    proc = subprocess.Popen([sys.executable, "-c", code], stdout=subprocess.PIPE, text=True)
    try:
        assert proc.stdout is not None
        line = proc.stdout.readline()
        assert line.strip() == "held", line
        yield proc
    finally:
        proc.kill()
        proc.wait()


def wait_for(path: Path, timeout: float = 60) -> None:
    deadline = time.monotonic() + timeout
    while not path.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
