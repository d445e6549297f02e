"""The ``searchlab demo`` sections for experiments: each built-in experiment that
declares a ``demo`` (a small run, given :func:`~searchlab.experiments.runner.run_in` to
run it in memory, in this process), drawn with rich."""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule

from searchlab.experiments.builtin import builtin_experiments
from searchlab.experiments.report import rich_table
from searchlab.experiments.runner import run_in
from searchlab.i18n import _


def demo(out: Console) -> None:
    """Print every declared experiment demo: a rule with its title, its table, its notes."""
    for spec in builtin_experiments().values():
        if spec.demo is None:
            continue
        out.print(Rule(_(spec.demo_title or spec.name)))
        results = spec.demo(run_in)
        out.print(rich_table(results.columns, results.rows, results.title, sections=False))
        for note in results.notes:
            out.print(note, markup=False)
