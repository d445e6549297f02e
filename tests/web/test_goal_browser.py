"""Browser tests of the goal beside every board (issue 37): the player and the watch say
what counts as solved and draw the one goal position, at desktop and phone size, in
English and Spanish."""

from __future__ import annotations

from typing import Any
from urllib.parse import urlencode

import pytest

from searchlab import families
from tests.web.conftest import screenshot
from tests.web.test_browser_player import device  # noqa: F401
from tests.web.test_goal import FIFTEEN_BLANK_FIRST

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def goal_box(page: Any, scope: str = "") -> Any:
    box = page.locator(f"{scope} [data-role=goal]".strip())
    box.wait_for(state="visible")
    return box


def test_the_player_shows_every_familys_goal(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    lang = "es" if name == "phone" else "en"
    word = "Meta:" if lang == "es" else "Goal:"
    for fam in families.all_families():
        page.goto(f"{server_url}/?family={fam.name}&lang={lang}")
        page.wait_for_selector("[data-testid=play-board] .cells rect")
        box = goal_box(page, "#play")
        assert box.locator(".goal-text").inner_text().startswith(word), fam.name
        drawn = box.locator("svg.goal-board").count() == 1
        goal = fam.goal.state if fam.goal is not None else None
        has_one_goal = goal is not None and goal(fam.read(fam.examples[0].text)) is not None
        assert drawn == has_one_goal, fam.name
        # beside the board: above it, within the page's width
        b, g = page.locator("[data-testid=play-board]").bounding_box(), box.bounding_box()
        assert (
            g["y"] + g["height"] <= b["y"] + 1
            and g["x"] + g["width"] <= page.viewport_size["width"]
        )
    q = urlencode({"family": "npuzzle", "board": FIFTEEN_BLANK_FIRST, "lang": lang})
    page.goto(f"{server_url}/?{q}")
    box = goal_box(page, "#play")
    text = box.locator(".goal-text").inner_text()
    assert ("blank first" in text) or ("primero el hueco" in text)
    assert box.locator("svg.goal-board text").count() >= 15
    screenshot(page, f"goal-fifteen-{name}")


def test_the_watch_shows_the_goal_in_its_language(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    q = urlencode({"family": "npuzzle", "board": FIFTEEN_BLANK_FIRST, "lang": "es"})
    page.goto(f"{server_url}/watch?{q}")
    box = goal_box(page, "[data-role=watch]")
    assert (
        box.locator(".goal-text").inner_text().strip()
        == "Meta: primero el hueco, luego las fichas en orden, de 1 a 15."
    )
    page.goto(f"{server_url}/watch?family=knight")
    box = goal_box(page, "[data-role=watch]")
    page.wait_for_function(
        "() => document.querySelector('[data-role=watch] [data-role=goal]').textContent"
        ".includes('every square')"
    )
    screenshot(page, f"goal-watch-knight-{name}")
