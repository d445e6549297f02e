"""``searchlab peg``: peg solitaire on the classic boards (solve, compare, boards, count).

A thin Click layer: the work and the text are the family's
(:mod:`searchlab.puzzles.peg.loading`, :mod:`~searchlab.puzzles.peg.reports`,
:mod:`~searchlab.puzzles.peg.count_report`), which yield blocks drawn here."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import click

from searchlab.cli.common import (
    FiniteFloat,
    FractionBar,
    cancel_on_interrupt,
    console,
    fail,
    heuristic_option,
    json_option,
    max_expansions_option,
    max_nodes_option,
    stats_table,
    time_limit_option,
)
from searchlab.cli.family_commands import draw
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report, write_svg
from searchlab.families.contract import Block
from searchlab.i18n import _
from searchlab.puzzles.peg import HEURISTICS, render_svg
from searchlab.puzzles.peg.count_report import count_task
from searchlab.puzzles.peg.family import FAMILY
from searchlab.puzzles.peg.loading import load_problem
from searchlab.puzzles.peg.problem import CENTRE_WEIGHT, Instance
from searchlab.puzzles.peg.reports import boards_table, compare_runs, solve_report
from searchlab.search import SearchResult, SearchStats


def show(blocks: Iterable[Block | SearchStats], *, as_json: bool = False) -> None:
    """Draw the family's blocks (statistics as the usual table); exit as they say."""
    code = 0
    for block in blocks:
        if isinstance(block, SearchStats):
            if not as_json:
                console.print(stats_table(block))
        else:
            code = draw([block], as_json=as_json) or code
    if code:
        raise click.exceptions.Exit(code)


@click.group(cls=Group, no_args_is_help=True)
def peg() -> None:
    """Peg solitaire: English, French, Wiegleb, Diamond, triangles, custom boards."""


def board_options(f: click.decorators.FC) -> click.decorators.FC:
    """The options shared by solve and compare: board, start and finish."""
    for option in reversed(
        [
            click.option(
                "--board",
                "-b",
                "board_name",
                default="english",
                show_default=True,
                help="A board name (see 'searchlab peg boards') or a board FILE; a "
                "file's pegs give the start.",
            ),
            click.option("--diagonal", is_flag=True, help="Allow diagonal jumps too."),
            click.option(
                "--vacancy",
                "-v",
                multiple=True,
                metavar="HOLE",
                help="Empty this hole at the start (repeatable; default the centre).",
            ),
            click.option(
                "--start",
                "start_file",
                metavar="FILE",
                help="An explicit start position drawn in FILE.",
            ),
            click.option(
                "--finish",
                "-f",
                metavar="HOLE",
                help="End with one peg on this hole (default: one peg anywhere).",
            ),
            click.option(
                "--target",
                "target_file",
                metavar="FILE",
                help="End at the explicit position drawn in FILE.",
            ),
        ]
    ):
        f = option(f)
    return f


@peg.command("solve")
@board_options
@click.option(
    "--algorithm",
    "-a",
    type=click.Choice([a for a in FAMILY.algorithms if a != "minmoves"]),
    default="fast",
    show_default=True,
    help="The fast solver, or an engine algorithm (--min-moves for the fewest moves); "
    "dls is the peg course project's depth-limited DFS (--depth-limit).",
)
@heuristic_option("pagoda", HEURISTICS)
@click.option(
    "--centre-weight",
    type=FiniteFloat(min=0),
    default=CENTRE_WEIGHT,
    show_default=True,
    help="λ of -H centre, the peg course project's h2 = pegs - 1 + λ x (distance from the "
    "centre to the nearest peg); not admissible.",
)
@click.option(
    "--depth-limit",
    type=click.IntRange(min=0),
    help="Jumps -a dls explores at most (default: the jumps a solution has, pegs - 1).",
)
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@click.option(
    "--max-memo",
    type=click.IntRange(min=0),
    default=4_000_000,
    show_default=True,
    help="Dead positions the fast solver may remember.",
)
@click.option(
    "--min-moves",
    is_flag=True,
    help="Find a solution with the fewest moves (consecutive jumps by one peg = one "
    "move): exact, by a bidirectional breadth-first search over moves (NumPy); the "
    "English central game (18 moves) takes seconds (see docs/peg.md).",
)
@json_option()
@click.option("--svg", "svg_file", metavar="FILE", help="Write the start board as SVG to FILE.")
@click.option("--quiet", "-q", is_flag=True, help="Print the jumps, not every board.")
@html_option
def solve_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    algorithm: str,
    heuristic: str,
    centre_weight: float,
    depth_limit: int | None,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    max_memo: int,
    min_moves: bool,
    as_json: bool,
    svg_file: str | None,
    quiet: bool,
    html_path: str | None,
) -> None:
    """Solve a peg solitaire problem: print the jumps and the board after each one."""
    board, start, target = load_problem(
        board_name, diagonal, vacancy, start_file, finish, target_file
    )
    if svg_file is not None:
        write_svg(svg_file, render_svg(board, start))
    if min_moves and algorithm != "fast":
        fail(_("--min-moves uses its own search: do not combine it with --algorithm"))
    algorithm = "minmoves" if min_moves else algorithm
    if depth_limit is not None and algorithm != "dls":
        fail(_("--depth-limit applies to -a dls (the depth-limited DFS)"))
    instance = Instance(board, start, target)
    extra: dict[str, Any] = {"depth_limit": depth_limit} if algorithm == "dls" else {}
    if heuristic == "centre":
        extra["centre_weight"] = centre_weight

    def human(result: SearchResult) -> None:
        show(solve_report(instance, result, quiet=quiet, min_moves=min_moves))

    solve_and_report(
        FAMILY,
        instance,
        algorithm,
        heuristic,
        as_json=as_json,
        html_path=html_path,
        human=human,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
        max_memo=max_memo,
        **extra,
    )


@peg.command("compare")
@board_options
@max_expansions_option(
    "Expansion limit per engine algorithm (the course project's was 50,000).", default=50_000
)
@time_limit_option(15.0, "Seconds per algorithm (the course project's was 15).")
def compare_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    max_expansions: int,
    time_limit: float,
) -> None:
    """The course project's runs: BFS, DFS, A* with its heuristics, better ones, the fast solver."""
    board, start, target = load_problem(
        board_name, diagonal, vacancy, start_file, finish, target_file
    )
    with cancel_on_interrupt() as cancel, FractionBar(_("comparing")) as bar:
        blocks = list(
            compare_runs(
                board,
                start,
                target,
                finish,
                max_expansions=max_expansions,
                time_limit=time_limit,
                cancel=cancel,
                progress=bar.update,
            )
        )
    show(blocks)


@peg.command("boards")
def boards_cmd() -> None:
    """List the built-in boards with their holes, jumps and symmetries."""
    show([boards_table()])


@peg.command("count")
@click.option(
    "--board",
    "-b",
    "board_name",
    default="english",
    show_default=True,
    help="A board name or a board FILE (at most 64 holes); a file's pegs give the start.",
)
@click.option("--diagonal", is_flag=True, help="Allow diagonal jumps too.")
@click.option(
    "--vacancy", "-v", multiple=True, metavar="HOLE", help="Empty this hole at the start."
)
@click.option("--start", "start_file", metavar="FILE", help="An explicit start position.")
@click.option(
    "--solutions",
    is_flag=True,
    help="Also count the solutions exactly: jump sequences leaving one peg (per finishing hole).",
)
@click.option(
    "--games",
    is_flag=True,
    help="Also count the games exactly: jump sequences ending with no jump left.",
)
@click.option(
    "--finish",
    "-f",
    metavar="HOLE",
    help="With --solutions: count only the solutions ending on this hole.",
)
@time_limit_option(600.0, "Seconds before stopping with the levels counted so far.")
@click.option(
    "--max-memory",
    type=FiniteFloat(min=1),
    default=4096.0,
    show_default=True,
    help="MiB of working memory a level may need (estimated) before stopping.",
)
@click.option(
    "--no-symmetry", is_flag=True, help="Store every position, not one per symmetry class."
)
@json_option()
def count_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    solutions: bool,
    games: bool,
    finish: str | None,
    time_limit: float,
    max_memory: float,
    no_symmetry: bool,
    as_json: bool,
) -> None:
    """Count the positions reachable from the start, level by level (NumPy); with
    --solutions and --games, count every jump sequence too (exact, any size)."""
    with (
        cancel_on_interrupt() as cancel,
        FractionBar(_("count"), show=False if as_json else None) as bar,
    ):
        blocks = list(
            count_task(
                board=board_name,
                diagonal=diagonal,
                vacancy=vacancy,
                start_file=start_file,
                solutions=solutions,
                games=games,
                finish=finish,
                time_limit=time_limit,
                max_memory=max_memory,
                no_symmetry=no_symmetry,
                as_json=as_json,
                cancel=cancel,
                progress=bar.update,
            )
        )
    show(blocks, as_json=as_json)
