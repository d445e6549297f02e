"""``searchlab experiment``: built-in experiments that reproduce published tables.

One command per experiment the families declare
(:mod:`searchlab.records.experiment`), its options made by the builder of the
families' own commands (:func:`searchlab.cli.family_commands.parameters`); every command
also takes the execution options (``--workers``, ``--db``, ``--fresh``...) and the
table's outputs (``--json``, ``--csv``, ``--markdown``; ``--plot`` when the experiment
draws one)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import click

from searchlab.cli.batch import (
    OutputOptions,
    RunOptions,
    emit_results,
    execute,
    execution_options,
    finish_experiment,
    output_options,
    table_options,
)
from searchlab.cli.blocks import parameters
from searchlab.cli.common import fail
from searchlab.cli.localized import Group
from searchlab.experiments.builtin import builtin_experiments, nothing_selected
from searchlab.records.experiment import Declared
from searchlab.records.plot import check_plot_path
from searchlab.records.sources import parse_range

F = Callable[..., Any]


@click.group(cls=Group, no_args_is_help=True)
def experiment() -> None:
    """Built-in experiments (results are stored; a finished one re-prints at once)."""


def read(spec: Declared, values: dict[str, Any]) -> dict[str, Any]:
    """The options as the builder takes them: each range's text as its integers."""
    for option in spec.settings:
        step = spec.ranges.get(option.keyword)
        if step is not None and values.get(option.keyword) is not None:
            values[option.keyword] = parse_range(
                values[option.keyword],
                name=f"--{option.name.replace('_', '-')}",
                minimum=int(option.minimum or 0),
                step=step,
            )
    return values


def command(spec: Declared) -> click.Command:
    """The ``searchlab experiment`` command of one declared experiment."""

    def run_experiment(run: RunOptions, out: OutputOptions, **values: Any) -> None:
        if out.plot_path:
            check_plot_path(out.plot_path)
        exp = spec.build(**read(spec, values))
        if not exp.instances and not exp.requests:
            fail(nothing_selected(spec))
        summary = execute(exp, run)
        if out.plot_path and spec.plot is not None:
            spec.plot(exp, summary, out.plot_path)
        emit_results(spec.results(exp, summary), out)
        finish_experiment(summary)

    callback = (output_options if spec.plot is not None else table_options)(run_experiment)
    callback = execution_options(callback)
    callback.__click_params__.extend(reversed(parameters(spec.settings)))  # type: ignore[attr-defined]
    return experiment.command(spec.name, short_help=spec.summary, help=spec.help)(callback)


for _spec in builtin_experiments().values():
    command(_spec)
