"""The one builder of the family commands (``cli/family_commands.py``): options declared
as data become the Click options they say, blocks are drawn as the contract says, and a
family's solve command takes its declared options (checked on the Tower of Hanoi, whose
solve options are the worked example of docs/engine.md)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import click
import pytest
from click.testing import CliRunner

from searchlab import families
from searchlab.cli.blocks import parameter
from searchlab.cli.family_commands import task_command
from searchlab.cli.main import main
from searchlab.errors import InputError
from searchlab.families.contract import Block, Exit, Note, Option, Record, Table, Task
from searchlab.families.kit import JSON


def test_options_become_the_click_parameters_they_declare() -> None:
    flag = parameter(Option("closed", "h", flag=True))
    assert isinstance(flag, click.Option) and flag.is_flag and flag.default is False
    ranged = parameter(Option("walls", "h", float, 0.3, minimum=0, maximum=1, max_open=True))
    assert ranged.type.convert("0.5", None, None) == 0.5  # type: ignore[union-attr]
    for bad in ("1", "nan", "inf", "-0.1"):
        with pytest.raises(click.BadParameter):
            ranged.type.convert(bad, None, None)  # type: ignore[union-attr]
    aliased = parameter(
        Option("build", "h", str, "a", choices=("a", "b"), aliases=("partition",), dest="partition")
    )
    assert aliased.opts == ["--build", "--partition"] and aliased.name == "partition"
    short = parameter(Option("depth", "h", minimum=0, required=True, short="-d"))
    assert short.opts == ["--depth", "-d"] and short.required
    argument = parameter(Option("size", "", str, argument=True, required=True, metavar="WxH"))
    assert (
        isinstance(argument, click.Argument)
        and argument.make_metavar(click.Context(click.Command("x"))) == "WxH"
    )


def blocks(fail: bool, **_: Any) -> Iterator[Block]:
    if fail:
        raise InputError("one clear line")
    yield "human text"
    yield Table("t", ("a", "b"), [("1", "2")])
    yield Record({"answer": 42})
    yield Note("a note for stderr")
    yield Exit(1)


TASK = Task(
    "demo",
    "A task.",
    blocks,
    (Option("fail", "Fail.", flag=True),),
    example="--fail",
    json=True,
)


def test_blocks_are_drawn_as_the_contract_says() -> None:
    """Text and tables without --json, only the records with it; notes on stderr; the
    last Exit is the exit status; an InputError is one line and exit 2."""
    command = task_command("anyfamily", TASK)
    runner = CliRunner()
    human = runner.invoke(command, [])
    assert human.exit_code == 1
    assert "human text" in human.stdout and "answer" not in human.stdout
    assert "a note for stderr" in human.stderr and "a note" not in human.stdout
    machine = runner.invoke(command, ["--json"])
    assert machine.exit_code == 1 and json.loads(machine.stdout) == {"answer": 42}
    assert "searchlab anyfamily demo --fail" in (command.epilog or "")
    failed = runner.invoke(command, ["--fail"])
    assert isinstance(failed.exception, InputError)  # main() makes it one line, exit 2


def test_json_option_is_the_standard_one() -> None:
    command = task_command("f", Task("t", "h", blocks, (JSON,)))
    assert {"--json", "--pretty"} <= {o for p in command.params for o in p.opts}


def test_hanoi_solve_takes_its_declared_options(capsys: pytest.CaptureFixture[str]) -> None:
    """``--disks N --goal B`` builds the tower; the solution replays to the goal in
    2^N - 1 moves (the recursion is optimal); FILE and --disks are one or the other."""
    hanoi = families.get("hanoi")
    for disks in (1, 4, 7):
        assert main(["hanoi", "solve", "--disks", str(disks), "--goal", "B", "--json"]) == 0
        out = json.loads(capsys.readouterr().out)
        assert out["length"] == 2**disks - 1
        tower = hanoi.read(f"disks: {disks}\ngoal: B")
        state = hanoi.initial(tower)
        for label in out["moves"]:
            (move,) = [m for m in hanoi.legal_moves(tower, state) if m.label == label]
            state = move.state
        assert hanoi.is_goal(tower, state)
    for args in ([], ["-", "--disks", "3"], ["--disks", "13"], ["--disks", "3", "-a", "nope"]):
        assert main(["hanoi", "solve", *args]) == 2
        err = capsys.readouterr().err
        assert err.startswith("searchlab: error:") and len(err.strip().splitlines()) == 1
