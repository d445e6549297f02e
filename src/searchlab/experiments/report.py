"""Tables of results: rich for the terminal, CSV, Markdown and JSON for files.

A table is a list of :class:`Column` and a list of row dicts; every writer
reads the same two, so the terminal table and the files always agree.
Missing values (``None``) print as an en dash in text and as an empty cell in CSV.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from searchlab.experiments.aggregate import GroupRow
from searchlab.i18n import N_, _


@dataclass(frozen=True, slots=True)
class Column:
    """A column: the row key, its header, and how to show its values in text.

    ``digits`` is the number of decimals for floats (0 rounds to an integer
    with thousands separators).
    """

    key: str
    header: str
    digits: int = 0
    numeric: bool = True

    def text(self, value: Any) -> str:
        if value is None:
            return "–"
        if isinstance(value, bool) or not self.numeric:
            return str(value)
        if isinstance(value, int):
            return f"{value:,}"
        if isinstance(value, float):
            return f"{value:,.{self.digits}f}"
        return str(value)


COMPARE_COLUMNS = (
    Column("group", N_("group"), numeric=False),
    Column("label", N_("configuration"), numeric=False),
    Column("solved", N_("solved")),
    Column("runs", N_("runs")),
    Column("mean_generated", N_("mean gen.")),
    Column("median_generated", N_("median gen.")),
    Column("mean_expanded", N_("mean exp.")),
    Column("median_expanded", N_("median exp.")),
    Column("mean_seconds", N_("mean s"), 4),
    Column("mean_length", N_("length"), 2),
    Column("ebf", "b*", 2),
)
"""The columns of ``searchlab compare``."""


def group_rows(rows: Sequence[GroupRow]) -> list[dict[str, Any]]:
    """Aggregated rows as plain dicts (the JSON form)."""
    return [r.as_dict() for r in rows]


def rich_table(
    columns: Sequence[Column],
    rows: Sequence[dict[str, Any]],
    title: str = "",
    *,
    sections: bool = True,
) -> Table:
    """A rich table; with ``sections``, a line separates rows of different ``group``.
    The title and headers are shown in the interface language (when the catalog has
    them: they are marked with ``N_`` where they are written)."""
    table = Table(title=_(title) if title else None, title_justify="left")
    for col in columns:
        table.add_column(_(col.header), justify="right" if col.numeric else "left")
    previous = object()
    for i, row in enumerate(rows):
        group = row.get("group", row.get("depth"))
        if sections and i and group != previous:
            table.add_section()
        previous = group
        table.add_row(*(col.text(row.get(col.key)) for col in columns))
    return table


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` at its natural width, even when wider than a non-terminal console
    (so piped output is never truncated)."""
    width = Measurement.get(console, console.options.update_width(10_000), table).maximum
    if console.is_terminal or width <= console.width:
        console.print(table)
    else:
        Console(file=console.file, width=width, highlight=False).print(table)


def to_csv(columns: Sequence[Column], rows: Sequence[dict[str, Any]]) -> str:
    """CSV with the column keys as the header and raw values."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([c.key for c in columns])
    for row in rows:
        writer.writerow(["" if row.get(c.key) is None else row.get(c.key) for c in columns])
    return out.getvalue()


def to_markdown(columns: Sequence[Column], rows: Sequence[dict[str, Any]]) -> str:
    """A GitHub-flavoured Markdown table with formatted values."""
    lines = [
        "| " + " | ".join(c.header for c in columns) + " |",
        "|" + "|".join("---:" if c.numeric else ":---" for c in columns) + "|",
    ]
    for row in rows:
        cells = (c.text(row.get(c.key)).replace("|", "\\|") for c in columns)
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def to_json(rows: Sequence[dict[str, Any]]) -> str:
    """The rows as a JSON list."""
    return json.dumps(list(rows), indent=2) + "\n"
