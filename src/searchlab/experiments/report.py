"""Tables of results in the terminal (rich), and the columns of ``searchlab compare``.

A table is a list of :class:`~searchlab.records.results.Column` and a list of row
dicts (:mod:`searchlab.records.results` writes the same two as CSV, Markdown, JSON
and HTML), so the terminal table and the files always agree.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from rich.table import Table

from searchlab.i18n import N_, NP_, _
from searchlab.records.aggregate import GroupRow
from searchlab.records.results import Column

COMPARE_COLUMNS = (
    Column("group", N_("group"), numeric=False),
    Column("label", N_("configuration"), numeric=False),
    Column("solved", NP_("count", "solved"), context="count"),
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


def table_cells(
    columns: Sequence[Column], rows: Sequence[dict[str, Any]], *, sections: bool = True
) -> tuple[list[str], list[list[str]], list[int], list[bool]]:
    """A results table as text, as people read it: the headers and cells in the interface
    language (:meth:`Column.shown_text`), the right-justified (numeric) columns, and
    for each row whether a rule comes before it (with ``sections``: a new ``group``)."""
    headers = [col.shown_header() for col in columns]
    cells = [[col.shown_text(row.get(col.key)) for col in columns] for row in rows]
    right = [i for i, col in enumerate(columns) if col.numeric]
    groups = [row.get("group", row.get("depth")) for row in rows]
    breaks = [sections and i > 0 and groups[i] != groups[i - 1] for i in range(len(rows))]
    return headers, cells, right, breaks


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
    headers, cells, right, breaks = table_cells(columns, rows, sections=sections)
    table = Table(title=_(title) if title else None, title_justify="left")
    for i, header in enumerate(headers):
        table.add_column(header, justify="right" if i in right else "left")
    for row, new_section in zip(cells, breaks, strict=True):
        if new_section:
            table.add_section()
        table.add_row(*row)
    return table
