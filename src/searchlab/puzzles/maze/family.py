"""Grid mazes: '#' walls, 'S' start, 'G' goal.

The maze family: every surface (CLI, web player, experiments) reads mazes through this.

A maze is text: rows of ``#`` (wall), ``.`` (open), ``S`` (start) and ``G``
(goal). A state is a cell number (row-major); moves are U, D, L, R.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping, Sequence
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import (
    Example,
    Family,
    Generating,
    Move,
    Option,
    Param,
    Playing,
    Sampling,
    Setup,
)
from searchlab.families.kit import (
    HTML,
    JSON,
    LIMIT_OPTIONS,
    WithHeuristic,
    algorithm_option,
    draw_seed,
    engine_solve,
    file_option,
    float_param,
    int_param,
    optimal_help,
    parse_wxh,
)
from searchlab.i18n import N_, _
from searchlab.puzzles.maze.demo import demo
from searchlab.puzzles.maze.model import Maze, parse_maze, random_maze, render_maze
from searchlab.puzzles.maze.problem import MazeProblem
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult
from searchlab.search.solve import ALGORITHMS as ENGINE_ALGORITHMS
from searchlab.search.solve import UNIT_COST_OPTIMAL, engine_algorithms
from searchlab.view import View

EXAMPLES = (
    Example("small", N_("Small maze"), "S..#....\n.#.#.##.\n.#...#..\n.####.#.\n......#G\n"),
    Example(
        "rooms",
        N_("Two rooms"),
        "S....#.........\n.###.#.#######.\n...#...#.....#.\n##.#####.###.#.\n"
        "...#.....#...#.\n.###.#####.###.\n.....#.......#G\n",
    ),
    Example("walled", N_("No way through"), "S.#..\n..#..\n###..\n....G\n"),
)
HEURISTICS = ("manhattan", "zero")
ALGORITHMS = engine_algorithms(provides=("predecessors",))
OPTIMAL = frozenset(ALGORITHMS) & UNIT_COST_OPTIMAL
"""Every engine algorithm: a maze has cycles, its moves reverse (predecessors)."""
MAX_CELLS = 4_000_000


def parse(text: str) -> Maze:
    maze = parse_maze(text)
    if maze.width * maze.height > MAX_CELLS:
        raise InputError(
            _("maze too large (at most {max_cells:,} cells)").format(max_cells=MAX_CELLS)
        )
    return maze


def format_maze(maze: Maze) -> str:
    return render_maze(maze) + "\n"


def generate(params: Mapping[str, float], seed: int | None) -> str:
    """A random maze of ``width`` x ``height`` cells with the given wall density, with a
    path from its start to its goal."""
    width = int_param(params, "width", 12, 2, 2000)
    height = int_param(params, "height", 8, 2, 2000)
    walls = float_param(params, "walls", 0.25, 0.0, 0.9)
    return format_maze(random_maze(width, height, walls=walls, seed=seed, solvable=True))


def sample(size: int, seed: int) -> str:
    """The experiments' instance: a square maze with 20 % walls (some have no path)."""
    return format_maze(random_maze(size, size, walls=0.2, seed=seed))


def problem(maze: Maze, heuristic: str | None) -> Problem[Any, Any]:
    p = MazeProblem(maze)
    return WithHeuristic(p, lambda s: 0) if heuristic == "zero" else p


def solve(maze: Maze, algorithm: str, heuristic: str | None, /, **options: Any) -> SearchResult:
    return engine_solve(problem(maze, heuristic), algorithm, options)


def decode(maze: Maze, token: Any) -> int:
    if not isinstance(token, int) or isinstance(token, bool):
        raise InputError(_("a maze position is a cell number"))
    if not 0 <= token < maze.width * maze.height or not maze.open[token]:
        raise InputError(_("cell {token} is not an open cell of this maze").format(token=token))
    return token


def legal_moves(maze: Maze, cell: int) -> list[Move[int]]:
    return [
        Move(label, maze.coords(nxt), nxt, (maze.coords(cell),))
        for label, nxt, _ in MazeProblem(maze).successors(cell)
    ]


def hint(maze: Maze, cell: int, /, **options: Any) -> Move[int] | None:
    """The first step of a shortest path (a breadth-first search back from the goal)."""
    p = MazeProblem(maze)
    dist = {maze.goal: 0}
    queue = deque([maze.goal])
    while queue and cell not in dist:
        s = queue.popleft()
        for _action, t, _cost in p.predecessors(s):
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    if cell not in dist or cell == maze.goal:
        return None
    return min(legal_moves(maze, cell), key=lambda m: dist.get(m.state, 1 << 60))


def base_view(maze: Maze) -> View:
    rows = []
    for r in range(maze.height):
        row = []
        for c in range(maze.width):
            i = maze.cell(r, c)
            row.append(
                "g" if i == maze.goal else "s" if i == maze.start else ".#"[not maze.open[i]]
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
    return render_maze(maze, result.states)


SOLVE_HELP = N_(
    "Find a path from S to G in FILE ('-' for stdin), A* with Manhattan distance by default.\n"
    "\n"
    "A*, UCS, IDA*, BFS, IDDFS and bidirectional BFS find a shortest path; DFS,\n"
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
    algorithm_option(
        "astar",
        "Search algorithm (" + optimal_help(ALGORITHMS, OPTIMAL) + ").",
        [a for a in ENGINE_ALGORITHMS if a in ALGORITHMS],
    ),
    *LIMIT_OPTIONS,
    JSON,
    HTML,
)
"""The options of ``searchlab maze solve``."""


def from_options(
    *, file: str | None, random_size: str | None, seed: int | None, walls: float, **_other: Any
) -> Setup[Maze]:
    """The maze of ``searchlab maze solve``: read from FILE, or drawn at random."""
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
    maze = random_maze(width, height, walls=walls, seed=seed, solvable=True)
    return Setup(maze, blocks=[note] if note else [])


def goal_text(maze: Maze) -> str:
    """What counts as solved, in words."""
    return _("Goal: walk from the start S to the goal G.")


FAMILY: Family[Maze, int] = Family(
    goal_text=goal_text,
    name="maze",
    title=N_("Grid maze"),
    board_help=N_("Rows of '#' (wall), '.' (open), 'S' (start) and 'G' (goal)."),
    examples=EXAMPLES,
    parse=parse,
    format=format_maze,
    describe=lambda m: _("{width}x{height} maze").format(width=m.width, height=m.height),
    algorithms=ALGORITHMS,
    optimal=OPTIMAL,
    heuristics=HEURISTICS,
    heuristic_labels={
        "manhattan": N_("Manhattan distance"),
        "zero": N_("h = 0 (none)"),
    },
    solve=solve,
    initial=lambda m: m.start,
    encode_state=lambda m, s: s,
    decode_state=decode,
    is_goal=lambda m, s: s == m.goal,
    base_view=base_view,
    state_view=state_view,
    play=Playing(
        moves=legal_moves,
        hint=hint,
        help=N_("Click an open cell next to the walker, or use the arrow keys."),
    ),
    generator=Generating(
        params=(
            Param("width", N_("width"), 12, 2, 60),
            Param("height", N_("height"), 8, 2, 40),
            Param("walls", N_("wall density"), 0.25, 0.0, 0.9, "float"),
        ),
        generate=generate,
    ),
    sampling=Sampling(sample=sample, parameter="size"),
    solve_options=SOLVE_OPTIONS,
    from_options=from_options,
    solve_help=SOLVE_HELP,
    solve_examples=("my-maze.txt -a bfs", "--random 40x20 --walls 0.3 --seed 1"),
    problem=problem,
    frames=frames,
    shared_view=shared_view,
    render_text=render_text,
    demo=demo,
    demo_title=N_("Search engine: grid maze"),
    demo_order=-1,  # the engine itself opens the tour; the other families build on it
)
