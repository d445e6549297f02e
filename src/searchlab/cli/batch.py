"""Batch runs from the command line: the options and helpers shared by
``searchlab compare`` and ``searchlab experiment`` (execution backend, database,
progress bar, Ctrl-C, and the output writers)."""

from __future__ import annotations

import functools
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, cast

import click
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TaskID,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)

from searchlab.cli.common import (
    cancel_on_interrupt,
    console,
    err_console,
    json_option,
    one_on_stdout,
    print_json,
    real_console,
    write_output,
)
from searchlab.cli.fit import print_fitted
from searchlab.experiments.parallel import usable_cpus
from searchlab.experiments.report import table_cells
from searchlab.experiments.runner import run_experiment
from searchlab.experiments.store import DEFAULT_DB, ResultStore
from searchlab.i18n import _
from searchlab.records.experiment import Experiment, RunSummary
from searchlab.records.plot import check_plot_path
from searchlab.records.results import Column, Results, to_csv, to_markdown

F = Callable[..., Any]


@dataclass(frozen=True, slots=True)
class RunOptions:
    """Where and how to run: ``--workers``, ``--scheduler``, ``--db``, ``--fresh``,
    ``--progress/--no-progress`` (passed to commands as ``run``)."""

    workers: int
    scheduler: str | None
    db: str
    fresh: bool
    show_progress: bool | None


@dataclass(frozen=True, slots=True)
class OutputOptions:
    """Where the table goes: ``--json``, ``--csv``, ``--markdown`` and, for commands
    that plot, ``--plot`` (passed to commands as ``out``)."""

    as_json: bool
    csv_path: str | None
    md_path: str | None
    plot_path: str | None = None


def _collect(fn: F, name: str, cls: type[Any], fields: tuple[str, ...]) -> F:
    """Wrap a click callback so the ``fields`` keyword arguments arrive as one ``cls``."""

    @functools.wraps(fn)
    def wrapper(**kwargs: Any) -> Any:
        kwargs[name] = cls(**{f: kwargs.pop(f) for f in fields if f in kwargs})
        return fn(**kwargs)

    return wrapper


def default_workers() -> int:
    """The default size of the local process pool: the number of usable CPUs."""
    return usable_cpus()


seed_option = click.option(
    "--seed", type=int, default=0, show_default=True, help="Base random seed."
)
"""``--seed``: the base seed of the generated instances."""


def execution_options(fn: F) -> F:
    """``--workers``, ``--scheduler``, ``--db``, ``--fresh``, ``--progress/--no-progress``."""
    options = [
        click.option(
            "--workers",
            "-w",
            type=click.IntRange(min=1),
            default=default_workers,
            show_default="number of CPUs",
            help="Local worker processes.",
        ),
        click.option(
            "--scheduler",
            metavar="ADDRESS",
            help="Run on a Dask distributed cluster (e.g. tcp://host:8786).",
        ),
        click.option(
            "--db",
            type=click.Path(dir_okay=False),
            default=DEFAULT_DB,
            show_default=True,
            help="SQLite results database (resumes from it).",
        ),
        click.option("--fresh", is_flag=True, help="Discard this experiment's stored results."),
        click.option(
            "--progress/--no-progress",
            "show_progress",
            default=None,
            help="Progress bar on stderr (default: when stderr is a terminal).",
        ),
    ]
    wrapped = _collect(fn, "run", RunOptions, RunOptions.__slots__)
    for option in reversed(options):
        wrapped = option(wrapped)
    return wrapped


def _output_option_list(plot: bool) -> list[Callable[[F], F]]:
    options: list[Callable[[F], F]] = [
        json_option("Print the rows as JSON."),
        click.option(
            "--csv", "csv_path", metavar="FILE", help="Write the table as CSV ('-': stdout)."
        ),
        click.option(
            "--markdown",
            "md_path",
            metavar="FILE",
            help="Write the table as Markdown ('-': stdout).",
        ),
    ]
    if plot:
        options.append(
            click.option(
                "--plot",
                "plot_path",
                metavar="FILE",
                help="Plot search cost on a log scale (.png, .svg or .pdf).",
            )
        )
    return options


def _checked_output(fn: F) -> F:
    """``fn`` with its :class:`OutputOptions` checked before any work: one output on
    standard output at most, and a ``--plot`` file that can be written."""

    @functools.wraps(fn)
    def wrapper(**kwargs: Any) -> Any:
        out: OutputOptions = kwargs["out"]
        one_on_stdout(json=out.as_json, csv=out.csv_path, markdown=out.md_path)
        if out.plot_path:
            check_plot_path(out.plot_path)
        return fn(**kwargs)

    return cast(F, wrapper)


def table_options(fn: F) -> F:
    """``--json``, ``--csv FILE``, ``--markdown FILE`` (as ``out``)."""
    wrapped = _collect(_checked_output(fn), "out", OutputOptions, OutputOptions.__slots__)
    for option in reversed(_output_option_list(plot=False)):
        wrapped = option(wrapped)
    return wrapped


def output_options(fn: F) -> F:
    """:func:`table_options` and ``--plot FILE`` (as ``out``)."""
    wrapped = _collect(_checked_output(fn), "out", OutputOptions, OutputOptions.__slots__)
    for option in reversed(_output_option_list(plot=True)):
        wrapped = option(wrapped)
    return wrapped


def emit(
    columns: Sequence[Column],
    rows: Sequence[dict[str, Any]],
    out: OutputOptions,
    *,
    title: str,
    json_rows: Sequence[dict[str, Any]] | None = None,
    sections: bool = True,
) -> bool:
    """Write the table where asked; print it (or the JSON rows) on stdout unless a
    writer already uses stdout. True when the table was printed on the terminal."""
    if out.csv_path:
        write_table(out.csv_path, columns, rows, "csv")
    if out.md_path:
        write_table(out.md_path, columns, rows, "markdown")
    if out.as_json:
        print_json(list(json_rows if json_rows is not None else rows))
        return False
    if "-" in (out.csv_path, out.md_path):
        return False
    headers, cells, right, breaks = table_cells(columns, rows, sections=sections)
    keys = next((i for i, col in enumerate(columns) if col.numeric), len(columns))
    print_fitted(
        real_console(console),
        _(title) if title else None,
        headers,
        cells,
        right=right,
        breaks=breaks,
        keys=max(1, min(keys, 2)),
    )
    return True


def emit_results(results: Results, out: OutputOptions) -> bool:
    """:func:`emit` a :class:`~searchlab.records.results.Results` (its shown rows,
    its ``--json`` data), and its notes under the table when the table was shown."""
    shown = emit(
        results.columns,
        results.rows,
        out,
        title=results.title,
        json_rows=results.data,
        sections=results.sections,
    )
    if shown:
        for note in results.notes:
            console.print(note, markup=False)
    return shown


def plain_progress(every: float = 2.0) -> Callable[[str, int, int], None]:
    """A progress callback for a stderr that is not a terminal (``--progress`` into a
    log): one line ``phase: done/total`` per phase at most every ``every`` seconds,
    and always its last one."""
    last: dict[str, float] = {}

    def progress(phase: str, done: int, total: int) -> None:
        now = time.monotonic()
        if done < total and now - last.get(phase, -every) < every:
            return
        last[phase] = now
        print(f"{_(phase)}: {done:,}/{total:,}", file=sys.stderr, flush=True)

    return progress


@contextmanager
def progress_display(show: bool) -> Iterator[Callable[[str, int, int], None] | None]:
    """The progress callback of a run: none, plain lines (stderr not a terminal, e.g.
    ``--progress`` into a log), or a rich bar per phase."""
    if not show:
        yield None
    elif not err_console.is_terminal:
        yield plain_progress()
    else:
        with Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeElapsedColumn(),
            TimeRemainingColumn(),
            console=real_console(err_console),
            transient=True,
        ) as bar:
            tasks: dict[str, TaskID] = {}

            def progress(phase: str, done: int, total: int) -> None:
                if phase not in tasks:
                    tasks[phase] = bar.add_task(_(phase), total=total)
                bar.update(tasks[phase], completed=done, total=total)

            yield progress


def execute(experiment: Experiment, run: RunOptions) -> RunSummary:
    """Run ``experiment`` with a progress bar and Ctrl-C handling; report resumes
    and interruptions on stderr."""
    db, workers, scheduler, show_progress = run.db, run.workers, run.scheduler, run.show_progress
    show = err_console.is_terminal if show_progress is None else show_progress
    with ResultStore(db) as store, cancel_on_interrupt() as cancel:
        if run.fresh:
            store.forget(experiment.name)
        with progress_display(show) as progress:
            summary = run_experiment(
                experiment,
                store,
                workers=workers,
                scheduler=scheduler,
                cancel=cancel,
                progress=progress,
            )
    if summary.reused:
        err_console.print(
            _("{reused} of {planned} runs reused from {db}").format(
                reused=f"{summary.reused:,}", planned=f"{len(summary.planned):,}", db=db
            ),
            markup=False,
        )
    if summary.errors:
        err_console.print(
            _("warning: {n} runs failed (status 'error')").format(n=summary.errors), markup=False
        )
    if summary.interrupted and not summary.planned:  # still drawing the instances
        err_console.print(
            _("interrupted before any run: nothing stored in {db}").format(db=db), markup=False
        )
    elif summary.interrupted:
        done = summary.reused + summary.ran
        err_console.print(
            _(
                "interrupted: {done} of {planned} runs stored in {db}; "
                "run the same command again to resume"
            ).format(done=f"{done:,}", planned=f"{max(summary.total, done):,}", db=db),
            markup=False,
        )
    return summary


def finish_experiment(summary: RunSummary) -> None:
    """End the command: exit status 130 when Ctrl-C interrupted the experiment."""
    if summary.interrupted:
        raise click.exceptions.Exit(130)


def write_table(
    path: str, columns: Sequence[Column], rows: Sequence[dict[str, Any]], fmt: str
) -> None:
    """Write ``rows`` as CSV or Markdown to ``path`` ('-' for standard output)."""
    write_output(path, to_csv(columns, rows) if fmt == "csv" else to_markdown(columns, rows))
