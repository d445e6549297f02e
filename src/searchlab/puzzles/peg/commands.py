"""The peg family's commands, as data the CLI builds them from: ``searchlab peg solve``
(:data:`SOLVE_OPTIONS`, :func:`from_options`, its report in
:mod:`searchlab.puzzles.peg.reports`) and the tasks ``compare``, ``boards`` and
``count`` (:data:`TASKS`)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import Block, Option, Setup, Task
from searchlab.families.kit import (
    HTML,
    JSON,
    algorithm_option,
    heuristic_option,
    max_expansions_option,
    max_nodes_option,
    svg_option,
    time_limit_option,
)
from searchlab.i18n import N_, _
from searchlab.search.limits import CancelToken

from .count_report import count_task
from .loading import load_problem
from .problem import ALGORITHMS, CENTRE_WEIGHT, HEURISTICS, Instance
from .reports import (
    boards_record,
    boards_table,
    compare_runs,
    solve_report,
)
from .solver import DEFAULT_MAX_MEMO

# -- the options that describe a problem: board, start, finish ----------------------------

BOARD = Option(
    "board",
    N_("A board name (see 'searchlab peg boards') or a board FILE; a file's pegs give the start."),
    str,
    "english",
    short="-b",
)
DIAGONAL = Option("diagonal", N_("Allow diagonal jumps too."), flag=True)
VACANCY = Option(
    "vacancy",
    N_("Empty this hole at the start (repeatable; default the centre)."),
    str,
    short="-v",
    multiple=True,
    metavar="HOLE",
)
START = Option(
    "start", N_("An explicit start position drawn in FILE."), str, metavar="FILE", dest="start_file"
)
FINISH = Option(
    "finish",
    N_("End with one peg on this hole (default: one peg anywhere)."),
    str,
    short="-f",
    metavar="HOLE",
)
TARGET = Option(
    "target",
    N_("End at the explicit position drawn in FILE."),
    str,
    metavar="FILE",
    dest="target_file",
)
PROBLEM_OPTIONS = (BOARD, DIAGONAL, VACANCY, START, FINISH, TARGET)
"""The options of ``solve`` and ``compare`` that describe the problem (files are read
by :func:`~searchlab.puzzles.peg.loading.load_problem`, after the checks that need no
file)."""

# -- searchlab peg solve ------------------------------------------------------------------

SOLVE_HELP = N_("Solve a peg solitaire problem: print the jumps and the board after each one.")

SOLVE_OPTIONS = (
    *PROBLEM_OPTIONS,
    algorithm_option(
        "fast",
        N_(
            "The fast solver, or an engine algorithm (--min-moves for the fewest moves); "
            "dls is the peg course project's depth-limited DFS (--depth-limit)."
        ),
        [a for a in ALGORITHMS if a != "minmoves"],
    ),
    heuristic_option("pagoda", N_("Heuristic for the engine's informed algorithms."), HEURISTICS),
    Option(
        "centre_weight",
        N_(
            "λ of -H centre, the peg course project's h2 = pegs - 1 + λ x (distance from the "
            "centre to the nearest peg); not admissible."
        ),
        float,
        CENTRE_WEIGHT,
        minimum=0,
    ),
    Option(
        "depth_limit",
        N_("Jumps -a dls explores at most (default: the jumps a solution has, pegs - 1)."),
        int,
        minimum=0,
    ),
    time_limit_option(60.0),
    max_expansions_option(),
    max_nodes_option(),
    Option(
        "max_memo",
        N_("Dead positions the fast solver may remember."),
        int,
        DEFAULT_MAX_MEMO,
        minimum=0,
    ),
    Option(
        "min_moves",
        N_(
            "Find a solution with the fewest moves (consecutive jumps by one peg = one "
            "move): exact, by a bidirectional breadth-first search over moves (NumPy); the "
            "English central game (18 moves) takes seconds (see docs/peg.md)."
        ),
        flag=True,
    ),
    JSON,
    svg_option(N_("Write the start board as SVG to FILE.")),
    Option("quiet", N_("Print the jumps, not every board."), flag=True, short="-q"),
    HTML,
)
"""The options of ``searchlab peg solve``, in the order of its ``--help``."""

SOLVE_EXAMPLES = ("--board english", "--board french --vacancy d1 --min-moves")


def from_options(
    *,
    board: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    algorithm: str,
    heuristic: str,
    centre_weight: float,
    depth_limit: int | None,
    max_memo: int,
    min_moves: bool,
    quiet: bool,
    **_other: Any,
) -> Setup[Instance]:
    """The problem to solve and how, from the options (one-line InputErrors for options
    that do not go together)."""
    peg_board, start, target = load_problem(
        board, diagonal, vacancy, start_file, finish, target_file
    )
    if min_moves and algorithm != "fast":
        raise InputError(_("--min-moves uses its own search: do not combine it with --algorithm"))
    algorithm = "minmoves" if min_moves else algorithm
    if depth_limit is not None and algorithm != "dls":
        raise InputError(_("--depth-limit applies to -a dls (the depth-limited DFS)"))
    instance = Instance(peg_board, start, target)
    options: dict[str, Any] = {"max_memo": max_memo}
    if algorithm == "dls":
        options["depth_limit"] = depth_limit
    if heuristic == "centre":
        options["centre_weight"] = centre_weight
    return Setup(
        instance,
        algorithm=algorithm,
        options=options,
        report=lambda result: solve_report(instance, result, quiet=quiet, min_moves=min_moves),
    )


# -- searchlab peg compare ----------------------------------------------------------------


def compare_task(
    *,
    board: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    max_expansions: int,
    time_limit: float,
    as_json: bool = False,
    cancel: CancelToken | None = None,
    progress: Callable[..., None] | None = None,
) -> Iterator[Block]:
    """``searchlab peg compare``: the course project's runs on the problem."""
    peg_board, start, target = load_problem(
        board, diagonal, vacancy, start_file, finish, target_file
    )
    yield from compare_runs(
        peg_board,
        start,
        target,
        finish,
        max_expansions=max_expansions,
        time_limit=time_limit,
        as_json=as_json,
        cancel=cancel,
        progress=progress,
    )


COMPARE = Task(
    "compare",
    N_(
        "The course project's runs: BFS, DFS, A* with its heuristics, better ones, the fast solver."
    ),
    compare_task,
    (
        *PROBLEM_OPTIONS,
        Option(
            "max_expansions",
            N_("Expansion limit per engine algorithm (the course project's was 50,000)."),
            int,
            50_000,
            minimum=1,
        ),
        time_limit_option(15.0, N_("Seconds per algorithm (the course project's was 15).")),
    ),
    example="--board triangle5",
    json=True,
    cancel=True,
    progress=True,
    progress_title=N_("comparing"),
)
"""``searchlab peg compare``."""

# -- searchlab peg boards -----------------------------------------------------------------


def boards_task(as_json: bool = False) -> Iterator[Block]:
    """``searchlab peg boards``: the built-in boards (``--json``: a list of rows)."""
    yield boards_record()
    yield boards_table()


BOARDS = Task(
    "boards",
    N_("List the built-in boards with their holes, jumps and symmetries."),
    boards_task,
    examples=("",),
    json=True,
)
"""``searchlab peg boards``."""

# -- searchlab peg count ------------------------------------------------------------------

COUNT = Task(
    "count",
    N_(
        "Count the positions reachable from the start, level by level (NumPy); with\n"
        "--solutions and --games, count every jump sequence too (exact, any size)."
    ),
    count_task,
    (
        Option(
            "board",
            N_("A board name or a board FILE (at most 64 holes); a file's pegs give the start."),
            str,
            "english",
            short="-b",
        ),
        DIAGONAL,
        Option(
            "vacancy",
            N_("Empty this hole at the start."),
            str,
            short="-v",
            multiple=True,
            metavar="HOLE",
        ),
        Option("start", N_("An explicit start position."), str, metavar="FILE", dest="start_file"),
        Option(
            "solutions",
            N_(
                "Also count the solutions exactly: jump sequences leaving one peg (per "
                "finishing hole)."
            ),
            flag=True,
        ),
        Option(
            "games",
            N_("Also count the games exactly: jump sequences ending with no jump left."),
            flag=True,
        ),
        Option(
            "finish",
            N_("With --solutions: count only the solutions ending on this hole."),
            str,
            short="-f",
            metavar="HOLE",
        ),
        time_limit_option(600.0, N_("Seconds before stopping with the levels counted so far.")),
        Option(
            "max_memory",
            N_("MiB of working memory a level may need (estimated) before stopping."),
            float,
            4096.0,
            minimum=1,
        ),
        Option(
            "no_symmetry",
            N_("Store every position, not one per symmetry class."),
            flag=True,
        ),
    ),
    example="--board english",
    examples=("--board triangle5 --vacancy a1 --solutions --games",),
    json=True,
    cancel=True,
    progress=True,
    progress_title=N_("count"),
)
"""``searchlab peg count``."""

TASKS = (COMPARE, BOARDS, COUNT)
"""The family's own commands, in the order ``searchlab peg --help`` lists them."""
