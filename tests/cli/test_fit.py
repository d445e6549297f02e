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
