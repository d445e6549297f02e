"""Every kind of file searchlab reads back, damaged every way a disk or a person damages
one (zeroed data with the size intact, changed bytes, truncated, another kind of file, a
folder in its place): what can be rebuilt is said in one line, rebuilt and answered
correctly; what holds a user's work (an enumerated puzzle database, an experiment's
results) is one line, exit 2, never changed and never "delete it"."""

from __future__ import annotations

import contextlib
import hashlib
import os
import shutil
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.experiments.store import ResultStore
from searchlab.puzzles.rushhour import bundled, sources
from tests.faults.conftest import Place, leftovers, no_traceback, one_line_error, run

DRAW = ["rushhour", "generate", "--from-db", "--min-moves", "40", "--seed", "5", "--count", "2"]


def zero(path: Path) -> None:
    """Zero a stretch in the middle, the size intact (a rename without fsync after a
    power cut leaves such a file)."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        f.seek(size // 2)
        f.write(bytes(min(1 << 16, size // 4)))


def change(path: Path) -> None:
    """Change a few bytes here and there (bit rot, a stray write)."""
    size = path.stat().st_size
    with path.open("r+b") as f:
        for k in range(1, 8):
            f.seek(size * k // 8)
            f.write(b"\xa5\x5a\xff")


def truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 3)


def other_kind(path: Path) -> None:
    """Another kind of file under the name (a text file; an empty one)."""
    path.write_text("this is not a database\n" * 100)


def empty(path: Path) -> None:
    path.write_bytes(b"")


DAMAGE: dict[str, Callable[[Path], None]] = {
    "zeroed": zero,
    "changed": change,
    "truncated": truncate,
    "other kind": other_kind,
    "empty": empty,
}


@pytest.fixture(scope="module")
def converted(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A cache holding the sound conversion, and what DRAW answers from it."""
    place = Place(tmp_path_factory.mktemp("converted"))
    done = run(DRAW, place)
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return place.cache, done.stdout


def damaged_cache(place: Place, converted: tuple[Path, str]) -> Path:
    shutil.copytree(converted[0], place.cache)
    return place.cache / bundled.cache_path().name


@pytest.mark.parametrize("kind", ["zeroed"])
def test_a_damaged_conversion_is_said_converted_again_and_answers(
    place: Place, converted: tuple[Path, str], kind: str
) -> None:
    path = damaged_cache(place, converted)
    DAMAGE[kind](path)
    healed = run(DRAW, place)
    no_traceback(healed)
    assert healed.returncode == 0 and healed.stdout == converted[1]
    notes = healed.stderr.splitlines()
    assert len(notes) == 1 and "cannot be trusted" in notes[0] and "converting it again" in notes[0]
    quiet = run(DRAW, place)  # healed for good: nothing more to say
    assert quiet.returncode == 0 and quiet.stdout == converted[1] and quiet.stderr == ""


@pytest.mark.parametrize("kind", DAMAGE)
def test_every_damage_of_the_conversion_is_found(
    place: Place, converted: tuple[Path, str], kind: str
) -> None:
    """Each kind of damage is found by the check every use makes (the heal that follows
    is the same for all: the test above)."""
    path = damaged_cache(place, converted)
    assert bundled.verified(path) is None
    DAMAGE[kind](path)
    assert bundled.verified(path) is not None
    assert bundled.verified(path, full=True) is not None


@pytest.mark.slow
def test_a_damaged_conversion_exports_every_row_or_nothing(
    place: Place, converted: tuple[Path, str]
) -> None:
    change(damaged_cache(place, converted))
    out = place.root / "all.txt"
    done = run(["rushhour", "export", "--size", "6", "-o", str(out)], place)
    assert done.returncode == 0, done.stderr
    assert out.read_text().count("\n") == bundled.ROWS


def test_a_folder_where_the_conversion_belongs_is_one_line(place: Place) -> None:
    (place.cache / bundled.cache_path().name).mkdir(parents=True)
    one_line_error(run(DRAW, place), "folder")


def test_cache_verify_finds_and_heals_the_conversion(
    place: Place, converted: tuple[Path, str]
) -> None:
    zero(damaged_cache(place, converted))
    found = run(["cache", "verify", "--no-heal"], place)
    assert found.returncode == 1 and "damaged: rushhour-6x6" in found.stdout
    healed = run(["cache", "verify"], place)
    assert healed.returncode == 0 and "healed: rushhour-6x6" in healed.stdout, healed.stdout
    assert leftovers(place.cache) == []


# -- the user's own files: hours of work, never changed, never deleted ------------------------


@pytest.fixture(scope="module")
def enumerated(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, str]:
    """A 4x4 puzzle database (seconds to build) and its export."""
    place = Place(tmp_path_factory.mktemp("user"))
    db = place.root / "mine.sqlite"
    built = run(["rushhour", "enumerate", "--size", "4", "-w", "0", "--db", str(db)], place)
    assert built.returncode == 0, built.stderr
    done = run(["rushhour", "export", "--size", "4", "--db", str(db)], place)
    assert done.returncode == 0
    return db, done.stdout


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


@pytest.mark.parametrize("kind", ["zeroed", "changed", "truncated", "other kind"])
def test_a_damaged_user_database_is_one_line_and_left_as_it_is(
    place: Place, enumerated: tuple[Path, str], kind: str
) -> None:
    db = place.root / "mine.sqlite"
    shutil.copy(enumerated[0], db)
    DAMAGE[kind](db)
    before = digest(db)
    out = place.root / "out.txt"
    for args in (
        ["rushhour", "export", "--size", "4", "--db", str(db), "-o", str(out)],
        ["rushhour", "generate", "--from-db", "--size", "4x4", "--min-moves", "1", "--db", str(db)],
    ):
        done = run(args, place)
        if done.returncode == 0:  # the damage missed every page the command reads
            assert done.stdout.count("\n") <= enumerated[1].count("\n")
            continue
        line = one_line_error(done)
        assert "delete" not in line
    assert digest(db) == before and not out.exists()


ROW_DAMAGE = {
    # bytes that are not UTF-8 in a board (SQLite stores them; Python cannot decode them)
    "board not text": (
        "UPDATE puzzles SET board = CAST(X'6F6F6FA55AFF' || substr(board, 4) AS TEXT)"
    ),
    # a board still made of letters, but another one (a wall where a cell was empty)
    "board changed": "UPDATE puzzles SET board = 'x' || substr(board, 2)",
    "moves changed": "UPDATE puzzles SET moves = moves + 1",
    "cluster changed": "UPDATE puzzles SET cluster_size = cluster_size + 3",
}


@pytest.mark.parametrize("kind", ROW_DAMAGE)
def test_a_row_damaged_where_sqlite_cannot_see_it_is_found_by_its_check(
    place: Place, enumerated: tuple[Path, str], kind: str
) -> None:
    """Bit rot inside a row leaves a well-formed SQLite file: the drawn puzzle is
    checked (parsed, solved, its cluster counted) before it is shown."""
    db = place.root / "mine.sqlite"
    shutil.copy(enumerated[0], db)
    with sqlite3.connect(db) as con:
        con.execute(ROW_DAMAGE[kind])
    con.close()
    before = digest(db)
    args = ["rushhour", "generate", "--from-db", "--size", "4x4", "--min-moves", "1"]
    line = one_line_error(run([*args, "--db", str(db)], place), "damaged")
    assert "delete" not in line and str(db) in line
    assert digest(db) == before


CHANGES = st.lists(
    st.tuples(st.floats(0, 1, exclude_max=True), st.integers(0, 255)), min_size=1, max_size=40
)
"""Bytes to write, each at a fraction of the way past SQLite's 100-byte header."""


def changed_copy(source: Path, target: Path, changes: list[tuple[float, int]]) -> Path:
    """``target``, a copy of the database ``source`` with ``changes`` made (bit rot, a
    stray write)."""
    data = bytearray(source.read_bytes())
    for where, byte in changes:
        data[100 + int(where * (len(data) - 100))] = byte
    target.write_bytes(bytes(data))
    return target


@settings(
    max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(changes=CHANGES)
def test_any_bytes_changed_in_a_database_are_one_line_or_a_checked_answer(
    tmp_path: Path, enumerated: tuple[Path, str], changes: list[tuple[float, int]]
) -> None:
    """Bytes changed anywhere past SQLite's header (bit rot, a stray write): reading the
    file gives rows or one line saying it is damaged, never another error; a drawn
    puzzle is one that passed its check."""
    db = changed_copy(enumerated[0], tmp_path / "fuzzed.sqlite", changes)
    for read in (
        lambda: list(sources.export(4, path=db)),
        lambda: [sources.draw(1, size=4, path=db, seed=seed) for seed in range(3)],
    ):
        try:
            read()
        except InputError as exc:
            assert "\n" not in str(exc) and "delete" not in str(exc)


def test_a_hot_journal_left_by_a_kill_is_rolled_back_not_called_unusable(
    place: Place, enumerated: tuple[Path, str]
) -> None:
    """A writer killed mid-transaction leaves a hot journal; a reader rolls it back
    (what SQLite does on a writable open) and reads the last committed state."""
    db = place.root / "mine.sqlite"
    shutil.copy(enumerated[0], db)
    code = (
        "import os, sqlite3\n"
        f"db = sqlite3.connect({str(db)!r}, isolation_level=None)\n"
        "db.execute('PRAGMA cache_size = 1')\n"
        "db.execute('BEGIN IMMEDIATE')\n"
        "for i in range(3000):\n"
        "    db.execute(\"INSERT INTO puzzles VALUES (4, 0, 99, ?, 1, 'x')\", ('B' * 16,))\n"
        "os.kill(os.getpid(), 9)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=False)
    journal = db.with_name(db.name + "-journal")
    assert journal.stat().st_size > 0  # hot: the kill left it
    done = run(["rushhour", "export", "--size", "4", "--db", str(db)], place)
    assert done.returncode == 0, done.stderr
    assert done.stdout == enumerated[1]
    assert not journal.exists() or journal.stat().st_size == 0


@pytest.mark.parametrize("kind", ["zeroed", "other kind", "empty"])
def test_a_damaged_results_database_is_one_line(place: Place, kind: str) -> None:
    db = place.root / "results.sqlite"
    args = ["experiment", "aima-3.29", "-n", "1", "--depths", "2-4", "-w", "1", "--db", str(db)]
    assert run(args, place).returncode == 0
    if kind == "zeroed":  # the header zeroed: SQLite's own first page
        with db.open("r+b") as f:
            f.write(bytes(100))
    else:
        DAMAGE[kind](db)
    if kind == "empty":  # an empty file is a new database: the runs are done again
        assert run(args, place).returncode == 0
        return
    one_line_error(run(args, place), str(db))


@pytest.fixture(scope="module")
def results(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A small results database (an experiment's runs and instances)."""
    place = Place(tmp_path_factory.mktemp("results"))
    db = place.root / "results.sqlite"
    args = ["experiment", "aima-3.29", "-n", "2", "--depths", "2-6", "-w", "1", "--db", str(db)]
    assert run(args, place).returncode == 0
    return db


def open_files(path: Path) -> int:
    """How many of this process's file descriptors are open on ``path``."""
    found = 0
    for fd in os.listdir("/proc/self/fd"):
        with contextlib.suppress(OSError):
            found += os.readlink(f"/proc/self/fd/{fd}") == str(path)
    return found


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(changes=CHANGES)
def test_any_bytes_changed_in_a_results_database_are_one_line_and_let_go(
    tmp_path: Path, results: Path, changes: list[tuple[float, int]]
) -> None:
    """Bytes changed anywhere past SQLite's header: every read of the results database
    gives its rows or one line, and leaves the file closed (an unfinished statement
    held by a traceback kept the file open and locked, in a long-lived process)."""
    db = changed_copy(results, tmp_path / "fuzzed.sqlite", changes)
    try:
        with ResultStore(db) as store:
            store.experiments()
            store.done("aima-3.29")
            store.records("aima-3.29")
            store.load_instances(
                "npuzzle", [f"depth={d}/seed=0/{k}" for d in range(2, 7) for k in (0, 1)]
            )
    except InputError as exc:
        assert "\n" not in str(exc)
    assert open_files(db) == 0


def test_a_folder_where_the_results_database_belongs_is_one_line(place: Place) -> None:
    db = place.root / "results.sqlite"
    db.mkdir()
    args = ["experiment", "aima-3.29", "-n", "1", "--depths", "2-4", "-w", "1", "--db", str(db)]
    one_line_error(run(args, place), "is a directory")
    assert db.is_dir()


@pytest.mark.slow
def test_the_web_player_s_random_board_heals_a_damaged_conversion(
    place: Place, converted: tuple[Path, str]
) -> None:
    """The web's Random board (HTTP 500 on a damaged page before): the server's worker
    converts again, says so on the server's stderr, and answers 200."""
    import json
    import re
    import signal
    import time
    import urllib.error
    import urllib.request

    from tests.faults.conftest import command

    change(damaged_cache(place, converted))
    server = subprocess.Popen(
        command(["serve", "--port", "0"]),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=place.env(),
        start_new_session=True,
    )
    try:
        assert server.stdout is not None
        found = re.search(r"http://127\.0\.0\.1:(\d+)/", server.stdout.readline())
        assert found, "the server says where it listens"
        request = urllib.request.Request(
            f"http://127.0.0.1:{found[1]}/api/rushhour/random",
            data=json.dumps({"params": {"min_moves": 40}}).encode(),
            headers={"content-type": "application/json"},
        )
        deadline = time.monotonic() + 60
        while True:  # the address is printed just before the server listens
            try:
                answer = urllib.request.urlopen(request, timeout=120)
                break
            except urllib.error.URLError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        with answer:
            assert answer.status == 200
            assert "from the puzzle database" in json.loads(answer.read())["board"]
    finally:
        os.killpg(server.pid, signal.SIGINT)
        _out, err = server.communicate(timeout=60)
    assert "cannot be trusted" in err and "Traceback" not in err
