"""Tables on a narrow terminal lose nothing (issue 34, item 2): :func:`print_fitted` splits
a table too wide for the terminal into parts that repeat the key columns, or stacks the
rows, and never cuts a value; the README's table commands are checked at 80 columns."""

from __future__ import annotations

import io
import os
import re
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from searchlab.cli.fit import print_fitted

ANSI = re.compile(r"\x1b\[[0-9;?]*[a-zA-Z]")

word = st.text(alphabet="abcdefghijklmnopqrstuvwxyz0123456789.,:", min_size=1, max_size=14)


def rendered(headers: list[str], rows: list[list[str]], width: int, keys: int) -> str:
    console = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    print_fitted(console, "a table", headers, rows, right=range(keys, len(headers)), keys=keys)
    out = console.file.getvalue()  # type: ignore[attr-defined]
    return ANSI.sub("", out)


@settings(max_examples=60, deadline=None)
@given(
    columns=st.integers(1, 12),
    data=st.data(),
    width=st.integers(30, 140),
    keys=st.integers(1, 2),
)
def test_no_value_is_cut_and_no_line_is_too_wide(
    columns: int, data: st.DataObject, width: int, keys: int
) -> None:
    headers = data.draw(
        st.lists(
            st.lists(word, min_size=1, max_size=2).map(" ".join), min_size=columns, max_size=columns
        )
    )
    rows = data.draw(
        st.lists(st.lists(word, min_size=columns, max_size=columns), min_size=1, max_size=5)
    )
    keys = min(keys, columns)
    out = rendered(headers, rows, width, keys)
    lines = out.splitlines()
    assert all(len(line) <= width for line in lines), out
    assert "…" not in out
    cells = {c.strip() for line in lines for c in re.split(r"[│┃]", line)}
    stacked = {line.split("  ", 1)[-1].strip() for line in lines}
    for row in rows:
        for value in row:
            assert value in cells or value in stacked, (value, out)


def test_a_table_that_fits_is_one_table() -> None:
    out = rendered(["name", "value"], [["a", "1"], ["b", "2"]], 80, 1)
    assert out.count("continued") == 0 and out.count("┏") == 1


def test_the_readme_tables_at_80_columns(tmp_path: Path) -> None:
    """The README's compare and experiment commands on an 80-column terminal."""
    env = {
        **os.environ,
        "TTY_COMPATIBLE": "1",
        "COLUMNS": "80",
        "NO_COLOR": "1",
        "SEARCHLAB_LANG": "en",
    }
    for args in (
        [
            "compare",
            "npuzzle",
            "--depths",
            "4-8:4",
            "-n",
            "3",
            "-a",
            "iddfs",
            "-a",
            "astar",
            "-H",
            "misplaced",
            "-H",
            "manhattan",
        ],
        ["experiment", "aima-3.29", "--instances", "2"],
    ):
        run = subprocess.run(
            [sys.executable, "-m", "searchlab", *args],
            cwd=tmp_path,
            env=env,
            capture_output=True,
            text=True,
            timeout=300,
            check=False,
        )
        assert run.returncode == 0, run.stderr
        out = ANSI.sub("", run.stdout)
        assert "…" not in out, out
        assert all(len(line) <= 80 for line in out.splitlines()), out


def bar_lines(title: str, info: str, width: int) -> list[str]:
    """The progress line of :class:`FractionBar` as a terminal ``width`` wide shows it."""
    from searchlab.cli.common import FractionBar

    live = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    bar = FractionBar(title, show=True, console=live)
    bar.update(45, 100, info)
    assert bar.bar is not None
    shown = bar.bar.get_renderable()
    bar.close()
    screen = Console(file=io.StringIO(), width=width, force_terminal=True, color_system=None)
    screen.print(shown)
    return ANSI.sub("", screen.file.getvalue()).splitlines()  # type: ignore[attr-defined]


def progress_captions() -> list[tuple[str, str]]:
    """The README's long-running commands' captions and figures at their longest:
    ``rushhour enumerate`` (with the first-compile notice too) and ``npuzzle pdb``."""
    from searchlab.i18n import _
    from searchlab.puzzles.rushhour.tasks import compiling_text, enumerate_title

    title = enumerate_title(6, 2)
    figures = _("{done}/{total} shards, {clusters:,} clusters, {rows:,} puzzles{eta}").format(
        done=1023,
        total=1024,
        clusters=1_234_567_890,
        rows=2_345_678,
        eta=_(", {minutes:.1f} min left").format(minutes=1234.5),
    )
    table = _("table {number} of {count}: pattern {cells}").format(
        number=2, count=3, cells="6 7 8 9 10 11 12"
    )
    entries = _("{done:,} of {total:,} entries").format(done=57_657_600, total=57_657_600)
    return [(title, figures), (title, compiling_text()), (table, entries), ("counting", "")]


@settings(max_examples=30, deadline=None)
@given(width=st.integers(40, 160), which=st.integers(0, 3))
def test_progress_lines_lose_nothing(width: int, which: int) -> None:
    """A progress line on any terminal from 40 columns: no line too wide, nothing cut
    ("…"), the caption and its figures whole, the percentage and both times shown."""
    title, info = progress_captions()[which]
    lines = bar_lines(title, info, width)
    text = "\n".join(lines)
    assert all(len(line) <= width for line in lines), text
    assert "…" not in text
    # whole, wherever the lines fold it
    assert "".join((title + info).split()) in "".join(text.split()), text
    assert "45.0%" in text and text.count(":") >= 3, text  # elapsed 0:00:00 and time left


def test_the_readme_progress_lines_at_80_columns() -> None:
    for title, info in progress_captions():
        lines = bar_lines(title, info, 80)
        assert all(len(line) <= 80 for line in lines) and "…" not in "".join(lines)
        assert "45.0%" in lines[-1] and title in lines[0]
