"""Web adapter for grid mazes (:mod:`searchlab.puzzles.maze`), the first family end to end."""

from __future__ import annotations

from collections import deque
from typing import Any

from searchlab.errors import InputError
from searchlab.puzzles.maze import Maze, MazeProblem, parse_maze, random_maze, render_maze
from searchlab.search import Problem
from searchlab.web.families.base import (
    Example,
    Family,
    Move,
    Param,
    Solution,
    SolveRequest,
    View,
    WithHeuristic,
    engine_search,
    float_param,
    int_param,
)

EXAMPLES = (
    Example("small", "Small maze", "S..#....\n.#.#.##.\n.#...#..\n.####.#.\n......#G\n"),
    Example(
        "rooms",
        "Two rooms",
        "S....#.........\n.###.#.#######.\n...#...#.....#.\n##.#####.###.#.\n"
        "...#.....#...#.\n.###.#####.###.\n.....#.......#G\n",
    ),
    Example("walled", "No way through", "S.#..\n..#..\n###..\n....G\n"),
)

DELTAS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
MAX_WEB_CELLS = 10_000


def parse(text: str) -> Maze:
    maze = parse_maze(text)
    if maze.width * maze.height > MAX_WEB_CELLS:
        raise InputError(f"maze too large for the web player (at most {MAX_WEB_CELLS:,} cells)")
    return maze


def random(params: dict[str, float]) -> str:
    width = int_param(params, "width", 12, 2, 60)
    height = int_param(params, "height", 8, 2, 40)
    walls = float_param(params, "walls", 0.25, 0.0, 0.9)
    seed = params.get("seed")
    maze = random_maze(width, height, walls=walls, seed=None if seed is None else int(seed))
    return render_maze(maze) + "\n"


def problem(maze: Maze, heuristic: str) -> Problem[Any, Any]:
    p = MazeProblem(maze)
    if heuristic == "manhattan":
        return p
    if heuristic == "zero":
        return WithHeuristic(p, lambda s: 0)
    raise InputError(f"unknown heuristic {heuristic!r}; choose manhattan or zero")


def solve_maze(maze: Maze, req: SolveRequest) -> Solution:
    return engine_search(problem(maze, req.heuristic), req)


def decode(maze: Maze, token: Any) -> int:
    if not isinstance(token, int) or isinstance(token, bool):
        raise InputError("a maze position is a cell number")
    if not 0 <= token < maze.width * maze.height or not maze.open[token]:
        raise InputError(f"cell {token} is not an open cell of this maze")
    return token


def legal_moves(maze: Maze, cell: int) -> list[Move]:
    out = []
    for label, nxt, _ in MazeProblem(maze).successors(cell):
        out.append(Move(label, maze.coords(nxt), nxt, (maze.coords(cell),)))
    return out


def hint(maze: Maze, cell: int, req: SolveRequest) -> Move | None:
    """The first step of a shortest path (a breadth-first search back from the goal)."""
    p = MazeProblem(maze)
    dist = {maze.goal: 0}
    queue = deque([maze.goal])
    while queue and cell not in dist:
        s = queue.popleft()
        for _, t, _ in p.predecessors(s):
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


def shared_view(maze: Maze, states: list[int]) -> View:
    """The whole path, sent once; each frame draws its first ``path_len`` cells."""
    return {"path": [list(maze.coords(s)) for s in states]}


def frames(maze: Maze, states: list[int]) -> list[View]:
    return [{**state_view(maze, s), "path_len": i + 1} for i, s in enumerate(states)]


FAMILY = Family(
    name="maze",
    title="Grid maze",
    board_help="Rows of '#' (wall), '.' (open), 'S' (start) and 'G' (goal).",
    play_help="Click an open cell next to the walker.",
    examples=EXAMPLES,
    random_params=(
        Param("width", "width", 12, 2, 60),
        Param("height", "height", 8, 2, 40),
        Param("walls", "wall density", 0.25, 0.0, 0.9, "float"),
    ),
    random=random,
    parse=parse,
    describe=lambda m: f"{m.width}x{m.height} maze",
    algorithms=("astar", "bfs", "dfs", "greedy", "ucs", "wastar", "idastar", "iddfs", "bibfs"),
    heuristics=("manhattan", "zero"),
    solve=solve_maze,
    initial=lambda m: m.start,
    encode_state=lambda m, s: s,
    decode_state=decode,
    is_goal=lambda m, s: s == m.goal,
    moves=legal_moves,
    hint=hint,
    base_view=base_view,
    state_view=state_view,
    problem=problem,
    frames=frames,
    shared_view=shared_view,
)
