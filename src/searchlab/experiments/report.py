"""Tables of results in the terminal (rich), and the columns of ``searchlab compare``.

A table is a list of :class:`~searchlab.families.results.Column` and a list of row
dicts (:mod:`searchlab.families.results` writes the same two as CSV, Markdown, JSON
and HTML), so the terminal table and the files always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.console import Console
from rich.measure import Measurement
from rich.table import Table

from searchlab.families.aggregate import GroupRow
from searchlab.families.results import Column
from searchlab.i18n import N_, _

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
        table.add_row(*(col.shown_text(row.get(col.key)) for col in columns))
    return table


def print_table(console: Console, table: Table) -> None:
    """Print ``table`` at its natural width, even when wider than a non-terminal console
    (so piped output is never truncated)."""
    width = Measurement.get(console, console.options.update_width(10_000), table).maximum
    if console.is_terminal or width <= console.width:
        console.print(table)
    else:
        Console(file=console.file, width=width, highlight=False).print(table)
