"""Web adapter for Rush Hour (:mod:`searchlab.puzzles.rushhour`).

A board is text in any notation the family reads: a grid (one row per line,
``.`` or ``o`` empty, ``x`` wall, letters vehicles; ``X`` the red car in the
challenge-card notation, else ``A``) or the one-line database string. The
built-ins are the 40 challenge cards; random boards are generated puzzles with
at least a given number of moves (within a time limit).

A state is a :class:`~searchlab.puzzles.rushhour.Board`; its token is the list
of vehicle positions (column of a horizontal vehicle, row of a vertical one),
validated with ``make_board``. A move's ``grab`` is the vehicle's cells and its
``to`` the cell its front reaches, so dragging a car along its axis by *k*
cells (from any of its cells) plays the slide by *k*.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from searchlab.web.families.base import (
    Example,
    Family,
    Move,
    NoHint,
    Param,
    Solution,
    SolveRequest,
    View,
    float_param,
    int_param,
)

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import (
    ALGORITHM_CHOICES,
    HEURISTICS,
    Board,
    RushHourProblem,
    cards,
    generate,
    hint,
    make_board,
    parse_board,
    solve_board,
    unreachable,
)
from searchlab.puzzles.rushhour import Move as RhMove
from searchlab.search import Problem

GENERATE_MAX_SECONDS = 20.0
"""Longest time a generated board may take (the request waits for it)."""


def card_text(number: int, level: str, moves: int, board: str) -> str:
    rows = [board[i : i + 6] for i in range(0, 36, 6)]
    return f"# card {number} ({level}): {moves} moves\n" + "\n".join(rows) + "\n"


CARDS = tuple(
    Example(
        f"card{c.number}",
        f"Card {c.number} ({c.level}, {c.moves} moves)",
        card_text(c.number, c.level, c.moves, c.board),
    )
    for c in cards()
)
EXAMPLES = (
    *CARDS,
    Example(
        "walls",
        "With walls (generated, 21 moves)",
        "# x: walls\nBCCC.D\nBEE.FD\n.AA.FD\nxGHHII\n.GxJKK\n.LLJ..\n",
    ),
)


def describe(board: Board) -> str:
    walls = f", {len(board.walls)} walls" if board.walls else ""
    return f"{board.width}x{board.height} board, {len(board.vehicles)} vehicles{walls}"


def random_board(params: dict[str, float]) -> str:
    """A generated puzzle needing at least ``min_moves`` moves (optimal), or an InputError."""
    min_moves = int_param(params, "min_moves", 10, 1, 60)
    walls = int_param(params, "walls", 0, 0, 6)
    seconds = float_param(params, "seconds", 5.0, 0.5, GENERATE_MAX_SECONDS)
    seed = params.get("seed")
    reason = unreachable(min_moves, walls=walls)
    if reason:
        raise InputError(f"{reason}: lower the minimum")
    found = generate(
        min_moves,
        1,
        seed=None if seed is None else int(seed),
        walls=walls,
        time_limit=seconds,
    )
    if not found:
        raise InputError(
            f"no puzzle of at least {min_moves} moves found in {seconds:g} s: "
            "lower the minimum or allow more time"
        )
    g = found[0]
    return f"# generated: {g.moves} moves (optimal)\n{g.board.to_text()}\n"


def solve_rushhour(board: Board, req: SolveRequest) -> Solution:
    r = solve_board(
        board,
        algorithm=req.algorithm,
        heuristic=req.heuristic,
        time_limit=req.time_limit,
        max_nodes=req.max_nodes,
        cancel=req.cancel,
        progress=req.progress,
    )
    return Solution(
        status=r.status,
        moves=[str(m) for m in r.actions],
        states=list(r.states),
        stats=r.stats.as_dict(),
        cost=r.cost if r.solved else None,
        limit=r.limit,
        method=(
            "fast (packed breadth-first search)"
            if req.algorithm == "fast"
            else f"{req.algorithm} ({req.heuristic})"
        ),
    )


def decode(board: Board, token: Any) -> Board:
    n = len(board.vehicles)
    if (
        not isinstance(token, list)
        or len(token) != n
        or not all(isinstance(p, int) and not isinstance(p, bool) for p in token)
    ):
        raise InputError(f"a Rush Hour position is a list of {n} vehicle positions (integers)")
    if not all(0 <= p < max(board.width, board.height) for p in token):
        raise InputError("a vehicle position is off the board")
    moved = board.with_positions(token)
    return make_board(board.width, board.height, moved.vehicles, moved.walls)


def to_move(board: Board, move: RhMove) -> Move:
    v = board.vehicles[board.index(move.name)]
    after = v.at(v.pos + move.delta).cells()
    front = after[-1] if move.delta > 0 else after[0]
    return Move(str(move), front, board.apply(move), tuple(v.cells()))


def moves(inst: Board, board: Board) -> list[Move]:
    return [to_move(board, m) for m in board.legal_moves()]


def give_hint(inst: Board, board: Board, req: SolveRequest) -> Move | None:
    m = hint(board, time_limit=min(req.time_limit, 10.0))
    if m is None:
        raise NoHint("no solution from this position (or none found in time)")
    return to_move(board, m)


def base_view(board: Board) -> View:
    cells = [
        "".join("#" if (r, c) in board.walls else "." for c in range(board.width))
        for r in range(board.height)
    ]
    return {
        "rows": board.height,
        "cols": board.width,
        "cells": cells,
        "exit": {"r": board.exit_row, "side": "right"},
    }


def state_view(inst: Board, board: Board) -> View:
    pieces = [
        {
            "id": v.name,
            "r": v.row,
            "c": v.col,
            "w": v.length if v.horizontal else 1,
            "h": 1 if v.horizontal else v.length,
            "kind": "red" if i == 0 else "car",
            "label": v.name,
        }
        for i, v in enumerate(board.vehicles)
    ]
    return {"pieces": pieces}


@lru_cache(maxsize=32)
def _problem(board: Board, heuristic: str) -> RushHourProblem:
    return RushHourProblem(board, heuristic=heuristic)


def problem(board: Board, heuristic: str) -> Problem[Any, Any]:
    return _problem(board, heuristic)


def state_of(board: Board, state: int) -> Board:
    return _problem(board, "zero").packed.to_board(state)


FAMILY = Family(
    name="rushhour",
    title="Rush Hour",
    board_help=(
        "A grid, one row per line: '.' or 'o' empty, 'x' wall, letters vehicles (cars of 2 "
        "cells, trucks of 3); the red car is X (card notation) or A. Or the one-line database "
        "string (36 characters for 6x6). Boards from 4x4 to 8x8."
    ),
    play_help=(
        "Drag a car along its axis (or click it, then the cell its front should reach); "
        "a car with one move slides on a click."
    ),
    examples=EXAMPLES,
    random_params=(
        Param("min_moves", "at least (moves)", 10, 1, 60),
        Param("walls", "walls", 0, 0, 6),
        Param("seconds", "time limit (s)", 5.0, 0.5, GENERATE_MAX_SECONDS, "float"),
    ),
    random=random_board,
    parse=parse_board,
    describe=describe,
    algorithms=ALGORITHM_CHOICES,
    heuristics=HEURISTICS,
    solve=solve_rushhour,
    initial=lambda b: b,
    encode_state=lambda i, b: list(b.positions()),
    decode_state=decode,
    is_goal=lambda i, b: b.is_solved(),
    moves=moves,
    hint=give_hint,
    base_view=base_view,
    state_view=state_view,
    problem=problem,
    state_of=state_of,
    action_label=lambda i, m: str(m),
    notes=(
        "'fast' is the packed breadth-first search (optimal); the engine algorithms "
        "compare heuristics. Random boards are generated puzzles, minimal for their length."
    ),
)
