"""``searchlab experiment``: built-in experiments that reproduce published tables.

One command per experiment the families declare
(:mod:`searchlab.experiments.declared`), built here from its settings; every command
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
from searchlab.cli.common import FiniteFloat, fail
from searchlab.cli.localized import Group
from searchlab.experiments.builtin import builtin_experiments, nothing_selected
from searchlab.experiments.declared import Declared, Setting
from searchlab.experiments.plot import check_plot_path
from searchlab.experiments.sources import parse_range

F = Callable[..., Any]


@click.group(cls=Group, no_args_is_help=True)
def experiment() -> None:
    """Built-in experiments (results are stored; a finished one re-prints at once)."""


def _value_type(setting: Setting) -> Any:
    """The click type of a setting's value (a range is read as text, then parsed)."""
    if setting.kind == "seconds":
        return FiniteFloat(min=0)
    if setting.kind == "choice":
        return click.Choice(list(setting.choices))
    if setting.kind == "int":
        return int if setting.minimum is None else click.IntRange(min=setting.minimum)
    return str


def option(setting: Setting) -> Callable[[F], F]:
    """The click option of a setting."""
    names = [setting.option, *([setting.short] if setting.short else []), setting.name]
    return click.option(
        *names,
        type=_value_type(setting),
        default=setting.default,
        show_default=setting.default is not None and setting.default != (),
        multiple=setting.multiple,
        metavar=setting.metavar or ("RANGE" if setting.kind == "range" else None),
        help=setting.help,
    )


def read(setting: Setting, value: Any) -> Any:
    """A setting's value as the builder takes it: a range's text as its integers."""
    if setting.kind == "range" and value is not None:
        return parse_range(
            value, name=setting.option, minimum=setting.minimum or 0, step=setting.step
        )
    return value


def command(spec: Declared) -> click.Command:
    """The ``searchlab experiment`` command of one declared experiment."""

    def run_experiment(run: RunOptions, out: OutputOptions, **values: Any) -> None:
        if out.plot_path:
            check_plot_path(out.plot_path)
        exp = spec.build(**{s.name: read(s, values[s.name]) for s in spec.settings})
        if not exp.instances and not exp.requests:
            fail(nothing_selected(spec))
        summary = execute(exp, run)
        if out.plot_path and spec.plot is not None:
            spec.plot(exp, summary, out.plot_path)
        emit_results(spec.results(exp, summary), out)
        finish_experiment(summary)

    callback = (output_options if spec.plot is not None else table_options)(run_experiment)
    callback = execution_options(callback)
    for setting in reversed(spec.settings):
        callback = option(setting)(callback)
    return experiment.command(spec.name, short_help=spec.summary, help=spec.help)(callback)


for _spec in builtin_experiments().values():
    command(_spec)
