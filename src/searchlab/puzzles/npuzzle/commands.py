"""The sliding-tile family's commands, as data the CLI builds them from: ``searchlab
npuzzle solve`` (:func:`solve_options`, :func:`from_options`), ``random`` (:data:`RANDOM`:
a board exactly DEPTH moves from the goal) and ``pdb`` (:data:`PDB`: build and cache the
pattern databases)."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterator, Sequence
from typing import Any

from searchlab.errors import InputError, OutOfTime
from searchlab.families.contract import Block, Exit, Note, Option, Record, Setup, Task
from searchlab.families.kit import (
    HTML,
    JSON,
    algorithm_option,
    draw_seed,
    file_option,
    heuristic_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    svg_option,
    time_limit_option,
)
from searchlab.i18n import N_, _
from searchlab.search import SearchResult

from .board import Instance, format_board, goal_from_spec, parse_tiles
from .heuristics import HEURISTICS, canonical_heuristic
from .instances import random_instance
from .partitions import PARTITIONS, RANKED
from .solvers import (
    AUTO_PARTITIONS,
    auto_ready,
    databases_ready,
    partition_size,
    prepare_auto,
    prepare_databases,
)

DEFAULT_STORED_NODES = 5_000_000
"""The default memory bound of the node-storing searches (measured at 180-430 bytes a
stored node on the 15-puzzle: BFS on it no longer runs until the machine swaps)."""
PATH_ONLY = ("auto", "idastar", "iddfs")
"""Searches that keep only their path (a stored-node bound never stops them)."""
GOAL_HELP = N_('Goal: "last" (default, 1..N²-1 then the blank), "first", or tiles.')

SOLVE_HELP = N_(
    "Solve the board in FILE ('-' for stdin) or --tiles, printing every board.\n"
    "\n"
    "The default (auto) and the optimal algorithms find a solution with the fewest\n"
    "moves; dfs, greedy and wastar find a solution, often a much longer one (the\n"
    "result says which)."
)


def solve_options(algorithms: Sequence[str], optimal: Collection[str]) -> tuple[Option, ...]:
    """The options of ``searchlab npuzzle solve``, for the family's ``algorithms``."""
    return (
        file_option(),
        Option("tiles", N_('The board inline, row-major, e.g. "8 6 7 2 5 4 3 0 1".'), str),
        Option("goal", GOAL_HELP, str),
        algorithm_option(
            "auto",
            "auto (the fastest optimal method) or an engine algorithm ("
            + optimal_help(algorithms, optimal)
            + ").",
        ),
        heuristic_option("auto", "auto, pdb (4x4 IDA*), or " + ", ".join(HEURISTICS) + "."),
        Option(
            "pdb",
            N_(
                "IDA* with these additive pattern databases (4x4: 6-6-3, 7-8, 5-5-5, "
                "3-3-3-3-3; 5x5: 6-6-6-6). 7-8 and 6-6-6-6 must be built first: npuzzle pdb "
                "--build. Default (auto): the strongest built (7-8, else 6-6-3 on 4x4; 6-6-6-6 "
                "on 5x5), else compiled IDA* with linear conflict."
            ),
            str,
            choices=list(PARTITIONS),
            dest="partition",
        ),
        time_limit_option(
            60.0, N_("Seconds before giving up (not counting a first pattern-database build).")
        ),
        max_expansions_option(),
        max_nodes_option(
            "Stored-node limit: the memory bound of the searches that store nodes "
            f"(default {DEFAULT_STORED_NODES:,}: about 2 GB); auto and idastar store only "
            "their path and are bounded by --time-limit and --max-expansions."
        ),
        JSON,
        svg_option(N_("Also write the start board as SVG to this file.")),
        HTML,
    )


def from_options(
    *,
    file: str | None,
    tiles: str | None,
    goal: str | None,
    algorithm: str,
    heuristic: str,
    partition: str | None,
    max_nodes: int | None,
    **_other: Any,
) -> Setup[Instance]:
    """The board of ``searchlab npuzzle solve`` and how to solve it: the default
    stored-node bound, ``--pdb`` checked against the board and the databases built."""
    if (file is None) == (tiles is None):
        raise InputError(_("give a board FILE or --tiles (one of them)"))
    board = parse_tiles(tiles if tiles is not None else str(file))
    instance = Instance(board, goal_from_spec(goal, board.size))
    algorithm = algorithm.strip().lower()
    heuristic = heuristic.strip().lower()
    if max_nodes is None and algorithm not in PATH_ONLY:
        max_nodes = DEFAULT_STORED_NODES
    if heuristic not in ("auto", "pdb"):
        heuristic = canonical_heuristic(heuristic)
    if partition is not None:
        if heuristic not in ("auto", "pdb") or algorithm not in ("auto", "idastar"):
            raise InputError(
                _("--pdb needs --algorithm auto or idastar and --heuristic auto or pdb")
            )
        n = partition_size(partition)
        if board.size != n:
            raise InputError(_("the {p} databases are for {n}x{n} boards").format(p=partition, n=n))
        if partition in RANKED and not databases_ready(instance.goal, partition):
            raise InputError(
                _(
                    "the {p} pattern databases are not built yet: run "
                    "'searchlab npuzzle pdb --build {p}' once (minutes; see docs/npuzzle.md)"
                ).format(p=partition)
            )
        heuristic = "pdb"
    notes: list[Block] = []
    if (
        algorithm == "auto"
        and heuristic == "auto"
        and board.size in (4, 5)
        and not auto_ready(instance.goal)
    ):
        notes.append(
            Note(
                _(
                    "no pattern database cached: compiled IDA* with linear conflict (nothing "
                    "is built); 'searchlab npuzzle pdb --build auto --size {n}' (once: {minutes} "
                    "minutes, {gb} GB of memory) makes the hardest boards faster"
                ).format(
                    n=board.size,
                    minutes=2 if board.size == 4 else 20,
                    gb="1" if board.size == 4 else "3",
                ),
                tip=True,
            )
        )
    return Setup(
        instance,
        algorithm,
        heuristic,
        {"max_nodes": max_nodes, "partition": partition},
        notes,
        report=unsolvable_report,
        bar="pdb_progress",
        bar_title=N_("building pattern database"),
    )


def unsolvable_report(result: SearchResult) -> list[Block] | None:
    """One line for a board of the other parity; the standard report otherwise."""
    if result.status == "impossible":
        return [_("unsolvable: this board cannot reach the goal (permutation parity)")]
    return None


def random_board(
    *,
    size: int,
    depth: int,
    seed: int | None,
    goal: str | None,
    time_limit: float,
    as_json: bool,
    progress: Callable[..., None],
) -> Iterator[Block]:
    """``searchlab npuzzle random``: a board whose optimal solution is exactly ``depth``
    moves, its drawn seed on standard error."""
    goal_ = goal_from_spec(goal, size)
    seed, note = draw_seed(seed, N_("board"))
    title = _("building a board {depth} moves deep").format(depth=depth)
    try:
        board = random_instance(
            size,
            depth,
            seed=seed,
            goal=goal_,
            time_limit=time_limit or 1e9,
            progress=lambda reached, total: progress(reached, total, f"{reached}/{total}", title),
        )
    except OutOfTime as exc:  # a limit, exit status 1 (a malformed request is 2)
        yield Note(str(exc))
        yield Exit(1)
        return
    if note is not None:
        yield note
    yield Record({"size": size, "depth": depth, "tiles": list(board.tiles)})
    yield format_board(board)


RANDOM = Task(
    "random",
    N_("Print a board whose optimal solution is exactly DEPTH moves (3x3: any depth up to 31)."),
    random_board,
    (
        Option("size", N_("Board side (3: 8-puzzle)."), int, 3, minimum=2, maximum=8),
        Option(
            "depth", N_("Exact optimal solution length."), int, minimum=0, required=True, short="-d"
        ),
        Option("seed", N_("Random seed (reproducible output; printed on stderr when drawn).")),
        Option("goal", N_('Goal: "last" (default), "first", or tiles.'), str),
        time_limit_option(
            60.0, N_("Seconds before giving up (boards above 3x3 are built step by step).")
        ),
    ),
    example="--size 4 --depth 30 --seed 7",
    json=True,
    progress=True,
)
"""``searchlab npuzzle random``."""


def build_databases(
    *,
    partition: str,
    goal: str | None,
    progress: Callable[..., None],
    size: int | None = None,
    as_json: bool = False,
) -> Iterator[Block]:
    """``searchlab npuzzle pdb``: build (once) and cache a partition's databases, or with
    ``auto`` what the solver's ``auto`` uses on a ``size x size`` board
    (:func:`~.solvers.prepare_auto`: the zero-aware catalogue on 5x5, 7-8 on 4x4, and the
    pruning automaton) (``--json``: ``{"partition", "goal", "patterns", "automaton",
    "cache"}``, ``automaton`` null unless ``auto``)."""
    side = 4 if size is None else size
    if partition == "auto":
        if side not in AUTO_PARTITIONS:
            raise InputError(_("--build auto takes --size 4 or 5"))
    elif size is not None and size != partition_size(partition):
        raise InputError(
            _("the {p} databases are for {n}x{n} boards").format(
                p=partition, n=partition_size(partition)
            )
        )
    else:
        side = partition_size(partition)
    goal_ = goal_from_spec(goal, side)
    title = ""

    def on_table(number: int, count: int, pattern: tuple[int, ...]) -> None:
        nonlocal title
        title = _("table {number} of {count}: pattern {cells}").format(
            number=number, count=count, cells=" ".join(map(str, pattern))
        )

    def step(done: int, total: int) -> None:
        progress(
            done, total, _("{done:,} of {total:,} entries").format(done=done, total=total), title
        )

    from .pdb import cache_dir  # only here: a solve reads none

    automaton = None
    if partition == "auto":
        from .fsm import fsm_path

        partition, patterns = prepare_auto(goal_, step, on_table)
        automaton = str(fsm_path())
    else:
        patterns = prepare_databases(goal_, partition, step, on_table)
    yield Record(
        {
            "partition": partition,
            "goal": list(goal_.tiles),
            "patterns": [list(p) for p in patterns],
            "automaton": automaton,
            "cache": str(cache_dir()),
        }
    )
    yield _("tables of {partition}:").format(partition=partition)
    for pattern in patterns:
        yield _("pattern {cells}: ready").format(cells=" ".join(map(str, pattern)))
    if automaton is not None:
        yield _("pruning automaton: ready ({path})").format(path=automaton)
    yield _("cache: {path}").format(path=cache_dir())


PDB = Task(
    "pdb",
    N_(
        "Build (once) and cache the pattern databases of a partition; print where they live.\n"
        "\n"
        "6-6-3 takes seconds; 7-8 a few minutes and about 1 GB of memory (480 MiB cached:\n"
        "four bits an entry, and the three-bit copy the search reads), 6-6-6-6 about as\n"
        "long; auto on 5x5 (nine zero-aware tables, each also by cell digits, which the\n"
        "search reads) about 19 CPU minutes, 2.7 GB of memory and 7.7 GB cached. Ctrl-C\n"
        "stops a build: the tables finished stay cached, nothing of the one being built,\n"
        "and the next build goes on from there. Off a terminal, a line of progress a minute\n"
        "and one for each table."
    ),
    build_databases,
    (
        Option(
            "build",
            N_(
                "The partition whose databases to build: 6-6-3, 7-8, 5-5-5, 3-3-3-3-3 "
                "(15-puzzle) or 6-6-6-6 (24-puzzle); auto: what the solver's auto uses "
                "on a --size board (7-8 on 4x4, the zero-aware catalogue on 5x5, and the "
                "pruning automaton)."
            ),
            str,
            "6-6-3",
            choices=["auto", *PARTITIONS],
            aliases=("partition",),
            dest="partition",
        ),
        Option(
            "size", N_("Board side for --build auto: 4 (default) or 5."), int, minimum=4, maximum=5
        ),
        Option("goal", N_('Goal: "first" (Korf) or "last" (default); decides the patterns.'), str),
    ),
    example="--build 6-6-3",
    examples=("--build 7-8 --goal first", "--build auto --size 5 --goal first"),
    json=True,
    progress=True,
    progress_title=N_("building pattern database"),
    progress_log=True,
)
"""``searchlab npuzzle pdb``."""


def build_automaton(
    *, depth: int, progress: Callable[..., None], as_json: bool = False
) -> Iterator[Block]:
    """``searchlab npuzzle fsm``: build (once) and cache the duplicate-pruning automaton
    (``--json``: ``{"depth", "states", "cache"}``)."""
    from .fsm import fsm_path, load_fsm

    table = load_fsm(depth, progress=lambda length, *_: progress(length, depth))
    assert table is not None  # built when missing
    yield Record({"depth": depth, "states": len(table), "cache": str(fsm_path(depth))})
    yield _("automaton of the move strings of up to {depth} moves: {states:,} states").format(
        depth=depth, states=len(table)
    )
    yield _("cache: {path}").format(path=fsm_path(depth))


FSM = Task(
    "fsm",
    N_(
        "Build (once) and cache the automaton that prunes duplicate move strings\n"
        "(Korf & Taylor 1996) for the compiled IDA*; print where it lives.\n"
        "\n"
        "Strings of up to 12 moves take about 10 s and 0.8 GB of memory; each move more\n"
        "about three times as much."
    ),
    build_automaton,
    (
        Option(
            "depth",
            N_("The longest move strings searched for duplicates."),
            int,
            12,
            minimum=2,
            maximum=13,
        ),
    ),
    example="--depth 12",
    json=True,
    progress=True,
    progress_title=N_("building the pruning automaton"),
    progress_log=True,
)
"""``searchlab npuzzle fsm``."""
