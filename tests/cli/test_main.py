"""The searchlab command: version, help, one-line errors, the demo."""

from __future__ import annotations

import subprocess
import sys

import pytest

from searchlab import __version__
from searchlab.cli.main import main
from tests.cli.interrupt import interrupt_when


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--version"]) == 0
    assert __version__ in capsys.readouterr().out


def test_help_lists_commands(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--help"]) == 0
    out = capsys.readouterr().out
    assert "demo" in out and "maze" in out


def test_bare_command_prints_help(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([]) == 0
    assert "Usage" in capsys.readouterr().out


@pytest.mark.parametrize(
    "argv",
    [
        ["nonsense"],
        ["maze", "solve", "--bogus"],
        ["maze", "solve", "-a", "nope", "x"],
        ["maze", "solve", "/no/such/file"],
        ["maze", "solve", "/"],
        ["maze", "solve", "--random", "axb"],
        ["maze", "solve", "--random", "1x1"],
        ["maze", "solve"],
    ],
)
def test_user_errors_print_one_line_and_exit_2(
    argv: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(argv) == 2
    captured = capsys.readouterr()
    lines = captured.err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("searchlab: error:")
    assert "Traceback" not in captured.err + captured.out


def test_demo_runs(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo"]) == 0
    assert "astar" in capsys.readouterr().out


def test_console_script_is_installed() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "searchlab", "--version"],
        capture_output=True,
        text=True,
        check=False,
    )
    assert proc.returncode == 0 and __version__ in proc.stdout


def test_ctrl_c_prints_partial_statistics() -> None:
    """SIGINT during a search: statistics so far on stdout, exit status 130.

    The signal is sent once the live progress line shows nodes being expanded,
    i.e. mid-search.
    """
    args = [
        "maze",
        "solve",
        "--random",
        "200x200",
        "--walls",
        "0",
        "-a",
        "iddfs",
        "--time-limit",
        "120",
    ]
    code, out, _ = interrupt_when(args, b"expanded")
    assert code == 130
    assert "interrupted" in out and "expanded" in out
