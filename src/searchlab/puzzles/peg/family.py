"""Peg solitaire: English, French, Wiegleb, Diamond, triangles, custom boards.

The peg solitaire family: every surface (CLI, web player, experiments) goes through this.

An instance is a board, a start position and a target (``None``: one peg
anywhere). Its text has one of two forms (lines starting with ``#`` are comments):

* a built-in board by name, with optional settings, one per line::

      board: english        (english, french, wiegleb, diamond, triangle4..triangle6)
      vacancy: d4           (one or more holes, default the classic centre)
      finish: d4            (the hole of the last peg; default one peg anywhere)
      diagonal              (allow diagonal jumps)

  and optionally the start position drawn in the family's text format;
* or a custom board drawn in the family's text format (``o`` peg, ``.`` empty
  hole, ``-`` no hole), optionally with ``finish:`` and ``diagonal`` lines.

A state is a bitboard; its token the hexadecimal string (boards may have up to
200 holes, beyond JavaScript's exact integers). Moves are jumps ``f4-d4``; in
play mode the user clicks a peg, then the empty hole it jumps to.

Algorithms: ``fast`` (bitboards, symmetry-reduced memo of dead positions, pagoda
pruning, endgame table), ``minmoves`` (fewest moves, exact), and the engine's.
Impossible start/finish pairs are answered at once by the position-class check.
"""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence
from typing import Any

from searchlab.errors import InputError
from searchlab.families.checking import replay_reason
from searchlab.families.contract import (
    Checking,
    Demo,
    EngineView,
    Example,
    Family,
    Generating,
    Goal,
    Move,
    NoHint,
    Param,
    Playing,
    SolveCommand,
)
from searchlab.families.kit import engine_solve, impossible, limit_options
from searchlab.families.params import int_param
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult
from searchlab.view import View

from .board import (
    BOARD_NAMES,
    Board,
    Jump,
    board_title,
    get_board,
    parse_board,
    parse_position,
)
from .classes import impossibility_reason
from .commands import (
    SOLVE_EXAMPLES,
    SOLVE_HELP,
    SOLVE_OPTIONS,
    TASKS,
    from_options,
)
from .demo import demo
from .minmoves import solve_min_moves
from .play import apply_jump, legal_jumps
from .problem import (
    ALGORITHMS,
    CENTRE_WEIGHT,
    HEURISTICS,
    Instance,
    PegProblem,
)
from .solver import DEFAULT_MAX_MEMO, solve_fast
from .views import board_view, cell, pegs_view

NAME = folder_name(__name__)
"""The family's name: its folder's."""

SETTING = re.compile(r"(board|vacancy|vacancies|finish|diagonal)(?:\s*:(.*))?", re.I)
"""A setting line, matched whole against the stripped line (linear: its spaces never
trade characters with another ``\\s*``, as ``(.*?)\\s*$`` did, quadratically)."""
METHODS = {
    "fast": "fast solver (bitboards, symmetry memo, pagoda pruning)",
    "minmoves": "minmoves (bidirectional breadth-first search over moves)",
}


EXAMPLES = (
    Example("triangle5", N_("Triangle of side 5 (apex vacancy)"), "board: triangle5\n"),
    Example("english", N_("English, central game (finish d4)"), "board: english\nfinish: d4\n"),
    Example(
        "english-any", N_("English, vacancy c1, one peg anywhere"), "board: english\nvacancy: c1\n"
    ),
    Example("french", N_("French, central game (impossible)"), "board: french\nfinish: d4\n"),
    Example("plus", N_("Custom: a small plus"), "-o-\nooo\n-.-\n-o-\n"),
)


def parse(text: str) -> Instance:
    settings: dict[str, str] = {}
    drawing: list[str] = []
    for line in text.splitlines():
        m = SETTING.fullmatch(line.strip())
        if m:
            key = m[1].lower().replace("vacancies", "vacancy")
            if key in settings:
                raise InputError(_("'{key}' is given twice").format(key=key))
            settings[key] = (m[2] or "").strip()
        elif line.strip() and not line.lstrip().startswith("#"):
            drawing.append(line)
    diagonal = "diagonal" in settings and settings["diagonal"].lower() not in ("no", "false", "0")
    if "board" in settings:
        board = get_board(settings["board"], diagonal=diagonal)
        if drawing and "vacancy" in settings:
            raise InputError(_("give either vacancies or a drawn position, not both"))
        if drawing:
            start = parse_position(board, "\n".join(drawing))
        else:
            start = board.start(settings.get("vacancy", "").replace(",", " ").split())
    else:
        if not drawing:
            raise InputError(
                _(
                    "draw a board ('o' peg, '.' empty hole, '-' no hole) or name "
                    "one with 'board: NAME' ({board_names})"
                ).format(board_names=", ".join(BOARD_NAMES))
            )
        if "vacancy" in settings:
            raise InputError(_("a drawn board shows its vacancies itself ('.' holes)"))
        board, start = parse_board("\n".join(drawing), diagonal=diagonal)
        if start == board.full:
            start = board.start()
    target = None
    if settings.get("finish"):
        target = 1 << board.hole(settings["finish"])
    return Instance(board, start, target)


def format_instance(inst: Instance) -> str:
    """The instance as :func:`parse` reads it: a built-in board by name with its
    vacancies, a custom board drawn; the finish hole when there is one. (A target of
    several pegs, which only the CLI's ``--target FILE`` sets, has no text form.)"""
    b = inst.board
    lines = []
    if b.name in BOARD_NAMES:
        lines.append(f"board: {b.name}")
        if inst.start != b.start():
            empty = [b.hole_name(i) for i in range(b.size) if not inst.start >> i & 1]
            lines.append("vacancy: " + " ".join(empty))
    else:
        lines.append(drawing(b, inst.start))
    if b.diagonal:
        lines.append("diagonal")
    if inst.target is not None and inst.target.bit_count() == 1:
        lines.append(f"finish: {b.hole_name(inst.target.bit_length() - 1)}")
    return "\n".join(lines) + "\n"


def drawing(board: Board, position: int) -> str:
    """A custom board drawn as :func:`parse_board` reads it: ``o`` peg, ``.`` empty hole,
    ``-`` no hole, one character per cell."""
    rows = max(r for r, _ in board.coords) + 1
    cols = max(c for _, c in board.coords) + 1
    grid = [["-"] * cols for _ in range(rows)]
    for i, (r, c) in enumerate(board.coords):
        grid[r][c] = "o" if position >> i & 1 else "."
    return "\n".join("".join(row) for row in grid)


def describe(inst: Instance) -> str:
    text = _("{board}, {holes} holes, {pegs} pegs").format(
        board=board_title(inst.board), holes=inst.board.size, pegs=inst.start.bit_count()
    )
    if inst.target:
        hole = inst.board.hole_name(inst.target.bit_length() - 1)
        text += ", " + _("finish {hole}").format(hole=hole)
    return text


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A built-in board (number ``board``, 1-7, or a random one) with one random vacancy."""
    rng = random.Random(seed)
    default = rng.randrange(len(BOARD_NAMES)) + 1
    name = BOARD_NAMES[int_param(params, "board", default, 1, len(BOARD_NAMES)) - 1]
    board = get_board(name)
    return f"board: {name}\nvacancy: {board.hole_name(rng.randrange(board.size))}\n"


def problem(
    inst: Instance, heuristic: str | None, centre_weight: float = CENTRE_WEIGHT
) -> Problem[Any, Any]:
    return PegProblem(
        inst.board,
        inst.start,
        inst.target,
        heuristic=heuristic or HEURISTICS[0],
        centre_weight=centre_weight,
    )


def solve(inst: Instance, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    """``fast``: :func:`solve_fast`; ``minmoves``: :func:`solve_min_moves` (``extra``:
    ``min_moves``, ``moves_proved_too_few``); others: the engine on :class:`PegProblem`.
    Impossible pairs (position classes, peg counts) are answered before any search.
    Option ``max_memo``: dead positions the dedicated solvers may remember;
    ``centre_weight``: λ of the ``centre`` heuristic (the assignment's h2); ``depth_limit``
    for ``dls`` (see :data:`ALGORITHMS`)."""
    board, start, target = inst.board, inst.start, inst.target
    max_memo = int(options.pop("max_memo", DEFAULT_MAX_MEMO))
    centre_weight = float(options.pop("centre_weight", CENTRE_WEIGHT))
    depth_limit = options.pop("depth_limit", None)
    if algorithm == "dls":
        goal_pegs = 1 if target is None else target.bit_count()
        options["depth_limit"] = (
            start.bit_count() - goal_pegs if depth_limit is None else depth_limit
        )
    elif depth_limit is not None:
        raise InputError(_("a depth limit applies to the dls algorithm (-a dls)"))
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        return impossible(reason, algorithm)
    if algorithm in ("fast", "minmoves"):
        search = solve_min_moves if algorithm == "minmoves" else solve_fast
        limits = limit_options(options)  # all of the engine's limits, max_nodes too
        result = search(board, start, target, max_memo=max_memo, **limits)
        result.actions = [board.jump_name(j) for j in result.actions]
        result.algorithm = METHODS[algorithm]
        if algorithm == "minmoves":
            result.extra["min_moves"] = result.extra["move_count"]
            result.extra["moves_proved_too_few"] = result.stats.max_depth
        return result
    if algorithm == "dfs":
        options.setdefault("graph", True)
    result = engine_solve(
        problem(inst, heuristic, centre_weight),
        algorithm,
        options,
        label=board.jump_name,
        method=f"{algorithm} ({heuristic or HEURISTICS[0]})",
    )
    if result.solved:
        result.extra["move_count"] = move_count_of(board, result.actions)
    return result


def move_count_of(board: Board, labels: Sequence[Any]) -> int:
    """Moves in a solution given as jump names (consecutive jumps by one peg = one move)."""
    count, last = 0, None
    for label in labels:
        frm, to = str(label).split("-")
        if frm != last:
            count += 1
        last = to
    return count


def verify(inst: Instance, result: SearchResult) -> str | None:
    """The family's check of a solved answer: the generic replay of its jumps
    (:func:`~searchlab.families.checking.replay_reason`), and the move count it reports
    (``move_count``, ``min_moves``) recounted from them."""
    reason = replay_reason(FAMILY, inst, result)
    if reason is not None:
        return reason
    count = move_count_of(inst.board, result.actions)
    for key in ("move_count", "min_moves"):
        reported = result.extra.get(key)
        if reported is not None and reported != count:
            return _("it reports {reported} moves but its jumps make {actual}").format(
                reported=reported, actual=count
            )
    return None


def decode(inst: Instance, token: Any) -> int:
    if not isinstance(token, str) or not re.fullmatch(r"[0-9a-f]{1,60}", token):
        raise InputError(_("a peg position is a hexadecimal bitboard string"))
    pos = int(token, 16)
    if pos >> inst.board.size:
        raise InputError(_("this board has only {size} holes").format(size=inst.board.size))
    return pos


def to_move(board: Board, position: int, jump: Jump) -> Move[int]:
    return Move(
        board.jump_name(jump),
        cell(board, jump[2]),
        apply_jump(board, position, jump),
        (cell(board, jump[0]),),
    )


def moves(inst: Instance, position: int) -> list[Move[int]]:
    return [to_move(inst.board, position, j) for j in legal_jumps(inst.board, position)]


def hint(inst: Instance, position: int, /, **options: Any) -> Move[int] | None:
    """The first jump of a solution found by the fast solver (within 5 s at most)."""
    limit = min(float(options.get("time_limit") or 5.0), 5.0)
    reason = impossibility_reason(inst.board, position, inst.target)
    if reason is not None and not is_goal(inst, position):
        raise NoHint(_("no solution from this position: {reason}").format(reason=reason))
    r = solve_fast(
        inst.board, position, inst.target, time_limit=limit, cancel=options.get("cancel")
    )
    if r.solved and r.actions:
        return to_move(inst.board, position, r.actions[0])
    if r.status == "no_solution":
        raise NoHint(_("no solution from this position (every continuation was searched)"))
    return None


def is_goal(inst: Instance, position: int) -> bool:
    if inst.target is not None:
        return position == inst.target
    return position.bit_count() == 1


def base_view(inst: Instance) -> View:
    return board_view(inst.board, inst.target)


def state_view(inst: Instance, position: int) -> View:
    return pegs_view(inst.board, position)


def goal_text(inst: Instance) -> str:
    """What counts as solved, in words (a target position is drawn beside it)."""
    if inst.target is None:
        return _("Goal: jump until one peg is left, in any hole.")
    if inst.target.bit_count() == 1:
        hole = inst.board.hole_name(inst.target.bit_length() - 1)
        return _("Goal: jump until one peg is left, in hole {hole}.").format(hole=hole)
    return _("Goal: jump until the pegs stand as pictured.")


FAMILY: Family[Instance, int] = Family(
    name=NAME,
    title=N_("Peg solitaire"),
    board_help=N_(
        "'board: english' (or french, wiegleb, diamond, triangle4-6) with optional lines "
        "'vacancy: d4', 'finish: d4' and 'diagonal'; or draw a custom board: 'o' peg, "
        "'.' empty hole, '-' no hole."
    ),
    examples=EXAMPLES,
    parse=parse,
    format=format_instance,
    describe=describe,
    algorithms=ALGORITHMS,
    heuristics=HEURISTICS,
    heuristic_labels={
        "pegs": N_("Pegs left"),
        "centre": N_("Distance to the centre"),
        "pagoda": N_("Pagoda function"),
        "isolated": N_("Isolated pegs"),
        "zero": N_("h = 0 (none)"),
    },
    solve=solve,
    initial=lambda i: i.start,
    encode_state=lambda i, p: format(p, "x"),
    decode_state=decode,
    is_goal=is_goal,
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
        state=lambda i: i.target,
    ),
    play=Playing(
        moves=moves,
        hint=hint,
        help=N_("Click a peg, then the empty hole it jumps to (or drag it there)."),
    ),
    generator=Generating(
        params=(
            Param(
                "board",
                N_("board: 1 English, 2 French, 3 Wiegleb, 4 diamond, 5-7 triangles of side 4-6"),
                1,
                1,
                len(BOARD_NAMES),
            ),
        ),
        generate=generate,
    ),
    engine=EngineView(
        problem=problem,
        action_label=lambda i, j: i.board.jump_name(j),
    ),
    checking=Checking(
        verify=verify,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Peg solitaire"),
    ),
    notes=N_(
        "'fast' is the solver made for peg solitaire; the classic searches show why one is needed."
    ),
    tasks=TASKS,
    command=SolveCommand(
        options=SOLVE_OPTIONS,
        from_options=from_options,
        help=SOLVE_HELP,
        examples=SOLVE_EXAMPLES,
    ),
)
