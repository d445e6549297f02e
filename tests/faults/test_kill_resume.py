"""SIGKILL and Ctrl-C at random moments of each long command, then the same command
again: the result equals an undisturbed run's, nothing is left behind, and a Ctrl-C is
exit 130 without a traceback whatever the workers were doing (the signal goes to the
whole process group, as a terminal sends it)."""

from __future__ import annotations

import json
import random
import signal
import time
from pathlib import Path
from typing import Any

import pytest

from tests.faults.conftest import Place, leftovers, no_traceback, run, stopped

pytestmark = pytest.mark.slow

ENUMERATE = ["rushhour", "enumerate", "--size", "5"]
EXPERIMENT = ["experiment", "aima-3.29", "-n", "3", "--depths", "2-12", "--no-progress"]
DRAW = ["rushhour", "generate", "--from-db", "--min-moves", "45", "--seed", "7", "--count", "3"]
PDB = ["npuzzle", "pdb", "--build", "3-3-3-3-3"]


def timed(args: list[str], place: Place) -> tuple[str, float]:
    """An undisturbed run's output and its wall time."""
    t0 = time.monotonic()
    done = run(args, place)
    assert done.returncode == 0, done.stderr
    return done.stdout, time.monotonic() - t0


def export(place: Place, db: Path) -> str:
    done = run(["rushhour", "export", "--size", "5", "--db", str(db)], place)
    assert done.returncode == 0, done.stderr
    return done.stdout


def moment(rng: random.Random, seconds: float) -> float:
    """A moment between 10% and 90% of an undisturbed run, and at least 0.3 s in (the
    interpreter's own start, before any of searchlab runs, is Python's)."""
    return max(0.3, rng.uniform(0.1, 0.9) * seconds)


def check_stop(result: Any, sig: int) -> None:
    """A SIGINT is exit 130 without a traceback (or 0 when it came after the end; or death
    by SIGINT itself, -2 here, which a shell reports as 130 too: Python ends that way when
    the interruption reaches its own shutdown)."""
    if sig == signal.SIGINT:
        no_traceback(result)
        assert result.returncode in (130, 0, -signal.SIGINT), (
            result.returncode,
            result.stderr[-2000:],
        )


@pytest.fixture(scope="module")
def enumerated(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, float]:
    """The 5x5 database built undisturbed (in this process: the slowest, the widest
    window), exported; and how long the build took."""
    place = Place(tmp_path_factory.mktemp("reference"))
    db = place.root / "r.sqlite"
    _out, seconds = timed([*ENUMERATE, "-w", "0", "--db", str(db)], place)
    return export(place, db), seconds


@pytest.mark.parametrize(
    ("sig", "workers"), [(signal.SIGKILL, "0"), (signal.SIGINT, "0"), (signal.SIGINT, "2")]
)
def test_enumerate_stopped_then_resumed_equals_an_undisturbed_build(
    place: Place, rng: random.Random, enumerated: tuple[str, float], sig: int, workers: str
) -> None:
    reference, seconds = enumerated
    db = place.root / "e.sqlite"
    after = moment(rng, seconds)
    first = stopped([*ENUMERATE, "-w", workers, "--db", str(db)], place, after, sig)
    check_stop(first, sig)
    again = run([*ENUMERATE, "-w", "0", "--db", str(db)], place)
    assert again.returncode == 0, (after, again.stderr)
    assert export(place, db) == reference, f"stopped after {after:.2f} s"
    assert leftovers(place.root) == []


def rows(stdout: str) -> list[dict[str, Any]]:
    """An experiment's JSON rows without their timings."""
    return [{k: v for k, v in row.items() if "seconds" not in k} for row in json.loads(stdout)]


@pytest.fixture(scope="module")
def experimented(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, float]:
    place = Place(tmp_path_factory.mktemp("reference"))
    return timed([*EXPERIMENT, "-w", "1", "--db", "r.sqlite", "--json"], place)


@pytest.mark.parametrize(
    ("sig", "workers"), [(signal.SIGKILL, "1"), (signal.SIGINT, "1"), (signal.SIGINT, "2")]
)
def test_experiment_stopped_then_resumed_equals_an_undisturbed_run(
    place: Place, rng: random.Random, experimented: tuple[str, float], sig: int, workers: str
) -> None:
    reference, seconds = experimented
    after = moment(rng, seconds)
    first = stopped([*EXPERIMENT, "-w", workers, "--db", "e.sqlite", "--json"], place, after, sig)
    check_stop(first, sig)
    again = run([*EXPERIMENT, "-w", "1", "--db", "e.sqlite", "--json"], place)
    assert again.returncode == 0, again.stderr
    assert rows(again.stdout) == rows(reference), f"stopped after {after:.2f} s"
    assert leftovers(place.root) == []


@pytest.fixture(scope="module")
def drawn(tmp_path_factory: pytest.TempPathFactory) -> tuple[str, float]:
    """Three puzzles drawn from the bundled data, its conversion included in the time."""
    return timed(DRAW, Place(tmp_path_factory.mktemp("reference")))


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_the_conversion_stopped_then_used_again_answers_the_same(
    place: Place, rng: random.Random, drawn: tuple[str, float], sig: int
) -> None:
    reference, seconds = drawn
    after = moment(rng, seconds)
    check_stop(stopped(DRAW, place, after, sig), sig)
    again = run(DRAW, place)
    assert again.returncode == 0, again.stderr
    assert again.stdout == reference, f"stopped after {after:.2f} s"
    assert leftovers(place.cache) == []
    verify = run(["cache", "verify", "--no-heal"], place)
    assert verify.returncode == 0 and "0 damaged" in verify.stdout, verify.stdout


@pytest.fixture(scope="module")
def tables(tmp_path_factory: pytest.TempPathFactory) -> tuple[dict[str, str], float]:
    """The 3-3-3-3-3 tables built undisturbed: each file's checksum sidecar, and the time."""
    place = Place(tmp_path_factory.mktemp("reference"))
    _out, seconds = timed(PDB, place)
    return sums(place), seconds


def sums(place: Place) -> dict[str, str]:
    return {
        p.name: str(json.loads(p.read_text())["crc32"])
        for p in sorted((place.cache / "npuzzle").glob("*.sum"))
    }


@pytest.mark.parametrize("sig", [signal.SIGKILL, signal.SIGINT])
def test_a_pattern_database_build_stopped_then_run_again_makes_the_same_tables(
    place: Place, rng: random.Random, tables: tuple[dict[str, str], float], sig: int
) -> None:
    reference, seconds = tables
    after = moment(rng, seconds)
    check_stop(stopped(PDB, place, after, sig), sig)
    again = run(PDB, place)
    assert again.returncode == 0, again.stderr
    assert sums(place) == reference, f"stopped after {after:.2f} s"
    assert leftovers(place.cache) == []
