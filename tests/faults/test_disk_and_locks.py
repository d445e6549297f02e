"""The machine's faults are one line, exit 2, saying what to do: a full disk (a small
tmpfs where this machine may mount one, else an injected ``EFBIG``: no file may grow
past a limit), a read-only place, and a lock another process holds (after a wait, the
holder's pid)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from searchlab.puzzles.rushhour import bundled
from tests.faults.conftest import (
    Place,
    holder,
    leftovers,
    one_line_error,
    remount_read_only,
    run,
    small_disk,
)

EXPERIMENT = ["experiment", "aima-3.29", "-n", "6", "--depths", "2-16", "-w", "1", "--no-progress"]
DRAW = ["rushhour", "generate", "--from-db", "--min-moves", "40", "--seed", "5"]
FULL_WORDS = ("full", "space", "refused", "too large")


def full(line: str) -> None:
    assert any(word in line for word in FULL_WORDS), line


@pytest.fixture
def small(place: Place) -> Iterator[tuple[Path, int | None]]:
    """A folder on a 300 KB disk (None: mounted), or a folder and the file size limit
    that stands in for it."""
    folder = place.root / "small"
    with small_disk(folder, "300k") as mounted:
        if mounted:
            (folder / "filler").write_bytes(bytes(250 * 1024))
        yield folder, None if mounted else 40 * 1024


def test_a_full_disk_during_an_experiment(place: Place, small: tuple[Path, int | None]) -> None:
    folder, limit = small
    done = run([*EXPERIMENT, "--db", str(folder / "e.sqlite")], place, fsize=limit)
    full(one_line_error(done, "e.sqlite"))


@pytest.mark.slow
def test_a_full_disk_during_an_enumeration(place: Place, small: tuple[Path, int | None]) -> None:
    folder, limit = small
    args = ["rushhour", "enumerate", "--size", "5", "-w", "0", "--db", str(folder / "u.sqlite")]
    full(one_line_error(run(args, place, fsize=limit), "u.sqlite"))


def test_a_full_disk_during_the_conversion(place: Place) -> None:
    """A cache on a 5 MB disk: the 36 MB conversion is refused before any work (a tmpfs),
    or the write fails halfway (the limit); nothing is left behind either way."""
    with small_disk(place.cache, "5m") as mounted:
        done = run(DRAW, place, fsize=None if mounted else 5 << 20)
        line = one_line_error(done)
        full(line)
        assert "SEARCHLAB_CACHE_DIR" in line
        assert leftovers(place.cache) == []


@pytest.mark.skipif(os.geteuid() != 0, reason="a read-only tmpfs needs root")
def test_a_read_only_place(place: Place) -> None:
    with small_disk(place.cache, "1m") as mounted:
        if not mounted or not remount_read_only(place.cache):
            pytest.skip("cannot mount a tmpfs here")
        line = one_line_error(run(DRAW, place))
        assert "SEARCHLAB_CACHE_DIR" in line
        ro = place.cache / "e.sqlite"
        one_line_error(run([*EXPERIMENT, "--db", str(ro)], place), "e.sqlite")


LOCK_RESULTS = """
import sqlite3, time
db = sqlite3.connect({path!r}, isolation_level=None)
db.execute("CREATE TABLE IF NOT EXISTS t (x)")
db.execute("BEGIN EXCLUSIVE")
print("held", flush=True)
time.sleep(600)
"""


def test_a_results_database_another_process_keeps_locked(place: Place) -> None:
    db = place.root / "e.sqlite"
    with holder(LOCK_RESULTS.format(path=str(db))) as other:
        done = run([*EXPERIMENT, "--db", str(db)], place, SEARCHLAB_LOCK_WAIT="1")
        one_line_error(done, "locked", f"pid {other.pid}", "wait")


def test_a_puzzle_database_another_process_keeps_locked(place: Place) -> None:
    db = place.root / "u.sqlite"
    args = ["rushhour", "enumerate", "--size", "4", "-w", "0", "--db", str(db)]
    with holder(LOCK_RESULTS.format(path=str(db))) as other:
        done = run(args, place, SEARCHLAB_LOCK_WAIT="1")
        one_line_error(done, "locked", f"pid {other.pid}")


LOCK_BUILD = """
import fcntl, os, time
lock = {path!r}
os.makedirs(os.path.dirname(lock), exist_ok=True)
fd = os.open(lock, os.O_RDWR | os.O_CREAT)
fcntl.flock(fd, fcntl.LOCK_EX)
os.write(fd, str(os.getpid()).encode())
print("held", flush=True)
time.sleep(600)
"""


def test_a_conversion_another_process_is_making_is_waited_for_then_named(place: Place) -> None:
    lock = place.cache / (bundled.cache_path().name + ".lock")
    with holder(LOCK_BUILD.format(path=str(lock))) as other:
        done = run(DRAW, place, SEARCHLAB_LOCK_WAIT="1")
        one_line_error(done, f"pid {other.pid}")
    shutil.rmtree(place.cache, ignore_errors=True)
