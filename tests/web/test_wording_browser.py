"""Browser tests of wording that fits each puzzle (issue 37): a knight's tour finished by
hand is not praised as "the shortest"; a dedicated solver's statistics show no zeros it
never counted; a Rush Hour card has one level, its rating."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab import families
from tests.web.browser_steps import solve
from tests.web.test_browser_player import device  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_tour_by_hand_is_complete_not_shortest(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    lang = "es" if name == "phone" else "en"
    fam = families.get("knight")
    board = "5x5\nstart: 2,2\n"
    tour = fam.run(fam.read(board)).states[-1]
    page.goto(f"{server_url}/?family=knight&lang={lang}&board=5x5%0Astart:%202,2%0A")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    for r, c in tour[1:]:
        cell = f"[data-role=board] [data-cell='{r},{c}']"
        page.wait_for_selector(f"{cell}.to", state="attached")  # the last move is in
        page.dispatch_event(cell, "pointerdown")
        page.dispatch_event(cell, "pointerup")
    box = page.locator("[data-testid=celebrate]")
    box.wait_for(state="visible")
    text = box.inner_text()
    if lang == "es":
        assert "lo que cuenta es encontrar una" in text and "bien jugado" not in text
    else:
        assert "what counts is finding one" in text and "shortest" not in text.lower()


def test_a_dedicated_solver_shows_no_uncounted_zeros(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?family=peg")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    assert solve(page, "fast").startswith("Solved")
    page.evaluate("document.querySelector('[data-testid=stats-box]').open = true")
    stats = page.inner_text("[data-testid=stats]")
    assert "not counted by this solver" in stats
    assert "expanded" not in stats and "\t0\n" not in stats + "\n"
    assert "bitboards" not in stats  # the engine's description is the row's tooltip only
    # an engine search keeps its counts
    assert solve(page, "bfs") != ""
    stats = page.inner_text("[data-testid=stats]")
    assert "expanded" in stats or "Stopped" in page.inner_text("[data-testid=progress]")


def test_a_rush_hour_card_has_one_level(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?family=rushhour")
    page.wait_for_selector("[data-testid=load-message]:has-text('difficulty')")
    titles = page.locator("[data-testid=examples] option").all_inner_texts()
    assert "Card 1 (8 moves)" in titles
    assert not any(
        w in t for t in titles for w in ("Beginner", "Intermediate", "Advanced", "Expert")
    )
    assert "beginner" in page.inner_text("[data-testid=load-message]")
