"""Playing a weighted maze by hand: the celebration compares what the player's path
costs with the cheapest path, not the number of moves (the fewest moves can cost more)."""

from __future__ import annotations

from typing import Any
from urllib.parse import quote

import pytest

from searchlab import families
from searchlab.web import service
from tests.web.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAZE = "S9G\n...\n"
"""Straight across costs 9 + 1 in 2 moves; around below costs 4 in 4 moves."""


def test_each_move_of_a_weighted_maze_carries_its_cost() -> None:
    start = service.moves(families.get("maze"), MAZE, None)
    assert {m["label"]: m["cost"] for m in start["moves"]} == {"R": 9.0, "D": 1.0}


def click(page: Any, cell: str) -> None:
    page.dispatch_event(f"[data-role=board] [data-cell='{cell}']", "pointerdown")
    page.dispatch_event(f"[data-role=board] [data-cell='{cell}']", "pointerup")


def play(page: Any, cells: list[str]) -> None:
    for k, cell in enumerate(cells, 1):
        click(page, cell)
        page.wait_for_function(
            "(s) => document.querySelector('[data-testid=counter]').textContent.split(' ')[1] == s",
            arg=str(k),
        )


def test_the_celebration_weighs_the_path_by_its_cost(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?family=maze&board={quote(MAZE)}")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    play(page, ["0,1", "0,2"])  # the fewest moves, the dearest path
    page.wait_for_selector(
        "[data-testid=celebrate]:has-text('Yours costs 10; the cheapest solution costs 4.')"
    )
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.wait_for_timeout(500)  # the card's entrance ends
    page.screenshot(path=str(ARTIFACTS / "player-maze-weighted-celebration.png"))
    page.click("[data-testid=restart]")
    play(page, ["1,0", "1,1", "1,2", "0,2"])
    page.wait_for_selector("[data-testid=celebrate]:has-text('The cheapest possible')")
