"""Limits that fail fast: one line, exit status 2, before any large work (issue 23)."""

from __future__ import annotations

import io
from collections.abc import Iterator
from pathlib import Path

import click
import pytest
from hypothesis import assume, given
from hypothesis import strategies as st

from searchlab.cli.common import FiniteFloat
from searchlab.cli.main import cli, main
from searchlab.errors import TOKEN_CHARS, InputError, choices, one_line


def _error_line(capsys: pytest.CaptureFixture[str], argv: list[str]) -> str:
    code = main(argv)
    _out, err = capsys.readouterr()
    assert code == 2, (code, err)
    assert err.count("\n") == 1 and err.startswith("searchlab: error: "), err
    return err


def all_commands() -> Iterator[tuple[str, click.Command]]:
    """Every searchlab command and sub-command, by path."""
    ctx = click.Context(cli)

    def walk(path: str, command: click.Command) -> Iterator[tuple[str, click.Command]]:
        yield path, command
        if isinstance(command, click.Group):
            for name in command.list_commands(ctx):
                sub = command.get_command(ctx, name)
                assert sub is not None
                yield from walk(f"{path} {name}", sub)

    yield from walk("searchlab", cli)


def test_every_float_option_is_finite() -> None:
    """NaN and the infinities are refused by every float option (one shared type)."""
    floats = [
        (path, p.name)
        for path, command in all_commands()
        for p in command.params
        if isinstance(p.type, click.types.FloatParamType) and not isinstance(p.type, FiniteFloat)
    ]
    assert floats == []


@pytest.mark.parametrize(
    "argv",
    [
        ["compare", "maze", "--sizes", "5", "-a", "wastar", "--weight", "nan"],
        ["maze", "solve", "--random", "5x5", "--walls", "nan"],
        ["peg", "count", "--board", "triangle5", "--max-memory", "nan"],
        ["peg", "count", "--board", "triangle5", "--max-memory", "inf"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8", "--time-limit", "nan"],
    ],
)
def test_nan_refused(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    assert "finite" in _error_line(capsys, argv)


def test_weighted_astar_refuses_nan_weight() -> None:
    from searchlab.puzzles.maze.model import parse_maze
    from searchlab.puzzles.maze.problem import MazeProblem
    from searchlab.search.wastar import weighted_astar

    with pytest.raises(ValueError):
        weighted_astar(MazeProblem(parse_maze("SG\n")), weight=float("nan"))


def test_huge_instance_count_fails_at_once(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error_line(capsys, ["compare", "maze", "--sizes", "5", "-n", "100000000"])
    assert "100,000 instances" in err


def test_random_maze_capped_like_files(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error_line(capsys, ["maze", "solve", "--random", "5000x5000"])
    assert "4,000,000 cells" in err


def test_replay_page_too_large_refused_before_solving(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from searchlab.cli import solving

    def never(*_args: object, **_kw: object) -> None:
        raise AssertionError("solved before the --html size check")

    monkeypatch.setattr(solving, "solve_with_progress", never)
    page = tmp_path / "tour.html"
    err = _error_line(capsys, ["knight", "tour", "--size", "2000x2000", "--html", str(page)])
    assert "too large for a replay page" in err and not page.exists()


def test_huge_bad_token_quoted_short(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "junk.txt"
    board.write_text("x" * 9_000_000 + "\n")
    for family in ("npuzzle", "maze", "knight", "peg", "rushhour"):
        err = _error_line(capsys, ["solve", family, str(board)])
        assert len(err) < 300, (family, err[:300])
    err = _error_line(capsys, ["maze", "solve", "-a", "a" * 100_000])
    assert len(err) < 400 and "100,000 characters" in err


def test_one_line_cuts_tokens_once() -> None:
    token = "y" * 1000
    text = one_line(f"bad token {token!r}")
    assert text == one_line(text) and len(text) < 100 and "1,000 characters" in text
    assert str(InputError(f"bad {token}")).count("y") == 2 * TOKEN_CHARS
    assert one_line("short 'ok' stays") == "short 'ok' stays"


_PROSE = st.text(st.sampled_from("abcxyz019 .,:;()<=>-"), min_size=20, max_size=60)
_SHORT_TOKEN = st.text(st.sampled_from("abc-_ 09"), max_size=TOKEN_CHARS)


@given(parts=st.lists(st.tuples(_PROSE, _SHORT_TOKEN), max_size=5), tail=_PROSE)
def test_one_line_keeps_the_text_between_short_quoted_tokens(
    parts: list[tuple[str, str]], tail: str
) -> None:
    """Click's "Invalid value for '--disks': 99999999999999999999999999999 is not in the
    range 1<=x<=12. (try 'searchlab hanoi solve --help')" came out as "...is not i… (67
    characters)'searchlab...": the prose between two short quoted tokens was cut as if
    it were one long token. A message of short tokens (and no run of 80 characters)
    is left as it is, and a long token among them is cut alone."""
    message = "".join(f"{prose} '{token}' " for prose, token in parts) + tail
    assume(len(message) <= 300)
    assert one_line(message) == message
    cut = one_line(f"{message} family's '{'z' * 500}' end")
    assert cut.startswith(message) and cut.endswith(" end") and "500 characters" in cut


_NAME = st.one_of(
    st.text(st.sampled_from("abc-"), min_size=1, max_size=4),
    st.tuples(st.sampled_from(["card", "x", ""]), st.integers(0, 50)).map(
        lambda t: f"{t[0]}{t[1]}"
    ),
)


@given(st.lists(_NAME, max_size=60))
def test_choices_shortens_numbered_runs_and_loses_no_name(names: list[str]) -> None:
    """``teach rushhour --example 1`` listed card1, card2, ..., card40, walls (a 364
    character line); a run of consecutive numbered names is now written by its ends,
    and reading those back gives every name, in order."""
    text = choices(names)
    back: list[str] = []
    for part in text.split(", ") if text else []:
        if "…" in part:
            first, last = part.split("…")
            prefix = first.rstrip("0123456789")
            lo, hi = int(first[len(prefix) :]), int(last[len(prefix) :])
            assert hi - lo >= 2 and last.startswith(prefix)
            back.extend(f"{prefix}{i}" for i in range(lo, hi + 1))
        else:
            back.append(part)
    assert back == names


def test_teach_names_forty_cards_in_a_short_line(capsys: pytest.CaptureFixture[str]) -> None:
    err = _error_line(capsys, ["teach", "rushhour", "--example", "1"])
    assert "card1…card40" in err and len(err) < 100, err


@given(st.text(st.sampled_from("ab :/'\"…\n"), max_size=600))
def test_one_line_cuts_once(message: str) -> None:
    """A 5,000-character file name came out as "aaa…(81 characters) (81 characters)":
    the CLI cuts a message once more than the error did, and a cut run was cut again
    (and the name had been cut to 80 characters first, so the count was wrong too)."""
    once = one_line(message)
    assert one_line(once) == once and once.count("characters)") <= message.count("…") + len(once)
    assert "characters) (" not in once


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "maze", "a" * 5000],
        ["solve", "maze", "-", "--html", "a" * 5000],
        ["peg", "solve", "-b", "a" * 5000],  # was an internal error (File name too long)
        ["rushhour", "solve", "a/" * 3000],
        ["rushhour", "export", "--db", "a" * 5000],  # an internal error too
        ["rushhour", "generate", "--from-db", "--min-moves", "5", "--db", "a" * 5000],
    ],
)
def test_a_file_name_too_long_is_one_short_line(
    argv: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("S.G\n"))
    err = _error_line(capsys, argv)
    assert len(err) < 300 and "internal error" not in err, err
    assert "characters) (" not in err and ("characters)" in err or "'aaa" in err), err


@pytest.mark.parametrize(
    "argv", [["npuzzle", "pdb", "--build", "6-6-3"], ["cache", "clear", "--yes"], ["doctor"]]
)
@pytest.mark.parametrize("variable", ["SEARCHLAB_CACHE_DIR", "XDG_CACHE_HOME"])
def test_a_cache_dir_too_long_is_one_line(
    argv: list[str],
    variable: str,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A cache directory of 5,000 characters (SEARCHLAB_CACHE_DIR, or XDG_CACHE_HOME
    behind the default): each of these was an internal error."""
    monkeypatch.delenv("SEARCHLAB_CACHE_DIR", raising=False)
    monkeypatch.setenv(variable, "/tmp/" + "c" * 5000)
    err = _error_line(capsys, argv)
    assert "SEARCHLAB_CACHE_DIR" in err and "characters)" in err and len(err) < 250, err
