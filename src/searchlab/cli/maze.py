"""``searchlab maze``: solve grid mazes with any engine algorithm."""

from __future__ import annotations

import re

import click

from searchlab.cli.common import (
    algorithm_option,
    console,
    describe_outcome,
    fail,
    finish,
    json_option,
    max_expansions_option,
    print_json,
    read_input,
    run_with_progress,
    stats_table,
    time_limit_option,
)
from searchlab.cli.replay import html_option, save_replay
from searchlab.puzzles.maze import MazeProblem, parse_maze, random_maze, render_maze
from searchlab.search import solve


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
            fail(f"--random expects WxH such as 40x20, got {random_size!r}")
        maze_ = random_maze(int(m[1]), int(m[2]), walls=walls, seed=seed)
    else:
        assert file is not None
        maze_ = parse_maze(read_input(file))
    problem = MazeProblem(maze_)
    result = run_with_progress(
        lambda cancel, progress: solve(
            problem,
            algorithm,
            time_limit=time_limit,
            max_expansions=max_expansions,
            cancel=cancel,
            progress=progress,
        ),
        show=False if as_json else None,
    )
    if html_path:
        save_replay(
            html_path, "maze", maze_, result.actions, result.states, stats=result.stats.as_dict()
        )
    if as_json:
        print_json(
            {
                "solved": result.solved,
                "status": result.status,
                "limit": result.limit,
                "length": result.length,
                "moves": result.actions,
                "cells": [list(maze_.coords(c)) for c in result.states],
                "stats": result.stats.as_dict(),
            }
        )
        finish(result)
        return
    if maze_.width * maze_.height <= 10_000:
        console.print(render_maze(maze_, result.states), markup=False)
    console.print(describe_outcome(result))
    if result.solved:
        console.print("moves: " + "".join(result.actions))
    console.print(stats_table(result.stats))
    finish(result)
