"""The ``searchlab demo`` section for experiments: a small AIMA Fig. 3.29."""

from __future__ import annotations

from rich.console import Console

from searchlab.experiments.builtin import aima
from searchlab.experiments.report import rich_table
from searchlab.experiments.runner import run_experiment
from searchlab.experiments.store import ResultStore
from searchlab.i18n import _


def demo(out: Console) -> None:
    """Eight random 8-puzzles at each of three depths, IDS against A* with two
    heuristics, next to the book's figures (in memory, one process)."""
    exp = aima.aima_experiment([4, 8, 12], 8)
    with ResultStore(":memory:") as store:
        summary = run_experiment(exp, store)
    rows = aima.aima_rows(summary.records, [c.label for c in exp.configurations])
    columns, lines = aima.side_by_side(rows)
    columns = [c for c in columns if not c.key.endswith(("/n", "/ebf"))]  # fits 80 columns
    out.print(
        rich_table(
            columns,
            lines,
            title=_("AIMA Fig. 3.29 in miniature: mean nodes generated, 8 instances per depth"),
            sections=False,
        )
    )
    out.print(_("Full table: searchlab experiment aima-3.29 (see docs/experiments.md)"))
