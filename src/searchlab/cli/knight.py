"""``searchlab knight``: knight's tours on any board, and tour counts on small ones."""

from __future__ import annotations

import random
from typing import Any

import click

from searchlab.cli.common import (
    console,
    drawn_seed,
    fail,
    json_option,
    max_expansions_option,
    print_json,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report
from searchlab.i18n import N_, _
from searchlab.puzzles.knight import (
    ALGORITHMS,
    count_tours,
    parse_size,
    parse_square,
)
from searchlab.puzzles.knight.family import FAMILY
from searchlab.puzzles.knight.family import random_start as random_start_square
from searchlab.puzzles.knight.render import STEPS_MAX_SQUARES, step_printer, tour_report
from searchlab.puzzles.knight.views import Instance

COUNT_MAX_SQUARES = 30


@click.group(cls=Group, no_args_is_help=True)
def knight() -> None:
    """Knight's tours: visit every square once with knight moves."""


@knight.command("tour")
@click.option(
    "--size",
    "size_text",
    required=True,
    metavar="WxH",
    help="Board width x height (columns x rows), 1..2000 each (e.g. 8x8).",
)
@click.option(
    "--start",
    "start_text",
    metavar="ROW,COL",
    help="Start square, 0-based from the top-left [default: 0,0].",
)
@click.option(
    "--random",
    "random_start",
    is_flag=True,
    help="Start on a random square from which a tour exists.",
)
@click.option("--seed", type=int, help="Seed for --random.")
@click.option("--closed", is_flag=True, help="Ask for a closed (re-entrant) tour.")
@click.option(
    "--algorithm",
    "-a",
    type=click.Choice(ALGORITHMS),
    default="fast",
    show_default=True,
    help="fast: block construction / Warnsdorff; backtrack: the knight's tour article's "
    "backtracking on the engine.",
)
@click.option(
    "--steps",
    is_flag=True,
    help="With -a backtrack: print the board at every step of the search, as the knight's "
    "tour article does (move numbers, the knight CC, free squares __); boards up to 400 squares.",
)
@time_limit_option(60.0)
@max_expansions_option("Expansion limit (backtrack).")
@json_option()
@click.option(
    "--svg",
    "svg_file",
    type=click.Path(dir_okay=False, writable=True),
    help="Also draw the tour into this SVG file.",
)
@html_option
def tour_cmd(
    size_text: str,
    start_text: str | None,
    random_start: bool,
    seed: int | None,
    closed: bool,
    algorithm: str,
    steps: bool,
    time_limit: float,
    max_expansions: int | None,
    as_json: bool,
    svg_file: str | None,
    html_path: str | None,
) -> None:
    """Find an open (or --closed) knight's tour of a WxH board from a start square.

    Existence is decided first (exactly, with the reason); every tour is
    verified before it is printed. Exit status 0 if a tour was found, 1 if
    none exists or a limit stopped the search.
    """
    board = parse_size(size_text)
    if steps and (algorithm != "backtrack" or as_json):
        fail(_("--steps prints the boards of -a backtrack (without --json)"))
    if steps and board.size > STEPS_MAX_SQUARES:
        fail(
            _("--steps prints boards up to {limit} squares; {board} has {size}").format(
                limit=STEPS_MAX_SQUARES, board=board, size=f"{board.size:,}"
            )
        )
    if max_expansions is not None and algorithm == "fast":
        fail(_("--max-expansions limits -a backtrack; -a fast builds its tour without expanding"))
    if start_text is not None and random_start:
        fail(_("give --start ROW,COL or --random, not both"))
    if seed is not None and not random_start:
        fail(_("--seed only applies to --random"))
    if random_start:
        seed, report_seed = drawn_seed(seed, N_("start"))
        start = random_start_square(board, closed, random.Random(seed))
        report_seed()
    elif start_text is not None:
        start = parse_square(start_text, board)
    else:
        start = (0, 0)
    watch: dict[str, Any] = {}
    if steps:
        watch["observer"] = step_printer(board, lambda text: click.echo(text, nl=False))
    solve_and_report(
        FAMILY,
        Instance(board, start, closed),
        algorithm,
        None,
        as_json=as_json,
        svg_path=svg_file,
        html_path=html_path,
        human=lambda r: console.print(
            tour_report(board, start, closed, r), markup=False, soft_wrap=True
        ),
        time_limit=time_limit,
        max_expansions=max_expansions,
        **watch,
    )


@knight.command("count")
@click.argument("size_text", metavar="WxH")
@json_option()
def count_cmd(size_text: str, as_json: bool) -> None:
    """Count the directed open knight's tours of a small WxH board (from every start).

    A tour and its reverse count twice: 16 on 3x4, 164 on 4x5, 1,728 on 5x5.
    Exhaustive search, so boards are limited to 30 squares.
    """
    board = parse_size(size_text)
    if board.size > COUNT_MAX_SQUARES:
        fail(
            _("counting is exhaustive: boards up to {limit} squares, {board} has {size}").format(
                limit=COUNT_MAX_SQUARES, board=board, size=board.size
            )
        )
    total = count_tours(board)
    if as_json:
        print_json({"board": [board.rows, board.cols], "directed_open_tours": total})
        return
    console.print(
        _(
            "{total} directed open knight's tours on {board} "
            "(a tour and its reverse count as two; all start squares)"
        ).format(total=f"{total:,}", board=board),
        markup=False,
        soft_wrap=True,
    )
