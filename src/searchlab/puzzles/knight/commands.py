"""The knight family's commands, as data the CLI builds them from: ``searchlab knight
tour`` (its solve command: :data:`TOUR_OPTIONS`, :func:`from_options`) and ``searchlab
knight count`` (:data:`COUNT`)."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import Block, Exit, Option, Setup, Task
from searchlab.families.kit import (
    HTML,
    JSON,
    algorithm_option,
    count_record,
    draw_seed,
    max_expansions_option,
    svg_option,
    time_limit_option,
)
from searchlab.i18n import N_, _
from searchlab.search.limits import CancelToken

from . import frontier
from .board import Board, parse_size, parse_square
from .exhaustive import Cancelled as ExhaustiveCancelled
from .exhaustive import count_closed_tours, tours_by_start
from .existence import random_start as random_start_square
from .render import STEPS_MAX_SQUARES, step_printer, tour_report
from .solver import ALGORITHMS
from .views import Instance

COUNT_MAX_SQUARES = 30
"""The largest board ``count --method exhaustive`` takes."""

FRONTIER_MAX_ROWS = frontier.MAX_ROWS

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
    closed: bool,
    method: str,
    checkpoint: str | None,
    as_json: bool,
    cancel: CancelToken | None = None,
    progress: Callable[..., None] | None = None,
    memory: float | None = None,
) -> Iterator[Block]:
    """``searchlab knight count WxH [--closed]``: the exact number of open (or closed)
    tours, by the frontier count (:mod:`~searchlab.puzzles.knight.frontier`) or, as a
    check, by exhaustive search; on Ctrl-C, exit 130 (a checkpointed count resumes)."""
    board = parse_size(size)
    use = method
    if use == "auto":  # the frontier count is the faster one on every board (docs/knight.md)
        use = "frontier"
    if use == "frontier" and min(board.rows, board.cols) > FRONTIER_MAX_ROWS:
        raise InputError(
            _(
                "the frontier count takes boards with a side of at most {limit} "
                "(the exhaustive one boards up to {squares} squares); {board} has neither"
            ).format(limit=FRONTIER_MAX_ROWS, squares=COUNT_MAX_SQUARES, board=board)
        )
    if use == "exhaustive" and board.size > COUNT_MAX_SQUARES:
        raise InputError(
            _("the exhaustive count takes boards up to {limit} squares, {board} has {size}").format(
                limit=COUNT_MAX_SQUARES, board=board, size=board.size
            )
        )
    if checkpoint is not None and use != "frontier":
        raise InputError(_("--checkpoint applies to the frontier count"))
    if memory is not None and use != "frontier":
        raise InputError(_("--memory applies to the frontier count"))
    if use == "frontier":
        budget = None if memory is None else int(memory * 2**30)
        yield from _count_frontier(board, closed, checkpoint, as_json, cancel, progress, budget)
    else:
        yield from _count_exhaustive(board, closed, as_json, cancel, progress)


def _count_frontier(
    board: Board,
    closed: bool,
    checkpoint: str | None,
    as_json: bool,
    cancel: CancelToken | None,
    progress: Callable[..., None] | None,
    memory: int | None,
) -> Iterator[Block]:
    notes: list[str] = []

    def step(cell: int, cells: int, column: int, states: int, mb: float) -> None:
        if progress is not None:
            info = _("column {column}, {states} states, {mb} MB").format(
                column=column, states=f"{states:,}", mb=f"{mb:,.0f}"
            )
            progress(cell, cells, info)

    try:
        result = frontier.count(
            board,
            closed,
            cancel=cancel,
            progress=step,
            checkpoint=None if checkpoint is None else Path(checkpoint),
            on_checkpoint_note=notes.append,
            memory=memory,
        )
    except frontier.CheckpointBusy:
        raise InputError(
            _("checkpoint {path} is in use by another count (wait for it or stop it)").format(
                path=checkpoint
            )
        ) from None
    except frontier.Cancelled:
        if not as_json:
            yield from notes
        yield count_record(
            board=[board.rows, board.cols],
            complete=False,
            limit="cancelled",
            total=None,
            closed=closed,
        )
        if not as_json:
            yield (
                _(
                    "interrupted (Ctrl-C); run the same command again to resume from the "
                    "last saved cell"
                )
                if checkpoint is not None
                else _(
                    "interrupted (Ctrl-C); nothing counted "
                    "(--checkpoint FILE makes a count resumable)"
                )
            )
        yield Exit(130)
        return
    if not as_json:
        yield from notes
    yield count_record(
        board=[board.rows, board.cols],
        complete=True,
        total=result.undirected if closed else result.directed,
        seconds=result.seconds,
        closed=closed,
        method="frontier",
        undirected=result.undirected,
        directed=result.directed,
        largest_frontier=result.largest_frontier,
        cells_resumed=result.steps_resumed,
        largest_arrays_mb=round(result.largest_arrays / 2**20, 1),
        most_parts=result.most_parts,
    )
    if not as_json:
        yield _report(board, closed, result.undirected, result.directed)


def _report(board: Board, closed: bool, undirected: int, directed: int) -> str:
    if closed:
        return _(
            "{undirected} closed knight's tours on {board} (undirected, OEIS A001230's "
            "convention); {directed} directed"
        ).format(undirected=f"{undirected:,}", directed=f"{directed:,}", board=board)
    return _(
        "{directed} directed open knight's tours on {board} (a tour and its reverse count "
        "as two, OEIS A165134's convention); {undirected} undirected"
    ).format(undirected=f"{undirected:,}", directed=f"{directed:,}", board=board)


def _count_exhaustive(
    board: Board,
    closed: bool,
    as_json: bool,
    cancel: CancelToken | None,
    progress: Callable[..., None] | None,
) -> Iterator[Block]:
    if closed:
        try:
            undirected = count_closed_tours(board, cancel=cancel)
        except ExhaustiveCancelled:
            yield count_record(
                board=[board.rows, board.cols],
                complete=False,
                limit="cancelled",
                total=None,
                closed=True,
            )
            if not as_json:
                yield _("interrupted (Ctrl-C); nothing counted")
            yield Exit(130)
            return
        yield count_record(
            board=[board.rows, board.cols],
            complete=True,
            total=undirected,
            closed=True,
            method="exhaustive",
            undirected=undirected,
            directed=2 * undirected,
        )
        if not as_json:
            yield _report(board, True, undirected, 2 * undirected)
        return
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
    undirected = total if board.size == 1 else total // 2
    yield count_record(
        board=[board.rows, board.cols],
        complete=complete,
        limit=None if complete else "cancelled",
        total=total,
        closed=False,
        method="exhaustive",
        directed=total,
        undirected=undirected if complete else None,
        start_squares_counted=done,
    )
    if not as_json:
        if complete:
            yield _report(board, False, undirected, total)
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
        "Count the knight's tours of a WxH board exactly: open (directed and undirected)\n"
        "or --closed.\n"
        "\n"
        "Open tours: a tour and its reverse count as two in 'directed' (OEIS A165134:\n"
        "1,728 on 5x5); closed tours: undirected as OEIS A001230 (9,862 on 6x6; 8x8:\n"
        "13,267,364,410,532). The frontier method (dynamic programming over the cells,\n"
        "column by column) takes any board with a side of at most 8; exhaustive search\n"
        "(a check) boards up to 30 squares. The 8x8 closed count took about 5 CPU hours\n"
        "and 9.4 GB here with --memory 9 and a --checkpoint, resumed across sittings."
    ),
    count,
    (
        Option("size", "", str, argument=True, required=True, metavar="WxH"),
        Option("closed", N_("Count closed (re-entrant) tours."), flag=True),
        Option(
            "method",
            N_("auto (the frontier count), frontier or exhaustive (the check, up to 30 squares)."),
            str,
            default="auto",
            choices=("auto", "frontier", "exhaustive"),
        ),
        Option(
            "checkpoint",
            N_(
                "Save the frontier count to this file after every column (and every cell "
                "once ten minutes have passed) and resume from it when run again (verified "
                "by a checksum)."
            ),
            str,
            metavar="FILE",
        ),
        Option(
            "memory",
            N_(
                "Memory budget of the frontier count in GB (default: half the memory "
                "available); larger frontiers go to disk and are built in parts."
            ),
            float,
            minimum=0.001,
            maximum=1_000_000.0,
            metavar="GB",
        ),
    ),
    example="5x5",
    examples=("6x6 --closed", "8x6 --closed --checkpoint 8x6.ckpt"),
    json=True,
    cancel=True,
    progress=True,
    progress_title=N_("counting"),
    progress_log=True,
)
"""``searchlab knight count``."""
