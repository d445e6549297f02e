"""Browser tests of the Rush Hour page: dragging cars, generated boards."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser_steps import (
    click_cell,
    drag,
    load_board,
    open_family,
    open_setup,
    played,
    solve,
    wait_played,
)
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def test_rushhour_drag_cars_along_their_axis(page: Any, server_url: str) -> None:
    open_family(page, server_url, "rushhour")
    load_board(page, "..B.\nAAB.\n....\n....\n")
    # Only B moves: the car is outlined as a whole, its two cells take the grab cursor.
    assert page.locator("[data-testid=play-board] g.piece.grab").count() == 1
    assert page.locator("[data-testid=play-board] rect.cell.grab-piece").count() == 2
    drag(page, (0, 2), (2, 2))  # B grabbed by its top cell, dragged down two cells
    wait_played(page, "B \u21932")  # B down two cells
    drag(page, (1, 0), (1, 2))  # the red car grabbed by its rear, two cells right
    page.wait_for_selector("[data-testid=play-message].good")
    assert played(page) == "B \u21932 A \u21922"
    page.click("[data-testid=undo]")
    click_cell(page, 1, 1)  # A has two moves: a click selects it ...
    page.wait_for_selector("[data-testid=play-board] rect.cell.to[data-cell='1,3']")
    click_cell(page, 1, 3)  # ... and a click on a target plays it
    page.wait_for_selector("[data-testid=play-message].good")
    screenshot(page, "rushhour-play")


def random_hard_board(page: Any, name: str) -> None:
    """Random board of at least 45 moves: drawn from the puzzle database that ships with
    searchlab (no walls), loaded, solved in its moves; the page photographed."""
    open_setup(page)
    page.fill("[data-param=min_moves]", "45")
    page.fill("[data-param=seed]", "2")
    page.click("[data-testid=random]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=board-text]').value"
        ".includes('from the puzzle database')"
    )
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    text = page.input_value("[data-testid=board-text]")
    moves = int(text.split(": ")[1].split()[0])
    assert moves >= 45
    assert solve(page) == f"Solved: {moves} moves"  # the database's moves, optimal
    screenshot(page, name)


def test_rushhour_random_board_from_the_database(page: Any, server_url: str) -> None:
    open_family(page, server_url, "rushhour")
    random_hard_board(page, "rushhour-random")


def test_rushhour_random_board_at_phone_size(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True)
    page = context.new_page()
    try:
        open_family(page, server_url, "rushhour")
        random_hard_board(page, "rushhour-random-phone")
    finally:
        context.close()


def test_rushhour_finger_drag_moves_a_car(browser: Any, server_url: str) -> None:
    """A real touch drag (Chromium's touch events, whose pointer events stay captured by
    the cell first touched) moves the car instead of selecting it; at phone size."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        open_family(page, server_url, "rushhour")
        load_board(page, "..B.\nAAB.\n....\n....\n")
        page.locator("[data-testid=play-board]").scroll_into_view_if_needed()

        def centre(r: int, c: int) -> dict[str, float]:
            box = page.locator(f"[data-testid=play-board] [data-cell='{r},{c}']").bounding_box()
            return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}

        cdp = context.new_cdp_session(page)
        start, end = centre(0, 2), centre(2, 2)
        cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
        for i in range(1, 6):
            point = {k: start[k] + (end[k] - start[k]) * i / 5 for k in start}
            cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
        cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        wait_played(page, "B \u21932")
        screenshot(page, "rushhour-touch-drag-phone")
    finally:
        context.close()


def test_rushhour_difficulty_of_a_pasted_board(page: Any, server_url: str) -> None:
    open_family(page, server_url, "rushhour")
    load_board(page, "..B.\nAAB.\n....\n....\n")
    page.wait_for_selector("[data-testid=load-message]:has-text('difficulty: beginner')")


def test_keyboard_play(page: Any, server_url: str) -> None:
    """Arrow keys move the cursor square, Enter selects the car, then plays its move."""
    open_family(page, server_url, "rushhour")
    load_board(page, "...C\n...C\nAA..\n....\n")  # A and C can both move
    page.focus("[data-testid=play-board]")
    page.keyboard.press("ArrowDown")  # the cursor appears on a movable piece
    cursor = page.locator("[data-testid=play-board] rect.cell.cursor")
    r, c = map(int, (cursor.get_attribute("data-cell") or "").split(","))
    keys = ["ArrowDown"] * (2 - r) + ["ArrowUp"] * (r - 2) + ["ArrowLeft"] * c
    for k in keys:  # to A's rear cell, (2, 0)
        page.keyboard.press(k)
    assert cursor.get_attribute("data-cell") == "2,0"
    page.keyboard.press("Enter")  # A has two moves: selected
    page.wait_for_selector("[data-testid=play-board] g.piece.selected")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")  # plays A to the exit
    page.wait_for_selector("[data-testid=play-message].good")
    page.keyboard.press("u")
    wait_played(page, "none")
