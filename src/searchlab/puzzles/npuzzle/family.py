"""Sliding-tile puzzles (8-, 15-, 24-puzzle, any N x N); moves name the blank's direction.

The sliding-tile family: every surface (CLI, web player, experiments) goes through this.

An instance is a start board and a goal board. Its text is the start as rows of
numbers (0 or ``_`` the blank), optionally followed by a line ``goal`` (or
``---``) and the goal in the same format; without one the goal is 1..n²-1 with
the blank last. A state is a :class:`Board`; its token the flat row-major tile
list. Moves name the blank's direction (U, D, L, R); in play mode the user
clicks the tile that slides into the blank.

``auto`` is :func:`~searchlab.puzzles.npuzzle.solvers.solve_board`'s fastest
optimal method, the same for every surface (CLI, web player, notebook): packed A*
on 3x3, IDA* with the additive pattern databases on 4x4 (7-8, else 6-6-3) and 5x5
(6-6-6-6) when they are cached, else compiled IDA* with linear conflict. ``auto``
never builds a database (memory stays megabytes under any cap); an explicit
``pdb`` heuristic or partition builds one (the build honours the cancel token).
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import (
    Artifact,
    Caching,
    Demo,
    DemoBlock,
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
from searchlab.families.kit import engine_solve, impossible, limit_options
from searchlab.families.params import int_param
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult
from searchlab.search.solve import UNIT_COST_OPTIMAL, engine_algorithms
from searchlab.view import View

from .board import (
    Board,
    Instance,
    apply_move,
    board_from_tiles,
    format_board,
    goal_board,
    legal_moves,
    parse_tiles,
)
from .commands import (
    FSM,
    PDB,
    RANDOM,
    SOLVE_HELP,
    from_options,
    solve_options,
)
from .heuristics import HEURISTICS, canonical_heuristic
from .instances import exact_distance, random_instance
from .problem import NPuzzleProblem
from .solvability import is_solvable
from .solvers import UNSOLVABLE_REASON, solve_board
from .views import grid_view, tiles_view

NAME = folder_name(__name__)
"""The family's name: its folder's."""

DELTA = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
GOAL_LINE = re.compile(r"^[^\S\n]*(?:goal:?|-{3,})[^\S\n]*$", re.IGNORECASE | re.MULTILINE)
"""The line that separates the start from the goal. Its spaces never cross a line
end, so a search is linear in the text (``\\s*`` there made it quadratic)."""
ALGORITHMS = ("auto", *engine_algorithms(provides=("predecessors",), exclude=("backtrack",)))
"""``auto`` first; every engine algorithm that answers on the 8-puzzle (``backtrack`` has
no cycle memory: it is not offered; ``dls`` needs a depth limit)."""
OPTIMAL = frozenset(ALGORITHMS) & (UNIT_COST_OPTIMAL | {"auto"})
"""The algorithms that find the fewest moves."""


EXAMPLES = (
    Example(
        "seed001",
        N_("8-puzzle, the assignment's worked example (4 moves)"),
        "0 1 3\n4 2 5\n7 8 6\n",
    ),
    Example("easy", N_("8-puzzle, 6 moves"), "4 1 3\n7 2 6\n0 5 8\n"),
    Example("medium", N_("8-puzzle, 14 moves"), "8 1 3\n4 0 2\n7 6 5\n"),
    Example("hardest", N_("8-puzzle, 31 moves (a hardest one)"), "8 6 7\n2 5 4\n3 0 1\n"),
    Example("unsolvable", N_("8-puzzle, unsolvable"), "1 2 3\n4 5 6\n8 7 0\n"),
    Example(
        "fifteen",
        N_("15-puzzle, blank first goal"),
        "1 2 3 7\n4 5 6 0\n8 9 10 11\n12 13 14 15\n"
        "goal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n",
    ),
)


def parse(text: str) -> Instance:
    """The start, and the goal after a ``goal`` line (default: blank last); linear
    in the text's length."""
    cut = GOAL_LINE.search(text)
    start = parse_tiles(text if cut is None else text[: cut.start()])
    goal = goal_board(start.size) if cut is None else parse_tiles(text[cut.end() :])
    if goal.size != start.size:
        raise InputError(
            _("the start is {size}x{size} but the goal {size2}x{size2}").format(
                size=start.size, size2=goal.size
            )
        )
    return Instance(start, goal)


def format_instance(inst: Instance) -> str:
    """The instance as :func:`parse` reads it (the goal only when it is not the default)."""
    text = format_board(inst.start) + "\n"
    if inst.goal != goal_board(inst.start.size):
        text += "goal\n" + format_board(inst.goal) + "\n"
    return text


def describe(inst: Instance) -> str:
    n = inst.start.size
    if is_solvable(inst.start, inst.goal):
        return _("{n}x{n} board").format(n=n)
    return _("{n}x{n} board (unsolvable)").format(n=n)


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A board whose optimal solution is exactly ``depth`` moves, up to the 31 the page
    offers (3x3: 31 is the diameter; 4x4: each step of a random walk checked by the
    compiled optimal solver, 0.6 s on average at depth 31, 4 s the slowest of 12)."""
    size = int_param(params, "size", 3, 3, 4)
    depth = int_param(params, "depth", 16, 0, 31)
    return format_board(random_instance(size, depth, seed=seed)) + "\n"


def sample(depth: int, seed: int) -> str:
    """The experiments' instance: an 8-puzzle of optimal cost exactly ``depth``."""
    return format_board(random_instance(3, depth, seed=seed)) + "\n"


def engine_heuristic(heuristic: str | None) -> str:
    """The engine heuristic for a family heuristic name (``auto``/``pdb``: Manhattan)."""
    if heuristic in (None, "auto", "pdb"):
        return "manhattan"
    return canonical_heuristic(heuristic)


def problem(inst: Instance, heuristic: str | None) -> Problem[Any, Any]:
    return NPuzzleProblem(inst.start, inst.goal, engine_heuristic(heuristic))


class _BuildCancelled(Exception):
    """The cancel token was set while a pattern database was being built."""


def solve(inst: Instance, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    """``auto``, A* and IDA*: :func:`~searchlab.puzzles.npuzzle.solvers.solve_board` (the
    dedicated solvers with Manhattan or the PDBs, the engine with other heuristics);
    anything else, or engine-only options (an observer, a weight): the engine on
    :class:`NPuzzleProblem`. Unsolvable boards are ``impossible`` at once."""
    n = inst.start.size
    h = heuristic or "auto"
    if not is_solvable(inst.start, inst.goal):
        return impossible(_(UNSOLVABLE_REASON), algorithm)
    engine_only = {"observer", "weight", "tie_break", "depth_limit", "max_depth", "graph"}
    if algorithm in ("auto", "astar", "idastar") and not engine_only & set(options):
        cancel = options.get("cancel")
        user_progress = options.get("pdb_progress")

        def pdb_progress(done: int, total: int) -> None:
            if cancel is not None and cancel.is_set():
                raise _BuildCancelled
            if user_progress is not None:
                user_progress(done, total)

        try:
            result = solve_board(
                inst.start,
                inst.goal,
                algorithm=algorithm,
                heuristic=h,
                pdb_progress=pdb_progress,
                partition=options.get("partition"),
                **limit_options(options),
            )
        except _BuildCancelled:
            return SearchResult(
                algorithm,
                "cancelled",
                reason=_("cancelled while building a pattern database (nothing cached)"),
            )
        partition = result.extra.get("partition")
        method = result.algorithm + (f"+pdb {partition}" if partition else "")
        return replace(
            result,
            algorithm=method,
            states=[Board(n, t) for t in result.states],
        )
    if h == "pdb" or options.get("partition"):
        raise InputError(
            _("pattern databases need the idastar (or auto) algorithm on a 4x4 or 5x5 board")
        )
    options = {k: v for k, v in options.items() if k not in ("pdb_progress", "partition")}
    if algorithm == "dfs":
        options.setdefault("graph", True)
    return engine_solve(
        problem(inst, h),
        algorithm,
        options,
        state=lambda t: Board(n, t),
        method=f"{algorithm} ({engine_heuristic(h)})",
    )


def decode(inst: Instance, token: Any) -> Board:
    if not isinstance(token, list) or not all(
        isinstance(t, int) and not isinstance(t, bool) for t in token
    ):
        raise InputError(_("a position is a flat list of tile numbers"))
    return board_from_tiles(token, inst.start.size)


def to_move(board: Board, label: str) -> Move[Board]:
    """The move of the blank ``label``: the user clicks (or drags) the tile next to the
    blank onto the blank's cell."""
    n = board.size
    br, bc = divmod(board.blank, n)
    dr, dc = DELTA[label]
    return Move(label, (br, bc), apply_move(board, label), ((br + dr, bc + dc),))


def moves(inst: Instance, board: Board) -> list[Move[Board]]:
    return [to_move(board, m) for m in legal_moves(board)]


def hint(inst: Instance, board: Board, /, **options: Any) -> Move[Board] | None:
    """The first move of an optimal solution: the exact distance table on 3x3 (instant),
    the same optimal solver as ``solve`` (``auto``) on larger boards."""
    if board == inst.goal:
        return None
    if not is_solvable(board, inst.goal):
        raise NoHint(_("this position cannot reach the goal (permutation parity)"))
    if board.size == 3:
        best = min(
            legal_moves(board), key=lambda m: exact_distance(apply_move(board, m), inst.goal)
        )
        return to_move(board, best)
    result = solve(Instance(board, inst.goal), "auto", "auto", **options)
    if result.solved and result.actions:
        return to_move(board, str(result.actions[0]))
    if result.status == "cancelled":
        return None
    raise NoHint(
        _(
            "no optimal move found within the hint's time limit; solve "
            "the board to see a whole optimal solution"
        )
    )


def base_view(inst: Instance) -> View:
    return grid_view(inst.start.size)


def state_view(inst: Instance, board: Board) -> View:
    return tiles_view(board)


def render_text(inst: Instance, result: SearchResult) -> str:
    """Every board of the solution, headed "start" and "move i: X"."""
    blocks = []
    for i, board in enumerate(result.states):
        head = (
            _("start") if i == 0 else _("move {n}: {move}").format(n=i, move=result.actions[i - 1])
        )
        blocks.append(f"{head}\n{format_board(board)}\n")
    return "\n".join(blocks)


def warm() -> None:
    """Compile the compiled IDA* searches now (with pattern databases, and with Manhattan
    distance or linear conflict), or load them from Numba's cache."""
    from . import kernel, kernel_md

    kernel.warm_up()
    kernel_md.warm_up()


def goal_text(inst: Instance) -> str:
    """What counts as solved, in words (the goal board is drawn beside it)."""
    tiles, last = inst.goal.tiles, len(inst.goal.tiles) - 1
    if tiles == (*range(1, last + 1), 0):
        return _("Goal: the tiles in order, 1 to {last}, the blank last.").format(last=last)
    if tiles == tuple(range(last + 1)):
        return _("Goal: the blank first, then the tiles in order, 1 to {last}.").format(last=last)
    return _("Goal: the tiles as pictured.")


def demo() -> Iterator[DemoBlock]:
    """The family's ``searchlab demo`` section (imported when shown: it brings the Korf
    benchmark and the assignment programs)."""
    from .demo import demo as blocks

    yield from blocks()


def cache_artifacts() -> Sequence[Artifact]:
    """The pattern databases in the cache (imported when ``searchlab cache`` asks)."""
    from .pdb_cache import cache_artifacts as artifacts

    return artifacts()


FAMILY: Family[Instance, Board] = Family(
    name=NAME,
    title=N_("Sliding tiles"),
    board_help=N_(
        "Rows of numbers, 0 or _ the blank (3x3 to 5x5 on the web). Optionally a line 'goal' "
        "and the goal board; the default goal is 1..n²-1 with the blank last."
    ),
    examples=EXAMPLES,
    parse=parse,
    format=format_instance,
    describe=describe,
    algorithms=ALGORITHMS,
    optimal=OPTIMAL,
    heuristics=("auto", "pdb", *HEURISTICS),
    heuristic_labels={
        "auto": N_("Automatic (best available)"),
        "pdb": N_("Pattern databases"),
        "zero": N_("h = 0 (none)"),
        "misplaced": N_("Misplaced tiles"),
        "manhattan": N_("Manhattan distance"),
        "blank": N_("Blank's distance"),
        "linear_conflict": N_("Linear conflict"),
    },
    solve=solve,
    initial=lambda i: i.start,
    encode_state=lambda i, b: list(b.tiles),
    decode_state=decode,
    is_goal=lambda i, b: b == i.goal,
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
        state=lambda i: i.goal,
    ),
    play=Playing(
        moves=moves,
        hint=hint,
        help=N_("Click a tile next to the blank to slide it."),
    ),
    generator=Generating(
        params=(
            Param("size", N_("size"), 3, 3, 4),
            Param("depth", N_("optimal moves"), 16, 0, 31),
        ),
        generate=generate,
    ),
    sampling=Sampling(sample=sample, parameter="depth", exact=True),
    tasks=(RANDOM, PDB, FSM),
    command=SolveCommand(
        options=solve_options(ALGORITHMS, OPTIMAL),
        from_options=from_options,
        help=SOLVE_HELP,
        examples=(
            '--tiles "8 6 7 2 5 4 3 0 1"',
            "board.txt -a astar -H linear_conflict --json",
            '--tiles "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15" --pdb 7-8',
        ),
    ),
    engine=EngineView(
        problem=problem,
        state_of=lambda i, s: Board(i.start.size, s),
    ),
    drawing=Drawing(
        text=render_text,
    ),
    wire=Wire(
        max_cells=25,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Sliding-tile puzzles: 8- and 15-puzzle, and the two assignment programs"),
    ),
    cache=Caching(
        artifacts=cache_artifacts,
        warm=warm,
    ),
    notes=N_(
        "'auto' finds a shortest solution the quickest way this board allows; the other "
        "algorithms are the classic searches, to compare."
    ),
)
