"""``searchlab experiment aima-3.29``: JSON rows, table, resume, plot, bad input."""

from __future__ import annotations

import json
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from searchlab.cli.main import main

pytest.importorskip("searchlab.puzzles.npuzzle")


def test_aima_json_then_instant_reprint(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "r.sqlite")
    argv = ["experiment", "aima-3.29", "--instances", "2", "--depths", "2-6", "--db", db, "-w", "1"]
    assert main([*argv, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["depth"] for r in rows} == {2, 4, 6}
    for r in rows:
        assert set(r) >= {"depth", "algorithm", "heuristic", "instances", "mean_generated", "ebf"}
        assert r["algorithm"] in ("iddfs", "astar")
        assert r["heuristic"] in (None, "misplaced", "manhattan")
        assert r["instances"] == 2
    plot = tmp_path / "cost.png"
    assert main([*argv, "--plot", str(plot), "--markdown", str(tmp_path / "t.md")]) == 0
    out, err = capsys.readouterr()
    assert "runs reused" in err
    assert "A*(h2) cost" in out and "680" in out
    assert plot.read_bytes().startswith(b"\x89PNG")
    assert "| d | IDS n |" in (tmp_path / "t.md").read_text()


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["--depths", "40"], "more than 31 moves"),
        (["--depths", "a-b"], "expected numbers"),
        (["--plot", "x.txt"], ".png"),
    ],
)
def test_bad_input(
    argv: list[str], message: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    code = main(
        ["experiment", "aima-3.29", "-n", "1", "--db", str(tmp_path / "r.sqlite"), "-w", "1", *argv]
    )
    err = capsys.readouterr().err
    assert code == 2 and message in err and "Traceback" not in err


def test_peg_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("searchlab.puzzles.peg")
    code = main(
        [
            "experiment",
            "peg-seed000",
            "--only",
            "triangle5",
            "--db",
            str(tmp_path / "r.sqlite"),
            "-w",
            "1",
            "--json",
        ]
    )
    assert code == 0
    rows = json.loads(capsys.readouterr().out)
    assert {r["found"] for r in rows} == {"yes"} and len(rows) == 7
    code = main(
        ["experiment", "peg-seed000", "--only", "nothing", "--db", str(tmp_path / "r.sqlite")]
    )
    assert code == 2 and "matches no problem" in capsys.readouterr().err


@pytest.mark.parametrize("workers", ["1", "2"])
def test_ctrl_c_keeps_finished_runs_and_resumes(tmp_path: Path, workers: str) -> None:
    db = tmp_path / "r.sqlite"
    argv = [
        sys.executable,
        "-m",
        "searchlab",
        "compare",
        "maze",
        "--sizes",
        "100",
        "-n",
        "8",
        "-a",
        "iddfs",
        "--time-limit",
        "0.25",
        "--db",
        str(db),
        "-w",
        workers,
        "--no-progress",
    ]
    proc = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while _stored(db) < 2 and time.monotonic() < deadline and proc.poll() is None:
        time.sleep(0.05)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=60)
    stored = _stored(db)
    assert proc.returncode == 130, err
    assert "interrupted" in err and "resume" in err and 2 <= stored < 8
    done = subprocess.run(argv, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0
    assert f"{stored} of 8 runs reused" in done.stderr
    assert _stored(db) == 8


def _stored(db: Path) -> int:
    if not db.exists():
        return 0
    with sqlite3.connect(db) as conn:
        try:
            return int(conn.execute("SELECT COUNT(*) FROM runs").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


def test_knight_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("searchlab.puzzles.knight")
    argv = [
        "experiment",
        "knight-warnsdorff",
        "--sizes",
        "5,6",
        "--instances",
        "2",
        "--db",
        str(tmp_path / "r.sqlite"),
        "-w",
        "1",
    ]
    assert main([*argv, "--json"]) == 0
    rows = json.loads(capsys.readouterr().out)
    assert {(r["size"], r["runs"]) for r in rows} == {(5, 2), (6, 2)}
    assert main([*argv, "--markdown", "-"]) == 0
    assert capsys.readouterr().out.startswith("| board | starts | first % |")
    assert main([*argv[:2], "--sizes", "0", "--db", str(tmp_path / "r.sqlite")]) == 2


@pytest.mark.slow
def test_rushhour_distribution(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("searchlab.puzzles.rushhour")
    argv = [
        "experiment",
        "rushhour-difficulty",
        "--min-moves",
        "3",
        "--instances",
        "2",
        "--db",
        str(tmp_path / "r.sqlite"),
        "-w",
        "1",
    ]
    assert main([*argv, "--json"]) == 0
    puzzles = json.loads(capsys.readouterr().out)
    assert len(puzzles) == 2
    for p in puzzles:
        assert p["moves"] >= 3 and len(p["board"]) == 36 and p["level"]
    plot = tmp_path / "moves.svg"
    assert main([*argv, "--plot", str(plot)]) == 0
    assert "expert" in capsys.readouterr().out and plot.exists()


def test_ctrl_c_before_any_run_says_so(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """Ctrl-C while an experiment still draws its instances (experiment aima-3.29 -w 2,
    the first second) said "interrupted: 0 of 0 runs stored ...; run the same command
    again to resume"; it now says nothing was stored."""
    from searchlab.cli import batch
    from searchlab.records.experiment import RunSummary

    def interrupted(*_args: object, **_kw: object) -> RunSummary:
        return RunSummary([], [], [], interrupted=True)

    monkeypatch.setattr(batch, "run_experiment", interrupted)
    db = str(tmp_path / "r.sqlite")
    run = batch.RunOptions(workers=1, scheduler=None, db=db, fresh=False, show_progress=False)
    summary = batch.execute(batch.Experiment.__new__(batch.Experiment), run)
    err = capsys.readouterr().err
    assert summary.interrupted and f"interrupted before any run: nothing stored in {db}" in err
    assert "0 of 0" not in err
