"""The statistics table of a solve, drawn without importing rich.

Every solve ends with the same small two-column table (``expanded``, ``generated``...).
Importing rich costs more than importing Click (tens of milliseconds), which a one-move
solve would otherwise spend on this table alone (issue 34: start-up). This module draws
it as rich draws it, character for character (the square box, the title in italic, the
labels in bold on a terminal), and hands the cases it does not cover to rich: a table
wider than the terminal, an encoding without box-drawing characters.
``tests/cli/test_stats_text.py`` compares the two renderings.
"""

from __future__ import annotations

import sys
import unicodedata
from collections.abc import Sequence
from typing import TYPE_CHECKING

from searchlab.cli.terminal import is_terminal, styled, terminal_width
from searchlab.i18n import _
from searchlab.search.result import STAT_LABELS, SearchStats

if TYPE_CHECKING:
    from rich.table import Table

BOLD, ITALIC, RESET = "\x1b[1m", "\x1b[3m", "\x1b[0m"


def stat_rows(stats: SearchStats) -> list[tuple[str, str]]:
    """The table's rows: each reported statistic's label (translated) and its value."""
    rows = []
    for name, value in stats.as_dict().items():
        if value is None:
            continue
        if name == "seconds":
            shown = f"{value:.3f}"
        elif name == "peak_memory_mb":
            shown = f"{value:,.1f}"
        else:
            shown = f"{value:,}"
        rows.append((_(STAT_LABELS.get(name, name.replace("_", " "))), shown))
    return rows


def cell_width(text: str) -> int:
    """Columns ``text`` takes on a terminal: wide (East Asian) characters two, combining
    marks none."""
    return sum(
        0 if unicodedata.combining(c) else 2 if unicodedata.east_asian_width(c) in "WF" else 1
        for c in text
    )


def table_width(rows: Sequence[tuple[str, str]]) -> int:
    """Columns the box of ``rows`` takes: ``│ label │ value │``."""
    label = max([cell_width(a) for a, _b in rows] or [0])
    value = max([cell_width(b) for _a, b in rows] or [0])
    return label + value + 7


def box_lines(title: str, rows: Sequence[tuple[str, str]], is_styled: bool) -> list[str]:
    """A titled two-column table in rich's square box: labels left, values right."""
    label = max([cell_width(a) for a, _b in rows] or [0])
    value = max([cell_width(b) for _a, b in rows] or [0])
    head = title + " " * max(0, label + value + 7 - cell_width(title))
    lines = [f"{ITALIC}{head}{RESET}" if is_styled else head]
    lines.append(f"┌{'─' * (label + 2)}┬{'─' * (value + 2)}┐")
    for a, b in rows:
        cell = f" {a}{' ' * (label - cell_width(a))} "
        if is_styled:
            cell = f"{BOLD}{cell}{RESET}"
        lines.append(f"│{cell}│ {' ' * (value - cell_width(b))}{b} │")
    lines.append(f"└{'─' * (label + 2)}┴{'─' * (value + 2)}┘")
    return lines


def print_stats(stats: SearchStats, *, err: bool = False, title: str | None = None) -> None:
    """Print the statistics table of ``stats`` (titled "Statistics" by default) on
    standard output (standard error with ``err``), as rich would and without it where
    this module can."""
    stream = sys.stderr if err else sys.stdout
    title = title or _("Statistics")
    rows = stat_rows(stats)
    terminal, is_styled = is_terminal(stream), styled(stream)
    encoding = (getattr(stream, "encoding", None) or "").lower()
    # A Jupyter kernel or IDLE (None), another encoding, a narrow terminal: rich knows.
    if terminal is not None and is_styled is not None and encoding.startswith("utf"):
        table = table_width(rows)
        if cell_width(title) <= table <= terminal_width(dumb=terminal and not is_styled):
            stream.write("\n".join(box_lines(title, rows, is_styled)) + "\n")
            return
    rich_stats(stats, err=err, title=title)


def rich_table(stats: SearchStats, title: str | None = None) -> Table:
    """The same table as a rich ``Table`` (what :func:`print_stats` falls back to)."""
    from rich.table import Table

    table = Table(title=title or _("Statistics"), show_header=False, title_justify="left")
    table.add_column("stat", style="bold")
    table.add_column("value", justify="right")
    for row in stat_rows(stats):
        table.add_row(*row)
    return table


def rich_stats(stats: SearchStats, *, err: bool = False, title: str | None = None) -> None:
    """Print :func:`rich_table` on standard output (standard error with ``err``)."""
    from searchlab.cli.common import console, err_console

    (err_console if err else console).print(rich_table(stats, title))
