"""Tower of Hanoi: move the disks to the goal peg, never onto a smaller one.

The Tower of Hanoi family: what every surface (CLI, web player, experiments) sees.

Read this file top to bottom as the worked example of docs/engine.md, "Adding a puzzle
family". The family's name is its folder's name, and its modules import each other
relatively (``from .model import ...``), so a copy of this folder under another name is
another working family.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, cast

from searchlab.errors import InputError
from searchlab.families.contract import (
    Checking,
    Demo,
    EngineView,
    Example,
    Family,
    Generating,
    Goal,
    Move,
    Option,
    Param,
    Playing,
    Sampling,
    SolveCommand,
    Task,
)
from searchlab.families.kit import (
    HTML,
    JSON,
    LIMIT_OPTIONS,
    algorithm_option,
    engine_solve,
    file_option,
    heuristic_option,
    svg_option,
)
from searchlab.families.params import int_param
from searchlab.i18n import N_, _, ngettext
from searchlab.puzzles import folder_name
from searchlab.search.options import SearchOptions, budget_and_observer
from searchlab.search.problem import Problem
from searchlab.search.result import LimitName, SearchResult, SearchStats
from searchlab.search.solve import UNIT_COST_OPTIMAL, engine_algorithms

from .count import count
from .demo import demo
from .model import (
    MAX_DISKS,
    PEGS,
    State,
    Tower,
    format_tower,
    move_label,
    moved,
    parse_tower,
    peg_index,
    play,
)
from .problem import HEURISTICS, HanoiProblem
from .solver import distance, optimal_moves
from .views import base_view, moves, state_view, to_move

NAME = folder_name(__name__)
"""The family's name: its folder's (``hanoi``)."""

ALGORITHMS = ("recursive", *engine_algorithms(provides=("predecessors",), exclude=("backtrack",)))
"""``recursive`` (optimal, instant) first, then the engine's algorithms (not
``backtrack``: with no memory but its path, moves that undo each other make it wander)."""

EXAMPLES = (
    Example("three", N_("Three disks, A to C (7 moves)"), "disks: 3\n"),
    Example("four", N_("Four disks, A to B (15 moves)"), "disks: 4\nstart: A\ngoal: B\n"),
    Example("scattered", N_("Five scattered disks"), "disks: 5\nstart: CABBA\ngoal: C\n"),
    Example("eight", N_("Eight disks (255 moves)"), "disks: 8\n"),
)


def describe(tower: Tower) -> str:
    return ngettext(
        "{n} disk onto peg {peg}, {moves} moves at least",
        "{n} disks onto peg {peg}, {moves} moves at least",
        tower.disks,
    ).format(
        n=tower.disks,
        peg=PEGS[tower.goal_peg],
        moves=distance(tower.start, tower.goal_peg),
    )


def solve(tower: Tower, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    """``recursive``: the optimal recursion (:mod:`.solver`); else an engine algorithm on
    :class:`HanoiProblem` with ``heuristic``."""
    if algorithm != "recursive":
        return engine_solve(HanoiProblem(tower, heuristic or HEURISTICS[0]), algorithm, options)
    budget, _observer = budget_and_observer(cast(SearchOptions, options))
    # the recursion expands each position of its path once (the moves) and stores the
    # path (the positions): a path longer than a limit allows is not built at all
    length = distance(tower.start, tower.goal_peg)
    over: LimitName | None = None
    if length > budget.max_expansions:
        over = "max_expansions"
    elif length + 1 > budget.max_nodes:
        over = "max_nodes"
    if over is not None:
        return SearchResult("recursive", "limit", stats=budget.finish(SearchStats()), limit=over)
    states = [tower.start]
    labels = []
    for disk, src, dst in optimal_moves(tower.start, tower.goal_peg):
        states.append(moved(states[-1], disk, dst))
        labels.append(move_label(src, dst))
    stats = SearchStats(expanded=len(labels), generated=len(states), max_depth=len(labels))
    stopped = budget.interrupted()
    if stopped is not None:
        return SearchResult("recursive", "limit", stats=budget.finish(stats), limit=stopped)
    return SearchResult("recursive", "solved", labels, states, len(labels), budget.finish(stats))


def decode(tower: Tower, token: Any) -> State:
    """A position token: the list of each disk's peg (0, 1, 2), smallest first."""
    if (
        not isinstance(token, list)
        or len(token) != tower.disks
        or any(type(p) is not int or not 0 <= p <= 2 for p in token)
    ):
        raise InputError(
            _("a position is the peg (0, 1 or 2) of each of the {n} disks").format(n=tower.disks)
        )
    return tuple(token)


def hint(tower: Tower, state: State, /, **options: Any) -> Move[State] | None:
    """The first move of the optimal recursion from ``state`` (``None`` at the goal)."""
    plan = optimal_moves(state, tower.goal_peg)
    return to_move(tower, state, *plan[0]) if plan else None


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A random position of ``disks`` disks and a random goal peg."""
    disks = int_param(params, "disks", 4, 1, MAX_DISKS)
    rng = random.Random(seed)
    start = tuple(rng.randrange(3) for _ in range(disks))
    return format_tower(Tower(disks, start, rng.randrange(3)))


def sample(depth: int, seed: int) -> str:
    """A position exactly ``depth`` moves from a tower on peg C: the binary digits of
    ``depth`` say which disks are off their target (:func:`.solver.distance`), the
    pegs they sit on are random. Three disks at least, more when ``depth`` needs them."""
    if not 0 <= depth < 1 << MAX_DISKS:
        raise InputError(
            _("a depth from 0 to {most} moves, got {depth}").format(
                most=(1 << MAX_DISKS) - 1, depth=depth
            )
        )
    disks = max(3, depth.bit_length())
    rng = random.Random(seed)
    target, start = 2, [0] * disks
    for disk in range(disks - 1, -1, -1):
        if depth >> disk & 1:
            start[disk] = rng.choice([p for p in range(3) if p != target])
            target = 3 - start[disk] - target
        else:
            start[disk] = target
    return format_tower(Tower(disks, tuple(start), 2))


def problem(tower: Tower, heuristic: str | None) -> Problem[Any, Any]:
    return HanoiProblem(tower, heuristic or HEURISTICS[0])


SOLVE_OPTIONS = (
    file_option(),
    Option(
        "disks",
        N_("Solve a tower of N disks, all on peg A, instead of reading FILE."),
        minimum=1,
        maximum=MAX_DISKS,
        metavar="N",
    ),
    Option("goal", N_("With --disks: the peg every disk must reach."), str, "C", choices=PEGS),
    algorithm_option(choices=ALGORITHMS),
    heuristic_option(choices=HEURISTICS),
    *LIMIT_OPTIONS,
    JSON,
    svg_option(),
    HTML,
)
"""The options of ``searchlab hanoi solve``: the standard ones of
:mod:`searchlab.families.kit`, and ``--disks``/``--goal`` to make a tower without a file."""


def from_options(*, file: str | None, disks: int | None, goal: str, **_other: Any) -> Tower:
    """The tower of ``searchlab hanoi solve``: FILE's text (read by the CLI), or ``disks``
    disks on peg A bound for ``goal``."""
    if (file is None) == (disks is None):
        raise InputError(_("give a tower FILE ('-' for standard input) or --disks N (one of them)"))
    if disks is None:
        return FAMILY.read(file or "")
    return Tower(disks, (0,) * disks, peg_index(goal))


def goal_text(tower: Tower) -> str:
    """What counts as solved, in words (the finished tower is drawn beside it)."""
    return _(
        "Goal: every disk on peg {peg}, moving one disk at a time and never onto a smaller one."
    ).format(peg=PEGS[tower.goal_peg])


FAMILY: Family[Tower, State] = Family(
    name=NAME,
    title=N_("Tower of Hanoi"),
    board_help=N_(
        "'disks: N' (1 to 12), optionally 'start: ' the peg (A, B or C) of each disk, "
        "smallest first, and 'goal: ' the peg every disk must reach (default C)."
    ),
    examples=EXAMPLES,
    parse=parse_tower,
    format=format_tower,
    describe=describe,
    algorithms=ALGORITHMS,
    optimal=frozenset(ALGORITHMS) & (UNIT_COST_OPTIMAL | {"recursive"}),
    heuristics=HEURISTICS,
    heuristic_labels={
        "misplaced": N_("Disks not on the goal peg"),
        "exact": N_("Exact distance"),
        "zero": N_("h = 0 (none)"),
    },
    solve=solve,
    initial=lambda t: t.start,
    encode_state=lambda t, s: list(s),
    decode_state=decode,
    is_goal=lambda t, s: s == t.goal,
    checking=Checking(
        step=lambda t, s, label: play(s, label),
    ),
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
        state=lambda t: t.goal,
    ),
    play=Playing(
        moves=moves,
        hint=hint,
        help=N_(
            "Click the top disk of a peg, then the place it lands on another peg (or drag it "
            "there); a disk with one move goes on a click."
        ),
    ),
    generator=Generating(params=(Param("disks", N_("disks"), 4, 1, 8),), generate=generate),
    sampling=Sampling(sample=sample, parameter="depth", exact=True),
    tasks=(
        Task(
            "count",
            N_("Count every position of a tower by how far it is from the goal."),
            count,
            (Option("disks", N_("Number of disks (1 to 12)."), int, 4),),
            example="--disks 5",
            json=True,
        ),
    ),
    command=SolveCommand(
        options=SOLVE_OPTIONS,
        from_options=from_options,
        help=N_(
            "Solve the tower in FILE ('-' for standard input), or a tower of --disks N disks.\n"
            "\n"
            "The default, recursive, is optimal from any position and instant; the engine's\n"
            "algorithms search the 3^n positions (-a astar -H exact, -a bfs...)."
        ),
        examples=("--disks 5 --goal B", "examples/hanoi.txt -a astar -H misplaced --json"),
    ),
    engine=EngineView(
        problem=problem,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Tower of Hanoi: the recursion and search"),
    ),
    notes=N_(
        "'recursive' is the classic method, the shortest from any position; the search "
        "algorithms explore the 3^n positions to compare."
    ),
)
