"""Weighted mazes and diagonal moves: costs, heuristics and optimality, checked against
an independent Dijkstra and the engine's heuristic audit."""

from __future__ import annotations

import heapq
import itertools
import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.maze import MazeProblem, parse_maze, random_maze, render_maze
from searchlab.puzzles.maze.family import FAMILY, format_maze, hint
from searchlab.puzzles.maze.model import Maze
from searchlab.puzzles.maze.problem import HEURISTICS, admissible
from searchlab.search import audit_heuristic, solve

MUD = "..........\n.########.\nS99999999G\n.########.\n..........\n"


def reference(maze: Maze) -> tuple[float, int]:
    """The least cost and the fewest moves from start to goal, computed here from the
    text's rules alone (Dijkstra and a breadth-first search over the grid), not with
    MazeProblem; (inf, -1) when the goal cannot be reached."""
    w, h = maze.width, maze.height
    steps = [(-1, 0), (1, 0), (0, -1), (0, 1)]
    if maze.moves == 8:
        steps += [(-1, -1), (-1, 1), (1, -1), (1, 1)]

    def nbrs(i: int) -> list[tuple[int, float]]:
        r, c = divmod(i, w)
        out = []
        for dr, dc in steps:
            rr, cc = r + dr, c + dc
            if not (0 <= rr < h and 0 <= cc < w) or not maze.open[rr * w + cc]:
                continue
            if dr and dc and not (maze.open[r * w + cc] and maze.open[rr * w + c]):
                continue
            out.append((rr * w + cc, maze.cost(rr * w + cc) * (math.sqrt(2) if dr and dc else 1)))
        return out

    dist = {maze.start: 0.0}
    heap = [(0.0, maze.start)]
    while heap:
        d, s = heapq.heappop(heap)
        if d > dist[s]:
            continue
        for t, c in nbrs(s):
            if d + c < dist.get(t, math.inf):
                dist[t] = d + c
                heapq.heappush(heap, (d + c, t))
    depth = {maze.start: 0}
    frontier = [maze.start]
    while frontier:
        frontier = [
            t
            for s in frontier
            for t, _c in nbrs(s)
            if t not in depth and not depth.update({t: depth[s] + 1})
        ]
    return dist.get(maze.goal, math.inf), depth.get(maze.goal, -1)


def replay_cost(maze: Maze, states: list[int]) -> float:
    """The cost of a path of cells, each step checked to be a legal move."""
    total = 0.0
    for a, b in itertools.pairwise(states):
        (r1, c1), (r2, c2) = maze.coords(a), maze.coords(b)
        dr, dc = abs(r1 - r2), abs(c1 - c2)
        assert maze.open[b] and max(dr, dc) == 1
        if dr and dc:
            assert maze.moves == 8 and maze.open[maze.cell(r1, c2)] and maze.open[maze.cell(r2, c1)]
        total += maze.cost(b) * (math.sqrt(2) if dr and dc else 1)
    return total


def test_weights_and_moves_round_trip() -> None:
    text = "moves: 8\nS.3#\n.9.G\n"
    maze = parse_maze(text)
    assert maze.moves == 8 and maze.cost(2) == 3 and maze.cost(5) == 9 and maze.cost(1) == 1
    assert format_maze(maze) == text
    assert render_maze(parse_maze("S..\n..G")) == "S..\n..G"  # the old format, unchanged
    assert parse_maze("moves: 4\nS1\n.G").moves == 4
    assert not parse_maze("S1.\n..G").weighted


@pytest.mark.parametrize("text", ["moves: 6\nSG", "moves:\nSG", "S0G"])
def test_bad_weights_and_moves_are_rejected(text: str) -> None:
    with pytest.raises(InputError):
        parse_maze(text)


def test_mud_bfs_shortest_ucs_astar_cheapest() -> None:
    maze = parse_maze(MUD)
    bfs = solve(MazeProblem(maze), "bfs")
    assert (bfs.length, bfs.cost) == (9, 73)
    for algorithm in ("ucs", "astar", "idastar"):
        r = solve(MazeProblem(maze), algorithm)
        assert (r.length, r.cost) == (13, 13)


mazes = st.builds(
    lambda w, h, walls, weighted, moves, seed: random_maze(
        w, h, walls=walls, seed=seed, weighted=weighted, moves=moves
    ),
    st.integers(2, 8),
    st.integers(1, 8),
    st.sampled_from([0.0, 0.2, 0.35]),
    st.sampled_from([0.0, 0.3, 0.8]),
    st.sampled_from([4, 8]),
    st.integers(0, 10**6),
)


@settings(max_examples=60, deadline=None)
@given(maze=mazes)
def test_costs_match_an_exhaustive_dijkstra(maze: Maze) -> None:
    cost, moves = reference(maze)
    # IDA* keeps no closed set: on open weighted grids it is exponential, so it runs
    # on the smaller mazes only (with a node limit as a safety net).
    small = maze.width * maze.height <= 12
    for algorithm in ("ucs", "astar", "idastar", "wastar", "bfs", "bibfs", "dfs"):
        if algorithm == "idastar" and not small:
            continue
        r = solve(MazeProblem(maze), algorithm, max_expansions=2_000_000)
        if cost == math.inf:
            assert r.status == "no_solution"
            continue
        assert r.solved
        assert r.states[0] == maze.start and r.states[-1] == maze.goal
        assert math.isclose(replay_cost(maze, r.states), r.cost, rel_tol=1e-9)
        if algorithm in ("ucs", "astar", "idastar", "bibfs"):
            assert math.isclose(r.cost, cost, rel_tol=1e-9)
        elif algorithm == "wastar":
            assert r.cost <= 2 * cost + 1e-9  # its default weight, 2: at most twice
        elif algorithm == "bfs":
            assert r.length == moves
        assert r.cost >= cost - 1e-9
    for heuristic in HEURISTICS:
        r = solve(MazeProblem(maze, heuristic), "astar")
        if cost < math.inf and admissible(heuristic, maze.moves):
            assert math.isclose(r.cost, cost, rel_tol=1e-9)


@settings(max_examples=40, deadline=None)
@given(maze=mazes)
def test_the_audit_confirms_each_claimed_admissible_heuristic(maze: Maze) -> None:
    for heuristic in HEURISTICS:
        audit = audit_heuristic(MazeProblem(maze, heuristic))
        if admissible(heuristic, maze.moves):
            assert audit.admissible and audit.consistent, (heuristic, audit.summary())


def test_manhattan_is_not_claimed_with_diagonals_and_the_audit_agrees() -> None:
    maze = parse_maze("moves: 8\nS..\n...\n..G")
    assert not admissible("manhattan", 8)
    assert not audit_heuristic(MazeProblem(maze, "manhattan")).admissible
    assert audit_heuristic(MazeProblem(maze, "octile")).mean_ratio == pytest.approx(1.0)


def test_hint_follows_the_cheapest_path() -> None:
    maze = parse_maze(MUD)
    move = hint(maze, maze.start)
    assert move is not None and move.label == "U"  # around the mud, not into it


def test_every_example_parses_and_round_trips() -> None:
    for example in FAMILY.examples:
        maze = parse_maze(example.text)
        assert format_maze(maze) == example.text
