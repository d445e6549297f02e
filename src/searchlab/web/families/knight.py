"""Web adapter for knight's tours (:mod:`searchlab.puzzles.knight`).

A board is a few lines of text (lines starting with ``#`` are comments)::

    8x8              the size, rows x columns (``size: 8x8`` also works)
    start: 0,0       the start square, 0-based from the top-left (default 0,0)
    closed           ask for a closed (re-entrant) tour (default open)

Boards are capped at :data:`MAX_WEB_SIDE` squares a side in the web player
(the CLI goes to 2000×2000). A state is the partial tour, a tuple of
``(row, col)`` from the start square; its token is the list of ``[row, col]``,
validated as a knight path from the start. A solution's states are prefixes
of one tour (:class:`Prefix`), so a 40×40 tour is stored once, and its frames
give only ``path_len`` and the knight (the whole tour is the ``shared_view``).
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any, overload

from searchlab.web.families.base import (
    Example,
    Family,
    Move,
    NoHint,
    Param,
    Solution,
    SolveRequest,
    View,
    int_param,
)

from searchlab.errors import InputError
from searchlab.puzzles.knight import (
    ALGORITHMS,
    Board,
    KnightTourProblem,
    apply_move,
    hint,
    is_knight_move,
    legal_moves,
    parse_size,
    parse_square,
    solve_tour,
    tour_verdict,
    warnsdorff_order,
)
from searchlab.search import Problem

Square = tuple[int, int]
MAX_WEB_SIDE = 40
"""Largest board side the web player accepts (1,600 squares)."""
HINT_MAX_SQUARES = 400
"""The package's hint searches boards up to this many squares."""
NUMBERS_MAX_SIDE = 24
"""Squares are numbered on boards up to this side (beyond, the numbers are unreadable)."""
STATES_MAX_SQUARES = 144
"""Solutions of larger boards are sent without their (quadratic) list of state tokens."""

SIZE = re.compile(r"^\s*(?:size\s*:?\s*)?(\d+\s*[xX×]\s*\d+)\s*$", re.I)
START = re.compile(r"^\s*start\s*:?\s*(.*?)\s*$", re.I)
SHAPE = re.compile(r"^\s*(open|closed)\s*$", re.I)


@dataclass(frozen=True, slots=True)
class Instance:
    board: Board
    start: Square
    closed: bool


class Prefix(Sequence[Square]):
    """The first ``n`` squares of a tour, without copying it (a solution's states)."""

    __slots__ = ("n", "tour")

    def __init__(self, tour: tuple[Square, ...], n: int) -> None:
        self.tour = tour
        self.n = n

    def __len__(self) -> int:
        return self.n

    @overload
    def __getitem__(self, i: int) -> Square: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[Square]: ...
    def __getitem__(self, i: int | slice) -> Square | Sequence[Square]:
        if isinstance(i, slice):
            return self.tour[: self.n][i]
        if i < 0:
            i += self.n
        if not 0 <= i < self.n:
            raise IndexError(i)
        return self.tour[i]

    def __iter__(self) -> Iterator[Square]:
        return iter(self.tour[: self.n])


EXAMPLES = (
    Example("8x8", "8x8, open tour from the corner", "8x8\nstart: 0,0\n"),
    Example("8x8-closed", "8x8, closed tour from 3,4", "8x8\nstart: 3,4\nclosed\n"),
    Example("5x5", "5x5 from the centre", "5x5\nstart: 2,2\n"),
    Example("3x4", "3x4, the smallest open tours", "3x4\nstart: 0,0\n"),
    Example("5x5-bad", "5x5 from 0,1 (impossible: colours)", "5x5\nstart: 0,1\n"),
    Example("4x4", "4x4 (impossible)", "4x4\nstart: 0,0\n"),
    Example("4x8-closed", "4x8, closed (impossible: Schwenk)", "4x8\nstart: 0,0\nclosed\n"),
    Example("20x20", "20x20, closed", "20x20\nstart: 0,0\nclosed\n"),
    Example("40x40", "40x40, open from 17,23", "40x40\nstart: 17,23\n"),
)


def parse(text: str) -> Instance:
    board: Board | None = None
    start_text: str | None = None
    closed: bool | None = None
    for line in text.splitlines():
        if not line.strip() or line.lstrip().startswith("#"):
            continue
        if m := SIZE.match(line):
            if board is not None:
                raise InputError("the board size is given twice")
            board = parse_size(m[1])
        elif m := START.match(line):
            if start_text is not None:
                raise InputError("the start square is given twice")
            start_text = m[1]
        elif m := SHAPE.match(line):
            if closed is not None:
                raise InputError("say 'open' or 'closed' once")
            closed = m[1].lower() == "closed"
        else:
            raise InputError(
                f"cannot read {line.strip()[:40]!r}: give the size (e.g. 8x8), "
                "'start: ROW,COL' and optionally 'closed'"
            )
    if board is None:
        raise InputError("give the board size, e.g. 8x8 (rows x columns)")
    if max(board.rows, board.cols) > MAX_WEB_SIDE:
        raise InputError(
            f"{board} is too large for the web player (at most {MAX_WEB_SIDE}x{MAX_WEB_SIDE}); "
            f"'searchlab knight tour --size {board} --svg FILE' draws tours up to 2000x2000"
        )
    start = parse_square(start_text, board) if start_text is not None else (0, 0)
    return Instance(board, start, bool(closed))


def describe(inst: Instance) -> str:
    kind = "closed" if inst.closed else "open"
    text = f"{inst.board} board, {kind} tour from {inst.start[0]},{inst.start[1]}"
    verdict = tour_verdict(inst.board, inst.start, closed=inst.closed)
    if not verdict.exists:
        text += f"; impossible: {verdict.reason}"
    return text


def random_board(params: dict[str, float]) -> str:
    """A board of the given size with a random start square (which may start no tour)."""
    rows = int_param(params, "rows", 8, 1, MAX_WEB_SIDE)
    cols = int_param(params, "cols", 8, 1, MAX_WEB_SIDE)
    closed = int_param(params, "closed", 0, 0, 1)
    seed = params.get("seed")
    rng = random.Random(None if seed is None else int(seed))
    start = f"{rng.randrange(rows)},{rng.randrange(cols)}"
    return f"{rows}x{cols}\nstart: {start}\n" + ("closed\n" if closed else "")


def solve_knight(inst: Instance, req: SolveRequest) -> Solution:
    r = solve_tour(
        inst.board,
        inst.start,
        closed=inst.closed,
        algorithm=req.algorithm,
        time_limit=req.time_limit,
        cancel=req.cancel,
        progress=req.progress,
    )
    moves_, states = tour_moves(r.squares())
    stats = {k: v for k, v in r.stats.items() if isinstance(v, (int, float, str, bool))}
    return Solution(
        status=r.status,
        moves=moves_,
        states=states,
        stats=stats,
        cost=float(len(moves_)) if r.solved else None,
        limit=str(r.stats.get("limit")) if r.status == "limit" else None,
        reason=r.reason or None,
        method=r.method,
    )


def tour_moves(squares: Sequence[Square]) -> tuple[list[str], list[Sequence[Square]]]:
    """A (partial) tour as moves (``"row,col"`` of each square after the start) and
    states (its prefixes, sharing the tour); what ``knight tour --html`` replays."""
    tour = tuple(squares)
    return [label(sq) for sq in tour[1:]], [Prefix(tour, i) for i in range(1, len(tour) + 1)]


def label(sq: Square) -> str:
    return f"{sq[0]},{sq[1]}"


def decode(inst: Instance, token: Any) -> tuple[Square, ...]:
    """A partial tour token: ``[[row, col], ...]`` from the start, each step a knight move."""
    if not isinstance(token, list) or not token:
        raise InputError("a knight position is the list of visited squares [[row, col], ...]")
    if len(token) > inst.board.size:
        raise InputError(f"the board has only {inst.board.size} squares")
    path: list[Square] = []
    seen: set[Square] = set()
    for item in token:
        if (
            not isinstance(item, list)
            or len(item) != 2
            or not all(isinstance(v, int) and not isinstance(v, bool) for v in item)
        ):
            raise InputError("each visited square is [row, col] (two integers)")
        sq = (item[0], item[1])
        inst.board.check_square(*sq)
        if sq in seen:
            raise InputError(f"square {label(sq)} is visited twice")
        if path and not is_knight_move(path[-1], sq):
            raise InputError(f"{label(path[-1])} -> {label(sq)} is not a knight move")
        seen.add(sq)
        path.append(sq)
    if path[0] != inst.start:
        raise InputError(f"the tour must start on {label(inst.start)}")
    return tuple(path)


def is_complete(inst: Instance, path: Sequence[Square]) -> bool:
    """Every square visited (and, for a closed tour, the last one attacks the first)."""
    if len(path) != inst.board.size:
        return False
    return not inst.closed or inst.board.size == 1 or is_knight_move(path[-1], path[0])


def moves(inst: Instance, path: Sequence[Square]) -> list[Move]:
    if not path:
        return []
    return [
        Move(label(sq), sq, tuple(apply_move(inst.board, list(path), sq)))
        for sq in legal_moves(inst.board, list(path))
    ]


def hint_unavailable(inst: Instance) -> str | None:
    if inst.board.size > HINT_MAX_SQUARES:
        return (
            f"hints search boards up to {HINT_MAX_SQUARES} squares "
            f"(this one has {inst.board.size:,}); solve it instead"
        )
    return None


def give_hint(inst: Instance, path: Sequence[Square], req: SolveRequest) -> Move | None:
    reason = hint_unavailable(inst)
    if reason:
        raise NoHint(reason)
    if len(path) == inst.board.size:
        raise NoHint("every square is visited, but the last one does not attack the start")
    if not legal_moves(inst.board, list(path)):
        raise NoHint("the knight is stuck: undo some moves")
    sq = hint(inst.board, list(path))
    if sq is None:
        raise NoHint("no tour completes this path (or none was found quickly): undo some moves")
    return Move(label(sq), sq, (*path, sq))


def base_view(inst: Instance) -> View:
    """The chequered board, the start square in blue; squares numbered up to 24x24."""
    b = inst.board
    cells = [
        "".join("s" if (r, c) == inst.start else "ld"[(r + c) % 2] for c in range(b.cols))
        for r in range(b.rows)
    ]
    return {
        "rows": b.rows,
        "cols": b.cols,
        "cells": cells,
        "numbers": max(b.rows, b.cols) <= NUMBERS_MAX_SIDE,
    }


def closes(inst: Instance, path: Sequence[Square]) -> bool:
    return len(path) == inst.board.size > 2 and is_knight_move(path[-1], path[0])


def knight_at(sq: Square) -> View:
    return {"pieces": [{"id": "knight", "r": sq[0], "c": sq[1], "kind": "knight"}]}


def state_view(inst: Instance, path: Sequence[Square]) -> View:
    return {
        **knight_at(path[-1]),
        "path": [list(sq) for sq in path],
        "closed": closes(inst, path),
    }


def shared_view(inst: Instance, states: list[Sequence[Square]]) -> View:
    """The whole tour, sent once; each frame draws (and numbers) its first ``path_len``."""
    return {"path": [list(sq) for sq in states[-1]], "closed": closes(inst, states[-1])}


def frames(inst: Instance, states: list[Sequence[Square]]) -> list[View]:
    return [{**knight_at(s[-1]), "path_len": len(s)} for s in states]


def encode(inst: Instance, path: Sequence[Square]) -> list[list[int]]:
    return [list(sq) for sq in path]


def solution_tokens(inst: Instance, states: list[Sequence[Square]]) -> bool:
    """Whether a solution is sent with its state tokens (quadratic in the tour length)."""
    return inst.board.size <= STATES_MAX_SQUARES


@dataclass(frozen=True, slots=True)
class TeachState:
    """An engine state of :class:`KnightTourProblem` with the path that reached it."""

    inner: tuple[int, int]
    path: tuple[Square, ...]


class TeachingProblem(Problem[TeachState, Square]):
    """:class:`KnightTourProblem` whose states remember their path (so the teaching view
    can draw them), children in Warnsdorff order (the seed's ordered backtracking)."""

    def __init__(self, inst: Instance) -> None:
        self.inner = KnightTourProblem(inst.board, inst.start, closed=inst.closed)
        self.order = warnsdorff_order(self.inner)

    def initial_state(self) -> TeachState:
        return TeachState(self.inner.initial_state(), (self.inner.start,))

    def is_goal(self, state: TeachState) -> bool:
        return self.inner.is_goal(state.inner)

    def successors(self, state: TeachState) -> Iterator[tuple[Square, TeachState, float]]:
        children = self.order(state.inner, list(self.inner.successors(state.inner)))
        for sq, child, cost in children:
            yield sq, TeachState(child, (*state.path, sq)), cost

    def heuristic(self, state: TeachState) -> float:
        """The unvisited squares: exact whenever the tour can be completed, so A*
        (which the teaching view runs for "fast") goes depth first like the seed."""
        return float(self.inner.board.size - len(state.path))

    def key(self, state: TeachState) -> Any:
        return state.inner


def teaching_problem(inst: Instance, heuristic: str) -> Problem[Any, Any]:
    if inst.board.size > HINT_MAX_SQUARES:
        raise InputError(
            f"the teaching view is for small boards (up to {HINT_MAX_SQUARES} squares)"
        )
    return TeachingProblem(inst)


FAMILY = Family(
    name="knight",
    title="Knight's tour",
    board_help=(
        f"The size (e.g. 8x8, up to {MAX_WEB_SIDE}x{MAX_WEB_SIDE}), 'start: ROW,COL' (0-based "
        "from the top-left) and optionally 'closed' for a tour ending a knight move from its start."
    ),
    play_help="Click the knight's next square (legal squares in green).",
    examples=EXAMPLES,
    random_params=(
        Param("rows", "rows", 8, 1, MAX_WEB_SIDE),
        Param("cols", "columns", 8, 1, MAX_WEB_SIDE),
        Param("closed", "closed (0/1)", 0, 0, 1),
    ),
    random=random_board,
    parse=parse,
    describe=describe,
    algorithms=ALGORITHMS,
    heuristics=(),
    solve=solve_knight,
    initial=lambda i: (i.start,),
    encode_state=encode,
    decode_state=decode,
    is_goal=is_complete,
    moves=moves,
    hint=give_hint,
    base_view=base_view,
    state_view=state_view,
    problem=teaching_problem,
    state_of=lambda i, s: s.path,
    action_label=lambda i, sq: label(sq),
    frames=frames,
    shared_view=shared_view,
    hint_unavailable=hint_unavailable,
    solution_tokens=solution_tokens,
    notes=(
        "Existence is decided first, exactly (with the reason); 'fast' builds tours from "
        "blocks or by Warnsdorff's rule, 'backtrack' is the seed's ordered backtracking."
    ),
)
