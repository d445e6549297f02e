"""The knight family's commands, as data the CLI builds them from: ``searchlab knight
tour`` (its solve command: :data:`TOUR_OPTIONS`, :func:`from_options`) and ``searchlab
knight count`` (:data:`COUNT`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import Block, Exit, Option, Record, Setup, Task
from searchlab.families.kit import (
    HTML,
    JSON,
    algorithm_option,
    draw_seed,
    max_expansions_option,
    svg_option,
    time_limit_option,
)
from searchlab.i18n import N_, _
from searchlab.puzzles.knight.board import parse_size, parse_square
from searchlab.puzzles.knight.exhaustive import tours_by_start
from searchlab.puzzles.knight.existence import random_start as random_start_square
from searchlab.puzzles.knight.render import STEPS_MAX_SQUARES, step_printer, tour_report
from searchlab.puzzles.knight.solver import ALGORITHMS
from searchlab.puzzles.knight.views import Instance
from searchlab.search.limits import CancelToken

COUNT_MAX_SQUARES = 30
"""The largest board ``count`` takes (the count is exhaustive)."""

TOUR_HELP = N_(
    "Find an open (or --closed) knight's tour of a WxH board from a start square.\n"
    "\n"
    "Existence is decided first (exactly, with the reason); every tour is\n"
    "verified before it is printed. Exit status 0 if a tour was found, 1 if\n"
    "none exists or a limit stopped the search."
)

TOUR_OPTIONS = (
    Option(
        "size",
        N_("Board width x height (columns x rows), 1..2000 each (e.g. 8x8)."),
        str,
        required=True,
        metavar="WxH",
    ),
    Option(
        "start",
        N_("Start square, 0-based from the top-left [default: 0,0]."),
        str,
        metavar="ROW,COL",
    ),
    Option(
        "random",
        N_("Start on a random square from which a tour exists."),
        flag=True,
        dest="random_start",
    ),
    Option("seed", N_("Seed for --random.")),
    Option("closed", N_("Ask for a closed (re-entrant) tour."), flag=True),
    algorithm_option(
        "fast",
        N_(
            "fast: block construction / Warnsdorff; backtrack: the knight's tour article's "
            "backtracking on the engine."
        ),
        ALGORITHMS,
    ),
    Option(
        "steps",
        N_(
            "With -a backtrack: print the board at every step of the search, as the knight's "
            "tour article does (move numbers, the knight CC, free squares __); boards up to "
            "400 squares."
        ),
        flag=True,
    ),
    time_limit_option(60.0),
    max_expansions_option(N_("Expansion limit (backtrack).")),
    JSON,
    svg_option(N_("Also draw the tour into this SVG file.")),
    HTML,
)
"""The options of ``searchlab knight tour``."""


def from_options(
    *,
    size: str,
    start: str | None,
    random_start: bool,
    seed: int | None,
    closed: bool,
    algorithm: str,
    steps: bool,
    max_expansions: int | None,
    as_json: bool,
    **_other: Any,
) -> Setup[Instance]:
    """The tour to search for, from the options (one-line InputErrors for options that
    do not go together)."""
    board = parse_size(size)
    if steps and (algorithm != "backtrack" or as_json):
        raise InputError(_("--steps prints the boards of -a backtrack (without --json)"))
    if steps and board.size > STEPS_MAX_SQUARES:
        raise InputError(
            _("--steps prints boards up to {limit} squares; {board} has {size}").format(
                limit=STEPS_MAX_SQUARES, board=board, size=f"{board.size:,}"
            )
        )
    if max_expansions is not None and algorithm == "fast":
        raise InputError(
            _("--max-expansions limits -a backtrack; -a fast builds its tour without expanding")
        )
    if start is not None and random_start:
        raise InputError(_("give --start ROW,COL or --random, not both"))
    if seed is not None and not random_start:
        raise InputError(_("--seed only applies to --random"))
    notes: list[Block] = []
    if random_start:
        seed, note = draw_seed(seed, N_("start"))
        square = random_start_square(board, closed, random.Random(seed))
        notes.extend([note] if note else [])
    elif start is not None:
        square = parse_square(start, board)
    else:
        square = (0, 0)
    return Setup(
        Instance(board, square, closed),
        blocks=notes,
        report=lambda r: [tour_report(board, square, closed, r)],
        watch=(lambda write: step_printer(board, write)) if steps else None,
    )


def count(
    size: str,
    as_json: bool,
    cancel: CancelToken | None = None,
    progress: Callable[..., None] | None = None,
) -> Iterator[Block]:
    """``searchlab knight count WxH``: the directed open tours of a small board, start
    square by start square; on Ctrl-C, the exact count of the squares done (exit 130)."""
    board = parse_size(size)
    if board.size > COUNT_MAX_SQUARES:
        raise InputError(
            _("counting is exhaustive: boards up to {limit} squares, {board} has {size}").format(
                limit=COUNT_MAX_SQUARES, board=board, size=board.size
            )
        )
    total = done = 0
    for _square, tours in tours_by_start(board, cancel=cancel):
        total += tours
        done += 1
        if progress is not None:
            info = _("{done} of {squares} start squares, {total} tours").format(
                done=done, squares=board.size, total=f"{total:,}"
            )
            progress(done, board.size, info)
    complete = done == board.size
    yield Record(
        {
            "board": [board.rows, board.cols],
            "directed_open_tours": total,
            "complete": complete,
            "start_squares_counted": done,
        }
    )
    if not as_json:
        if complete:
            yield _(
                "{total} directed open knight's tours on {board} "
                "(a tour and its reverse count as two; all start squares)"
            ).format(total=f"{total:,}", board=board)
        else:
            yield _(
                "interrupted (Ctrl-C): {total} directed open knight's tours on {board} from "
                "the first {done} of its {squares} start squares (the others not counted)"
            ).format(total=f"{total:,}", board=board, done=done, squares=board.size)
    if not complete:
        yield Exit(130)


COUNT = Task(
    "count",
    N_(
        "Count the directed open knight's tours of a small WxH board (from every start).\n"
        "\n"
        "A tour and its reverse count twice: 16 on 3x4, 164 on 4x5, 1,728 on 5x5.\n"
        "Exhaustive search, so boards are limited to 30 squares."
    ),
    count,
    (Option("size", "", str, argument=True, required=True, metavar="WxH"),),
    example="5x5",
    json=True,
    cancel=True,
    progress=True,
    progress_title=N_("counting"),
)
"""``searchlab knight count``."""
