"""``searchlab experiment``: built-in experiments that reproduce published tables."""

from __future__ import annotations

import click

from searchlab.cli.batch import (
    OutputOptions,
    RunOptions,
    emit_results,
    execute,
    execution_options,
    finish_experiment,
    output_options,
    seed_option,
    table_options,
)
from searchlab.cli.common import fail, max_expansions_option, time_limit_option
from searchlab.cli.localized import Group
from searchlab.experiments.builtin import aima, knight, peg, rushhour
from searchlab.experiments.plot import check_plot_path, plot_cost
from searchlab.experiments.sources import parse_range
from searchlab.i18n import _
from searchlab.search import TIE_BREAKS


@click.group(cls=Group, no_args_is_help=True)
def experiment() -> None:
    """Built-in experiments (results are stored; a finished one re-prints at once)."""


@experiment.command(
    "aima-3.29", short_help="AIMA Fig. 3.29: IDS and A* on the 8-puzzle, next to the book."
)
@click.option(
    "--instances",
    "-n",
    type=click.IntRange(min=1),
    default=100,
    show_default=True,
    help="Random instances per depth.",
)
@click.option(
    "--depths",
    default="2-24",
    show_default=True,
    metavar="RANGE",
    help="Solution depths; a range steps by 2 unless given (2-24:1).",
)
@seed_option
@click.option(
    "--iddfs-max-depth",
    type=click.IntRange(min=0),
    default=aima.IDDFS_MAX_DEPTH,
    show_default=True,
    help="Run iterative deepening only up to this depth.",
)
@click.option(
    "--iddfs-instances",
    type=click.IntRange(min=0),
    help="Run iterative deepening on only this many instances per depth.",
)
@click.option(
    "--tie-break",
    type=click.Choice(list(TIE_BREAKS)),
    help="A*'s order among equal f [default: g_max].",
)
@click.option(
    "--ids-cycle-check",
    type=click.Choice(["none", "parent", "path"]),
    default=aima.IDS_CYCLE_CHECK,
    show_default=True,
    help="What iterative deepening prunes: nothing (the book's tree search), "
    "undoing the last move, or any state on the current path.",
)
@time_limit_option(300.0, "Seconds per run.")
@execution_options
@output_options
def aima_cmd(
    instances: int,
    depths: str,
    seed: int,
    iddfs_max_depth: int,
    iddfs_instances: int | None,
    tie_break: str | None,
    ids_cycle_check: str,
    time_limit: float,
    run: RunOptions,
    out: OutputOptions,
) -> None:
    """AIMA 3rd ed. Figure 3.29: IDS vs A* (misplaced tiles, Manhattan distance) on
    random 8-puzzles of each optimal depth; mean nodes generated and b*, next to the
    book's figures."""
    if out.plot_path:
        check_plot_path(out.plot_path)
    exp = aima.aima_experiment(
        parse_range(depths, name="--depths", minimum=1, step=2),
        instances,
        seed=seed,
        iddfs_max_depth=iddfs_max_depth,
        iddfs_instances=iddfs_instances,
        tie_break=tie_break,
        ids_cycle_check=ids_cycle_check,
        time_limit=time_limit,
    )
    summary = execute(exp, run)
    if out.plot_path:
        plot_cost(
            aima.aima_rows(summary.records, [c.label for c in exp.configurations]),
            out.plot_path,
            title="8-puzzle: nodes generated (AIMA Fig. 3.29)",
            xlabel="solution depth d",
            reference=aima.reference_series(),
        )
    emit_results(aima.results(exp, summary), out)
    finish_experiment(summary)


@experiment.command(
    "peg-seed000", short_help="The peg course project's table: BFS, DFS, A*, fast solver."
)
@max_expansions_option("Expansions per run (the project's limit).", default=50_000)
@time_limit_option(15.0, "Seconds per run (the project's limit).")
@click.option(
    "--only",
    multiple=True,
    metavar="TEXT",
    help="Only the problems whose name contains TEXT (repeat), e.g. english.",
)
@execution_options
@table_options
def peg_cmd(
    max_expansions: int,
    time_limit: float,
    only: tuple[str, ...],
    run: RunOptions,
    out: OutputOptions,
) -> None:
    """The peg course project's table: BFS, DFS, A* with its heuristics, better ones and the
    fast solver on classic peg solitaire problems (found?, time, expanded, length, stop)."""
    exp = peg.peg_experiment(max_expansions=max_expansions, time_limit=time_limit, only=only)
    if not exp.instances:
        names = ", ".join(name for name, _ in peg.PROBLEMS)
        fail(_("--only matches no problem; the problems are: {names}").format(names=names))
    summary = execute(exp, run)
    emit_results(peg.results(exp, summary), out)
    finish_experiment(summary)


@experiment.command(
    "knight-warnsdorff", short_help="Plain Warnsdorff success rate by tie-break and board size."
)
@click.option(
    "--sizes",
    default="5-8,10,12,16,20,25,30,40,50",
    show_default=True,
    metavar="RANGE",
    help="Sides of the square boards.",
)
@click.option(
    "--instances",
    "-n",
    "starts",
    type=click.IntRange(min=1),
    default=20,
    show_default=True,
    help="Random start squares per board size.",
)
@seed_option
@time_limit_option(60.0, "Seconds per run.")
@execution_options
@table_options
def knight_cmd(
    sizes: str,
    starts: int,
    seed: int,
    time_limit: float,
    run: RunOptions,
    out: OutputOptions,
) -> None:
    """Success rate of plain Warnsdorff's rule (no backtracking) on open knight's tours,
    by tie-break and board size, from random start squares where a tour exists."""
    exp = knight.knight_experiment(
        parse_range(sizes, name="--sizes", minimum=1),
        starts,
        seed=seed,
        time_limit=time_limit,
    )
    summary = execute(exp, run)
    emit_results(knight.results(exp, summary), out)
    finish_experiment(summary)


@experiment.command(
    "rushhour-difficulty",
    short_help="Difficulty distribution of generated Rush Hour puzzles.",
)
@click.option(
    "--min-moves",
    default="5-20:5",
    show_default=True,
    metavar="RANGE",
    help="Minimum optimal moves of the generated puzzles (40 and up: tens of seconds each).",
)
@click.option(
    "--instances",
    "-n",
    "count",
    type=click.IntRange(min=1),
    default=8,
    show_default=True,
    help="Puzzles per minimum.",
)
@seed_option
@time_limit_option(120.0, "Seconds per run.")
@execution_options
@output_options
def rushhour_cmd(
    min_moves: str,
    count: int,
    seed: int,
    time_limit: float,
    run: RunOptions,
    out: OutputOptions,
) -> None:
    """Generate puzzles for each minimum number of moves, rate them (moves, steps,
    cluster size, level) and solve them with A* (blocking and strong heuristics);
    print the distribution of difficulty."""
    if out.plot_path:
        check_plot_path(out.plot_path)
    exp = rushhour.rushhour_experiment(
        parse_range(min_moves, name="--min-moves", minimum=1),
        count,
        seed=seed,
        time_limit=time_limit,
    )
    summary = execute(exp, run)
    if out.plot_path:
        rushhour.plot_distribution(summary.records, out.plot_path)
    emit_results(rushhour.results(exp, summary), out)
    finish_experiment(summary)
