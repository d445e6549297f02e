"""Web adapter for peg solitaire (:mod:`searchlab.puzzles.peg`).

A board is text in one of two forms (lines starting with ``#`` are comments):

* a built-in board by name, with optional settings, one per line::

      board: english        (english, french, wiegleb, diamond, triangle4..triangle6)
      vacancy: d4           (one or more holes, default the classic centre)
      finish: d4            (the hole of the last peg; default one peg anywhere)
      diagonal              (allow diagonal jumps)

  and optionally the start position drawn in the family's text format;
* or a custom board drawn in the family's text format (``o`` peg, ``.`` empty
  hole, ``-`` no hole), optionally with ``finish:`` and ``diagonal`` lines.

A state token is the bitboard as a hexadecimal string (boards may have up to
200 holes, beyond JavaScript's exact integers). Moves are jumps ``f4-d4``; in
play mode the user clicks a peg, then the empty hole it jumps to.
"""

from __future__ import annotations

import random
import re
from dataclasses import dataclass
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
from searchlab.puzzles.peg import (
    BOARD_NAMES,
    HEURISTICS,
    Board,
    Jump,
    PegProblem,
    apply_jump,
    get_board,
    hint,
    legal_jumps,
    parse_board,
    parse_position,
    solve_fast,
)
from searchlab.search import Problem

SETTING = re.compile(r"^\s*(board|vacancy|vacancies|finish|diagonal)\s*(?::\s*(.*?))?\s*$", re.I)
ENGINE_ALGORITHMS = ("dfs", "backtrack", "astar", "greedy", "bfs", "idastar")


@dataclass(frozen=True, slots=True)
class Instance:
    board: Board
    start: int
    target: int | None


EXAMPLES = (
    Example("triangle5", "Triangle of side 5 (apex vacancy)", "board: triangle5\n"),
    Example("english", "English, central game (finish d4)", "board: english\nfinish: d4\n"),
    Example(
        "english-any", "English, vacancy c1, one peg anywhere", "board: english\nvacancy: c1\n"
    ),
    Example("french", "French, central game (impossible)", "board: french\nfinish: d4\n"),
    Example("plus", "Custom: a small plus", "-o-\nooo\n-.-\n-o-\n"),
)


def parse(text: str) -> Instance:
    settings: dict[str, str] = {}
    drawing: list[str] = []
    for line in text.splitlines():
        m = SETTING.match(line)
        if m:
            key = m[1].lower().replace("vacancies", "vacancy")
            if key in settings:
                raise InputError(f"'{key}' is given twice")
            settings[key] = m[2] or ""
        elif line.strip() and not line.lstrip().startswith("#"):
            drawing.append(line)
    diagonal = "diagonal" in settings and settings["diagonal"].lower() not in ("no", "false", "0")
    if "board" in settings:
        board = get_board(settings["board"], diagonal=diagonal)
        if drawing and "vacancy" in settings:
            raise InputError("give either vacancies or a drawn position, not both")
        if drawing:
            start = parse_position(board, "\n".join(drawing))
        else:
            start = board.start(settings.get("vacancy", "").replace(",", " ").split())
    else:
        if not drawing:
            raise InputError(
                "draw a board ('o' peg, '.' empty hole, '-' no hole) or name one "
                f"with 'board: NAME' ({', '.join(BOARD_NAMES)})"
            )
        if "vacancy" in settings:
            raise InputError("a drawn board shows its vacancies itself ('.' holes)")
        board, start = parse_board("\n".join(drawing), diagonal=diagonal)
        if start == board.full:
            start = board.start()
    target = None
    if settings.get("finish"):
        target = 1 << board.hole(settings["finish"])
    return Instance(board, start, target)


def random_board(params: dict[str, float]) -> str:
    """A built-in board with one random vacancy (a random one of the seven boards)."""
    seed = params.get("seed")
    rng = random.Random(None if seed is None else int(seed))
    name = BOARD_NAMES[
        int_param(params, "board", rng.randrange(len(BOARD_NAMES)) + 1, 1, len(BOARD_NAMES)) - 1
    ]
    board = get_board(name)
    return f"board: {name}\nvacancy: {board.hole_name(rng.randrange(board.size))}\n"


def problem(inst: Instance, heuristic: str) -> Problem[Any, Any]:
    return PegProblem(inst.board, inst.start, inst.target, heuristic=heuristic)


def solve_peg(inst: Instance, req: SolveRequest) -> Solution:
    board = inst.board
    if req.algorithm == "fast":
        r = solve_fast(
            board,
            inst.start,
            inst.target,
            time_limit=req.time_limit,
            cancel=req.cancel,
            progress=req.progress,
        )
        return Solution(
            status=r.status,
            moves=[board.jump_name(j) for j in r.jumps],
            states=list(r.positions),
            stats=r.stats.as_dict(),
            cost=float(len(r.jumps)) if r.solved else None,
            limit=r.limit,
            reason=r.reason,
            method="fast solver (bitboards, symmetry memo, pagoda pruning)",
        )
    return engine_search(problem(inst, req.heuristic), req, label=board.jump_name)


def decode(inst: Instance, token: Any) -> int:
    if not isinstance(token, str) or not re.fullmatch(r"[0-9a-f]{1,60}", token):
        raise InputError("a peg position is a hexadecimal bitboard string")
    pos = int(token, 16)
    if pos >> inst.board.size:
        raise InputError(f"this board has only {inst.board.size} holes")
    return pos


def cell(board: Board, hole: int) -> tuple[int, int]:
    """Where hole ``hole`` is drawn: triangles are centred, one hole every other column."""
    r, c = board.coords[hole]
    if board.kind == "triangle":
        return r, board.height - 1 - r + 2 * c
    return r, c


def to_move(board: Board, position: int, jump: Jump) -> Move:
    return Move(
        board.jump_name(jump),
        cell(board, jump[2]),
        apply_jump(board, position, jump),
        (cell(board, jump[0]),),
    )


def moves(inst: Instance, position: int) -> list[Move]:
    return [to_move(inst.board, position, j) for j in legal_jumps(inst.board, position)]


def give_hint(inst: Instance, position: int, req: SolveRequest) -> Move | None:
    j = hint(inst.board, position, inst.target, time_limit=min(req.time_limit, 5.0))
    return None if j is None else to_move(inst.board, position, j)


def is_goal(inst: Instance, position: int) -> bool:
    if inst.target is not None:
        return position == inst.target
    return position.bit_count() == 1


def base_view(inst: Instance) -> View:
    board = inst.board
    cells = [cell(board, i) for i in range(board.size)]
    rows = max(r for r, _ in cells) + 1
    cols = max(c for _, c in cells) + 1
    grid = [[" "] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(cells):
        grid[r][c] = "g" if inst.target is not None and inst.target >> i & 1 else "o"
    marks = [{"r": r, "c": c, "text": board.hole_name(i)} for i, (r, c) in enumerate(cells)]
    return {"rows": rows, "cols": cols, "cells": ["".join(row) for row in grid], "marks": marks}


def state_view(inst: Instance, position: int) -> View:
    pieces = []
    for i in inst.board.pegs(position):
        r, c = cell(inst.board, i)
        pieces.append({"id": i, "r": r, "c": c, "kind": "peg"})
    return {"pieces": pieces}


FAMILY = Family(
    name="peg",
    title="Peg solitaire",
    board_help=(
        "'board: english' (or french, wiegleb, diamond, triangle4-6) with optional lines "
        "'vacancy: d4', 'finish: d4' and 'diagonal'; or draw a custom board: 'o' peg, "
        "'.' empty hole, '-' no hole."
    ),
    play_help="Click a peg, then the empty hole it jumps to (or drag it there).",
    examples=EXAMPLES,
    random_params=(Param("board", f"board (1-{len(BOARD_NAMES)})", 1, 1, len(BOARD_NAMES)),),
    random=random_board,
    parse=parse,
    describe=lambda i: (
        f"{i.board.name} board, {i.board.size} holes, {i.start.bit_count()} pegs"
        + (f", finish {i.board.hole_name(i.target.bit_length() - 1)}" if i.target else "")
    ),
    algorithms=("fast", *ENGINE_ALGORITHMS),
    heuristics=HEURISTICS,
    solve=solve_peg,
    initial=lambda i: i.start,
    encode_state=lambda i, p: format(p, "x"),
    decode_state=decode,
    is_goal=is_goal,
    moves=moves,
    hint=give_hint,
    base_view=base_view,
    state_view=state_view,
    problem=problem,
    action_label=lambda i, j: i.board.jump_name(j),
    notes="'fast' is the dedicated solver; the engine algorithms show why it is needed.",
)
