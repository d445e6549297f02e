"""The results of ``compare`` and of the built-in experiments: tables, ready for a notebook.

A table is a list of :class:`Column` and a list of row dicts; every writer reads the
same two (CSV, Markdown and JSON here, HTML for Jupyter, rich in the experiments
layer's :mod:`searchlab.experiments.report`), so the terminal table and the files
always agree. Missing values (``None``) print as an en dash in text and as an empty
cell in CSV.

A :class:`Results` holds the table the CLI prints (its :class:`Column` list and
row dicts), the machine rows ``--json`` prints (:attr:`Results.data`) and the run
records. In Jupyter it shows itself as an HTML table (``_repr_html_``, every cell
escaped); :meth:`Results.to_pandas` gives a DataFrame (pandas is the optional
``notebook`` extra, imported only there); in a terminal ``print(results)`` gives
a Markdown table.

>>> from searchlab.records.results import Column
>>> res = Results("demo", (Column("n", "n"), Column("name", "name", numeric=False)),
...               [{"n": 1234, "name": "<b>"}])
>>> print(res)
demo
<BLANKLINE>
| n | name |
|---:|:---|
| 1,234 | <b> |
>>> "&lt;b&gt;" in res._repr_html_()
True
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from html import escape
from typing import TYPE_CHECKING, Any

from searchlab.i18n import _, pgettext
from searchlab.records.runs import RunRecord

if TYPE_CHECKING:
    import pandas

    from searchlab.records.experiment import RunSummary


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
    shown: Callable[[Any], str] | None = None
    """How the human table shows a value, in the interface language ("yes" as "sí");
    CSV, Markdown and JSON keep :meth:`text`'s, which never change with the language."""
    context: str | None = None
    """The header's translation context (marked with ``NP_(context, header)``), where
    the header's word has another translation elsewhere ("solved": a count here)."""

    def shown_header(self) -> str:
        """The header in the interface language."""
        return pgettext(self.context, self.header) if self.context else _(self.header)

    def shown_text(self, value: Any) -> str:
        """The value as the human table shows it (:attr:`shown`, else :meth:`text`)."""
        return (
            self.shown(value) if self.shown is not None and value is not None else self.text(value)
        )

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


MAX_HTML_ROWS = 500
"""Rows shown by ``_repr_html_``; the rest are counted (``to_pandas()`` has them all)."""

INSTALL_HINT = "pip install 'searchlab[notebook]'"


@dataclass(frozen=True, eq=False, repr=False)
class Results:
    """A results table: what ``searchlab compare`` or ``searchlab experiment`` prints.

    Attributes
    ----------
    title : the table's title.
    columns : the shown columns (key, header, number format).
    rows : the shown rows, one dict per line, raw values keyed by column key.
    data : the machine rows (``--json``): every measured field, raw numbers; the
        same as ``rows`` unless the experiment prints a summary of finer data.
    notes : sentences printed under the table (conventions, comparisons).
    sections : a rule between rows of different ``group`` in the HTML table.
    summary : what the runner did (planned, reused, interrupted...), when it ran.
    """

    title: str
    columns: Sequence[Column]
    rows: Sequence[dict[str, Any]]
    data: Sequence[dict[str, Any]] | None = None
    notes: Sequence[str] = ()
    sections: bool = False
    summary: RunSummary | None = field(default=None)

    @property
    def records(self) -> list[RunRecord]:
        """Every run behind the table (empty when the table was built from rows alone)."""
        return list(self.summary.records) if self.summary is not None else []

    @property
    def machine_rows(self) -> list[dict[str, Any]]:
        """:attr:`data` when given, else :attr:`rows`, as plain dicts."""
        return [dict(r) for r in (self.data if self.data is not None else self.rows)]

    def to_pandas(self, *, runs: bool = False) -> pandas.DataFrame:
        """The machine rows (:attr:`data`) as a DataFrame, one column per field in
        first-seen order; with ``runs=True`` one row per run record instead.

        Needs pandas (``pip install 'searchlab[notebook]'``).
        """
        try:
            import pandas as pd
        except ImportError:
            raise ModuleNotFoundError(
                f"to_pandas() needs pandas: {INSTALL_HINT}", name="pandas"
            ) from None
        rows = [r.as_dict() for r in self.records] if runs else self.machine_rows
        keys = list(dict.fromkeys(k for r in rows for k in r))
        return pd.DataFrame.from_records(rows, columns=keys)

    def to_csv(self) -> str:
        """The shown table as CSV (column keys as header, raw values)."""
        return to_csv(self.columns, [dict(r) for r in self.rows])

    def to_markdown(self) -> str:
        """The shown table as a Markdown table (formatted values)."""
        return to_markdown(self.columns, [dict(r) for r in self.rows])

    def to_json(self) -> str:
        """The machine rows as JSON (what ``--json`` prints)."""
        return to_json(self.machine_rows)

    def _repr_html_(self) -> str:
        return html_table(
            self.columns, self.rows, title=self.title, notes=self.notes, sections=self.sections
        )

    def __str__(self) -> str:
        notes = "".join(f"\n{n}" for n in self.notes)
        return f"{self.title}\n\n{self.to_markdown().rstrip()}{notes}"

    def __repr__(self) -> str:
        return f"<Results {self.title!r}: {len(self.rows)} rows>"


def _cell(tag: str, text: str, numeric: bool, extra: str = "") -> str:
    align = "right" if numeric else "left"
    style = f"text-align:{align};padding:.15em .6em{extra}"
    return f'<{tag} style="{style}">{escape(text)}</{tag}>'


def html_table(
    columns: Sequence[Column],
    rows: Sequence[Mapping[str, Any]],
    *,
    title: str = "",
    notes: Sequence[str] = (),
    sections: bool = False,
    max_rows: int = MAX_HTML_ROWS,
) -> str:
    """An HTML table (the notebook form of the terminal's table,
    :func:`searchlab.experiments.report.rich_table`):
    values formatted as in the terminal, every header, cell, title and note escaped;
    with ``sections`` a rule separates rows of different ``group``."""
    head = "".join(_cell("th", c.header, c.numeric) for c in columns)
    body = []
    previous: object = object()
    for i, row in enumerate(rows[:max_rows]):
        group = row.get("group", row.get("depth"))
        rule = ";border-top:2px solid #999" if sections and i and group != previous else ""
        previous = group
        body.append(
            "<tr>"
            + "".join(_cell("td", c.text(row.get(c.key)), c.numeric, rule) for c in columns)
            + "</tr>"
        )
    more = len(rows) - max_rows
    if more > 0:
        body.append(
            f'<tr><td colspan="{len(columns)}">… {more:,} more rows '
            "(to_pandas() has them all)</td></tr>"
        )
    caption = (
        f'<caption style="text-align:left;font-weight:bold">{escape(title)}</caption>'
        if title
        else ""
    )
    after = "".join(f'<p style="font-size:smaller">{escape(n)}</p>' for n in notes)
    return (
        f'<div class="searchlab-results"><table style="border-collapse:collapse">{caption}'
        f"<thead><tr>{head}</tr></thead><tbody>{''.join(body)}</tbody></table>{after}</div>"
    )
