"""Browser tests of the watch's pseudocode and sortable frontier (issue 37, item 5): the
line of the step shown is marked as the search steps, in English and Spanish, at desktop
and phone sizes; a priority queue's frontier sorts by g, h or f."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab.web import pseudocode
from tests.web.conftest import screenshot
from tests.web.test_watch_browser import ROOMS, lane, open_watch, phone  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def current_line(page: Any, i: int = 0) -> str:
    code = lane(page, i).locator("[data-role=pseudocode]")
    return str(code.locator("li[aria-current=step]").inner_text()).strip()


def line(algorithm: str, mark: str, lang: str = "en") -> str:
    return next(ln["text"] for ln in pseudocode.listings(lang)[algorithm] if ln["mark"] == mark)


def column(page: Any, col: int) -> list[float]:
    cells = lane(page).locator(f"[data-watch=frontier] tbody tr td:nth-child({col})")
    return [float(c) for c in cells.all_inner_texts()]


def test_the_marked_line_follows_the_steps_and_the_frontier_sorts(
    page: Any, server_url: str
) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS, a="astar")
    page.wait_for_selector("[data-watch=lane][data-algorithm=astar]")
    assert current_line(page) == line("astar", "start")
    for _ in range(5):
        page.click("[data-watch=forward]")
    assert current_line(page) == line("astar", "expand")
    assert lane(page).locator("[data-role=pseudocode] li[aria-current=step]").count() == 1
    # sort by f, then g, then h: each ascending; back to the order added
    for col, n in (("f", 4), ("g", 2), ("h", 3)):
        page.click(f"[data-watch=sort-{col}]")
        values = column(page, n)
        assert values == sorted(values) and len(values) >= 2, (col, values)
        th = lane(page).locator(f"th[data-col={col}]")
        assert th.get_attribute("aria-sort") == "ascending"
    page.click("[data-watch=sort-f]")
    screenshot(page, "watch-pseudocode-astar")
    page.click("[data-watch=sort-node]")
    assert "in the order added" in lane(page).locator("[data-watch=frontier] caption").inner_text()
    page.click("[data-watch=last]")
    assert current_line(page) == line("astar", "goal")
    page.click("[data-watch=first]")
    assert current_line(page) == line("astar", "start")


def test_bfs_marks_the_goal_test_on_generation_and_dfs_has_no_sorting(
    page: Any, server_url: str
) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS, a="bfs")
    page.click("[data-watch=last]")
    assert current_line(page) == line("bfs", "goal")
    assert lane(page).locator("[data-watch=sort-f]").count() == 0  # a FIFO queue: no priority


def test_weighted_astar_sorts_by_its_own_key(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS, a="wastar")
    page.wait_for_selector("[data-watch=lane][data-algorithm=wastar]")
    for _ in range(4):
        page.click("[data-watch=forward]")
    page.click("[data-watch=sort-key]")
    values = column(page, 5)
    assert values == sorted(values) and len(values) >= 2


def test_iterative_deepening_marks_each_pass_in_spanish_on_a_phone(
    phone: tuple[Any, Any],  # noqa: F811
    server_url: str,
) -> None:
    page, _ = phone
    open_watch(page, server_url, family="maze", board=ROOMS, a="iddfs", lang="es")
    page.wait_for_selector("[data-watch=lane][data-algorithm=iddfs]")
    code = lane(page).locator("[data-role=pseudocode]")
    assert code.locator("h4").inner_text() == "Pseudocódigo"
    page.tap("[data-watch=forward]")
    assert current_line(page) == line("iddfs", "pass", "es")
    # a deeper expansion, inside DEPTH-LIMITED-SEARCH
    for _ in range(8):
        page.tap("[data-watch=forward]")
    depths = lane(page).locator("[data-watch=current]").inner_text()
    want = line("iddfs", "pass" if depths.endswith("profundidad 0") else "expand", "es")
    assert current_line(page) == want
    box = code.bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= 390
    code.scroll_into_view_if_needed()
    screenshot(page, "watch-pseudocode-iddfs-phone-es")
