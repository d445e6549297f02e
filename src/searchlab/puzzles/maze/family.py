"""Grid mazes: '#' walls, 'S' start, 'G' goal, digits 1-9 weighted cells, 'moves: 8'.

The maze family: every surface (CLI, web player, experiments) reads mazes through this.

A maze is text: rows of ``#`` (wall), ``.`` (open), ``S`` (start) and ``G``
(goal). A state is a cell number (row-major); moves are U, D, L, R.
"""

from __future__ import annotations

import heapq
from collections.abc import Iterator, Mapping, Sequence
from dataclasses import replace
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import (
    Block,
    Checking,
    Demo,
    Drawing,
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
    Setup,
    SolveCommand,
    Wire,
)
from searchlab.families.kit import (
    HTML,
    JSON,
    LIMIT_OPTIONS,
    algorithm_option,
    draw_seed,
    engine_solve,
    file_option,
    heuristic_option,
    optimal_help,
)
from searchlab.families.params import float_param, int_param, parse_wxh
from searchlab.families.report import describe_outcome, optimality_note
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult
from searchlab.search.solve import ALGORITHMS as ENGINE_ALGORITHMS
from searchlab.search.solve import OPTIMAL as COST_OPTIMAL
from searchlab.search.solve import SHORTEST, UNIT_COST_OPTIMAL, engine_algorithms
from searchlab.view import View

from .demo import demo
from .model import (
    DIAGONAL_STEPS,
    STEPS,
    Maze,
    parse_maze,
    random_maze,
    render_maze,
)
from .problem import (
    HEURISTICS,
    MazeProblem,
    admissible,
    default_heuristic,
)

NAME = folder_name(__name__)
"""The family's name: its folder's."""

EXAMPLES = (
    Example("small", N_("Small maze"), "S..#....\n.#.#.##.\n.#...#..\n.####.#.\n......#G\n"),
    Example(
        "rooms",
        N_("Two rooms"),
        "S....#.........\n.###.#.#######.\n...#...#.....#.\n##.#####.###.#.\n"
        "...#.....#...#.\n.###.#####.###.\n.....#.......#G\n",
    ),
    Example("walled", N_("No way through"), "S.#..\n..#..\n###..\n....G\n"),
    Example(
        "mud",
        N_("Mud or the long way round"),
        "..........\n.########.\nS99999999G\n.########.\n..........\n",
    ),
    Example(
        "diagonal",
        N_("Diagonal moves and a marsh"),
        "moves: 8\nS....#......\n.##..#.####.\n..#....#....\n#.#.55555.#.\n"
        "..#.55555.#.\n.##.......#G\n",
    ),
)
ALGORITHMS = engine_algorithms(provides=("predecessors",))
"""Every engine algorithm: a maze has cycles, its moves reverse (predecessors)."""
OPTIMAL = frozenset(ALGORITHMS) & COST_OPTIMAL
"""The algorithms whose paths cost the least on every maze, weighted or diagonal too (what
the JSON's ``optimal`` says)."""
UNIT_OPTIMAL = frozenset(ALGORITHMS) & UNIT_COST_OPTIMAL
"""On a maze of 1s without diagonals, BFS and IDDFS join them (the fewest moves cost the
least there)."""
MAX_CELLS = 4_000_000


def parse(text: str) -> Maze:
    maze = parse_maze(text)
    if maze.width * maze.height > MAX_CELLS:
        raise InputError(
            _("maze too large (at most {max_cells:,} cells)").format(max_cells=MAX_CELLS)
        )
    return maze


def format_maze(maze: Maze) -> str:
    return render_maze(maze, header=True) + "\n"


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A random maze of ``width`` x ``height`` cells with the given wall density and
    fraction of weighted cells (costs 2-9), with a path from its start to its goal."""
    width = int_param(params, "width", 12, 2, 2000)
    height = int_param(params, "height", 8, 2, 2000)
    walls = float_param(params, "walls", 0.25, 0.0, 0.9)
    weighted = float_param(params, "weights", 0.0, 0.0, 1.0)
    maze = random_maze(width, height, walls=walls, seed=seed, solvable=True, weighted=weighted)
    return format_maze(maze)


def sample(size: int, seed: int) -> str:
    """The experiments' instance: a square maze with 20 % walls (some have no path)."""
    return format_maze(random_maze(size, size, walls=0.2, seed=seed))


def problem(maze: Maze, heuristic: str | None) -> Problem[Any, Any]:
    if heuristic is not None and heuristic not in HEURISTICS:
        raise InputError(
            _("unknown maze heuristic {name!r}; choose one of {names}").format(
                name=heuristic[:40], names=", ".join(HEURISTICS)
            )
        )
    return MazeProblem(maze, heuristic)


def solve(maze: Maze, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    return engine_solve(problem(maze, heuristic), algorithm, options)


def decode(maze: Maze, token: Any) -> int:
    if not isinstance(token, int) or isinstance(token, bool):
        raise InputError(_("a maze position is a cell number"))
    if not 0 <= token < maze.width * maze.height or not maze.open[token]:
        raise InputError(_("cell {token} is not an open cell of this maze").format(token=token))
    return token


def legal_moves(maze: Maze, cell: int) -> list[Move[int]]:
    """The steps to the open cells next to ``cell`` (without building the whole maze's
    neighbour lists, as :class:`MazeProblem` does, at every click)."""
    out = []
    for label in (*STEPS, *(DIAGONAL_STEPS if maze.moves == 8 else ())):
        nxt = maze.neighbour(cell, label)
        if nxt is not None:
            out.append(Move(label, maze.coords(nxt), nxt, (maze.coords(cell),)))
    return out


def cost_to_goal(maze: Maze, until: int | None = None) -> dict[int, float]:
    """The least cost from each cell to the goal (Dijkstra's algorithm run back from the
    goal over the predecessors), stopping once ``until`` is settled."""
    p = MazeProblem(maze, "zero")
    dist: dict[int, float] = {maze.goal: 0}
    done: set[int] = set()
    heap: list[tuple[float, int]] = [(0, maze.goal)]
    while heap:
        d, s = heapq.heappop(heap)
        if s in done:
            continue
        done.add(s)
        if s == until:
            break
        for _action, t, cost in p.predecessors(s):
            if t not in done and d + cost < dist.get(t, float("inf")):
                dist[t] = d + cost
                heapq.heappush(heap, (d + cost, t))
    return dist


def hint(maze: Maze, cell: int, /, **options: Any) -> Move[int] | None:
    """The first step of a cheapest path (Dijkstra's algorithm back from the goal; on
    a maze without weights or diagonals, a shortest one)."""
    dist = cost_to_goal(maze, cell)
    if cell not in dist or cell == maze.goal:
        return None
    p = MazeProblem(maze, "zero")
    step = {t: cost for _a, t, cost in p.successors(cell)}
    return min(
        legal_moves(maze, cell), key=lambda m: step[m.state] + dist.get(m.state, float("inf"))
    )


def base_view(maze: Maze) -> View:
    rows = []
    for r in range(maze.height):
        row = []
        for c in range(maze.width):
            i = maze.cell(r, c)
            cost = maze.cost(i)
            row.append(
                "g"
                if i == maze.goal
                else "s"
                if i == maze.start
                else "#"
                if not maze.open[i]
                else str(cost)
                if cost > 1
                else "."
            )
        rows.append("".join(row))
    return {"rows": maze.height, "cols": maze.width, "cells": rows}


def state_view(maze: Maze, cell: int) -> View:
    r, c = maze.coords(cell)
    return {"pieces": [{"id": "me", "r": r, "c": c, "kind": "walker"}]}


def shared_view(maze: Maze, states: Sequence[int]) -> View:
    """The whole path, sent once; each frame draws its first ``path_len`` cells."""
    return {"path": [list(maze.coords(s)) for s in states]}


def frames(maze: Maze, states: Sequence[int]) -> list[View]:
    return [{**state_view(maze, s), "path_len": i + 1} for i, s in enumerate(states)]


def render_text(maze: Maze, result: SearchResult) -> str:
    """The maze with the path drawn on it (mazes over 10,000 cells: nothing)."""
    if maze.width * maze.height > 10_000:
        return ""
    return render_maze(maze, result.states, header=True)


SOLVE_HELP = N_(
    "Find a path from S to G in FILE ('-' for stdin), A* with Manhattan distance by default\n"
    "(octile distance with diagonal moves).\n"
    "\n"
    "A digit 1-9 in the maze is a cell costing that much to enter ('.' costs 1); a first\n"
    "line 'moves: 8' (or --moves 8) allows diagonal steps, each costing 1.414 times the\n"
    "cell's cost. A*, UCS, IDA* and bidirectional search find a cheapest path; BFS and\n"
    "IDDFS one with the fewest moves (the same on a maze of 1s without diagonals); DFS,\n"
    "backtracking, greedy and weighted A* find a path, often a longer one (the result\n"
    "says which)."
)

SOLVE_OPTIONS = (
    file_option(),
    Option(
        "random",
        N_("Generate a random WxH maze instead (one with a path from S to G)."),
        str,
        metavar="WxH",
        dest="random_size",
    ),
    Option("seed", N_("Seed for --random.")),
    Option(
        "walls", N_("Wall density for --random."), float, 0.3, minimum=0, maximum=1, max_open=True
    ),
    Option(
        "weights",
        N_("Fraction of the open cells given a cost of 2-9 for --random."),
        float,
        0.0,
        minimum=0,
        maximum=1,
    ),
    Option(
        "moves",
        N_("4 (up, down, left, right) or 8 (the diagonals too); default: the maze's own."),
        str,
        choices=("4", "8"),
    ),
    algorithm_option(
        "astar",
        "Search algorithm (" + optimal_help(ALGORITHMS, OPTIMAL) + ").",
        [a for a in ENGINE_ALGORITHMS if a in ALGORITHMS],
    ),
    heuristic_option(
        None,
        N_(
            "Heuristic: manhattan (default with 4 moves), octile (default with 8), euclidean, "
            "chebyshev or zero."
        ),
        HEURISTICS,
    ),
    *LIMIT_OPTIONS,
    JSON,
    HTML,
)
"""The options of ``searchlab maze solve``."""


def optimality(maze: Maze, algorithm: str, heuristic: str | None) -> str:
    """The line under a solved maze: what the algorithm's path is the least of. On a
    maze of 1s without diagonals the fewest moves are the least cost; otherwise A*, UCS
    IDA* (with an admissible heuristic) and bidirectional search find the cheapest path,
    and BFS and IDDFS the fewest moves, which may cost more."""
    if not maze.weighted and maze.moves == 4:
        return optimality_note(algorithm, UNIT_OPTIMAL)
    h = heuristic or default_heuristic(maze)
    informed = algorithm in ("astar", "idastar")
    if algorithm in COST_OPTIMAL and (not informed or admissible(h, maze.moves)):
        return _("optimal: {algorithm} guarantees the cheapest path").format(algorithm=algorithm)
    if algorithm in SHORTEST:
        return _(
            "{algorithm} guarantees the fewest moves, not the cheapest path: try ucs or astar"
        ).format(algorithm=algorithm)
    if algorithm in COST_OPTIMAL:
        return _(
            "not necessarily optimal: the {heuristic} heuristic overestimates with "
            "diagonal moves (try octile)"
        ).format(heuristic=h)
    return _("not necessarily optimal: {algorithm} does not guarantee the cheapest path").format(
        algorithm=algorithm
    )


def report(
    maze: Maze, result: SearchResult, algorithm: str, heuristic: str | None
) -> Iterator[Block]:
    """A maze solve's human answer: the maze with its path, the outcome (cost and
    moves), what the path is the least of, the moves, the statistics."""
    text = render_text(maze, result) if result.solved else ""
    if text:
        yield text
    yield describe_outcome(result)
    if result.solved:
        yield optimality(maze, algorithm, heuristic)
        yield _("moves:") + " " + " ".join(str(a) for a in result.actions)
    yield result.stats


def from_options(
    *,
    file: str | None,
    random_size: str | None,
    seed: int | None,
    walls: float,
    weights: float = 0.0,
    moves: str | None = None,
    algorithm: str = "astar",
    heuristic: str | None = None,
    **_other: Any,
) -> Setup[Maze]:
    """The maze of ``searchlab maze solve``: read from FILE, or drawn at random;
    ``moves`` replaces the maze's own."""
    setup = _setup(file, random_size, seed, walls, weights)
    maze = setup.instance
    if moves is not None:
        maze = replace(maze, moves=int(moves))
    return setup._replace(
        instance=maze,
        report=lambda result: report(maze, result, algorithm or "astar", heuristic),
    )


def _setup(
    file: str | None, random_size: str | None, seed: int | None, walls: float, weights: float
) -> Setup[Maze]:
    if (file is None) == (random_size is None):
        raise InputError(_("give a maze FILE or --random WxH (one of them)"))
    if random_size is None:
        return Setup(FAMILY.read(file or ""))
    width, height = parse_wxh(random_size, "--random", 1, 100_000)
    if width * height > MAX_CELLS:  # the cap of a maze file, checked before drawing
        raise InputError(
            _("--random {w}x{h}: at most {limit} cells, as for a maze file").format(
                w=width, h=height, limit=f"{MAX_CELLS:,}"
            )
        )
    seed, note = draw_seed(seed, N_("maze"))
    maze = random_maze(width, height, walls=walls, seed=seed, solvable=True, weighted=weights)
    return Setup(maze, blocks=[note] if note else [])


def goal_text(maze: Maze) -> str:
    """What counts as solved, in words."""
    return _("Goal: walk from the start S to the goal G.")


FAMILY: Family[Maze, int] = Family(
    name=NAME,
    title=N_("Grid maze"),
    board_help=N_(
        "Rows of '#' (wall), '.' (open), '1'-'9' (open, costs that much to enter), 'S' "
        "(start) and 'G' (goal); a first line 'moves: 8' allows diagonal steps."
    ),
    examples=EXAMPLES,
    parse=parse,
    format=format_maze,
    describe=lambda m: _("{width}x{height} maze").format(width=m.width, height=m.height),
    algorithms=ALGORITHMS,
    optimal=OPTIMAL,
    heuristics=HEURISTICS,
    heuristic_labels={
        "manhattan": N_("Manhattan distance"),
        "octile": N_("Octile distance"),
        "euclidean": N_("Euclidean distance"),
        "chebyshev": N_("Chebyshev distance"),
        "zero": N_("h = 0 (none)"),
    },
    solve=solve,
    initial=lambda m: m.start,
    encode_state=lambda m, s: s,
    decode_state=decode,
    is_goal=lambda m, s: s == m.goal,
    checking=Checking(
        step=lambda m, s, label: m.step(s, label),
        step_cost=lambda m, _s, label, nxt: m.step_cost(label, nxt),
    ),
    base_view=base_view,
    state_view=state_view,
    goal=Goal(
        text=goal_text,
    ),
    play=Playing(
        moves=legal_moves,
        hint=hint,
        help=N_("Click an open cell next to the walker, or use the arrow keys."),
    ),
    generator=Generating(
        params=(
            Param("width", N_("width"), 12, 2, 100),
            Param("height", N_("height"), 8, 2, 100),
            Param("walls", N_("wall density"), 0.25, 0.0, 0.9, "float"),
            Param("weights", N_("weighted cells"), 0.0, 0.0, 1.0, "float"),
        ),
        generate=generate,
    ),
    sampling=Sampling(sample=sample, parameter="size"),
    command=SolveCommand(
        options=SOLVE_OPTIONS,
        from_options=from_options,
        help=SOLVE_HELP,
        examples=(
            "my-maze.txt -a bfs",
            "--random 40x20 --walls 0.3 --seed 1",
            "--random 30x20 --weights 0.4 --moves 8 -a ucs",
        ),
    ),
    engine=EngineView(
        problem=problem,
    ),
    wire=Wire(
        frames=frames,
        shared_view=shared_view,
    ),
    drawing=Drawing(
        text=render_text,
    ),
    demo=Demo(
        blocks=demo,
        title=N_("Search engine: grid maze"),
        order=-1,  # the engine itself opens the tour; the other families build on it
    ),
)
