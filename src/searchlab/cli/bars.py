"""The progress bar of long work measured as a fraction (a database build, levels counted,
puzzles enumerated), drawn whole on any terminal width.

rich lays a progress line out as one table row: on an 80-column terminal a long caption
and its figures ("123/1,024 shards, 1,234,567 clusters, ...") squeezed the bar away
and cut the percentage and the time left (issue 34). Here the line is one row when it
fits; otherwise the caption and its figures come first, folded at the terminal's
width, and the bar, the percentage, the elapsed time and the time left come under them:
nothing is cut. Imported only when a bar is drawn (rich is not imported before).
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, RenderableType
from rich.progress import (
    BarColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Column
from rich.text import Text

BAR_MIN = 10
"""The narrowest bar drawn (columns)."""
FIGURES = 6 + 1 + 7 + 1 + 7
"""Columns of `` 45.0% 0:00:12 0:01:40`` (the percentage and the two times)."""


def caption(task: Task) -> Text:
    """The task's caption and its figures: ``title  info``, the title in bold."""
    text = Text(str(task.description), style="bold")
    info = str(task.fields.get("info", ""))
    if info:
        text.append("  " + info)
    return text


class FractionProgress(Progress):
    """A rich ``Progress`` whose line is split in two rather than cut (module docstring)."""

    def __init__(self, console: Console) -> None:
        super().__init__(console=console, transient=True)

    def columns_for(self, with_caption: bool) -> list[ProgressColumn]:
        def fixed() -> Column:  # a column of its own each time (rich numbers them)
            return Column(no_wrap=True)

        columns: list[ProgressColumn] = []
        if with_caption:
            columns += [
                TextColumn("{task.description}", style="bold", markup=False, table_column=fixed()),
                TextColumn("{task.fields[info]}", markup=False, table_column=fixed()),
            ]
        columns += [
            BarColumn(bar_width=None, table_column=Column(min_width=BAR_MIN, ratio=1)),
            TextColumn("{task.percentage:>5.1f}%", table_column=fixed()),
            TimeElapsedColumn(table_column=fixed()),
            TimeRemainingColumn(table_column=fixed()),
        ]
        return columns

    def get_renderables(self) -> Iterable[RenderableType]:
        if not hasattr(self, "live"):  # rich draws once while it is being made
            return
        width = self.console.width
        for task in self.tasks:
            if not task.visible:
                continue
            one_line = caption(task).cell_len + 2 + BAR_MIN + 1 + FIGURES <= width
            self.columns = tuple(self.columns_for(one_line))
            if not one_line:
                text = caption(task)
                text.overflow = "fold"
                yield text
            yield self.make_tasks_table([task])
