"""Tables that fit the terminal without cutting a value.

rich squeezes a table wider than the terminal by cutting cells (``0.00…``, ``ast…``).
:func:`print_fitted` never does: a table that fits is printed as it is; one that does
not is split into parts that each fit, every part repeating the row's key columns
(the group and configuration of ``compare``); and when even the key columns do not fit,
each row is printed as ``header: value`` lines. Headers may wrap at their spaces, values
never. Output that is not a terminal (a file, a pipe) gets the whole table at its
natural width, as before, so that nothing reading it sees a split.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from rich.cells import cell_len
from rich.table import Table
from rich.text import Text

from searchlab.i18n import _

if TYPE_CHECKING:
    from rich.console import Console

BORDER = 3
"""Cells a column adds to a boxed table besides its content: a rule and two spaces."""


def _min_widths(headers: Sequence[str], rows: Sequence[Sequence[str]]) -> list[int]:
    """Each column's narrowest width: its widest value (never cut) or its header's
    longest word (headers wrap at spaces)."""
    return [
        max(
            max((cell_len(r[i]) for r in rows), default=0),
            max((cell_len(w) for w in h.split()), default=0),
        )
        for i, h in enumerate(headers)
    ]


def _width(columns: Sequence[int], widths: Sequence[int]) -> int:
    return sum(widths[i] + BORDER for i in columns) + 1


def _table(
    title: str | None,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    columns: Sequence[int],
    *,
    right: frozenset[int],
    breaks: Sequence[bool],
    widths: Sequence[int] | None,
) -> Table:
    # Text, not str: a value such as ":v:" or "[b]" is shown as it is, never as an emoji
    # or markup.
    table = Table(title=Text(title) if title else None, title_justify="left")
    for i in columns:
        table.add_column(
            Text(headers[i]),
            justify="right" if i in right else "left",
            width=widths[i] if widths is not None else None,
            overflow="fold",
        )
    for row, new_section in zip(rows, breaks, strict=True):
        if new_section:
            table.add_section()
        table.add_row(*(Text(row[i]) for i in columns))
    return table


def parts(
    headers: Sequence[str], rows: Sequence[Sequence[str]], keys: int, width: int
) -> list[list[int]] | None:
    """The column indices of each part of a table split to ``width`` (every part begins
    with the ``keys`` key columns); one part when it fits; ``None`` when even the keys
    with one more column do not fit (then the rows are stacked)."""
    widths = _min_widths(headers, rows)
    every = list(range(len(headers)))
    if _width(every, widths) <= width:
        return [every]
    key = every[:keys]
    found: list[list[int]] = []
    for i in every[keys:]:
        if found and _width([*found[-1], i], widths) <= width:
            found[-1].append(i)
        elif _width([*key, i], widths) <= width:
            found.append([*key, i])
        else:
            return None
    return found or None


def print_fitted(
    console: Console,
    title: str | None,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    *,
    right: Sequence[int] = (),
    breaks: Sequence[bool] | None = None,
    keys: int = 1,
) -> None:
    """Print a table of text cells on ``console`` with nothing cut (see the module's
    docstring). ``right``: the right-justified columns; ``breaks``: a rule before each
    row that starts a section; ``keys``: how many leading columns name a row."""
    breaks = breaks if breaks is not None else [False] * len(rows)
    justify = frozenset(right)
    if not console.is_terminal:
        from rich.console import Console as Plain
        from rich.measure import Measurement

        table = _table(
            title, headers, rows, range(len(headers)), right=justify, breaks=breaks, widths=None
        )
        wide = Measurement.get(console, console.options.update_width(10_000), table).maximum
        out = (
            console
            if wide <= console.width
            else Plain(file=console.file, width=wide, highlight=False)
        )
        out.print(table, crop=False)
        return
    natural = [max([cell_len(h), *(cell_len(r[i]) for r in rows)]) for i, h in enumerate(headers)]
    if _width(range(len(headers)), natural) <= console.width:
        console.print(
            _table(
                title, headers, rows, range(len(headers)), right=justify, breaks=breaks, widths=None
            )
        )
        return
    # Too wide: each column as narrow as its widest value (headers wrap at spaces).
    widths = _min_widths(headers, rows)
    split = parts(headers, rows, min(keys, len(headers)), console.width)
    if split is None:
        _print_stacked(console, title, headers, rows, breaks)
        return
    for n, columns in enumerate(split):
        heading = title if n == 0 else _("(continued)")
        console.print(
            _table(heading, headers, rows, columns, right=justify, breaks=breaks, widths=widths)
        )


def _print_stacked(
    console: Console,
    title: str | None,
    headers: Sequence[str],
    rows: Sequence[Sequence[str]],
    breaks: Sequence[bool],
) -> None:
    """Each row as ``header: value`` lines, a blank line between rows (a rule between
    sections): for a terminal too narrow for even one column beside the row's name."""
    if title:
        console.print(title, markup=False, style="italic")
    label = max((cell_len(h) for h in headers), default=0)
    for n, (row, new_section) in enumerate(zip(rows, breaks, strict=True)):
        if n:
            console.rule() if new_section else console.print()
        for header, value in zip(headers, row, strict=True):
            if label + 2 + cell_len(value) <= console.width:
                console.print(f"{header:<{label}}  {value}", markup=False, soft_wrap=True)
            else:  # too long beside the headers: the value under its header
                console.print(header, markup=False, soft_wrap=True)
                console.print(f"  {value}", markup=False, soft_wrap=True)
