from __future__ import annotations

import itertools
import random

from searchlab.puzzles.npuzzle import Board, goal_board, is_solvable
from searchlab.puzzles.npuzzle.board import neighbours


def _reachable(start: tuple[int, ...], size: int) -> set[tuple[int, ...]]:
    nbrs = neighbours(size)
    seen = {start}
    todo = [start]
    while todo:
        s = todo.pop()
        b = s.index(0)
        for _, c in nbrs[b]:
            t = list(s)
            t[b], t[c] = t[c], 0
            child = tuple(t)
            if child not in seen:
                seen.add(child)
                todo.append(child)
    return seen


def test_2x2_every_goal_exhaustive() -> None:
    perms = list(itertools.permutations(range(4)))
    for goal in perms:
        reach = _reachable(goal, 2)
        for start in perms:
            assert is_solvable(Board(2, start), Board(2, goal)) == (start in reach)


def test_3x3_exhaustive_against_bfs() -> None:
    for goal in (goal_board(3), goal_board(3, "first"), Board(3, (1, 2, 3, 8, 0, 4, 7, 6, 5))):
        reach = _reachable(goal.tiles, 3)
        assert len(reach) == 181440
        rng = random.Random(3)
        perms = [tuple(rng.sample(range(9), 9)) for _ in range(3000)]
        for start in perms:
            assert is_solvable(Board(3, start), goal) == (start in reach)


def test_even_widths_by_walks_and_swaps() -> None:
    rng = random.Random(7)
    for size in (4, 5, 6):
        for blank in ("first", "last"):
            goal = goal_board(size, blank)
            nbrs = neighbours(size)
            tiles = list(goal.tiles)
            for _ in range(200):
                b = tiles.index(0)
                c = rng.choice(nbrs[b])[1]
                tiles[b], tiles[c] = tiles[c], 0
            board = Board(size, tuple(tiles))
            assert is_solvable(board, goal)
            i, j = (k for k, t in enumerate(tiles) if t in (1, 2))
            tiles[i], tiles[j] = tiles[j], tiles[i]
            assert not is_solvable(Board(size, tuple(tiles)), goal)
