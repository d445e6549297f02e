"""Rush Hour: slide cars and trucks until the red car reaches the exit.

The Rush Hour family: every surface (CLI, web player, experiments) goes through this.

An instance is a :class:`Board` in any notation the family reads: a grid (one row
per line, ``.`` or ``o`` empty, ``x`` wall, letters vehicles; ``X`` the red car in
the challenge-card notation, else ``A``) or the one-line database string. A
state is a :class:`Board` too; its token the list of vehicle positions (column of
a horizontal vehicle, row of a vertical one), validated with ``make_board``. A
move's ``grab`` is the vehicle's cells and its ``to`` the cell its front reaches,
so dragging a car along its axis by *k* cells plays the slide by *k*.

Algorithms: ``fast`` (the packed breadth-first search, optimal), ``rate`` (the
same solution plus the assignment's difficulty rating in ``extra``), and the engine's
algorithms with the heuristics ``blocking`` (the assignment's), ``strong`` and ``zero``.
The option ``metric="steps"`` counts one-cell slides instead of moves.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from functools import lru_cache
from typing import Any, cast

from searchlab.errors import InputError
from searchlab.families.checking import replay_reason
from searchlab.families.contract import (
    Artifact,
    Caching,
    Checking,
    Demo,
    DemoBlock,
    Drawing,
    EngineView,
    Example,
    Family,
    Generating,
    Goal,
    Param,
    Playing,
    Sampling,
    SolveCommand,
)
from searchlab.families.kit import engine_solve, limit_options
from searchlab.families.params import float_param, int_param
from searchlab.i18n import N_, _, ngettext
from searchlab.puzzles import folder_name
from searchlab.search.limits import Budget
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult

from .cards import cards
from .commands import (
    ALGORITHMS,
    OPTIMAL,
    SOLVE_HELP,
    SOLVE_OPTIONS,
    TASKS,
    from_options,
)
from .heuristics import HEURISTICS
from .model import Board, make_board, parse_move
from .notation import parse_board
from .play import hint, moves
from .problem import RushHourProblem
from .render import solution_text
from .solver import Metric, solve_board
from .views import base_view, render_svg, state_view

NAME = folder_name(__name__)
"""The family's name: its folder's."""

GENERATE_MAX_SECONDS = 20.0
"""Longest time a generated board may take on the web (the request waits for it)."""
SAMPLE_SECONDS = 600.0
"""The experiments give up generating one puzzle after this long (an InputError)."""


def card_text(number: int, moves: int, board: str) -> str:
    rows = [board[i : i + 6] for i in range(0, 36, 6)]
    return f"# card {number}: {moves} moves\n" + "\n".join(rows) + "\n"


# A card's title and text name no level: the printed card's (Beginner for cards 1-10...)
# and the rating's (:func:`difficulty`, shown when the board is loaded) differ on some
# cards (card 10: Beginner, rated intermediate), and one board had two levels.
EXAMPLES = (
    *(
        Example(
            f"card{c.number}",
            N_("Card {number} ({moves} moves)"),
            card_text(c.number, c.moves, c.board),
            (("number", c.number), ("moves", c.moves)),
        )
        for c in cards()
    ),
    Example(
        "walls",
        N_("With walls (generated, 21 moves)"),
        "# x: walls\nBCCC.D\nBEE.FD\n.AA.FD\nxGHHII\n.GxJKK\n.LLJ..\n",
    ),
)


def describe(board: Board) -> str:
    n = len(board.vehicles)
    text = ngettext(
        "{width}x{height} board, {n} vehicle", "{width}x{height} board, {n} vehicles", n
    ).format(width=board.width, height=board.height, n=n)
    if board.walls:
        text += ", " + ngettext("{n} wall", "{n} walls", len(board.walls)).format(
            n=len(board.walls)
        )
    return text


def difficulty(board: Board, time_limit: float) -> str | None:
    """The board's difficulty level (:func:`~.rating.rate`, the assignment's score with levels
    calibrated on the 40 cards) and optimal moves, as one line; ``None`` when the board
    has no solution. Raises InputError when the time limit stops the rating; the
    solution it counts is checked first (:meth:`Family.check`)."""
    budget = Budget(time_limit=time_limit)
    by_moves = solve_board(board, time_limit=time_limit)
    if by_moves.status == "no_solution":
        return None
    FAMILY.check(board, replace(by_moves, actions=[str(m) for m in by_moves.actions]))
    from .rating import rate  # here: a solve without the rating does not load it

    r = rate(board, time_limit=budget.remaining(), solution=by_moves)
    # the rating's score is the course's formula (``rushhour rate`` prints it); a player
    # reads the level and the moves
    return _("difficulty: {level} ({moves} moves)").format(level=_(r.level), moves=r.moves)


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A puzzle needing at least ``min_moves`` optimal moves: drawn from the puzzle
    database (:mod:`~.sources`: the user's, else the bundled 6x6 puzzles without walls;
    instant) when it holds such a puzzle, else generated (:func:`generated`)."""
    min_moves = int_param(params, "min_moves", 10, 1, 60)
    walls = int_param(params, "walls", 0, 0, 6)
    # The database and the generator load when a puzzle is asked for (SQLite, LZMA).
    from . import sources
    from .database import MAX_WALLS

    if walls <= MAX_WALLS:
        try:
            d = sources.draw(min_moves, size=6, walls=walls, seed=seed)
        except InputError:  # not built (walls), or none so hard stored: generate
            pass
        else:
            return (
                f"# from the puzzle database: {d.moves} moves (optimal), "
                f"cluster of {d.cluster_size} positions\n{parse_board(d.board).to_text()}\n"
            )
    return generated(params, seed)


def generated(params: Mapping[str, float], seed: int | None) -> str:
    """A generated puzzle needing at least ``min_moves`` optimal moves, found within
    ``seconds``; an InputError when the minimum is out of reach or none was found."""
    min_moves = int_param(params, "min_moves", 10, 1, 60)
    walls = int_param(params, "walls", 0, 0, 6)
    seconds = float_param(params, "seconds", 5.0, 0.5, SAMPLE_SECONDS)
    from .generate import generate as generate_puzzles
    from .generate import unreachable

    reason = unreachable(min_moves, walls=walls)  # a proof, answered at once
    if reason:
        raise InputError(_("{reason}: lower the minimum").format(reason=reason))
    found = generate_puzzles(min_moves, seed=seed, walls=walls, time_limit=seconds)
    if not found:
        raise InputError(
            _(
                "no puzzle of at least {min_moves} moves found in "
                "{seconds:g} s: lower the minimum or allow more time"
            ).format(min_moves=min_moves, seconds=seconds)
        )
    g = found[0]
    return f"# generated: {g.moves} moves (optimal)\n{g.board.to_text()}\n"


def sample(min_moves: int, seed: int) -> str:
    """The experiments' instance: a generated puzzle of at least ``min_moves`` optimal
    moves (:func:`generated` with :data:`SAMPLE_SECONDS`; never the database, so the
    instances do not depend on the machine)."""
    return generated({"min_moves": min_moves, "seconds": SAMPLE_SECONDS}, seed)


def sample_unreachable(min_moves: int) -> str | None:
    """Why :func:`sample` has no instance of at least ``min_moves`` moves (6x6, no
    walls: above the hardest puzzle of Fogleman's database), ``None`` when it may."""
    from .generate import unreachable

    reason = unreachable(min_moves)
    if reason is None:
        return None
    return _("--min-moves {min_moves}: {reason}").format(min_moves=min_moves, reason=reason)


def solve(board: Board, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    """``fast``/``rate``: the packed BFS (``rate`` adds the rating under ``extra``); others:
    the engine on :class:`RushHourProblem`. ``extra`` holds the metric and the board in
    the database notation (with the letters renamed, when they are)."""
    metric = cast(Metric, options.pop("metric", "moves"))
    limits = limit_options(options)
    budget = Budget(time_limit=limits.get("time_limit"), cancel=limits.get("cancel"))
    if algorithm in ("fast", "rate") or limits == options:
        result = solve_board(
            board,
            metric=metric,
            algorithm="fast" if algorithm == "rate" else algorithm,
            heuristic=heuristic or "blocking",
            **limits,
        )
    else:  # engine options (an observer, a weight, a tie-break): the engine itself
        pb = RushHourProblem(board, metric=metric, heuristic=heuristic or "blocking")
        result = engine_solve(pb, algorithm, options, state=pb.packed.to_board)
    extra: dict[str, Any] = {"metric": metric, "board": board.to_database()}
    names = board.database_names()
    if any(k != v for k, v in names.items()):
        extra["names"] = names
    if algorithm == "rate" and result.solved:
        by_moves = result if metric == "moves" else None  # else rate() solves by moves
        from .rating import rate  # here: a solve without the rating does not load it

        try:
            rating = rate(
                board, time_limit=budget.remaining(), cancel=budget.cancel, solution=by_moves
            )
            extra["rating"] = rating.as_dict()
        except InputError as exc:  # the limits stopped the rating: solved, without one
            extra["rating_error"] = str(exc)
    result.actions = [str(m) for m in result.actions]
    result.extra = extra
    if algorithm in ("fast", "rate"):
        result.algorithm = "fast (packed breadth-first search)"
    else:
        result.algorithm = f"{algorithm} ({heuristic or 'blocking'})"
    return result


def verify(board: Board, result: SearchResult) -> str | None:
    """The family's check of a solved answer: the generic replay of its moves until the
    red car exits (:func:`~searchlab.families.checking.replay_reason`); in the ``steps``
    metric every move is one cell, and a rating's move count is the solution's."""
    reason = replay_reason(FAMILY, board, result)
    if reason is not None:
        return reason
    if result.extra.get("metric") == "steps":
        for number, label in enumerate(result.actions, start=1):
            if abs(parse_move(str(label)).delta) != 1:
                return _("move {number} ({move}) is more than one step").format(
                    number=number, move=label
                )
    rating = result.extra.get("rating")
    if result.extra.get("metric") == "moves" and rating and rating["moves"] != result.length:
        return _("it reports {reported} moves but its moves make {actual}").format(
            reported=rating["moves"], actual=result.length
        )
    return None


def decode(board: Board, token: Any) -> Board:
    n = len(board.vehicles)
    if (
        not isinstance(token, list)
        or len(token) != n
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in token)
    ):
        raise InputError(
            _("a Rush Hour position is a list of {n} vehicle positions (integers)").format(n=n)
        )
    if not all(0 <= p < max(board.width, board.height) for p in token):
        raise InputError(_("a vehicle position is off the board"))
    moved = board.with_positions(token)
    return make_board(board.width, board.height, moved.vehicles, moved.walls)


@lru_cache(maxsize=32)
def _problem(board: Board, heuristic: str) -> RushHourProblem:
    return RushHourProblem(board, heuristic=heuristic)


def problem(board: Board, heuristic: str | None) -> Problem[Any, Any]:
    return _problem(board, heuristic or "blocking")


def state_of(board: Board, state: int) -> Board:
    return _problem(board, "zero").packed.to_board(state)


def picture(board: Board, result: SearchResult | None) -> str:
    """The solution as one SVG (every position, each move under it), or the start board."""
    if result is not None and result.solved:
        return render_svg(list(result.states), [parse_move(str(a)) for a in result.actions])
    return render_svg(board)


def warm() -> None:
    """Compile the cluster search (rating, generating) and the enumerator now, or load
    them from Numba's cache."""
    from . import enumeration, kernel

    kernel.warm_up()
    enumeration.warm_up()
    enumeration.run_shard(enumeration.shards(4, 0)[0])


def goal_text(board: Board) -> str:
    """What counts as solved, in words."""
    return _(
        "Goal: slide the cars until the red car {car} drives out through the exit, at "
        "the right end of its row."
    ).format(car=board.red.name)


def demo() -> Iterator[DemoBlock]:
    """The family's ``searchlab demo`` section (imported when shown)."""
    from .demo import demo as blocks

    yield from blocks()


def cache_artifacts() -> Sequence[Artifact]:
    """The bundled puzzle database unpacked in the cache (imported when asked)."""
    from .bundled import cache_artifacts as artifacts

    return artifacts()


FAMILY: Family[Board, Board] = Family(
    name=NAME,
    title=N_("Rush Hour"),
    board_help=N_(
        "A grid, one row per line: '.' or 'o' empty, 'x' wall, letters vehicles (cars of 2 "
        "cells, trucks of 3); the red car is X (card notation) or A. Or the one-line database "
        "string (36 characters for 6x6). Boards from 4x4 to 8x8."
    ),
    examples=EXAMPLES,
    parse=parse_board,
    format=lambda b: b.to_text() + "\n",
    describe=describe,
    algorithms=ALGORITHMS,
    optimal=OPTIMAL,
    heuristics=HEURISTICS,
    heuristic_labels={
        "blocking": N_("Blocking cars"),
        "strong": N_("Blocking cars, strengthened"),
        "zero": N_("h = 0 (none)"),
    },
    solve=solve,
    initial=lambda b: b,
    encode_state=lambda i, b: list(b.positions()),
    decode_state=decode,
    is_goal=lambda i, b: b.is_solved(),
    checking=Checking(
        step=lambda i, b, label: b.apply(label),
        verify=verify,
    ),
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
    ),
    play=Playing(
        moves=moves,
        hint=hint,
        help=N_(
            "Drag a car along its axis (or click it, then the cell its front should reach); "
            "a car with one move slides on a click."
        ),
    ),
    generator=Generating(
        params=(
            Param("min_moves", N_("at least (moves)"), 10, 1, 60),
            Param("walls", N_("walls"), 0, 0, 6),
            Param("seconds", N_("time limit (s)"), 5.0, 0.5, GENERATE_MAX_SECONDS, "float"),
        ),
        generate=generate,
    ),
    sampling=Sampling(sample=sample, parameter="min_moves", unreachable=sample_unreachable),
    tasks=TASKS,
    command=SolveCommand(
        options=SOLVE_OPTIONS,
        from_options=from_options,
        help=SOLVE_HELP,
        examples=("--card 40", "board.txt --metric steps --json"),
    ),
    engine=EngineView(
        problem=problem,
        state_of=state_of,
        action_label=lambda i, m: str(m),
    ),
    drawing=Drawing(
        svg=picture,
        text=solution_text,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Rush Hour: optimal solver and heuristics"),
    ),
    cache=Caching(
        artifacts=cache_artifacts,
        warm=warm,
    ),
    difficulty=difficulty,
    notes=N_(
        "'fast' finds a solution with the fewest moves; 'rate' also says how hard the "
        "board is; the classic searches compare heuristics. Random boards are minimal for "
        "their length."
    ),
)
