"""The statistics table drawn without rich (searchlab.cli.stats_text) is rich's own,
character for character and style for style, wherever it does not hand over to rich."""

from __future__ import annotations

import io
import os
import re
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rich.console import Console

from searchlab.cli import stats_text
from searchlab.search.result import SearchStats

ANSI = re.compile(r"\x1b\[(\d*)m")


class Stream(io.StringIO):
    def __init__(self, tty: bool) -> None:
        super().__init__()
        self.tty = tty

    def isatty(self) -> bool:
        return self.tty

    @property
    def encoding(self) -> str:  # type: ignore[override]
        return "utf-8"


def cells(text: str) -> list[tuple[str, frozenset[str]]]:
    """Each character with the styles it is drawn in (rich opens and closes a style per
    segment; what a reader sees is the character and its style)."""
    out: list[tuple[str, frozenset[str]]] = []
    styles: set[str] = set()
    pos = 0
    for match in ANSI.finditer(text):
        out += [(c, frozenset(styles)) for c in text[pos : match.start()]]
        code = match.group(1)
        if code in ("", "0"):
            styles.clear()
        else:
            styles.add(code)
        pos = match.end()
    out += [(c, frozenset(styles)) for c in text[pos:]]
    # a space's boldness cannot be seen
    return [(c, frozenset() if c == " " else s) for c, s in out]


ENVIRONMENTS = [
    {},
    {"FORCE_COLOR": "1"},
    {"FORCE_COLOR": "1", "TERM": "dumb"},
    {"TTY_COMPATIBLE": "0"},
    {"COLUMNS": "24"},
    {"COLUMNS": "30", "FORCE_COLOR": "1"},
]

stats_values = st.builds(
    SearchStats,
    expanded=st.integers(0, 10**12),
    generated=st.integers(0, 10**12),
    duplicates=st.integers(0, 10**6),
    max_depth=st.integers(0, 10**5),
    seconds=st.floats(0, 10**5),
    peak_memory_mb=st.none() | st.floats(0, 10**5),
)


def no_terminal(*_args: object) -> os.terminal_size:
    raise OSError("not a terminal")


@pytest.mark.parametrize("environment", ENVIRONMENTS, ids=lambda e: str(e) or "plain")
@pytest.mark.parametrize("tty", [False, True])
@settings(max_examples=25, deadline=None)
@given(stats=stats_values, title=st.sampled_from(["Statistics", "Estadísticas", "Total"]))
def test_plain_table_is_rich_table(
    environment: dict[str, str],
    tty: bool,
    stats: SearchStats,
    title: str,
) -> None:
    with pytest.MonkeyPatch.context() as monkeypatch:
        for name in ("FORCE_COLOR", "TTY_COMPATIBLE", "TERM", "COLUMNS", "NO_COLOR"):
            monkeypatch.delenv(name, raising=False)
        for name, value in environment.items():
            monkeypatch.setenv(name, value)
        # No terminal of the machine's counts (a background run may hold a narrow one
        # on standard input): the width is COLUMNS, else 80, for rich and for us.
        monkeypatch.setattr("os.get_terminal_size", no_terminal)
        # Nor a notebook's: another test of the run may have imported ipykernel (the
        # notebook's), and with it imported only rich can tell what a stream is.
        for name in ("ipykernel", "idlelib"):
            monkeypatch.delitem(sys.modules, name, raising=False)
        expected = Stream(tty)
        Console(file=expected, highlight=False).print(stats_text.rich_table(stats, title))
        drawn = Stream(tty)
        monkeypatch.setattr("sys.stdout", drawn)
        handed_over: list[bool] = []
        monkeypatch.setattr(stats_text, "rich_stats", lambda *a, **k: handed_over.append(True))
        stats_text.print_stats(stats, title=title)
        if handed_over:  # only where the table does not fit
            width = stats_text.table_width(stats_text.stat_rows(stats))
            assert width > int(environment.get("COLUMNS", "80"))
            return
        assert cells(drawn.getvalue()) == cells(expected.getvalue())


def test_a_one_move_solve_does_not_import_rich() -> None:
    """What the plain table is for (the import budget in test_import_budget covers every
    command)."""
    import subprocess
    import sys

    code = (
        "import sys; from searchlab.cli.main import run\n"
        "try: run()\n"
        "finally: print('RICH' if 'rich' in sys.modules else 'NO RICH', file=sys.stderr)"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8"],
        capture_output=True,
        text=True,
        env={"FORCE_COLOR": "1", "PATH": "/usr/bin:/bin"},
    )
    assert "Statistics" in proc.stdout and "\x1b[1m" in proc.stdout
    assert proc.stderr.strip().endswith("NO RICH")
