"""``searchlab maze``: solve grid mazes with any engine algorithm."""

from __future__ import annotations

import re

import click

from searchlab.cli.common import (
    algorithm_option,
    fail,
    json_option,
    max_expansions_option,
    read_input,
    time_limit_option,
)
from searchlab.cli.replay import html_option
from searchlab.cli.solving import report_solution, solve_with_progress
from searchlab.puzzles.maze.family import FAMILY
from searchlab.puzzles.maze.model import random_maze


@click.group(no_args_is_help=True)
def maze() -> None:
    """Grid mazes: '#' walls, 'S' start, 'G' goal."""


@maze.command("solve")
@click.argument("file", required=False)
@click.option("--random", "random_size", metavar="WxH", help="Generate a random WxH maze instead.")
@click.option("--seed", type=int, help="Seed for --random.")
@click.option(
    "--walls",
    type=click.FloatRange(0, 1, max_open=True),
    default=0.3,
    show_default=True,
    help="Wall density for --random.",
)
@algorithm_option(default="astar", exclude=("dls",))
@time_limit_option(60.0)
@max_expansions_option()
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
    as_json: bool,
    html_path: str | None,
) -> None:
    """Find a path from S to G in FILE ('-' for stdin), A* with Manhattan distance by default."""
    if (file is None) == (random_size is None):
        fail("give a maze FILE or --random WxH (one of them)")
    if random_size is not None:
        m = re.fullmatch(r"\s*(\d+)\s*[xX]\s*(\d+)\s*", random_size)
        if not m:
            fail(f"--random expects WxH such as 40x20, got {random_size[:40]!r}")
        maze_ = random_maze(int(m[1]), int(m[2]), walls=walls, seed=seed)
    else:
        assert file is not None
        maze_ = FAMILY.read(read_input(file))
    result = solve_with_progress(
        FAMILY,
        maze_,
        algorithm,
        "manhattan",
        show=False if as_json else None,
        time_limit=time_limit,
        max_expansions=max_expansions,
    )
    report_solution(FAMILY, maze_, result, as_json=as_json, html_path=html_path)
