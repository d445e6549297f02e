"""``searchlab rushhour``: solve, rate and generate Rush Hour puzzles.

A thin Click layer: the commands' work is the family's
(:mod:`searchlab.puzzles.rushhour.tasks`, blocks of output); this module reads the
options, draws the blocks, the progress and Ctrl-C, and supplies the Dask runner.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterable

import click

from searchlab.cli.common import (
    FiniteFloat,
    FractionBar,
    algorithm_option,
    cancel_on_interrupt,
    console,
    describe_outcome,
    err_console,
    heuristic_option,
    json_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    optimality_note,
    print_json,
    stats_table,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report
from searchlab.i18n import _
from searchlab.puzzles.rushhour import ALGORITHM_CHOICES, HEURISTICS, render_text
from searchlab.puzzles.rushhour.family import FAMILY
from searchlab.puzzles.rushhour.family import text as solution_text
from searchlab.puzzles.rushhour.loading import load_board
from searchlab.puzzles.rushhour.tasks import (
    Block,
    Exit,
    Note,
    Record,
    enumerate_task,
    enumerate_title,
    export_task,
    generate_task,
    hint_task,
    rate_task,
)
from searchlab.search import SearchResult


def draw(blocks: Iterable[Block], bar: FractionBar | None = None) -> None:
    """Print a task's blocks (``bar``, the progress, closed first): text on stdout as it
    is, a record as JSON, a note on stderr; an :class:`Exit` ends the command with its
    status. A reader that stops reading (``| head``) ends it quietly, with status 0."""
    try:
        for block in blocks:
            if bar is not None:
                bar.close()
            if isinstance(block, Exit):
                sys.stdout.flush()
                raise click.exceptions.Exit(block.code)
            if isinstance(block, Note):
                err_console.print(block.text, markup=False)
            elif isinstance(block, Record):
                print_json(block.data)
            else:
                sys.stdout.write(block + "\n")
        sys.stdout.flush()
    except BrokenPipeError:  # '| head': the reader has what it wanted
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())


def _default_workers() -> int:
    """``enumerate``'s default ``--workers``; imported here so that the other commands do
    not load the experiments package (a third of a solve's start-up)."""
    from searchlab.cli.batch import default_workers

    return default_workers()


board_arg = click.argument("board", required=False)
red_opt = click.option("--red", metavar="LETTER", help="The red car's letter (default: detected).")
card_opt = click.option(
    "--card",
    "card_no",
    type=int,
    metavar="N",
    help="Use built-in challenge card N (1-40) instead of BOARD.",
)


@click.group(cls=Group, no_args_is_help=True)
def rushhour() -> None:
    """Rush Hour: slide cars and trucks until the red car reaches the exit."""


@rushhour.command("solve")
@board_arg
@red_opt
@card_opt
@click.option(
    "--metric",
    type=click.Choice(["moves", "steps"]),
    default="moves",
    show_default=True,
    help="moves: a slide of any length costs 1; steps: each cell.",
)
@algorithm_option(
    default="fast",
    choices=ALGORITHM_CHOICES,
    help="Search algorithm (" + optimal_help(ALGORITHM_CHOICES, FAMILY.optimal or ()) + ").",
)
@heuristic_option("blocking", HEURISTICS)
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@json_option()
@click.option(
    "--svg",
    "svg_file",
    type=click.Path(dir_okay=False, writable=True),
    help="Write an SVG of the solution (or the start board) to this file.",
)
@click.option("--quiet", "-q", is_flag=True, help="Only the move list, no boards.")
@html_option
def solve_cmd(
    board: str | None,
    red: str | None,
    card_no: int | None,
    metric: str,
    algorithm: str,
    heuristic: str,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    as_json: bool,
    svg_file: str | None,
    quiet: bool,
    html_path: str | None,
) -> None:
    """Solve BOARD optimally (a 36-character string such as BBoooC..., or a grid file).

    --algorithm fast (default) is the packed breadth-first search; the others run the
    generic engine with --heuristic.

    Moves are written A+2 (vehicle A two cells right or down) and C-1 (one cell left or up).
    """
    start = load_board(board, red, card_no)

    def human(result: SearchResult) -> None:
        if not quiet:
            console.print(
                solution_text(start, result) if result.solved else render_text(start),
                markup=False,
            )
        console.print(describe_outcome(result))
        if result.solved:
            console.print(optimality_note(algorithm, FAMILY.optimal or ()), markup=False)
            console.print(_("moves:") + " " + " ".join(result.actions), markup=False)
        if not quiet:
            console.print(stats_table(result.stats))

    solve_and_report(
        FAMILY,
        start,
        algorithm,
        heuristic,
        as_json=as_json,
        svg_path=svg_file,
        html_path=html_path,
        human=human,
        metric=metric,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
    )


@rushhour.command("rate")
@board_arg
@red_opt
@card_opt
@json_option()
def rate_cmd(board: str | None, red: str | None, card_no: int | None, as_json: bool) -> None:
    """Rate BOARD: optimal moves and steps, vehicles moved, cluster size, score and level.

    score = 0.7*moves^1.4 + 0.2*sqrt(vehicles moved) + 0.1*symmetry (the course project's);
    level thresholds are calibrated on the 40 challenge cards (see docs/rushhour.md).
    """
    draw(rate_task(board, red, card_no, as_json=as_json))


@rushhour.command("hint")
@board_arg
@red_opt
@card_opt
def hint_cmd(board: str | None, red: str | None, card_no: int | None) -> None:
    """Print the next move of an optimal solution from BOARD."""
    draw(hint_task(board, red, card_no))


@rushhour.command("generate")
@click.option(
    "--min-moves",
    type=click.IntRange(min=1),
    required=True,
    help="Each puzzle needs at least this many moves.",
)
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", type=int, help="Random seed (same seed, same puzzles).")
@click.option(
    "--walls",
    type=click.IntRange(min=0, max=12),
    default=0,
    show_default=True,
    help="Number of wall cells.",
)
@click.option("--size", default="6x6", show_default=True, metavar="WxH", help="Board size WxH.")
@time_limit_option(600.0, "Seconds; the puzzles found by then are printed.")
@click.option(
    "--independent",
    is_flag=True,
    help="Restart from a random board after each puzzle (unrelated puzzles, slower); "
    "by default the search goes on from the last puzzle found.",
)
@click.option(
    "--from-db",
    "from_db",
    is_flag=True,
    help="Draw the puzzles from the puzzle database (rushhour enumerate) instead: instant.",
)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="The puzzle database for --from-db [default: rushhour.sqlite in the user data directory].",
)
@click.option(
    "--max-moves",
    type=click.IntRange(min=1),
    help="With --from-db: at most this many moves.",
)
@json_option("Print a JSON list.")
def generate_cmd(
    min_moves: int,
    count: int,
    seed: int | None,
    walls: int,
    size: str,
    time_limit: float,
    independent: bool,
    from_db: bool,
    db_path: str | None,
    max_moves: int | None,
    as_json: bool,
) -> None:
    """Generate distinct minimal puzzles needing at least --min-moves moves.

    With --from-db, draw them at random from the puzzle database instead (every
    minimal puzzle of the board, built by 'rushhour enumerate'), uniformly among those
    of --min-moves to --max-moves moves.
    """
    with (
        cancel_on_interrupt() as cancel,
        FractionBar(_("generating"), show=False if as_json else None) as bar,
    ):
        blocks = generate_task(
            min_moves=min_moves,
            count=count,
            seed=seed,
            walls=walls,
            size=size,
            time_limit=time_limit,
            independent=independent,
            from_db=from_db,
            db_path=db_path,
            max_moves=max_moves,
            as_json=as_json,
            cancel=cancel,
            progress=bar.update,
        )
        draw(blocks, bar)


@rushhour.command("export")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="The puzzle database [default: rushhour.sqlite in the user data directory].",
)
@click.option("--size", type=int, default=6, show_default=True, metavar="N", help="Board side.")
@click.option(
    "--walls",
    type=click.IntRange(min=0),
    metavar="W",
    help="Only puzzles with up to W walls [default: all].",
)
@click.option(
    "--min-moves", type=click.IntRange(min=0), default=0, help="At least this many moves."
)
@click.option("--max-moves", type=click.IntRange(min=0), help="At most this many moves.")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    help="Write to this file instead of standard output.",
)
def export_cmd(
    db_path: str | None,
    size: int,
    walls: int | None,
    min_moves: int,
    max_moves: int | None,
    output: str | None,
) -> None:
    """Print the puzzle database as M. Fogleman publishes his (rush.txt).

    One line per puzzle, hardest first: optimal moves, the board in the one-line
    notation (36 characters for 6x6: o empty, x wall, A the red car), cluster size.
    """
    draw(
        export_task(
            db_path=db_path,
            size=size,
            walls=walls,
            min_moves=min_moves,
            max_moves=max_moves,
            output=output,
        )
    )


@rushhour.command("enumerate")
@click.option(
    "--size",
    type=int,
    required=True,
    metavar="N",
    help="Board side: 4, 5 or 6 (the exit row is row (N-1)//2, row 2 of 6).",
)
@click.option(
    "--walls",
    type=int,
    default=0,
    show_default=True,
    metavar="W",
    help="Up to W wall cells (0 to 2).",
)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="SQLite database to write (resumes from it) [default: rushhour.sqlite in the user "
    "data directory].",
)
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=0),
    default=_default_workers,
    show_default="number of CPUs",
    help="Local Dask worker processes; 0 runs the shards in this process.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run on a Dask distributed cluster (e.g. tcp://host:8786) instead.",
)
@click.option(
    "--time-limit",
    type=FiniteFloat(min=0),
    default=None,
    help="Seconds; the shards finished by then are kept (run again to resume). [default: none]",
)
@json_option()
def enumerate_cmd(
    size: int,
    walls: int,
    db_path: str | None,
    workers: int,
    scheduler: str | None,
    time_limit: float | None,
    as_json: bool,
) -> None:
    """Enumerate every puzzle of an NxN board into the puzzle database.

    Every position is grouped into clusters (positions reachable from one another);
    each solvable, minimal cluster becomes one row: its optimal moves, its hardest
    position and its size, as in M. Fogleman's database (docs/rushhour.md). The work
    runs in shards on a Dask LocalCluster (or --scheduler); each finished shard is
    committed, so an interrupted run (Ctrl-C, --time-limit) resumes where it stopped.
    """
    from searchlab.experiments.parallel import Workers

    title = enumerate_title(size, walls)
    with (
        cancel_on_interrupt() as cancel,
        FractionBar(title, show=False if as_json else None, log=True) as bar,
    ):
        blocks = enumerate_task(
            size=size,
            walls=walls,
            db_path=db_path,
            runner=Workers(workers, scheduler),
            time_limit=time_limit,
            as_json=as_json,
            cancel=cancel,
            progress=bar.update,
        )
        draw(blocks, bar)
