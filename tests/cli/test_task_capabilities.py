"""What a family's task may ask of the CLI (cli/family_commands.py): Ctrl-C, parallel
workers, a progress bar that logs off a terminal; the statistics block; JSON lists."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from searchlab.cli.exits import run_command
from searchlab.cli.family_commands import task_command
from searchlab.experiments.parallel import Workers
from searchlab.families.contract import Block, Exit, Record, Task
from searchlab.search.result import SearchStats


def run(task: Task, capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = run_command(task_command("fam", task), "searchlab fam", list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_a_runner_and_a_cancel_event_are_supplied(capsys: pytest.CaptureFixture[str]) -> None:
    seen: dict[str, Any] = {}

    def work(**values: Any) -> Iterator[Block]:
        seen.update(values)
        yield "done"

    task = Task("work", "Work.", work, cancel=True, runner=True)
    code, out, _ = run(task, capsys, "--workers", "0", "--scheduler", "tcp://x:1")
    assert code == 0 and out == "done\n"
    assert seen["runner"] == Workers(0, "tcp://x:1") and not seen["cancel"].is_set()
    code, _, _ = run(task, capsys)
    assert code == 0 and seen["runner"].workers >= 1 and seen["runner"].local


def test_progress_logs_off_a_terminal_only_when_asked(capsys: pytest.CaptureFixture[str]) -> None:
    def work(progress: Any, as_json: bool = False) -> Iterator[Block]:
        progress(0, 4, "starting", "building")
        progress(1, 4, "one done", "building")  # within a minute: not logged
        progress(0, 2, "starting", "table 2")  # a new title: logged
        progress(1, 2, "half", "table 2")
        yield Record({"done": 1})
        yield "one of four"
        yield Exit(1)

    logged = Task("work", "Work.", work, json=True, progress=True, progress_log=True)
    code, out, err = run(logged, capsys)
    assert code == 1 and out == "one of four\n"
    assert err == "building: starting\ntable 2: starting\n"
    code, out, err = run(logged, capsys, "--json")
    assert code == 1 and json.loads(out) == {"done": 1} and err == ""
    quiet = Task("work", "Work.", work, json=True, progress=True)
    assert run(quiet, capsys)[2] == ""


def test_statistics_and_json_lists_are_drawn(capsys: pytest.CaptureFixture[str]) -> None:
    def work(as_json: bool) -> Iterator[Block]:
        yield Record([1, 2])
        yield SearchStats(expanded=12, generated=34)

    task = Task("work", "Work.", work, json=True)
    code, out, _ = run(task, capsys)
    assert code == 0 and "Statistics" in out and "34" in out
    code, out, _ = run(task, capsys, "--json")
    assert code == 0 and json.loads(out) == [1, 2]
