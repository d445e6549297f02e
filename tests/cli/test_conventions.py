"""The command line's shared conventions (issue 34, item 6): ``-`` is standard output for
every option that writes a file, at most one output goes there, and an output that
cannot be written is refused before the work."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from searchlab.cli.main import main

ONE_MOVE = ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8"]


@pytest.fixture(autouse=True)
def _in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)  # a file named '-' would appear here


@pytest.mark.parametrize(("option", "start"), [("--svg", "<svg"), ("--html", "<!doctype html>")])
def test_dash_writes_the_picture_to_stdout_and_the_report_to_stderr(
    option: str, start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*ONE_MOVE, option, "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith(start)
    assert captured.out.rstrip().endswith(("</svg>", "</html>"))  # the picture alone
    assert "moves: R" in captured.err and "solved: cost 1" in captured.err
    assert not Path("-").exists()


def test_teach_graph_to_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["teach", "npuzzle", "--example", "easy", "--svg", "-"]) == 0
    captured = capsys.readouterr()
    assert captured.out.startswith("<svg") and "written to" not in captured.err
    assert not Path("-").exists()


@pytest.mark.parametrize(
    "args",
    [
        [*ONE_MOVE, "--svg", "-", "--json"],
        [*ONE_MOVE, "--svg", "-", "--html", "-"],
        ["compare", "npuzzle", "--depths", "2", "--csv", "-", "--json"],
        ["compare", "npuzzle", "--depths", "2", "--csv", "-", "--markdown", "-"],
    ],
)
def test_two_outputs_on_stdout_are_refused_before_the_work(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    (line,) = captured.err.splitlines()
    assert "both write to standard output" in line


def test_one_output_on_stdout_parses(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "npuzzle", "--depths", "2", "-n", "2", "--csv", "-", "--fresh"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0].startswith("depth") or "," in out.splitlines()[0]
    assert main([*ONE_MOVE, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["status"] == "solved"


@pytest.mark.parametrize("where", ["missing/plot.png", "folder.png"])
def test_an_unwritable_plot_is_refused_before_the_work(
    where: str, capsys: pytest.CaptureFixture[str]
) -> None:
    os.mkdir("folder.png")
    assert main(["compare", "npuzzle", "--depths", "2", "--plot", where]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""  # no table: nothing was run
    assert "cannot write the plot" in captured.err
