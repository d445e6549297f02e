"""``searchlab knight`` end to end, including bad input."""

from __future__ import annotations

import io
import json
import os
import threading
from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.puzzles.knight import Board, count_tours


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    rc = main(list(args))
    out, err = capsys.readouterr()
    return rc, out, err


def test_tour_prints_the_numbered_board_once(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "knight", "tour", "--size", "8x8", "--start", "3,4")
    assert rc == 0
    rows = [line.split() for line in out.splitlines()[:8]]
    nums = sorted(int(x) for row in rows for x in row)
    assert nums == list(range(1, 65)) and rows[3][4] == "1"
    assert sum(1 for line in out.splitlines() if line[:2].strip().isdigit()) == 8
    assert "verified" in out


def test_tour_json_closed_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "t.svg"
    rc, out, _ = run(
        capsys,
        "knight",
        "tour",
        "--size",
        "6x7",
        "--closed",
        "--json",
        "--svg",
        str(svg),
        "--random",
        "--seed",
        "4",
    )
    d = json.loads(out)
    assert rc == 0 and d["status"] == "solved" and d["extra"]["closed"]
    assert len(d["moves"]) == 41 and "stats" in d
    assert svg.read_text().startswith("<svg") and "polygon" in svg.read_text()


def test_impossible_and_big(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "knight", "tour", "--size", "4x9", "--closed", "--json")
    d = json.loads(out)
    assert rc == 1 and d["status"] == "impossible" and "4xn" in d["reason"]
    rc, out, _ = run(capsys, "knight", "tour", "--size", "5x5", "--start", "1,2")
    assert rc == 1 and "colour" in out
    rc, out, _ = run(capsys, "knight", "tour", "--size", "300x200", "--start", "7,9")
    assert rc == 0 and "too large to print" in out
    rc, out, _ = run(capsys, "knight", "tour", "--size", "6x6", "-a", "backtrack")
    assert rc == 0


def test_count(capsys: pytest.CaptureFixture[str]) -> None:
    rc, out, _ = run(capsys, "knight", "count", "4x5")
    assert rc == 0 and "164" in out
    rc, out, _ = run(capsys, "knight", "count", "6x6", "--closed", "--json")
    d = json.loads(out)
    assert rc == 0 and (d["undirected"], d["directed"], d["method"]) == (9862, 19724, "frontier")
    rc, out, _ = run(capsys, "knight", "count", "5x4", "--method", "exhaustive", "--json")
    d = json.loads(out)
    assert rc == 0 and (d["directed"], d["undirected"], d["method"]) == (164, 82, "exhaustive")
    rc, out, _ = run(capsys, "knight", "count", "6x5", "--closed", "--method", "exhaustive")
    assert rc == 0 and out.startswith("8 closed")
    rc, out, _ = run(capsys, "knight", "count", "8x5", "--closed", "--memory", "0.001", "--json")
    d = json.loads(out)
    assert rc == 0 and d["undirected"] == 44202 and d["largest_arrays_mb"] <= 1.0


@pytest.mark.parametrize(
    "args",
    [
        ["9x9"],
        ["7x5", "--method", "exhaustive"],
        ["3x4", "-m", "x"],
        ["4x4", "--method", "exhaustive", "--checkpoint", "c"],
        ["4x4", "--method", "exhaustive", "--memory", "1"],
        ["4x4", "--memory", "0"],
        ["4x4", "--memory", "x"],
    ],
)
def test_count_bad_input_is_one_line(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    rc, _out, err = run(capsys, "knight", "count", *args)
    assert rc == 2 and len(err.strip().splitlines()) <= 3 and "Traceback" not in err


def test_count_ctrl_c_with_a_checkpoint_resumes(tmp_path: Path) -> None:
    from searchlab.families.contract import Exit
    from searchlab.puzzles.knight.commands import count

    ctrl_c = threading.Event()
    ck = str(tmp_path / "k.ckpt")

    def progress(done: float, total: float, info: str = "", title: str = "") -> None:
        if done >= 12:
            ctrl_c.set()

    blocks = list(count("5x8", True, "auto", ck, False, cancel=ctrl_c, progress=progress))
    assert blocks[-1] == Exit(130) and "resume" in str(blocks[-2])
    again = list(count("5x8", True, "auto", ck, True))
    assert again[0].data["undirected"] == 44202 and again[0].data["cells_resumed"] == 10


@pytest.mark.parametrize("as_json", [False, True])
def test_count_interrupted_keeps_the_squares_counted(as_json: bool) -> None:
    """Ctrl-C during ``knight count`` (5x6 takes a minute) answered only "searchlab:
    interrupted"; it now gives the exact count of the start squares done, exit 130."""
    from searchlab.families.contract import Exit, Record
    from searchlab.puzzles.knight.commands import count

    ctrl_c = threading.Event()

    def progress(done: float, total: float, info: str = "", title: str = "") -> None:
        if done == 7:
            ctrl_c.set()

    blocks = list(
        count("4x5", False, "exhaustive", None, as_json, cancel=ctrl_c, progress=progress)
    )
    record = next(b for b in blocks if isinstance(b, Record)).data
    per_square = [count_tours(Board(5, 4), divmod(s, 4)) for s in range(7)]
    assert record["complete"] is False and record["start_squares_counted"] == 7
    assert record["directed"] == sum(per_square)
    assert Exit(130) in blocks
    text = [b for b in blocks if isinstance(b, str)]
    assert as_json or "first 7 of its 20 start squares" in text[0]


@pytest.mark.parametrize(
    "args",
    [
        ["tour", "--size", "8"],
        ["tour", "--size", "0x5"],
        ["tour", "--size", "2001x3"],
        ["tour", "--size", "8x8", "--start", "8,0"],
        ["tour", "--size", "8x8", "--start", "a,b"],
        ["tour", "--size", "8x8", "--start", "1,1", "--random"],
        ["tour", "--size", "8x8", "--seed", "3"],
        ["count", "9x9"],
        ["count", "6x6", "--method", "exhaustive"],
        ["count", "x"],
    ],
)
def test_bad_input_is_one_line_exit_2(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    rc, _, err = run(capsys, "knight", *args)
    assert rc == 2 and err.startswith("searchlab: error:") and len(err.strip().splitlines()) == 1


def test_random_starts_are_drawn_where_a_tour_exists(capsys: pytest.CaptureFixture[str]) -> None:
    """On 5x5 (odd: only the corner colour starts a tour) every --random draw is a
    start with a tour; without --seed the seed drawn is printed and draws it again."""
    for seed in range(12):
        assert main(["knight", "tour", "--size", "5x5", "--random", "--seed", str(seed)]) == 0
    capsys.readouterr()
    assert main(["knight", "tour", "--size", "6x6", "--random", "--json"]) == 0
    out, err = capsys.readouterr()
    seed = err.split()[1]
    assert main(["knight", "tour", "--size", "6x6", "--random", "--seed", seed, "--json"]) == 0
    again, _ = capsys.readouterr()
    assert json.loads(again)["moves"] == json.loads(out)["moves"]


def test_a_full_disk_under_a_count_is_one_line_and_the_checkpoint_stays(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A frontier part that meets a full disk is one line naming the file, exit 2,
    never "internal error" (``ndarray.tofile`` raised an OSError without errno there);
    the checkpoint already saved is intact and the count resumes from it once there is
    room. (Measured first on a 2 MB tmpfs; here the disk fills after 20 part files.)"""
    import builtins
    import errno

    from searchlab.puzzles.knight import frontier_store

    class Full(io.BytesIO):
        def write(self, data: object) -> int:
            raise OSError(errno.ENOSPC, "No space left on device")

    opened = {"n": 0}

    def open_then_full(path: object, mode: str = "r", *args: object, **kw: object) -> object:
        if "w" in mode:
            opened["n"] += 1
            if opened["n"] > 20:
                return Full()
        return builtins.open(path, mode, *args, **kw)  # type: ignore[call-overload]

    ck = tmp_path / "c.ckpt"
    count = ["knight", "count", "8x5", "--closed", "--memory", "0.001", "--checkpoint", str(ck)]
    monkeypatch.setattr(frontier_store, "open", open_then_full, raising=False)
    rc, _, err = run(capsys, *count)
    line = err.strip().splitlines()[-1]
    assert rc == 2 and "No space left on device" in line and "internal error" not in err
    assert "c.ckpt." in line and ck.exists()
    monkeypatch.delattr(frontier_store, "open")
    rc, out, _ = run(capsys, *count)
    assert rc == 0 and "44,202" in out


@pytest.mark.parametrize("place", ["folder", "root", "device"])
def test_a_checkpoint_that_is_not_a_file_is_refused_before_any_work(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, place: str
) -> None:
    """A folder (or ``/``) was found only at the first save, as "cannot use
    FOLDER.PID.tmp"; a device such as /dev/null was *replaced* by the manifest (a
    rename over it, as root). Now each is one line before the count starts, and
    the device is left a device."""
    target = {"folder": str(tmp_path), "root": "/", "device": os.devnull}[place]
    rc, out, err = run(capsys, "knight", "count", "4x4", "--checkpoint", target)
    assert rc == 2 and out == "" and len(err.strip().splitlines()) == 1
    assert ("is a folder" if place != "device" else "not a regular file") in err
    assert Path(os.devnull).is_char_device()
    assert not Path(target + ".lock").exists()
