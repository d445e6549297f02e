"""Browser tests of the Rush Hour page: dragging cars, generated boards."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.browser_steps import click_cell, drag, load_board, open_family, solve
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def test_rushhour_drag_cars_along_their_axis(page: Any, server_url: str) -> None:
    open_family(page, server_url, "rushhour")
    load_board(page, "..B.\nAAB.\n....\n....\n")
    assert page.locator("[data-testid=play-board] rect.cell.grab").count() == 2  # only B moves
    drag(page, (0, 2), (2, 2))  # B grabbed by its top cell, dragged down two cells
    page.wait_for_function(
        "() => document.querySelector('[data-testid=play-moves]').textContent === 'B+2'"
    )
    drag(page, (1, 0), (1, 2))  # the red car grabbed by its rear, two cells right
    page.wait_for_selector("[data-testid=play-message].good")
    assert page.inner_text("[data-testid=play-moves]") == "B+2 A+2"
    page.click("[data-testid=undo]")
    click_cell(page, 1, 1)  # A has two moves: a click selects it ...
    page.wait_for_selector("[data-testid=play-board] rect.cell.to[data-cell='1,3']")
    click_cell(page, 1, 3)  # ... and a click on a target plays it
    page.wait_for_selector("[data-testid=play-message].good")
    screenshot(page, "rushhour-play")


def test_rushhour_generated_board(page: Any, server_url: str) -> None:
    open_family(page, server_url, "rushhour")
    page.fill("[data-param=min_moves]", "8")
    page.fill("[data-param=seed]", "2")
    page.click("[data-testid=random]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=board-text]').value.includes('generated')"
    )
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    assert solve(page).startswith("Solved")
