"""``searchlab maze``: solve grid mazes with any engine algorithm."""

from __future__ import annotations

import click

from searchlab.cli.common import (
    FiniteFloat,
    algorithm_option,
    drawn_seed,
    fail,
    json_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    optimality_note,
    parse_wxh,
    read_input,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report
from searchlab.i18n import N_, _
from searchlab.puzzles.maze.family import FAMILY, MAX_CELLS
from searchlab.puzzles.maze.model import random_maze


@click.group(cls=Group, no_args_is_help=True)
def maze() -> None:
    """Grid mazes: '#' walls, 'S' start, 'G' goal."""


@maze.command("solve")
@click.argument("file", required=False)
@click.option(
    "--random",
    "random_size",
    metavar="WxH",
    help="Generate a random WxH maze instead (one with a path from S to G).",
)
@click.option("--seed", type=int, help="Seed for --random.")
@click.option(
    "--walls",
    type=FiniteFloat(0, 1, max_open=True),
    default=0.3,
    show_default=True,
    help="Wall density for --random.",
)
@algorithm_option(
    default="astar",
    exclude=("dls",),
    help="Search algorithm ("
    + optimal_help([a for a in FAMILY.algorithms], FAMILY.optimal or ())
    + ").",
)
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@json_option()
@html_option
def solve_cmd(
    file: str | None,
    random_size: str | None,
    seed: int | None,
    walls: float,
    algorithm: str,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    as_json: bool,
    html_path: str | None,
) -> None:
    """Find a path from S to G in FILE ('-' for stdin), A* with Manhattan distance by default.

    A*, UCS, IDA*, BFS, IDDFS and bidirectional BFS find a shortest path; DFS,
    backtracking, greedy and weighted A* find a path, often a longer one (the result
    says which).
    """
    if (file is None) == (random_size is None):
        fail(_("give a maze FILE or --random WxH (one of them)"))
    if random_size is not None:
        width, height = parse_wxh(random_size, "--random", 1, 100_000)
        if width * height > MAX_CELLS:  # the cap of a maze file, checked before drawing
            fail(
                _("--random {w}x{h}: at most {limit} cells, as for a maze file").format(
                    w=width, h=height, limit=f"{MAX_CELLS:,}"
                )
            )
        seed, report_seed = drawn_seed(seed, N_("maze"))
        maze_ = random_maze(width, height, walls=walls, seed=seed, solvable=True)
        report_seed()
    else:
        assert file is not None
        maze_ = FAMILY.read(read_input(file))
    solve_and_report(
        FAMILY,
        maze_,
        algorithm,
        "manhattan",
        as_json=as_json,
        html_path=html_path,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
        note=optimality_note(algorithm, FAMILY.optimal or ()),
    )
