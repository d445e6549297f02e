"""``searchlab compare``: table, writers, resume, bad input."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchlab.cli.main import main
from searchlab.experiments.compare import build_configurations
from searchlab.search import ALGORITHMS


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_json_rows_and_resume(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = str(tmp_path / "r.sqlite")
    argv = [
        "compare",
        "maze",
        "--sizes",
        "5,8",
        "-n",
        "3",
        "-a",
        "bfs",
        "-a",
        "astar",
        "-H",
        "manhattan",
        "-H",
        "zero",
        "--db",
        db,
        "-w",
        "1",
        "--json",
    ]
    code, out, err = _run(argv, capsys)
    assert code == 0, err
    rows = json.loads(out)
    assert [(r["group"], r["label"]) for r in rows] == [
        (g, c) for g in (5, 8) for c in ("bfs", "astar:manhattan", "astar:zero")
    ]
    assert all(r["runs"] == 3 for r in rows)
    code, again, err = _run(argv, capsys)
    assert code == 0 and json.loads(again) == rows
    assert "18 of 18 runs reused" in err


def test_table_csv_markdown_plot(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db, csv_path, md_path = tmp_path / "r.sqlite", tmp_path / "t.csv", tmp_path / "t.md"
    plot = tmp_path / "cost.svg"
    code, out, err = _run(
        [
            "compare",
            "maze",
            "--sizes",
            "6",
            "-n",
            "2",
            "-a",
            "bfs",
            "--db",
            str(db),
            "-w",
            "1",
            "--csv",
            str(csv_path),
            "--markdown",
            str(md_path),
            "--plot",
            str(plot),
        ],
        capsys,
    )
    assert code == 0, err
    assert "configuration" in out and "bfs" in out
    rows = list(csv.DictReader(io.StringIO(csv_path.read_text())))
    assert rows[0]["label"] == "bfs" and rows[0]["runs"] == "2"
    assert md_path.read_text().startswith("| group | configuration |")
    assert plot.read_text().lstrip().startswith("<?xml")


def test_instances_from_files(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "a.txt").write_text("S..\n.#.\n..G\n")
    (tmp_path / "b.txt").write_text("S#G\n...\n")
    code, out, err = _run(
        [
            "compare",
            "maze",
            str(tmp_path / "a.txt"),
            str(tmp_path / "b.txt"),
            "-a",
            "bfs",
            "--db",
            str(tmp_path / "r.sqlite"),
            "-w",
            "1",
            "--json",
        ],
        capsys,
    )
    assert code == 0, err
    rows = {r["group"]: r for r in json.loads(out)}
    assert rows["a.txt"]["mean_length"] == 4 and rows["b.txt"]["mean_length"] == 4


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["compare", "maze"], "--sizes RANGE or instance FILES"),
        (["compare", "maze", "--sizes", "x"], "expected numbers"),
        (["compare", "maze", "--sizes", "9-3"], "empty range"),
        (["compare", "maze", "--sizes", "5", "-H", "bogus"], "unknown heuristic"),
        (["compare", "maze", "--sizes", "5", "-a", "dls"], "unknown algorithm 'dls'"),
        (["compare", "maze", "/no/such/file"], "no such file"),
        (["compare", "nope", "--sizes", "5"], "nope"),
        (["compare", "maze", "--sizes", "5", "--plot", "x.gif"], ".png"),
        (["compare", "maze", "--sizes", "5", "--scheduler", "tcp://127.0.0.1:1"], "Dask"),
    ],
)
def test_bad_input(
    argv: list[str],
    message: str,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr("searchlab.experiments.parallel.CONNECT_TIMEOUT", "1s")
    code, _, err = _run([*argv, "--db", str(tmp_path / "r.sqlite"), "-w", "1"], capsys)
    assert code == 2
    assert message in err and "Traceback" not in err
    assert len(err.strip().splitlines()) == 1


def test_bad_file_content(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    (tmp_path / "bad.txt").write_text("S.Q\n")
    code, _, err = _run(
        ["compare", "maze", str(tmp_path / "bad.txt"), "--db", str(tmp_path / "r.sqlite")], capsys
    )
    assert code == 2 and "bad.txt: unknown character" in err


def test_scheduler_runs_on_a_dask_cluster(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    distributed = pytest.importorskip("distributed")
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=False, dashboard_address=None
    ) as cluster:
        code, out, err = _run(
            [
                "compare",
                "maze",
                "--sizes",
                "6",
                "-n",
                "3",
                "-a",
                "bfs",
                "--db",
                str(tmp_path / "r.sqlite"),
                "--scheduler",
                cluster.scheduler_address,
                "--json",
            ],
            capsys,
        )
    assert code == 0, err
    assert json.loads(out)[0]["runs"] == 3


def test_family_solver_as_algorithm(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("searchlab.puzzles.knight")
    code, out, err = _run(
        [
            "compare",
            "knight",
            "--sizes",
            "6",
            "-n",
            "2",
            "-a",
            "warnsdorff-roth",
            "-a",
            "fast",
            "--db",
            str(tmp_path / "r.sqlite"),
            "-w",
            "1",
            "--json",
        ],
        capsys,
    )
    assert code == 0, err
    assert {r["label"]: r["solved"] for r in json.loads(out)} == {"warnsdorff-roth": 2, "fast": 2}


def test_progress_into_a_log_prints_plain_lines(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """--progress with stderr not a terminal (a log file, CI) is not silent."""
    db = str(tmp_path / "r.sqlite")
    argv = ["compare", "maze", "--sizes", "5", "-n", "2", "-a", "bfs", "--db", db, "-w", "1"]
    code, _, err = _run([*argv, "--progress"], capsys)
    assert code == 0
    assert "runs: 2/2" in err


@given(
    algorithms=st.lists(st.sampled_from(sorted(ALGORITHMS)), min_size=1, max_size=5, unique=True),
    heuristics=st.lists(st.sampled_from(["h1", "h2", "h3"]), max_size=3, unique=True),
)
def test_every_algorithm_asked_for_gets_a_configuration(
    algorithms: list[str], heuristics: list[str]
) -> None:
    """``compare knight --sizes 8`` (default -a astar; the knight family has no
    heuristic) printed an empty table, '[]' with --json, exit 0: an informed algorithm
    was paired with each heuristic, of which there were none. It now runs once, h = 0."""
    configs = build_configurations(tuple(algorithms), tuple(heuristics))
    assert {c.algorithm for c in configs} == set(algorithms)


def test_compare_a_family_without_heuristics(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["compare", "knight", "--sizes", "6", "-n", "2", "--db", str(tmp_path / "r.sqlite")]
    code, out, _ = _run([*argv, "-w", "1", "--json"], capsys)
    rows = json.loads(out)
    assert code == 0 and len(rows) == 1 and rows[0]["solved"] == 2
