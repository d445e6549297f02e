"""``searchlab <family> <command>``: every family's command group, built from its contract.

A family declares its commands as data in its folder (:mod:`searchlab.families.contract`):
its solve command (:attr:`~searchlab.families.contract.Family.solve_options` and
``from_options``) and its own tasks (:class:`~searchlab.families.contract.Task`). This
module is the one builder that makes Click commands of them and draws what they yield
(:data:`~searchlab.families.contract.Block`, with :mod:`searchlab.cli.blocks`): text,
tables and statistics on standard output, records as JSON with ``--json``, notes on
standard error, then the exit status; it supplies what a task asks for (Ctrl-C, a
progress bar, parallel workers). No family is named here; ``searchlab --help`` lists
the groups without importing them (:func:`searchlab.families.family_summary`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import ExitStack
from typing import Any

import click

from searchlab import families
from searchlab.cli.blocks import draw, parameters, read_paths
from searchlab.cli.common import (
    FractionBar,
    cancel_on_interrupt,
    optimality_note,
)
from searchlab.cli.examples import examples_epilog
from searchlab.cli.localized import Command, Group
from searchlab.cli.solving import human_report, solve_and_report, solve_cmd, solve_file
from searchlab.families.contract import (
    Block,
    PuzzleFamily,
    Setup,
    SolveCommand,
    Task,
)
from searchlab.families.kit import JSON, LIMIT_OPTIONS
from searchlab.i18n import _
from searchlab.search.result import SearchResult


def task_command(family: str, task: Task) -> click.Command:
    """``searchlab FAMILY TASK [--option VALUE]...`` from a :class:`Task` record: its
    options become Click options, its blocks are drawn (:func:`draw`), an InputError
    is the usual one line and exit 2."""
    before = [*task.options, *(LIMIT_OPTIONS if task.limits else ())]
    after = [JSON] if task.json else []
    options = before + after

    def run(**values: Any) -> None:
        read_paths(options, values)
        as_json = bool(values.get("as_json"))
        if task.runner:
            from searchlab.experiments.parallel import Workers

            values["runner"] = Workers(values.pop("workers"), values.pop("scheduler"))
        with ExitStack() as stack:
            if task.limits or task.cancel:
                values["cancel"] = stack.enter_context(cancel_on_interrupt())
            if task.progress:
                title = _(task.progress_title) if task.progress_title else ""
                show = False if as_json else None
                bar = stack.enter_context(FractionBar(title, show, log=task.progress_log))
                values["progress"] = bar.update
                code = draw(after_bar(bar, task.run(**values)), as_json=as_json)
            else:
                code = draw(task.run(**values), as_json=as_json)
        if code:
            raise click.exceptions.Exit(code)

    examples = [task.example, *task.examples] if task.example else task.examples
    lines = [f"searchlab {family} {task.name} {args}".rstrip() for args in examples]
    return Command(
        task.name,
        params=[
            *parameters(before),
            *(runner_parameters() if task.runner else ()),
            *parameters(after),
        ],
        callback=run,
        help=task.help,
        epilog=examples_epilog(lines) if lines else None,
    )


def after_bar(bar: FractionBar, blocks: Iterable[Block]) -> Iterator[Block]:
    """``blocks``, with the progress bar closed before each is drawn (while a bar is live,
    rich sends what is written to standard output through the bar's console, stderr)."""
    for block in blocks:
        bar.close()
        yield block


def runner_parameters() -> list[click.Parameter]:
    """``--workers/-w`` and ``--scheduler``: where a task's work items run (a
    :class:`~searchlab.experiments.parallel.Workers`)."""

    def usable_cpus() -> int:  # the experiments package loads only when it is needed
        from searchlab.experiments.parallel import usable_cpus

        return usable_cpus()

    return [
        click.Option(
            ["--workers", "-w", "workers"],
            type=click.IntRange(min=0),
            default=usable_cpus,
            show_default="number of CPUs",
            help="Local Dask worker processes; 0 runs the shards in this process.",
        ),
        click.Option(
            ["--scheduler", "scheduler"],
            metavar="ADDRESS",
            help="Run on a Dask distributed cluster (e.g. tcp://host:8786) instead.",
        ),
    ]


LIMITS = tuple(option.keyword for option in LIMIT_OPTIONS)
"""The limit keywords a solve command passes on to ``solve`` (``time_limit``...)."""


def solve_command(family: PuzzleFamily, command: SolveCommand[Any]) -> click.Command:
    """The family's own solve command, from its :class:`SolveCommand`: the instance (or
    :class:`Setup`) its options build solved as ``searchlab solve`` does
    (:func:`solve_and_report`: limits, Ctrl-C, progress, ``--svg``, ``--html``, JSON,
    exit status)."""
    options = list(command.options)

    def solve(**values: Any) -> None:
        read_paths(options, values)
        built = (
            command.from_options(**values)
            if command.from_options is not None
            else family.read(values.get("file") or "")
        )
        setup: Setup[Any] = built if isinstance(built, Setup) else Setup(built)
        as_json = bool(values.get("as_json"))
        draw(setup.blocks, as_json=as_json)
        keywords = {k: values[k] for k in LIMITS if k in values}
        keywords.update(setup.options)
        if setup.watch is not None:
            keywords["observer"] = setup.watch(lambda text: click.echo(text, nl=False))
        algorithm = setup.algorithm or values.get("algorithm")
        note = None
        if family.optimal is not None:
            note = optimality_note(algorithm or family.algorithms[0], family.optimal)
        human = None if setup.report is None else reporter(family, setup, note)
        with FractionBar(_(setup.bar_title) if setup.bar_title else "") as bar:
            if setup.bar:
                keywords[setup.bar] = bar.update
            solve_and_report(
                family,
                setup.instance,
                algorithm,
                setup.heuristic or values.get("heuristic"),
                as_json=as_json,
                svg_path=values.get("svg_path"),
                html_path=values.get("html_path"),
                human=human,
                note=note,
                **keywords,
            )

    name = command.name
    lines = [f"searchlab {family.name} {name} {args}" for args in command.examples]
    return Command(
        name,
        params=parameters(options),
        callback=solve,
        help=command.help or solve_cmd.help,
        epilog=examples_epilog(lines) if lines else None,
    )


def reporter(
    family: PuzzleFamily, setup: Setup[Any], note: str | None
) -> Callable[[SearchResult], None]:
    """The human answer of a solve: the setup's report, else the standard one."""
    assert setup.report is not None
    report = setup.report

    def human(result: SearchResult) -> None:
        blocks = report(result)
        if blocks is None:
            human_report(family, setup.instance, result, note)
        else:
            draw(blocks)

    return human


def generic_solve(family: PuzzleFamily) -> click.Command:
    """``searchlab NAME solve``: ``searchlab solve`` bound to ``family`` (every option of
    it but the family argument), for a family that declares no solve options."""

    def solve(file: str, **options: Any) -> None:
        solve_file(family, file, **options)

    import shlex  # here: a family with its own solve command never needs it

    board = family.examples[0].text.replace("\n", "\\n")
    example = f"printf {shlex.quote(board)} | searchlab {family.name} solve - --svg board.svg"
    return Command(
        "solve",
        params=[p for p in solve_cmd.params if p.name != "family_name"],
        callback=solve,
        help=solve_cmd.help,
        epilog=examples_epilog([example]),
    )


def family_group(name: str, help: str) -> click.Group:
    """``searchlab NAME``: the family's solve command and its tasks (``help``: its
    one-line description)."""
    family = families.get(name)
    own = family.command
    solve = solve_command(family, own) if own is not None else generic_solve(family)
    commands: dict[str, click.Command] = {solve.name or "solve": solve}
    for task in family.tasks:
        commands[task.name] = task_command(name, task)
    return Group(name, commands=commands, help=help, no_args_is_help=True)
