"""The sliding-tile searches take the engine's limits, and refuse a misspelt one."""

from __future__ import annotations

import pytest

from searchlab.puzzles.npuzzle import pure_search
from searchlab.puzzles.npuzzle.board import board_from_tiles, goal_board


def test_the_sliding_tile_searches_refuse_a_misspelt_option() -> None:
    start, goal = board_from_tiles((1, 2, 3, 4, 5, 6, 7, 0, 8)), goal_board(3)
    for search in (pure_search.astar, pure_search.ida_star):
        with pytest.raises(TypeError, match="max_expansion"):
            search(start, goal, max_expansion=9)  # type: ignore[call-arg]
        assert search(start, goal, max_expansions=9).solved
