"""Web adapter for sliding-tile puzzles (:mod:`searchlab.puzzles.npuzzle`).

A board is the start as rows of numbers (0 or ``_`` the blank), optionally
followed by a line ``goal`` (or ``---``) and the goal in the same format;
without one the goal is 1..n²-1 with the blank last. A state token is the flat
row-major list of tiles. Moves are the blank's direction (U, D, L, R), as the
family prints them; in play mode the user clicks the tile that slides into the
blank (or drags it there).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from searchlab.web.families.base import (
    Example,
    Family,
    Move,
    Param,
    Solution,
    SolveRequest,
    View,
    engine_search,
    int_param,
)

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import (
    HEURISTICS,
    Board,
    NPuzzleProblem,
    apply_move,
    board_from_tiles,
    exact_distance,
    format_board,
    goal_board,
    is_solvable,
    legal_moves,
    parse_tiles,
    random_instance,
)
from searchlab.search import Problem, solve

WEB_MAX_SIZE = 5
DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
GOAL_LINE = re.compile(r"^\s*(goal:?|-{3,})\s*$", re.IGNORECASE | re.MULTILINE)


@dataclass(frozen=True, slots=True)
class Instance:
    start: Board
    goal: Board


EXAMPLES = (
    Example("seed001", "8-puzzle, seed 001's example (4 moves)", "0 1 3\n4 2 5\n7 8 6\n"),
    Example("easy", "8-puzzle, 6 moves", "4 1 3\n7 2 6\n0 5 8\n"),
    Example("medium", "8-puzzle, 14 moves", "8 1 3\n4 0 2\n7 6 5\n"),
    Example("hardest", "8-puzzle, 31 moves (a hardest one)", "8 6 7\n2 5 4\n3 0 1\n"),
    Example("unsolvable", "8-puzzle, unsolvable", "1 2 3\n4 5 6\n8 7 0\n"),
    Example(
        "fifteen",
        "15-puzzle, blank first goal",
        "1 2 3 7\n4 5 6 0\n8 9 10 11\n12 13 14 15\n"
        "goal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n",
    ),
)


def parse(text: str) -> Instance:
    parts = GOAL_LINE.split(text, maxsplit=1)
    start = parse_tiles(parts[0])
    goal = parse_tiles(parts[2]) if len(parts) == 3 else goal_board(start.size)
    if goal.size != start.size:
        raise InputError(
            f"the start is {start.size}x{start.size} but the goal {goal.size}x{goal.size}"
        )
    if start.size > WEB_MAX_SIZE:
        raise InputError(f"the web player takes boards up to {WEB_MAX_SIZE}x{WEB_MAX_SIZE}")
    return Instance(start, goal)


def random_board(params: dict[str, float]) -> str:
    size = int_param(params, "size", 3, 3, 4)
    depth = int_param(params, "depth", 16, 0, 31 if size == 3 else 20)
    seed = params.get("seed")
    board = random_instance(size, depth, seed=None if seed is None else int(seed))
    return format_board(board) + "\n"


def problem(inst: Instance, heuristic: str) -> Problem[Any, Any]:
    return NPuzzleProblem(inst.start, inst.goal, heuristic)


def solve_npuzzle(inst: Instance, req: SolveRequest) -> Solution:
    if not is_solvable(inst.start, inst.goal):
        return Solution(
            status="impossible",
            reason="the goal is unreachable: the permutation parity differs (solvability test)",
            method="solvability test",
        )
    algorithm = req.algorithm
    if algorithm == "auto":  # the fastest optimal engine method for the size
        algorithm = "astar" if inst.start.size == 3 else "idastar"
    n = inst.start.size
    return engine_search(
        problem(inst, req.heuristic), req, algorithm=algorithm, state=lambda t: Board(n, t)
    )


def decode(inst: Instance, token: Any) -> Board:
    if not isinstance(token, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in token
    ):
        raise InputError("a position is a flat list of tile numbers")
    return board_from_tiles(token, inst.start.size)


def to_move(board: Board, label: str) -> Move:
    n = board.size
    br, bc = divmod(board.blank, n)
    dr, dc = DELTA[label]
    tile = (br + dr, bc + dc)
    return Move(label, (br, bc), apply_move(board, label), (tile,))


def moves(inst: Instance, board: Board) -> list[Move]:
    return [to_move(board, m) for m in legal_moves(board)]


@lru_cache(maxsize=64)
def _hint(inst: Instance, board: Board, time_limit: float) -> str | None:
    if not is_solvable(board, inst.goal) or board == inst.goal:
        return None
    if board.size == 3:  # the exact distance table: instant and optimal
        best = min(
            legal_moves(board), key=lambda m: exact_distance(apply_move(board, m), inst.goal)
        )
        return best
    r = solve(NPuzzleProblem(board, inst.goal, "linear_conflict"), "idastar", time_limit=time_limit)
    return str(r.actions[0]) if r.solved and r.actions else None


def hint(inst: Instance, board: Board, req: SolveRequest) -> Move | None:
    label = _hint(inst, board, req.time_limit)
    return None if label is None else to_move(board, label)


def base_view(inst: Instance) -> View:
    n = inst.start.size
    return {"rows": n, "cols": n, "cells": ["." * n] * n}


def state_view(inst: Instance, board: Board) -> View:
    n = board.size
    pieces = [
        {"id": t, "r": i // n, "c": i % n, "kind": "tile", "label": str(t)}
        for i, t in enumerate(board.tiles)
        if t != 0
    ]
    return {"pieces": pieces}


FAMILY = Family(
    name="npuzzle",
    title="Sliding tiles",
    board_help=(
        "Rows of numbers, 0 or _ the blank (3x3 to 5x5). Optionally a line 'goal' and the "
        "goal board; the default goal is 1..n²-1 with the blank last."
    ),
    play_help="Click a tile next to the blank to slide it.",
    examples=EXAMPLES,
    random_params=(Param("size", "size", 3, 3, 4), Param("depth", "optimal moves", 16, 0, 31)),
    random=random_board,
    parse=parse,
    describe=lambda i: (
        f"{i.start.size}x{i.start.size} board"
        + ("" if is_solvable(i.start, i.goal) else " (unsolvable)")
    ),
    algorithms=("auto", "astar", "idastar", "bfs", "greedy", "wastar", "ucs", "bibfs", "iddfs"),
    heuristics=tuple(
        h for h in ("linear_conflict", "manhattan", "misplaced", "blank", "zero") if h in HEURISTICS
    ),
    solve=solve_npuzzle,
    initial=lambda i: i.start,
    encode_state=lambda i, b: list(b.tiles),
    decode_state=decode,
    is_goal=lambda i, b: b == i.goal,
    moves=moves,
    hint=hint,
    base_view=base_view,
    state_view=state_view,
    problem=problem,
    state_of=lambda i, s: Board(i.start.size, s),
    notes="'auto' is A* on 3x3 and IDA* on larger boards.",
)
