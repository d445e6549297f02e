"""The searchlab command: version, help, one-line errors, the demo."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

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


def test_help_table_matches_each_commands_own_help() -> None:
    """``searchlab --help`` lists commands from a table (so it imports none of them):
    the table must say what each command's help says."""
    import click

    from searchlab.cli.main import COMMANDS, cli

    ctx = click.Context(cli)
    for name, (_target, text) in COMMANDS.items():
        command = cli.get_command(ctx, name)
        assert command is not None
        for limit in (40, 60, 100):
            expected = command.get_short_help_str(limit)
            assert click.Command(name, help=text).get_short_help_str(limit) == expected, name


def test_the_registry_reserves_exactly_the_cli_commands() -> None:
    """No family may take a built-in command's name (the registry refuses it): its list
    (:data:`searchlab.families.RESERVED`, below the CLI) is the CLI's real top-level
    commands, so the two cannot drift apart."""
    import click

    from searchlab import families
    from searchlab.cli.main import cli

    built_in = set(cli.list_commands(click.Context(cli))) - set(families.names())
    assert built_in | set(cli.commands) == families.RESERVED


def test_help_lists_every_family_without_importing_it() -> None:
    """Each family's line in ``searchlab --help`` is the first paragraph of its
    ``family.py`` docstring, read from the file: listing them imports no family."""
    code = (
        "import sys\n"
        "from searchlab.cli.main import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print([m for m in sys.modules if m.endswith('.family')])\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"
    from searchlab.cli.main import found_families
    from searchlab.families import family_summary

    listing = " ".join(out.split())
    for name in found_families():
        line = family_summary(name)
        assert line and len(line) <= 100 and not line.startswith("The "), (name, line)
        assert f"{name} {line[:30]}" in listing, name


def test_help_and_engine_import_no_heavy_library() -> None:
    """Start-up: ``searchlab --help`` and ``import searchlab.search`` load none of NumPy,
    Numba, matplotlib or FastAPI."""
    code = (
        "import sys\n"
        "import searchlab.search\n"
        "from searchlab.cli.main import main\n"
        "try:\n"
        "    main(['--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "heavy = [m for m in ('numpy', 'numba', 'matplotlib', 'fastapi') if m in sys.modules]\n"
        "print(heavy)\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out.strip().splitlines()[-1] == "[]"


def test_json_is_one_compact_line_unless_pretty(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rushhour", "solve", "--card", "1", "--json"]) == 0
    out = capsys.readouterr().out
    assert out.count("\n") == 1 and '", "' not in out and json.loads(out)["status"] == "solved"
    assert main(["rushhour", "solve", "--card", "1", "--json", "--pretty"]) == 0
    pretty = capsys.readouterr().out
    a, b = json.loads(pretty), json.loads(out)
    assert pretty.count("\n") > 10 and a["moves"] == b["moves"] and a.keys() == b.keys()


@pytest.mark.parametrize(
    "args", [["rushhour", "solve", "--card", "1"], ["compare", "npuzzle", "--depths", "2"]]
)
def test_pretty_without_json_is_refused(
    args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """--pretty alone would be silently ignored: it is a usage error naming --json."""
    assert main([*args, "--pretty"]) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert len(captured.err.splitlines()) == 1 and "add --json" in captured.err


@pytest.mark.parametrize(
    ("data", "ok"),
    [
        (b"\xef\xbb\xbf8 6 7\n2 5 4\n3 0 1\n", True),  # UTF-8 with a BOM (Notepad)
        ("8 6 7\n2 5 4\n3 0 1\n".encode("utf-16"), True),  # UTF-16 with its BOM
        ("# é\n8 6 7\n2 5 4\n3 0 1\n".encode("latin-1"), True),  # Latin-1
        (b"\x00\x01\x02binary", False),
    ],
)
def test_files_as_people_have_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes, ok: bool
) -> None:
    f = tmp_path / "board.txt"
    f.write_bytes(data)
    code = main(["npuzzle", "solve", str(f), "--json"])
    err = capsys.readouterr().err
    assert code == (0 if ok else 2), err
    if not ok:
        assert "not a text file" in err and err.count("\n") == 1


def test_endless_input_is_capped(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["npuzzle", "solve", "/dev/zero"]) == 2
    assert "too large" in capsys.readouterr().err


@pytest.mark.parametrize("value", ["nan", "inf", "-1", "1e999"])
def test_time_limit_must_be_finite(value: str, capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["maze", "solve", "--random", "10x10", "--time-limit", value])
    assert code == 2 and "time-limit" in capsys.readouterr().err


def test_ranges_are_counted_before_they_are_made(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compare", "npuzzle", "--depths", "0-100000000"]) == 2
    assert "more than 1000 values" in capsys.readouterr().err


def test_limits_exit_one(capsys: pytest.CaptureFixture[str]) -> None:
    """A count stopped by a limit exits 1; a teaching run stopped by its own recording
    limit exits 0 (it showed what it records: tests/cli/test_exit_codes.py)."""
    assert main(["peg", "count", "--board", "english", "--time-limit", "0"]) == 1
    assert main(["teach", "npuzzle", "--example", "hardest", "-a", "bfs", "--rows", "1"]) == 0
    assert "records the first 3,000 expansions" in capsys.readouterr().out


def test_shell_completion(tmp_path: Path) -> None:
    """Click's completion: the bash script, and a completed sub-command."""
    import os

    env = {**os.environ, "_SEARCHLAB_COMPLETE": "bash_source"}
    code = "from searchlab.cli.main import run; run()"
    script = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True
    ).stdout
    assert "_searchlab_completion" in script
    env.update(_SEARCHLAB_COMPLETE="bash_complete", COMP_WORDS="searchlab rushhour so")
    env["COMP_CWORD"] = "2"
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True)
    assert "solve" in out.stdout


def test_doctor_and_cache_clear(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    (tmp_path / "npuzzle").mkdir()
    (tmp_path / "npuzzle" / "pdb-4x4-1_2.npy").write_bytes(b"x" * 2048)
    assert main(["doctor"]) == 0
    out = capsys.readouterr().out
    assert "numpy" in out and "Chromium" in out and "npuzzle" in out
    assert main(["cache", "clear", "--yes"]) == 0
    assert "deleted" in capsys.readouterr().out and not (tmp_path / "npuzzle").exists()
    assert main(["cache", "clear"]) == 0 and "nothing cached" in capsys.readouterr().out
    assert main(["--version"]) == 0 and "searchlab, version" in capsys.readouterr().out


def test_a_full_disk_on_stdout_is_one_line(tmp_path: Path) -> None:
    """Writing the output to a full device: a one-line error, not 'internal error'."""
    import subprocess
    import sys

    exe = Path(sys.executable).with_name("searchlab")
    if not exe.exists():
        pytest.skip("console script not installed (make install)")
    if not Path("/dev/full").is_char_device():  # opened for writing, it would be made a file
        pytest.skip("no /dev/full device here")
    board = tmp_path / "b.txt"
    board.write_text("1 2 3\n4 5 6\n7 0 8\n")
    with open("/dev/full", "w") as full:
        proc = subprocess.run(
            [str(exe), "npuzzle", "solve", str(board), "--json"],
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            timeout=60,
            check=False,
        )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "searchlab: error: cannot write the output (No space left on device)"
    ]


def test_one_name_per_concept_across_commands() -> None:
    """Every --heuristic option is also -H; every --algorithm also -a; every time limit
    is --time-limit (never another spelling); -n is --instances; sizes are WxH; every
    solve command takes --time-limit, --max-expansions and --max-nodes."""
    import click

    from searchlab.cli.main import cli

    def walk(cmd: click.Command) -> list[click.Command]:
        if isinstance(cmd, click.Group):
            return [c for sub in cmd.commands.values() for c in walk(sub)]
        return [cmd]

    ctx = click.Context(cli)
    for target in cli.list_commands(ctx):  # the generic commands and every family's
        command = cli.get_command(ctx, target)
        assert command is not None
        for cmd in walk(command):
            for p in cmd.params:
                if "--heuristic" in p.opts:
                    assert "-H" in p.opts, (cmd.name, p.opts)
                if "--algorithm" in p.opts:
                    assert "-a" in p.opts, (cmd.name, p.opts)
                assert not any("timeout" in o or "time_limit" in o for o in p.opts), cmd.name
                if "-n" in p.opts:  # -n is always the number of random instances
                    assert p.opts == ["--instances", "-n"], (cmd.name, p.opts)
                if re.fullmatch(r"[A-Z][xX×][A-Z]", p.metavar or ""):  # a size: one way
                    assert p.metavar == "WxH", (cmd.name, p.opts, p.metavar)
            if cmd.name == "solve":  # every solve command takes the same three limits
                opts = {o for p in cmd.params for o in p.opts}
                assert {"--time-limit", "--max-expansions", "--max-nodes"} <= opts, target


def test_every_command_shows_a_usage_example_that_parses() -> None:
    """Each command's --help ends with an example (searchlab.cli.examples for the generic
    commands, the family's folder for a family's), and each example names existing
    options of its own command."""
    import shlex

    import click

    from searchlab.cli.examples import EXAMPLES
    from searchlab.cli.main import cli, found_families

    ctx = click.Context(cli)
    shown: dict[str, list[str]] = {}

    def walk(cmd: click.Command, path: str) -> None:
        if isinstance(cmd, click.Group):
            for name in cmd.list_commands(ctx):
                sub = cmd.get_command(ctx, name)
                assert sub is not None
                walk(sub, f"{path} {name}".strip())
        else:
            assert cmd.epilog and "searchlab" in cmd.epilog, path
            shown[path] = [line.strip() for line in cmd.epilog.splitlines() if "searchlab" in line]

    walk(cli, "")
    found = set(found_families())  # their examples come from the family's folder
    assert sorted(p for p in shown if p.split()[0] not in found) == sorted(EXAMPLES)
    assert not [p for p in EXAMPLES if p.split()[0] in found]
    for path, lines in shown.items():
        for line in lines:
            words = shlex.split(line.split("| ")[-1])
            assert " ".join(words[1:]).startswith(path), line
            cmd: click.Command = cli
            args = words[1:]
            while isinstance(cmd, click.Group):
                sub = cmd.get_command(ctx, args[0])
                assert sub is not None, line
                cmd, args = sub, args[1:]
            cmd.make_context(path, list(args))  # unknown options raise UsageError


def test_help_shows_plain_metavars_and_whole_first_sentences() -> None:
    """No option shows our type's name as its value ("FINITE FLOAT RANGE"); every time limit
    reads SECONDS; a short help is never cut at an initial ("as M." of "M. Fogleman")."""
    import click

    from searchlab.cli.main import cli

    def walk(cmd: click.Command) -> list[click.Command]:
        if isinstance(cmd, click.Group):
            return [cmd, *(c for sub in cmd.commands.values() for c in walk(sub))]
        return [cmd]

    ctx = click.Context(cli)
    for target in cli.list_commands(ctx):
        command = cli.get_command(ctx, target)
        assert command is not None
        for cmd in walk(command):
            assert not re.search(r"\b[A-Z]\.$", cmd.get_short_help_str(80)), cmd.name
            for p in cmd.params:
                if not isinstance(p, click.Option) or p.is_flag:
                    continue
                shown = p.make_metavar(ctx)
                assert "FINITE" not in shown, (cmd.name, p.opts, shown)
                if "--time-limit" in p.opts:
                    assert shown == "SECONDS", (cmd.name, shown)


@pytest.mark.parametrize("value", ["abc", "", "1,5", "0x10"])
def test_a_number_that_is_not_one_is_said_so_plainly(value: str) -> None:
    """A number option given text says "not a valid number", not the type's own name
    ("not a valid finite float range")."""
    from click.testing import CliRunner

    from searchlab.cli.main import cli

    res = CliRunner().invoke(cli, ["knight", "count", "5x5", "--memory", value])
    assert res.exit_code == 2
    assert f"{value!r} is not a valid number." in res.output, res.output
