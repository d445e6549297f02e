"""The command line's shared conventions (issue 34, item 6): ``-`` is standard output for
every option that writes a file, at most one output goes there, and an output that
cannot be written is refused before the work."""

from __future__ import annotations

import json
import os
from pathlib import Path

import click
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


# -- every command against docs/cli.md ---------------------------------------------------

NO_JSON = {
    "serve": "a server: it answers in the browser",
    "demo": "a show for people, made of other commands' output",
    "cache clear": "deletes after asking; nothing to report",
    "cache verify": "reports damaged files one line each, exit 1 if any stays",
    "rushhour export": "its output is a data file already (Fogleman's rush.txt format)",
}
"""The commands without ``--json``, and why (docs/cli.md lists them)."""


def commands() -> dict[str, click.Command]:
    """Every command of the tree (leaves), by the words typed after ``searchlab``."""
    from searchlab.cli.main import cli

    found: dict[str, click.Command] = {}

    def walk(cmd: click.Command, path: list[str], ctx: click.Context) -> None:
        if not isinstance(cmd, click.Group):
            found[" ".join(path)] = cmd
            return
        for name in cmd.list_commands(ctx):
            sub = cmd.get_command(ctx, name)
            assert sub is not None
            walk(sub, [*path, name], click.Context(sub, parent=ctx, info_name=name))

    walk(cli, [], click.Context(cli))
    return found


def options_of(command: click.Command) -> dict[str, click.Parameter]:
    return {o: p for p in command.params for o in getattr(p, "opts", [])}


def test_every_command_follows_the_conventions() -> None:
    """docs/cli.md, command by command: ``--json`` (with ``--pretty``) everywhere but the
    listed exceptions; ``--time-limit SECONDS``; ``-a``/``-H`` are the algorithm and the
    heuristic; ``-n`` the number of instances; ``-h`` help."""
    found = commands()
    assert len(found) > 25 and set(NO_JSON) <= set(found)
    docs = (Path(__file__).resolve().parents[2] / "docs" / "cli.md").read_text(encoding="utf-8")
    for path, command in found.items():
        opts = options_of(command)
        if path in NO_JSON:
            assert "--json" not in opts, f"{path}: has --json now: drop it from NO_JSON"
            assert f"`{path}`" in docs, f"{path}: docs/cli.md does not say why it has no --json"
        else:
            assert "--json" in opts and "--pretty" in opts, f"{path}: no --json/--pretty"
        if "--time-limit" in opts:
            assert opts["--time-limit"].metavar == "SECONDS", path
        for short, long in (("-a", "--algorithm"), ("-H", "--heuristic"), ("-n", "--instances")):
            if short in opts:
                assert long in opts[short].opts, f"{path}: {short} is not {long}"
        if "--instances" in opts:
            assert "-n" in opts["--instances"].opts, f"{path}: --instances without -n"


COUNTS = [
    ["hanoi", "count", "--disks", "3"],
    ["knight", "count", "5x5"],
    ["peg", "count", "--board", "triangle5"],
]


@pytest.mark.parametrize("args", COUNTS, ids=lambda a: " ".join(a[:2]))
def test_counting_commands_share_their_first_keys(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    from searchlab.families.kit import COUNT_KEYS

    assert main([*args, "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert tuple(data)[: len(COUNT_KEYS)] == COUNT_KEYS
    assert data["complete"] is True and data["limit"] is None and data["total"] > 0


@pytest.mark.parametrize(
    "args",
    [
        ["hanoi", "count", "--disks", "3"],
        ["npuzzle", "pdb", "--build", "3-3-3-3-3"],
        ["npuzzle", "fsm", "--depth", "4"],
        ["peg", "boards"],
        ["rushhour", "hint", "--card", "1"],
        ["teach", "npuzzle", "--example", "easy", "--rows", "3"],
        ["doctor"],
    ],
    ids=lambda a: " ".join(a[:2]),
)
def test_the_new_json_is_one_parseable_document(
    args: list[str],
    capsys: pytest.CaptureFixture[str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    assert main([*args, "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1
    json.loads(out)
