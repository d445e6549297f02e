"""Solving through the family contract: ``searchlab solve FAMILY`` and every family's
``solve`` command share :func:`report_solution`.

One code path for all families: run ``family.solve`` with the limits, Ctrl-C
and a progress line; write ``--svg`` and ``--html``; print either the one JSON
shape (:func:`searchlab.families.output.result_json`) or the human report; exit
with the convention of every searchlab command (0 solved, 1 not solved, 130
interrupted).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import click

from searchlab import families
from searchlab.cli.common import (
    STDOUT,
    describe_outcome,
    finish,
    json_option,
    max_expansions_option,
    max_nodes_option,
    one_on_stdout,
    optimality_note,
    print_json,
    read_input,
    run_with_progress,
    time_limit_option,
    write_output,
)
from searchlab.cli.localized import Command
from searchlab.cli.replay import check_replay, html_option, save_replay
from searchlab.cli.stats_text import print_stats
from searchlab.families.contract import PuzzleFamily
from searchlab.families.output import result_json
from searchlab.i18n import _
from searchlab.search.result import SearchResult


def svg_option(help: str = "Also write the board as SVG to this file.") -> Callable[[Any], Any]:
    """``--svg FILE`` (parameter ``svg_path``)."""
    return click.option("--svg", "svg_path", type=click.Path(dir_okay=False), help=help)


def solve_with_progress(
    family: PuzzleFamily,
    instance: Any,
    algorithm: str | None,
    heuristic: str | None,
    *,
    show: bool | None = None,
    **options: Any,
) -> SearchResult:
    """``family.run`` with Ctrl-C cancellation and a progress line on a terminal."""
    return run_with_progress(
        lambda cancel, progress: family.run(
            instance, algorithm, heuristic, cancel=cancel, progress=progress, **options
        ),
        show=show,
    )


def join_moves(actions: Sequence[Any]) -> str:
    """Moves as one line: single-letter moves run together ("RRDL"), others spaced."""
    labels = [str(a) for a in actions]
    return ("" if all(len(x) == 1 for x in labels) else " ").join(labels)


def human_report(
    family: PuzzleFamily,
    instance: Any,
    result: SearchResult,
    note: str | None = None,
    *,
    err: bool = False,
) -> None:
    """The solution as text (the family's picture), the outcome (with ``note`` under it
    when solved: whether the solution is optimal), the moves, the statistics; on stderr
    with ``err`` (when a ``-`` file option has standard output)."""
    # Plain writes, not rich's: a 100,000-move solution (DFS) prints in a second
    # instead of half a minute of rich's wrapping.
    write_text = family.drawing.text if family.drawing is not None else None
    if result.solved and write_text is not None:
        text = write_text(instance, result)
        if text:
            click.echo(text, err=err)
    click.echo(describe_outcome(result), err=err)
    if result.solved and note:
        click.echo(note, err=err)
    if result.solved:
        click.echo(_("moves:") + " " + join_moves(result.actions), err=err)
    print_stats(result.stats, err=err)


def report_solution(
    family: PuzzleFamily,
    instance: Any,
    result: SearchResult,
    *,
    as_json: bool = False,
    svg_path: str | None = None,
    html_path: str | None = None,
    human: Callable[[SearchResult], None] | None = None,
    note: str | None = None,
) -> None:
    """Write ``--svg``/``--html``, print JSON or the human report (``human`` replaces the
    default one; ``note``: see :func:`human_report`), and exit with the status convention."""
    if svg_path:
        write_output(svg_path, family.picture(instance, result))
    if html_path:
        save_replay(
            html_path,
            family,
            instance,
            [str(a) for a in result.actions],
            result.states,
            stats=result.stats.as_dict(),
        )
    if as_json:
        print_json(result_json(family, instance, result))
    elif human is not None and STDOUT not in (svg_path, html_path):
        human(result)
    else:  # with a '-' file option, the picture or the page is the output
        human_report(family, instance, result, note, err=STDOUT in (svg_path, html_path))
    finish(result)


def solve_and_report(
    family: PuzzleFamily,
    instance: Any,
    algorithm: str | None,
    heuristic: str | None,
    *,
    as_json: bool = False,
    svg_path: str | None = None,
    html_path: str | None = None,
    human: Callable[[SearchResult], None] | None = None,
    note: str | None = None,
    **options: Any,
) -> None:
    """:func:`solve_with_progress` (no progress line with ``--json``), then
    :func:`report_solution`: the whole of a solve command after its options are read."""
    one_on_stdout(json=as_json, svg=svg_path, html=html_path)
    if html_path:
        check_replay(family, instance)
    if note is None and family.optimal is not None:
        note = optimality_note(algorithm or family.algorithms[0], family.optimal)
    result = solve_with_progress(
        family, instance, algorithm, heuristic, show=False if as_json else None, **options
    )
    report_solution(
        family,
        instance,
        result,
        as_json=as_json,
        svg_path=svg_path,
        html_path=html_path,
        human=human,
        note=note,
    )


def optimal_line(family: PuzzleFamily) -> str:
    """Which of the family's algorithms guarantee the fewest moves, in the interface
    language ("optimal: a, b; not optimal: c")."""
    if family.optimal is None:
        return _("every solution costs the same")
    good = [a for a in family.algorithms if a in family.optimal]
    bad = [a for a in family.algorithms if a not in family.optimal]
    line = _("optimal: {algorithms}").format(algorithms=", ".join(good))
    if bad:
        line += "; " + _("not optimal: {algorithms}").format(algorithms=", ".join(bad))
    return line


class SolveCommand(Command):
    """``searchlab solve``: its help lists, family by family, which algorithms
    guarantee the fewest moves (:attr:`PuzzleFamily.optimal`), read when shown."""

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        super().format_help_text(ctx, formatter)
        formatter.write_paragraph()
        formatter.write_text(_("Optimal algorithms (a solution with the fewest moves), by family:"))
        with formatter.indentation():
            for family in families.all_families():
                formatter.write_text(f"{family.name}: {optimal_line(family)}")


@click.command("solve", cls=SolveCommand)
@click.argument("family_name", metavar="FAMILY", type=click.Choice(families.names()))
@click.argument("file", default="-", required=False)
@click.option(
    "--algorithm", "-a", help="An algorithm the family offers (default: its best method)."
)
@click.option("--heuristic", "-H", help="A heuristic the family offers (default: its first).")
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@json_option()
@svg_option()
@html_option
def solve_cmd(family_name: str, file: str, **options: Any) -> None:
    """Solve the FAMILY instance in FILE ('-' or nothing: standard input).

    FILE holds the text the web player accepts (each family's format is in docs/ and
    on its web page); --json prints the one result shape every family shares.
    """
    solve_file(families.get(family_name), file, **options)


def solve_file(family: PuzzleFamily, file: str, **options: Any) -> None:
    """``searchlab solve`` for a family already found (the family's name is looked up
    once, by the command): read FILE, solve, report. ``options``: the command's."""
    solve_and_report(
        family,
        family.read(read_input(file)),
        options.pop("algorithm"),
        options.pop("heuristic"),
        **options,
    )
