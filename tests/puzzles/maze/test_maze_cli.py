"""``searchlab maze solve``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchlab.cli.main import main


def test_solve_file_prints_path(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "m.txt"
    f.write_text("S..#\n.#..\n...G\n")
    assert main(["maze", "solve", str(f)]) == 0
    out = capsys.readouterr().out
    assert "solved: cost 5" in out and "expanded" in out


@pytest.mark.parametrize("algorithm", ["bfs", "astar", "idastar", "bibfs", "iddfs"])
def test_json_output(algorithm: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "maze",
            "solve",
            "--random",
            "12x8",
            "--seed",
            "4",
            "--walls",
            "0.2",
            "-a",
            algorithm,
            "--json",
        ]
    )
    data = json.loads(capsys.readouterr().out)
    solved = data["status"] == "solved"
    assert code == (0 if solved else 1)
    assert data["status"] in {"solved", "no_solution"}
    if solved:
        assert data["length"] == len(data["moves"]) == len(data["states"]) - 1
    assert set(data["stats"]) >= {"expanded", "generated", "seconds"}


def test_time_limit_reports_limit(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(
        [
            "maze",
            "solve",
            "--random",
            "300x300",
            "--walls",
            "0",
            "-a",
            "iddfs",
            "--time-limit",
            "0.2",
            "--json",
        ]
    )
    assert code == 1
    data = json.loads(capsys.readouterr().out)
    assert data["status"] == "limit" and data["limit"] == "time_limit"


def test_malformed_maze(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "m.txt"
    f.write_text("S..x\n...G\n")
    assert main(["maze", "solve", str(f)]) == 2
    assert "unknown character 'x'" in capsys.readouterr().err


def test_random_mazes_have_a_path(capsys: pytest.CaptureFixture[str]) -> None:
    for seed in range(8):
        code = main(["maze", "solve", "--random", "30x20", "--walls", "0.38", "--seed", str(seed)])
        assert code == 0
    capsys.readouterr()
    assert main(["maze", "solve", "--random", "300x300", "--walls", "0.8", "--seed", "1"]) == 2
    assert "lower the wall density" in capsys.readouterr().err
