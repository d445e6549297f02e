"""``searchlab npuzzle``: solve sliding-tile puzzles optimally and make exact-depth instances."""

from __future__ import annotations

import click

from searchlab.cli.common import (
    FractionBar,
    console,
    drawn_seed,
    err_console,
    fail,
    json_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    optimality_note,
    print_json,
    read_input,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import human_report, solve_and_report
from searchlab.i18n import N_, _
from searchlab.puzzles.npuzzle.board import format_board, goal_from_spec, parse_tiles
from searchlab.puzzles.npuzzle.family import FAMILY, Instance
from searchlab.puzzles.npuzzle.heuristics import HEURISTICS, canonical_heuristic
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.pdb import PARTITIONS, RANKED, cache_dir
from searchlab.puzzles.npuzzle.solvers import (
    databases_ready,
    partition_size,
    prepare_databases,
    ready_partition,
)
from searchlab.search import SearchResult

DEFAULT_STORED_NODES = 5_000_000
"""The default memory bound of the node-storing searches (measured at 180-430 bytes a
stored node on the 15-puzzle: BFS on it no longer runs until the machine swaps)."""
PATH_ONLY = ("auto", "idastar", "iddfs")
"""Searches that keep only their path (a stored-node bound never stops them)."""


@click.group(cls=Group, no_args_is_help=True)
def npuzzle() -> None:
    """Sliding-tile puzzles (8-, 15-, 24-puzzle, any N x N); moves name the blank's direction."""


OPTIMAL_HERE = FAMILY.optimal or ()
"""The algorithms of ``npuzzle solve`` that find the fewest moves."""


@npuzzle.command("solve")
@click.argument("file", required=False)
@click.option("--tiles", help='The board inline, row-major, e.g. "8 6 7 2 5 4 3 0 1".')
@click.option("--goal", help='Goal: "last" (default, 1..N²-1 then the blank), "first", or tiles.')
@click.option(
    "--algorithm",
    "-a",
    default="auto",
    show_default=True,
    help="auto (the fastest optimal method) or an engine algorithm ("
    + optimal_help(FAMILY.algorithms, OPTIMAL_HERE)
    + ").",
)
@click.option(
    "--heuristic",
    "-H",
    default="auto",
    show_default=True,
    help="auto, pdb (4x4 IDA*), or " + ", ".join(HEURISTICS) + ".",
)
@click.option(
    "--pdb",
    "partition",
    type=click.Choice(list(PARTITIONS)),
    help="IDA* with these additive pattern databases (4x4: 6-6-3, 7-8, 5-5-5, 3-3-3-3-3; "
    "5x5: 6-6-6-6). 7-8 and 6-6-6-6 must be built first: npuzzle pdb --build. "
    "Default (auto): the strongest built (7-8, else 6-6-3 on 4x4; 6-6-6-6 on 5x5), else "
    "compiled IDA* with linear conflict.",
)
@time_limit_option(60.0, "Seconds before giving up (not counting a first pattern-database build).")
@max_expansions_option()
@max_nodes_option(
    "Stored-node limit: the memory bound of the searches that store nodes "
    f"(default {DEFAULT_STORED_NODES:,}: about 2 GB); auto and idastar store only their "
    "path and are bounded by --time-limit and --max-expansions."
)
@json_option()
@click.option(
    "--svg",
    "svg_path",
    type=click.Path(dir_okay=False, writable=True),
    help="Also write the start board as SVG to this file.",
)
@html_option
def solve_cmd(
    file: str | None,
    tiles: str | None,
    goal: str | None,
    algorithm: str,
    heuristic: str,
    partition: str | None,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    as_json: bool,
    svg_path: str | None,
    html_path: str | None,
) -> None:
    """Solve the board in FILE ('-' for stdin) or --tiles, printing every board.

    The default (auto) and the optimal algorithms find a solution with the fewest
    moves; dfs, greedy and wastar find a solution, often a much longer one (the
    result says which).
    """
    if (file is None) == (tiles is None):
        fail(_("give a board FILE or --tiles (one of them)"))
    board = parse_tiles(tiles if tiles is not None else read_input(str(file)))
    instance = Instance(board, goal_from_spec(goal, board.size))
    algorithm = algorithm.strip().lower()
    heuristic = heuristic.strip().lower()
    if max_nodes is None and algorithm not in PATH_ONLY:
        max_nodes = DEFAULT_STORED_NODES
    if heuristic not in ("auto", "pdb"):
        heuristic = canonical_heuristic(heuristic)
    if partition is not None:
        if heuristic not in ("auto", "pdb") or algorithm not in ("auto", "idastar"):
            fail(_("--pdb needs --algorithm auto or idastar and --heuristic auto or pdb"))
        if board.size != partition_size(partition):
            n = partition_size(partition)
            fail(_("the {p} databases are for {n}x{n} boards").format(p=partition, n=n))
        if partition in RANKED and not databases_ready(instance.goal, partition):
            fail(
                _(
                    "the {p} pattern databases are not built yet: run "
                    "'searchlab npuzzle pdb --build {p}' once (minutes; see docs/npuzzle.md)"
                ).format(p=partition)
            )
        heuristic = "pdb"

    if (
        algorithm == "auto"
        and heuristic == "auto"
        and board.size in (4, 5)
        and ready_partition(instance.goal) is None
        and err_console.is_terminal
    ):
        err_console.print(
            _(
                "no pattern database cached: compiled IDA* with linear conflict (nothing is "
                "built); 'searchlab npuzzle pdb --build {p}' (once: minutes, {gb} GB of memory) "
                "makes the hardest boards faster"
            ).format(
                p="7-8" if board.size == 4 else "6-6-6-6", gb="2.6" if board.size == 4 else "1.6"
            ),
            style="dim",
        )

    def human(result: SearchResult) -> None:
        if result.status == "impossible":
            console.print(_("unsolvable: this board cannot reach the goal (permutation parity)"))
        else:
            human_report(FAMILY, instance, result, optimality_note(algorithm, OPTIMAL_HERE))

    with FractionBar(_("building pattern database")) as pdb_bar:
        solve_and_report(
            FAMILY,
            instance,
            algorithm,
            heuristic,
            as_json=as_json,
            svg_path=svg_path,
            html_path=html_path,
            human=human,
            time_limit=time_limit,
            max_nodes=max_nodes,
            max_expansions=max_expansions,
            pdb_progress=pdb_bar.update,
            partition=partition,
        )


@npuzzle.command("random")
@click.option(
    "--size",
    type=click.IntRange(2, 8),
    default=3,
    show_default=True,
    help="Board side (3: 8-puzzle).",
)
@click.option(
    "--depth",
    "-d",
    type=click.IntRange(min=0),
    required=True,
    help="Exact optimal solution length.",
)
@click.option(
    "--seed", type=int, help="Random seed (reproducible output; printed on stderr when drawn)."
)
@click.option("--goal", help='Goal: "last" (default), "first", or tiles.')
@time_limit_option(60.0, "Seconds before giving up (boards above 3x3 are built step by step).")
@json_option()
def random_cmd(
    size: int, depth: int, seed: int | None, goal: str | None, time_limit: float, as_json: bool
) -> None:
    """Print a board whose optimal solution is exactly DEPTH moves (3x3: any depth up to 31)."""
    goal_ = goal_from_spec(goal, size)
    seed, report_seed = drawn_seed(seed, N_("board"))
    with FractionBar(_("building a board {depth} moves deep").format(depth=depth)) as bar:
        board = random_instance(
            size,
            depth,
            seed=seed,
            goal=goal_,
            time_limit=time_limit or 1e9,
            progress=lambda reached, total: bar.update(reached, total, f"{reached}/{total}"),
        )
    report_seed()
    if as_json:
        print_json({"size": size, "depth": depth, "tiles": list(board.tiles)})
    else:
        click.echo(format_board(board))


@npuzzle.command("pdb")
@click.option(
    "--build",
    "--partition",
    "partition",
    type=click.Choice(list(PARTITIONS)),
    default="6-6-3",
    show_default=True,
    help="The partition whose databases to build: 6-6-3, 7-8, 5-5-5, 3-3-3-3-3 (15-puzzle) "
    "or 6-6-6-6 (24-puzzle).",
)
@click.option("--goal", help='Goal: "first" (Korf) or "last" (default); decides the patterns.')
def pdb_cmd(partition: str, goal: str | None) -> None:
    """Build (once) and cache the pattern databases of a partition; print where they live.

    6-6-3 takes seconds; 7-8 a few minutes and 2.6 GB of memory (275 MiB cached,
    four bits an entry), 6-6-6-6 about as long; Ctrl-C stops a build and caches
    nothing of the table being built.
    """
    goal_ = goal_from_spec(goal, partition_size(partition))
    with FractionBar(_("building pattern database")) as pdb_bar:
        patterns = prepare_databases(goal_, partition, pdb_bar.update)
    for pattern in patterns:
        click.echo(_("pattern {cells}: ready").format(cells=" ".join(map(str, pattern))))
    click.echo(_("cache: {path}").format(path=cache_dir()))
