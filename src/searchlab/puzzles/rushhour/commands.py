"""The Rush Hour family's commands, as data the CLI builds them from: ``searchlab
rushhour solve`` (its solve command: :data:`SOLVE_OPTIONS`, :func:`from_options`,
:func:`report`) and its own tasks (:data:`TASKS`: ``rate``, ``hint``, ``generate``,
``export``, ``enumerate``), run by :mod:`searchlab.puzzles.rushhour.tasks`."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from searchlab.families.contract import Block, Option, Setup, Task
from searchlab.families.kit import (
    HTML,
    JSON,
    algorithm_option,
    heuristic_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    svg_option,
    time_limit_option,
)
from searchlab.families.report import describe_outcome, optimality_note
from searchlab.i18n import N_, _
from searchlab.lazy import deferred
from searchlab.search.result import SearchResult
from searchlab.search.solve import UNIT_COST_OPTIMAL

from .heuristics import HEURISTICS
from .loading import load_board
from .model import Board
from .render import render_text, solution_text
from .solver import ALGORITHM_CHOICES

# The tasks' functions are imported when a task runs: their module loads the rating,
# the cluster search and the parallel runner, which a solve does not use.
_TASKS = f"{__package__}.tasks"

ALGORITHMS = (*ALGORITHM_CHOICES, "rate")
"""The family's algorithms: the solver's, and ``rate`` (``fast`` plus the rating)."""
OPTIMAL = frozenset(ALGORITHMS) & (UNIT_COST_OPTIMAL | {"fast", "rate"})
"""Those that guarantee the fewest moves."""

# -- the options every command that takes a board shares --------------------------------

BOARD = Option("board", "", str, argument=True)
"""``[BOARD]``: a board string, or a grid file ('-' for standard input)."""
RED = Option("red", N_("The red car's letter (default: detected)."), str, metavar="LETTER")
CARD = Option(
    "card",
    N_("Use built-in challenge card N (1-40) instead of BOARD."),
    int,
    metavar="N",
    dest="card_no",
)
DB = Option(
    "db",
    N_(
        "Only this puzzle database [default: the puzzle's .sqlite file in the user data "
        "directory, and the 6x6 puzzles without walls that ship with searchlab]."
    ),
    str,
    metavar="FILE",
    dest="db_path",
)

SOLVE_HELP = N_(
    "Solve BOARD optimally (a 36-character string such as BBoooC..., or a grid file).\n"
    "\n"
    "--algorithm fast (default) is the packed breadth-first search; the others run the\n"
    "generic engine with --heuristic.\n"
    "\n"
    "Moves are written A+2 (vehicle A two cells right or down) and C-1 (one cell left or up)."
)

SOLVE_OPTIONS = (
    BOARD,
    RED,
    CARD,
    Option(
        "metric",
        N_("moves: a slide of any length costs 1; steps: each cell."),
        str,
        "moves",
        choices=("moves", "steps"),
    ),
    algorithm_option(
        "fast",
        "Search algorithm (" + optimal_help(ALGORITHM_CHOICES, OPTIMAL) + ").",
        ALGORITHM_CHOICES,
    ),
    heuristic_option("blocking", N_("Heuristic for the engine's informed algorithms."), HEURISTICS),
    time_limit_option(60.0),
    max_expansions_option(),
    max_nodes_option(),
    JSON,
    svg_option(N_("Write an SVG of the solution (or the start board) to this file.")),
    Option("quiet", N_("Only the move list, no boards."), flag=True, short="-q"),
    HTML,
)
"""The options of ``searchlab rushhour solve``."""


def from_options(
    *,
    board: str | None,
    red: str | None,
    card_no: int | None,
    metric: str,
    algorithm: str,
    quiet: bool,
    **_other: Any,
) -> Setup[Board]:
    """The board to solve (BOARD, or ``--card``), with ``--metric`` and the report."""
    start = load_board(board, red, card_no)
    return Setup(
        start,
        options={"metric": metric},
        report=lambda result: report(
            start, result, algorithm, quiet=quiet, steps=metric == "steps"
        ),
    )


def report(
    start: Board,
    result: SearchResult,
    algorithm: str,
    *,
    quiet: bool = False,
    steps: bool = False,
) -> Iterator[Block]:
    """A solve's human answer: every board of the solution (the start board when there
    is none), the outcome, whether it is optimal, the moves, the statistics; ``quiet``:
    no boards, no statistics; ``steps``: lengths in steps (``--metric steps``)."""
    if not quiet:
        yield solution_text(start, result) if result.solved else render_text(start)
    yield describe_outcome(result, steps=steps)
    if result.solved:
        yield optimality_note(algorithm, OPTIMAL, steps=steps)
        yield _("moves:") + " " + " ".join(str(a) for a in result.actions)
    if not quiet:
        yield result.stats


# -- the family's own tasks --------------------------------------------------------------

GENERATE_OPTIONS = (
    Option(
        "min_moves",
        N_("Each puzzle needs at least this many moves."),
        int,
        required=True,
        minimum=1,
    ),
    Option("count", "", int, 1, minimum=1),
    Option("seed", N_("Random seed (same seed, same puzzles).")),
    Option("walls", N_("Number of wall cells."), int, 0, minimum=0, maximum=12),
    Option("size", N_("Board size WxH."), str, "6x6", metavar="WxH"),
    time_limit_option(600.0, N_("Seconds; the puzzles found by then are printed.")),
    Option(
        "independent",
        N_(
            "Restart from a random board after each puzzle (unrelated puzzles, slower); "
            "by default the search goes on from the last puzzle found."
        ),
        flag=True,
    ),
    Option(
        "from_db",
        N_(
            "Draw the puzzles from the puzzle database instead: instant (every 6x6 puzzle "
            "without walls ships with searchlab; others: rushhour enumerate)."
        ),
        flag=True,
    ),
    Option(
        "db",
        N_(
            "Only this puzzle database for --from-db [default: the puzzle's .sqlite file in "
            "the user data directory, and the 6x6 puzzles without walls that ship with searchlab]."
        ),
        str,
        metavar="FILE",
        dest="db_path",
    ),
    Option("max_moves", N_("With --from-db: at most this many moves."), int, minimum=1),
    Option("json", N_("Print a JSON list."), bool, flag=True, dest="as_json"),
)

EXPORT_OPTIONS = (
    DB,
    Option("size", N_("Board side."), int, 6, metavar="N"),
    Option(
        "walls",
        N_("Only puzzles with up to W walls [default: all]."),
        int,
        minimum=0,
        metavar="W",
    ),
    Option("min_moves", N_("At least this many moves."), int, minimum=0),
    Option("max_moves", N_("At most this many moves."), int, minimum=0),
    Option(
        "output",
        N_("Write to this file instead of standard output."),
        str,
        short="-o",
        path="write",
    ),
)

ENUMERATE_OPTIONS = (
    Option(
        "size",
        N_("Board side: 4, 5 or 6 (the exit row is row (N-1)//2, row 2 of 6)."),
        int,
        required=True,
        metavar="N",
    ),
    Option("walls", N_("Up to W wall cells (0 to 2)."), int, 0, metavar="W"),
    Option(
        "db",
        N_(
            "SQLite database to write (resumes from it) [default: the puzzle's .sqlite file in "
            "the user data directory]."
        ),
        str,
        metavar="FILE",
        dest="db_path",
    ),
    Option(
        "time_limit",
        N_("Seconds; the shards finished by then are kept (run again to resume). [default: none]"),
        float,
        minimum=0,
    ),
)

TASKS = (
    Task(
        "rate",
        N_(
            "Rate BOARD: optimal moves and steps, vehicles moved, cluster size, score and "
            "level.\n"
            "\n"
            "score = 0.7*moves^1.4 + 0.2*sqrt(vehicles moved) + 0.1*symmetry (the course "
            "project's);\n"
            "level thresholds are calibrated on the 40 challenge cards (see docs/rushhour.md)."
        ),
        deferred(_TASKS, "rate_task"),
        (BOARD, RED, CARD),
        example="--card 1",
        json=True,
    ),
    Task(
        "hint",
        N_("Print the next move of an optimal solution from BOARD."),
        deferred(_TASKS, "hint_task"),
        (BOARD, RED, CARD),
        example="--card 1",
        json=True,
    ),
    Task(
        "generate",
        N_(
            "Generate distinct minimal puzzles needing at least --min-moves moves.\n"
            "\n"
            "With --from-db, draw them at random from the puzzle database instead (every\n"
            "minimal puzzle of the board: the 6x6 ones without walls ship with searchlab, the\n"
            "others are built by 'rushhour enumerate'), uniformly among those of --min-moves\n"
            "to --max-moves moves."
        ),
        deferred(_TASKS, "generate_task"),
        GENERATE_OPTIONS,
        example="--min-moves 20 --count 3 --seed 1",
        examples=("--from-db --min-moves 40 --max-moves 45 --count 3",),
        cancel=True,
        progress=True,
    ),
    Task(
        "export",
        N_(
            "Print the puzzle database as M. Fogleman publishes his (rush.txt).\n"
            "\n"
            "One line per puzzle, hardest first: optimal moves, the board in the one-line\n"
            "notation (36 characters for 6x6: o empty, x wall, A the red car), cluster size.\n"
            "\n"
            "Without --db: your database (rushhour enumerate) and the 6x6 puzzles without\n"
            "walls that ship with searchlab (476,118, the hardest 51 moves)."
        ),
        deferred(_TASKS, "export_task"),
        EXPORT_OPTIONS,
        example="--min-moves 40 -o hard6.txt",
    ),
    Task(
        "enumerate",
        N_(
            "Enumerate every puzzle of an NxN board into the puzzle database.\n"
            "\n"
            "Every position is grouped into clusters (positions reachable from one another);\n"
            "each solvable, minimal cluster becomes one row: its optimal moves, its hardest\n"
            "position and its size, as in M. Fogleman's database (docs/rushhour.md). The work\n"
            "runs in shards on a Dask LocalCluster (or --scheduler); each finished shard is\n"
            "committed, so an interrupted run (Ctrl-C, --time-limit) resumes where it stopped."
        ),
        deferred(_TASKS, "enumerate_task"),
        ENUMERATE_OPTIONS,
        example="--size 5",
        examples=("--size 6 --walls 2 --scheduler tcp://host:8786",),
        json=True,
        cancel=True,
        progress=True,
        progress_log=True,
        runner=True,
    ),
)
"""``searchlab rushhour rate|hint|generate|export|enumerate``."""
