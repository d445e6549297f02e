"""The maze family: parsing, random mazes, and search results replayed."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.maze import MazeProblem, parse_maze, random_maze, render_maze
from searchlab.search import solve


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("S..\n..?", "unknown character"),
        ("S.S\n..G", "more than one start"),
        ("S..\n...", "needs one start"),
    ],
)
def test_bad_mazes_are_rejected(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_maze(text)


def test_render_round_trips() -> None:
    text = "S..#\n.#..\n...G"
    assert render_maze(parse_maze(text)) == text


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), w=st.integers(2, 25), h=st.integers(1, 25))
def test_astar_matches_bfs_and_paths_replay(seed: int, w: int, h: int) -> None:
    maze = random_maze(w, h, walls=0.3, seed=seed)
    problem = MazeProblem(maze)
    astar, bfs = solve(problem, "astar"), solve(problem, "bfs")
    assert astar.status == bfs.status
    if astar.solved:
        assert astar.cost == bfs.cost
        cells = astar.states
        assert cells[0] == maze.start and cells[-1] == maze.goal
        for a, b in itertools.pairwise(cells):
            (r1, c1), (r2, c2) = maze.coords(a), maze.coords(b)
            assert abs(r1 - r2) + abs(c1 - c2) == 1 and maze.open[b]
