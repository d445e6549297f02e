"""Knight's tours: visit every square once with knight moves.

The knight's tour family: every surface (CLI, web player, experiments) goes through this.

An instance is a few lines of text (lines starting with ``#`` are comments)::

    8x8              the size, width x height (columns x rows) (``size: 8x8`` also works)
    start: 0,0       the start square, 0-based from the top-left (default 0,0)
    closed           ask for a closed (re-entrant) tour (default open)

States, tokens and views are in :mod:`.views`. Existence is decided first and
exactly (Schwenk's theorem, colour and strip arguments: status ``impossible`` with
the reason). Algorithms: ``fast`` (tours from blocks, or Warnsdorff's rule with
retries), ``backtrack`` (the knight's-tour assignment's ordered backtracking, on the engine), and
``warnsdorff-<tie>``: plain Warnsdorff's rule with one tie-break and no
backtracking (N - 1 expansions on N squares: solved exactly when the greedy walk
completes), for the knight-warnsdorff experiment.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import (
    Checking,
    Demo,
    Drawing,
    EngineView,
    Example,
    Family,
    Generating,
    Goal,
    Move,
    NoHint,
    Param,
    Playing,
    Sampling,
    SolveCommand,
    Wire,
)
from searchlab.families.kit import limit_options
from searchlab.families.params import int_param
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.search import SearchResult, backtracking_search
from searchlab.search.options import LimitOptions
from searchlab.search.problem import Problem

from .board import Board, parse_size, parse_square
from .check import verify
from .commands import COUNT, TOUR_HELP, TOUR_OPTIONS, from_options
from .demo import demo
from .existence import random_start, tour_verdict
from .play import hint as search_hint
from .play import legal_moves
from .problem import KnightTourProblem
from .solver import ALGORITHMS as TOUR_ALGORITHMS
from .solver import solve_tour
from .tiebreaks import TIE_BREAKS, tie_break_order
from .tour import tour_array, tour_moves
from .views import (
    Instance,
    Square,
    TeachingProblem,
    base_view,
    decode,
    encode,
    frames,
    is_complete,
    label,
    moves,
    render_svg,
    shared_view,
    solution_tokens,
    square_name,
    state_view,
)

NAME = folder_name(__name__)
"""The family's name: its folder's."""

HINT_MAX_SQUARES = 400
"""Hints and the teaching view search boards up to this many squares."""
WEB_MAX_SIDE = 40
"""Largest board side the web player accepts (1,600 squares)."""
ALGORITHMS = (*TOUR_ALGORITHMS, *(f"warnsdorff-{tie}" for tie in TIE_BREAKS))

# Matched whole against a stripped line; no two ``\s*`` can trade characters, so
# each match is linear in the line (``start\s*:?\s*`` was quadratic on long spaces).
SIZE = re.compile(r"(?:size(?:\s*:)?\s*)?(\d+\s*[xX×]\s*\d+)", re.I)
START = re.compile(r"start(?:\s*:)?(.*)", re.I)
SHAPE = re.compile(r"open|closed", re.I)

EXAMPLES = (
    Example("8x8", N_("8x8, open tour from the corner"), "8x8\nstart: 0,0\n"),
    Example("8x8-closed", N_("8x8, closed tour from e5"), "8x8\nstart: 3,4\nclosed\n"),
    Example("5x5", N_("5x5 from the centre"), "5x5\nstart: 2,2\n"),
    Example("3x4", N_("3x4, the smallest open tours"), "3x4\nstart: 0,0\n"),
    Example("5x5-bad", N_("5x5 from b5 (impossible: colours)"), "5x5\nstart: 0,1\n"),
    Example("4x4", N_("4x4 (impossible)"), "4x4\nstart: 0,0\n"),
    Example("4x8-closed", N_("4x8, closed (impossible: Schwenk)"), "4x8\nstart: 0,0\nclosed\n"),
    Example("20x20", N_("20x20, closed"), "20x20\nstart: 0,0\nclosed\n"),
    Example("40x40", N_("40x40, open from x23"), "40x40\nstart: 17,23\n"),
)


def parse(text: str) -> Instance:
    board: Board | None = None
    start_text: str | None = None
    closed: bool | None = None
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        if m := SIZE.fullmatch(line):
            if board is not None:
                raise InputError(_("the board size is given twice"))
            board = parse_size(m[1])
        elif m := START.fullmatch(line):
            if start_text is not None:
                raise InputError(_("the start square is given twice"))
            start_text = m[1].strip()
        elif SHAPE.fullmatch(line):
            if closed is not None:
                raise InputError(_("say 'open' or 'closed' once"))
            closed = line.lower() == "closed"
        else:
            raise InputError(
                _(
                    "cannot read {line!r}: give the size (e.g. 8x8), 'start: "
                    "ROW,COL' and optionally 'closed'"
                ).format(line=line[:40])
            )
    if board is None:
        raise InputError(_("give the board size, e.g. 8x8 (columns x rows)"))
    start = parse_square(start_text, board) if start_text is not None else (0, 0)
    return Instance(board, start, bool(closed))


def format_instance(inst: Instance) -> str:
    text = f"{inst.board}\nstart: {inst.start[0]},{inst.start[1]}\n"
    return text + ("closed\n" if inst.closed else "")


def describe(inst: Instance) -> str:
    template = (
        _("{board} board, closed tour from {square} (start: {row},{col})")
        if inst.closed
        else _("{board} board, open tour from {square} (start: {row},{col})")
    )
    square = square_name(inst.board, inst.start)
    text = template.format(board=inst.board, square=square, row=inst.start[0], col=inst.start[1])
    verdict = tour_verdict(inst.board, inst.start, closed=inst.closed)
    if not verdict.exists:
        text += "; " + _("impossible: {reason}").format(reason=verdict.reason)
    return text


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A board of the given size with a random start square from which a tour exists
    (when one exists anywhere)."""
    rows = int_param(params, "rows", 8, 1, 2000)
    cols = int_param(params, "cols", 8, 1, 2000)
    closed = int_param(params, "closed", 0, 0, 1)
    r, c = random_start(Board(rows, cols), bool(closed), random.Random(seed))
    return f"{cols}x{rows}\nstart: {r},{c}\n" + ("closed\n" if closed else "")


def sample(size: int, seed: int) -> str:
    """The experiments' instance: a size x size board, open tours, with a start square
    drawn uniformly among those from which an open tour exists."""
    board = Board(size, size)
    rng = random.Random(seed)
    squares = [
        (r, c) for r in range(size) for c in range(size) if tour_verdict(board, (r, c)).exists
    ]
    if not squares:
        raise InputError(
            _("no open knight's tour exists on a {size}x{size} board").format(size=size)
        )
    row, col = rng.choice(squares)
    return format_instance(Instance(board, (row, col), False))


def solve(inst: Instance, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    """``fast`` / ``backtrack``: :func:`solve_tour` (existence first, exact); a
    ``warnsdorff-<tie>`` algorithm: plain Warnsdorff's rule, no backtracking.

    Limits: every method stores the tour, N squares, so a ``max_nodes`` below N stops
    each at once (status ``"limit"``); ``max_expansions`` bounds the searches
    (``backtrack``, ``warnsdorff-*``); ``fast`` builds its tour without expanding
    nodes (its statistics count none)."""
    max_nodes = options.get("max_nodes")
    if max_nodes is not None and inst.board.size > max_nodes:
        return SearchResult(algorithm, "limit", limit="max_nodes")
    if algorithm.startswith("warnsdorff-"):
        return warnsdorff(inst, algorithm.removeprefix("warnsdorff-"), options)
    return solve_tour(
        inst.board,
        inst.start,
        closed=inst.closed,
        algorithm=algorithm,
        observer=options.get("observer"),
        **limit_options(options, without=("max_nodes",)),  # checked above, against N
    )


def warnsdorff(inst: Instance, tie: str, options: Mapping[str, Any]) -> SearchResult:
    """Plain Warnsdorff's rule with tie-break ``tie``: the engine's ordered backtracking
    allowed exactly N - 1 expansions on N squares (a tour needs N - 1 along its path and
    any dead end costs one more), so it is solved exactly when the greedy walk completes."""
    board, start = inst.board, inst.start
    verdict = tour_verdict(board, start, closed=inst.closed)
    if not verdict.exists:
        return SearchResult(f"warnsdorff-{tie}", "impossible", reason=verdict.reason)
    problem = KnightTourProblem(board, start, closed=inst.closed)
    seed = (board.rows * 1009 + board.cols) * 1_000_003 + start[0] * 1009 + start[1]
    limits: LimitOptions = {
        **limit_options(options, without=("max_nodes", "progress")),
        "max_expansions": min(board.size - 1, options.get("max_expansions") or board.size),
    }
    r = backtracking_search(problem, order=tie_break_order(problem, tie, seed), **limits)
    squares = [start, *r.actions] if r.solved else []
    moves_, states = tour_moves(squares)
    r.actions, r.states = moves_, states
    return r


def hint_unavailable(inst: Instance) -> str | None:
    if inst.board.size > HINT_MAX_SQUARES:
        return _(
            "hints search boards up to {limit} squares (this one has {size}); solve it instead"
        ).format(limit=HINT_MAX_SQUARES, size=f"{inst.board.size:,}")
    return None


def hint(
    inst: Instance, path: tuple[Square, ...], /, **options: Any
) -> Move[tuple[Square, ...]] | None:
    """A square from which the path can still be completed to a tour."""
    reason = hint_unavailable(inst)
    if reason:
        raise NoHint(reason)
    if len(path) == inst.board.size:
        raise NoHint(_("every square is visited, but the last one does not attack the start"))
    if not legal_moves(inst.board, list(path)):
        raise NoHint(_("the knight is stuck: undo some moves"))
    sq = search_hint(inst.board, list(path))
    if sq is None:
        raise NoHint(_("no tour completes this path (or none was found quickly): undo some moves"))
    return Move(label(sq), sq, (*path, sq))


def teaching_problem(inst: Instance, heuristic: str | None) -> Problem[Any, Any]:
    if inst.board.size > HINT_MAX_SQUARES:
        raise InputError(
            _(
                "a search watched step by step needs a small board (up to {hint_max_squares} "
                "squares)"
            ).format(hint_max_squares=HINT_MAX_SQUARES)
        )
    return TeachingProblem(inst)


def picture(inst: Instance, result: SearchResult | None) -> str:
    """The tour (or the empty board) as SVG."""
    path = None if result is None or not result.solved else tour_array(result.states)
    closed = bool(result is not None and result.extra.get("closed"))
    return render_svg(inst.board, path, closed=closed, start=inst.start)


def goal_text(inst: Instance) -> str:
    """What counts as solved, in words."""
    if inst.closed:
        return _(
            "Goal: visit every square exactly once and end a knight's move from the start "
            "(a closed tour)."
        )
    return _("Goal: visit every square exactly once (an open tour: it may end anywhere).")


FAMILY: Family[Instance, tuple[Square, ...]] = Family(
    name=NAME,
    title=N_("Knight's tour"),
    board_help=N_(
        "The size (e.g. 8x8, up to 40x40 on the web), 'start: ROW,COL' "
        "(0-based from the top-left) and optionally 'closed' for a tour ending a knight move "
        "from its start."
    ),
    examples=EXAMPLES,
    parse=parse,
    format=format_instance,
    describe=describe,
    algorithms=ALGORITHMS,
    heuristics=(),
    solve=solve,
    initial=lambda i: (i.start,),
    encode_state=encode,
    decode_state=decode,
    is_goal=is_complete,
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
    ),
    play=Playing(
        moves=moves,
        hint=hint,
        help=N_("Click the knight's next square (legal squares in green)."),
        unavailable=hint_unavailable,
    ),
    generator=Generating(
        params=(
            Param("rows", N_("rows"), 8, 1, WEB_MAX_SIDE),
            Param("cols", N_("columns"), 8, 1, WEB_MAX_SIDE),
            Param("closed", N_("closed tour"), 0, 0, 1),
        ),
        generate=generate,
    ),
    sampling=Sampling(sample=sample, parameter="size"),
    tasks=(COUNT,),
    command=SolveCommand(
        options=TOUR_OPTIONS,
        from_options=from_options,
        name="tour",
        help=TOUR_HELP,
        examples=("--size 8x8 --start 0,0", "--size 100x100 --closed --svg tour.svg"),
    ),
    engine=EngineView(
        problem=teaching_problem,
        state_of=lambda i, s: s.path,
        action_label=lambda i, sq: label(sq),
    ),
    wire=Wire(
        frames=frames,
        shared_view=shared_view,
        solution_tokens=solution_tokens,
        max_cells=WEB_MAX_SIDE * WEB_MAX_SIDE,
    ),
    drawing=Drawing(
        svg=picture,
    ),
    checking=Checking(
        verify=verify,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Knight's tours"),
    ),
    notes=N_(
        "Whether a tour exists is said first, and why not; 'fast' builds a tour at once, "
        "'backtrack' is the assignment's search, square by square."
    ),
)
