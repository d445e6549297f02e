"""Damaged pattern databases never give a wrong answer (issue 31): each kind of damage
(zeroed data under an intact header, changed bytes, truncation, a file of another kind,
a missing or garbled checksum) is said in one stderr line and healed, and the answer is
the optimum, replayed. Small tables (the 3-3-3-3-3 partition: five 64 KiB tables built
in a fraction of a second) in a private cache."""

from __future__ import annotations

import errno
import json
import os
import subprocess
import sys
import textwrap
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.durable import DiskError, LockHeldError, temp_name
from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import solvers
from searchlab.puzzles.npuzzle.board import Board, apply_moves, goal_board, parse_tiles
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.pdb import cache_dir, load_pdb
from searchlab.puzzles.npuzzle.pdb_check import check, sum_path

PARTITION = "3-3-3-3-3"
GOAL = goal_board(4)
DEPTH = 26


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    solvers.prepare_databases(GOAL, PARTITION)
    return cache_dir()


def tables(folder: Path) -> list[Path]:
    return sorted(folder.glob("pdb-*.npy"))


def board_at(depth: int = DEPTH, seed: int = 3) -> Board:
    return random_instance(4, depth, seed=seed, goal=GOAL)  # exactly `depth` moves away


def zero_data(path: Path) -> None:
    """Zero a table's entries, its .npy header intact (what a rename without fsync can
    leave after a power cut)."""
    with path.open("r+b") as f:
        f.seek(128)
        f.write(bytes(path.stat().st_size - 128))


def change_bytes(path: Path, share: float = 0.03) -> None:
    data = bytearray(path.read_bytes())
    step = max(1, int(1 / share))
    for i in range(128, len(data), step):
        data[i] = (data[i] + 7) % 256
    with path.open("r+b") as f:
        f.write(data)


def truncate(path: Path) -> None:
    with path.open("r+b") as f:
        f.truncate(path.stat().st_size // 3)


def fifo(path: Path) -> None:
    path.unlink()
    os.mkfifo(path)


def no_checksum(path: Path) -> None:
    sum_path(path).unlink()


def garbled_checksum(path: Path) -> None:
    sum_path(path).write_bytes(b"\x00{not json")


def settle(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every file look changed long ago, so that its stamp counts (a forged one too)."""
    from searchlab import checksum as pdb_check  # the sidecar code, shared since issue 31

    later = time.time_ns() + 10 * pdb_check.SETTLED_NS
    monkeypatch.setattr(pdb_check, "_now_ns", lambda: later)


def forge_stamp(path: Path) -> None:
    """Record the file's current stamp as verified: damage the file system did not see
    (the media), which only a whole CRC or the replay can find."""
    record = json.loads(sum_path(path).read_text())
    st = path.stat()
    record["stamp"] = [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]
    sum_path(path).write_text(json.dumps(record))


DAMAGE: dict[str, Callable[[Path], None]] = {
    "zeroed": zero_data,
    "changed-bytes": change_bytes,
    "truncated": truncate,
    "fifo": fifo,
    "no-checksum": no_checksum,
    "garbled-checksum": garbled_checksum,
}


def assert_optimal(board: Board, result: object, depth: int) -> None:
    from searchlab.search import SearchResult

    assert isinstance(result, SearchResult)
    assert result.solved and result.length == depth
    boards = apply_moves(board, list(result.actions))
    assert boards[-1] == GOAL and [b.tiles for b in boards] == [tuple(s) for s in result.states]


def one_line_naming(err: str, name: str) -> None:
    lines = err.splitlines()
    assert len(lines) == 1, lines
    assert name in lines[0] and "cannot be trusted" in lines[0]


@pytest.mark.parametrize("kind", DAMAGE)
def test_a_damaged_table_is_said_rebuilt_and_the_answer_optimal(
    cache: Path, kind: str, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tables(cache)[1]
    DAMAGE[kind](victim)
    capsys.readouterr()
    board = board_at()
    result = solvers.solve_board(board, partition=PARTITION, heuristic="pdb")
    assert_optimal(board, result, DEPTH)
    one_line_naming(capsys.readouterr().err, victim.name)
    assert check(victim, full=True) is None  # rebuilt, with its checksum


def test_every_table_zeroed_and_the_damage_unseen_the_replay_still_catches_it(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every table zeroed under a forged stamp: the kernels' goal test (h == 0) holds at
    the start, the path of 0 moves does not replay, the tables are hashed, rebuilt, and
    the board solved again."""
    settle(monkeypatch)
    for path in tables(cache):
        zero_data(path)
        forge_stamp(path)
    capsys.readouterr()
    board = board_at()
    result = solvers.solve_board(board, partition=PARTITION, heuristic="pdb")
    assert_optimal(board, result, DEPTH)
    err = capsys.readouterr().err
    assert "does not reach the goal" in err.splitlines()[0]
    assert err.count("cannot be trusted") == 5
    assert all(check(p, full=True) is None for p in tables(cache))


def test_when_nothing_may_be_built_the_solve_goes_on_without_the_damaged_table(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``auto`` never builds: a damaged table is removed, said, and the solve falls back
    (here to the other cached partition's absence: linear conflict), still optimal."""
    monkeypatch.setitem(solvers.AUTO_PARTITIONS, 4, (PARTITION,))
    board = board_at()
    assert solvers.solve_board(board).extra.get("partition") == PARTITION
    victim = tables(cache)[2]
    zero_data(victim)
    capsys.readouterr()
    result = solvers.solve_board(board)
    assert_optimal(board, result, DEPTH)
    assert "partition" not in result.extra  # fell back
    err = capsys.readouterr().err
    one_line_naming(err, victim.name)
    assert f"npuzzle pdb --build {PARTITION}" in err
    assert not victim.exists()


def test_the_issue_s_board_cli_json(cache: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The shape of issue 31's example on the small partition: a zeroed table, a --json
    solve, exit 0, the optimum, one line on stderr."""
    board = board_at(30, seed=11)
    tiles = " ".join(map(str, board.tiles))
    for path in tables(cache):
        zero_data(path)
    capsys.readouterr()
    code = main(["npuzzle", "solve", "--tiles", tiles, "--pdb", PARTITION, "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["optimal"] is True
    assert data["length"] == 30
    assert apply_moves(board, data["moves"])[-1] == GOAL
    assert len(err.splitlines()) == 5 and err.count("rebuilding it") == 5


def test_pdb_build_never_says_ready_over_damage(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    settle(monkeypatch)
    victims = tables(cache)[:2]
    zero_data(victims[0])
    forge_stamp(victims[0])  # unseen by the stamp: the build step hashes whatever it says
    change_bytes(victims[1])
    capsys.readouterr()
    assert main(["npuzzle", "pdb", "--build", PARTITION]) == 0
    out, err = capsys.readouterr()
    assert out.count(": ready") == 5
    said = [line for line in err.splitlines() if not line.startswith("table ")]  # progress
    assert sorted(line.split()[0] for line in said) == sorted(v.name for v in victims)
    assert all(check(p, full=True) is None for p in tables(cache))


def test_a_folder_in_a_table_s_place_is_one_line(
    cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    victim = tables(cache)[0]
    victim.unlink()
    victim.mkdir()
    capsys.readouterr()
    code = main(
        ["npuzzle", "solve", "--tiles", " ".join(map(str, board_at().tiles)), "--pdb", PARTITION]
    )
    out, err = capsys.readouterr()
    assert code == 2 and "folder where a file belongs" in err and len(err.splitlines()) == 1
    assert "moves" not in out


def test_cache_verify_lists_heals_and_fails_on_what_stays_damaged(
    cache: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    settle(monkeypatch)
    assert main(["cache", "verify"]) == 0
    out = capsys.readouterr().out
    assert out.count("ok: npuzzle/") == 5 and "5 checked: 5 ok, 0 healed, 0 damaged" in out
    first, second = tables(cache)[:2]
    zero_data(first)
    forge_stamp(first)
    truncate(second)
    assert main(["cache", "verify", "--no-heal"]) == 1
    out = capsys.readouterr().out
    assert "2 damaged" in out and f"damaged: npuzzle/{first.name}" in out
    assert main(["cache", "verify"]) == 0
    out = capsys.readouterr().out
    assert f"healed: npuzzle/{first.name}" in out and "2 healed, 0 damaged" in out
    assert all(check(p, full=True) is None for p in tables(cache))
    second.unlink()
    sum_path(second).unlink()
    second.mkdir()  # a folder in the way is never removed: damaged, and said so
    assert main(["cache", "verify"]) == 1
    out = capsys.readouterr().out
    assert f"still damaged: npuzzle/{second.name}" in out and "1 damaged" in out


def test_cache_verify_with_nothing_cached(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "empty"))
    assert main(["cache", "verify"]) == 0
    assert "nothing cached to verify" in capsys.readouterr().out


def test_temporaries_of_dead_builders_are_swept(cache: Path) -> None:
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    dead = proc.pid
    left = [
        temp_name(cache / "pdb-4x4-1_2_3-blank.npy", pid=dead),
        cache / f"pdb-4x4-1_2_3-blank.tmp{dead}.npy",  # an earlier version's name
    ]
    mine = temp_name(cache / "pdb-4x4-4_5_6-blank.npy")
    for p in (*left, mine):
        p.write_bytes(b"half a table")
    assert solvers.databases_ready(GOAL, PARTITION)
    assert not any(p.exists() for p in left) and mine.exists()


def test_no_space_is_said_before_the_build(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab import durable
    from searchlab.puzzles.npuzzle import pdb

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("built although the space was known to be missing")

    monkeypatch.setattr(durable, "free_space", lambda folder: 1000)
    monkeypatch.setattr(pdb, "build_pdb", never)
    with pytest.raises(DiskError, match="not enough free space") as info:
        load_pdb(4, (1, 2, 3), directory=tmp_path, with_blank=True)
    assert isinstance(info.value, InputError) and "\n" not in str(info.value)
    assert not list(tmp_path.glob("pdb-*"))


def test_a_full_disk_while_writing_is_one_line_and_leaves_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import numpy as np

    def full(path: object, table: object) -> None:
        Path(str(path)).write_bytes(b"partial")
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))

    monkeypatch.setattr(np, "save", full)
    with pytest.raises(DiskError, match="No space left"):
        load_pdb(3, (1, 2, 3), directory=tmp_path)
    assert [p.name for p in tmp_path.iterdir()] == []


HOLDER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from searchlab.durable import build_lock
    from searchlab.puzzles.npuzzle.pdb import build_pdb, save_table
    path = Path(sys.argv[1])
    with build_lock(path):
        print("held", flush=True)
        time.sleep(float(sys.argv[2]))
        if sys.argv[3] == "build":
            save_table(path, build_pdb(3, (1, 2, 3)))
    """
)


def _holder(path: Path, seconds: float, build: bool) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds), "build" if build else "-"],
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


def test_a_second_builder_waits_and_does_not_pay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from searchlab.puzzles.npuzzle import pdb

    path = pdb.pdb_path(3, (1, 2, 3), tmp_path)
    proc = _holder(path, 0.5, build=True)

    def never(*args: object, **kwargs: object) -> None:
        raise AssertionError("built twice")

    monkeypatch.setattr(pdb, "build_pdb", never)
    table = load_pdb(3, (1, 2, 3), directory=tmp_path)
    assert proc.wait() == 0 and len(table) == 9**3
    assert f"waiting for process {proc.pid}" in capsys.readouterr().err


def test_a_lock_held_too_long_names_its_holder(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from searchlab.puzzles.npuzzle import pdb

    monkeypatch.setenv("SEARCHLAB_LOCK_WAIT", "0.3")
    proc = _holder(pdb.pdb_path(3, (1, 2, 3), tmp_path), 60, build=False)
    try:
        with pytest.raises(LockHeldError, match=f"pid {proc.pid}"):
            load_pdb(3, (1, 2, 3), directory=tmp_path)
    finally:
        proc.kill()
        proc.wait()


@pytest.mark.slow
def test_issue_31_example_on_6_6_3(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Issue 31's own example: a 6-tile table of 6-6-3 zeroed, header intact; the board
    came back as 38 moves "optimal" that did not reach the goal; its optimum is 46."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    solvers.prepare_databases(GOAL, "6-6-3")
    zero_data(cache_dir() / "pdb-4x4-4_5_8_9_12_13-blank.npy")
    tiles = "8 9 0 7 6 2 3 10 14 4 13 1 5 15 11 12"
    capsys.readouterr()
    code = main(["npuzzle", "solve", "--tiles", tiles, "--pdb", "6-6-3", "--json"])
    out, err = capsys.readouterr()
    data = json.loads(out)
    assert code == 0 and data["status"] == "solved" and data["length"] == 46
    assert apply_moves(parse_tiles(tiles), data["moves"])[-1] == GOAL
    one_line_naming(err, "pdb-4x4-4_5_8_9_12_13-blank.npy")


def test_ranked_tables_are_artifacts_that_heal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The four- and three-bit ranked tables (the 7-8 and 6-6-6-6 layouts, here on a
    3x3 pattern) are listed by the family's cache_artifacts, and each heals."""
    from searchlab.families import get

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    load_pdb(3, (1, 2, 3, 4), ranked=True, blank=0, pack3=True)
    cache = get("npuzzle").cache
    assert cache is not None and cache.artifacts is not None
    listed = cache.artifacts
    artifacts = {a.name: a for a in listed()}
    assert sorted(artifacts) == [
        "npuzzle/pdb-3x3-1_2_3_4-goal0-rank3.npy",
        "npuzzle/pdb-3x3-1_2_3_4-goal0-rank4.npy",
    ]
    for artifact in artifacts.values():
        assert artifact.verify() is None
        change_bytes(artifact.path, 0.2)
        assert artifact.verify() == "its checksum does not match"
        assert artifact.heal is not None
        artifact.heal()
        assert artifact.verify() is None
