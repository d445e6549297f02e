"""Browser tests of keyboard play that fits each puzzle (issue 37): the Tower of Hanoi
takes two key presses a move (the peg, 1-3, then the peg it goes to; it took 23), Rush
Hour a car's letter then the arrows (it took 7), a sliding tile its number."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.test_browser_player import device  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def moves_played(page: Any) -> list[str]:
    items = page.locator("[data-role=move-list] li").all_inner_texts()
    return [" ".join(t.split()[1:]) for t in items[1:]]


def press(page: Any, keys: str | list[str], count: int) -> None:
    for k in keys:
        page.keyboard.press(k)
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-role=move-list] li').length === n + 1", arg=count
    )


def test_the_tower_by_pegs_two_keys_a_move(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    lang = "es" if name == "phone" else "en"
    page.goto(f"{server_url}/?family=hanoi&lang={lang}")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    page.focus("[data-testid=play-board]")
    optimal = ["13", "12", "32", "13", "21", "23", "13"]  # 3 disks, A to C
    for i, pair in enumerate(optimal, 1):
        press(page, list(pair), i)
    assert moves_played(page) == ["A>C", "A>B", "C>B", "A>C", "B>A", "B>C", "A>C"]
    page.wait_for_selector("[data-testid=celebrate]:visible")
    # letters name the pegs too
    page.keyboard.press("u")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=counter]').textContent.includes('6')"
    )


def test_rush_hour_by_a_cars_letter_and_the_arrows(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?family=rushhour")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    page.focus("[data-testid=play-board]")
    press(page, ["a", "ArrowRight"], 1)
    press(page, ["ArrowRight"], 2)  # the car stays selected
    assert moves_played(page) == ["A →", "A →"]
    press(page, ["ArrowLeft"], 3)
    page.keyboard.press("Escape")
    page.keyboard.press("ArrowRight")  # nothing selected: the dashed square moves instead
    page.wait_for_timeout(200)
    assert len(moves_played(page)) == 3


def test_a_tile_by_its_number(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/?family=npuzzle")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    page.focus("[data-testid=play-board]")
    press(page, ["1"], 1)  # seed001: 0 1 3 / 4 2 5 / 7 8 6, the 1 beside the blank
    assert moves_played(page) == ["1 ←"]
