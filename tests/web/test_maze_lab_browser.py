"""Browser tests of the maze lab in the watch (Playwright, Debian's Chromium): weighted
terrain (BFS's fewest moves against UCS's least cost), painting costs, dragging the
start and the goal by mouse, finger and keyboard, diagonal moves, and a 100 x 100
maze drawn on a canvas and played to its goal; at 1280x800 and 390x844 (touch), in
English and Spanish."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlencode, urlparse

import pytest

from searchlab import families
from searchlab.puzzles.maze.family import generate
from searchlab.web import watch_grid
from tests.web.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MUD = "..........\n.########.\nS99999999G\n.########.\n..........\n"
OPEN = "S.......\n........\n........\n.......G\n"
DOCS = Path(__file__).resolve().parents[2] / "docs" / "images"
WRITE_DOCS = bool(os.environ.get("SEARCHLAB_DOCS_SCREENSHOTS"))
"""Set SEARCHLAB_DOCS_SCREENSHOTS=1 to write the docs' pictures (docs/images/)."""


def solve(board: str, algorithm: str) -> tuple[int, float]:
    """The family's own answer (moves, cost), independent of the page."""
    fam = families.get("maze")
    r = fam.run(fam.read(board), algorithm)
    return r.length, r.cost


def open_lab(page: Any, server_url: str, **params: str) -> None:
    page.goto(f"{server_url}/watch?{urlencode({'family': 'maze', **params})}")
    page.wait_for_selector("[data-watch=lane] [data-watch=board]")
    page.wait_for_selector("[data-watch=brush]:not([hidden])")


def board_of(page: Any) -> str:
    """The board as the page's shared address holds it."""
    return parse_qs(urlparse(page.url).query)["board"][0]


def runs(page: Any) -> int:
    return int(page.get_attribute("[data-role=watch]", "data-runs") or 0)


def wait_rerun(page: Any, before: int) -> None:
    page.wait_for_function(
        "(n) => Number(document.querySelector('[data-role=watch]').dataset.runs) > n", arg=before
    )


def centre(page: Any, r: int, c: int, lane: int = 0) -> tuple[float, float]:
    """The centre of cell (r, c) on a lane's board (SVG or canvas), from its geometry."""
    box: dict[str, float] = page.evaluate(
        """([r, c, i]) => {
          const b = document.querySelectorAll('[data-watch=lane] [data-watch=board]')[i];
          const rect = b.getBoundingClientRect();
          if (b.tagName === 'CANVAS') {
            const w = rect.width / Number(b.dataset.cols), h = rect.height / Number(b.dataset.rows);
            return {x: rect.left + (c + .5) * w, y: rect.top + (r + .5) * h};
          }
          const cell = b.querySelector(`g.watch-states rect[data-cell='${r},${c}']`)
            .getBoundingClientRect();
          return {x: cell.left + cell.width / 2, y: cell.top + cell.height / 2};
        }""",
        [r, c, lane],
    )
    return box["x"], box["y"]


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[tuple[Any, Any]]:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.set_default_timeout(20_000)
    yield pg, context
    context.close()
    assert not errors, errors


def test_bfs_fewest_moves_against_ucs_least_cost(page: Any, server_url: str) -> None:
    open_lab(page, server_url, board=MUD, a="bfs", b="ucs", compare="1")
    page.wait_for_selector("[data-watch=results]")
    rows = page.locator("[data-watch=results] tbody tr")
    (bfs_moves, bfs_cost), (ucs_moves, ucs_cost) = solve(MUD, "bfs"), solve(MUD, "ucs")
    assert bfs_moves < ucs_moves and bfs_cost > ucs_cost  # the lesson itself
    assert rows.nth(0).inner_text().split()[-3:-1] == [str(bfs_moves), f"{bfs_cost:g}"]
    assert rows.nth(1).inner_text().split()[-3:-1] == [str(ucs_moves), f"{ucs_cost:g}"]
    # the fewer moves and the lesser cost are marked, each in its row
    assert rows.nth(0).locator("td.best").inner_text().startswith(str(bfs_moves))
    assert rows.nth(1).locator("td.best").inner_text().startswith(f"{ucs_cost:g}")
    page.click("[data-watch=last]")
    status = page.locator("[data-watch=lane] >> nth=1").locator("[data-watch=status]")
    assert f"{ucs_moves} moves, cost {ucs_cost:g}" in status.inner_text()
    assert "Cost to enter a cell" in page.locator("[data-watch=weights]").inner_text()
    screenshot(page, "maze-lab-mud")
    if WRITE_DOCS:  # the lanes and the results, down to the legend
        top = page.locator("[data-role=watch]").bounding_box()
        end = page.locator("[data-watch=results]").bounding_box()
        clip = {"x": 0, "y": top["y"], "width": 1280, "height": end["y"] + end["height"] - top["y"]}
        page.screenshot(path=str(DOCS / "watch-mud.png"), clip=clip, full_page=True)


def test_paint_costs_with_the_mouse_and_the_search_reruns(page: Any, server_url: str) -> None:
    open_lab(page, server_url, board=OPEN, a="ucs")
    page.click("[data-watch=draw]")
    page.click("[data-brush='9']")
    before = runs(page)
    page.mouse.move(*centre(page, 0, 2))
    page.mouse.down()
    for r in range(3):
        page.mouse.move(*centre(page, r, 2), steps=3)
    page.mouse.up()
    wait_rerun(page, before)  # no click: the search ran again on the painted maze
    page.wait_for_function("() => new URLSearchParams(location.search).get('board').includes('9')")
    page.wait_for_function(
        "() => document.querySelector('[data-watch=lane]').dataset.done === 'true'"
    )
    board = board_of(page)
    assert [row[2] for row in board.splitlines()[:3]] == ["9", "9", "9"]
    moves, cost = solve(board, "ucs")
    status = page.locator("[data-watch=lane] [data-watch=status]").inner_text()
    assert f"a path of {moves} moves, cost {cost:g}" in status
    # a wall across, and erasing by starting on it
    page.click("[data-brush='#']")
    before = runs(page)
    page.mouse.move(*centre(page, 0, 5))
    page.mouse.down()
    page.mouse.move(*centre(page, 1, 5), steps=3)
    page.mouse.up()
    wait_rerun(page, before)
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('board').split('\\n')[1][5] === '#'"
    )


def test_drag_the_goal_with_a_finger_in_spanish(phone: tuple[Any, Any], server_url: str) -> None:
    page, context = phone
    open_lab(page, server_url, board=OPEN, lang="es")
    page.tap("[data-watch=draw]")
    board = page.locator("[data-watch=lane] [data-watch=board]")
    board.scroll_into_view_if_needed()
    sx, sy = centre(page, 3, 7)
    ex, ey = centre(page, 1, 4)
    cdp = context.new_cdp_session(page)
    before = runs(page)
    cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": sx, "y": sy}]}
    )
    for i in range(1, 9):
        point = {"x": sx + (ex - sx) * i / 8, "y": sy + (ey - sy) * i / 8}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_rerun(page, before)
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('board').split('\\n')[1][4] === 'G'"
    )
    rows = board_of(page).splitlines()
    assert rows[3][7] == "." and sum(row.count("G") for row in rows) == 1
    page.wait_for_function(
        "() => document.querySelector('[data-watch=lane]').dataset.done === 'true'"
    )
    status = page.locator("[data-watch=lane] [data-watch=status]").inner_text()
    assert status.startswith(f"Resuelto: un camino de {solve(board_of(page), 'bfs')[0]} ")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    screenshot(page, "maze-lab-phone-es")
    if WRITE_DOCS:
        page.locator("[data-watch=brush]").scroll_into_view_if_needed()
        page.screenshot(path=str(DOCS / "watch-lab-phone-es.png"))


def test_move_the_start_with_the_keyboard_and_switch_diagonals(page: Any, server_url: str) -> None:
    open_lab(page, server_url, board=OPEN, a="astar")
    page.click("[data-brush-move=S]")
    before = runs(page)
    for key in ("ArrowDown", "ArrowDown", "ArrowRight"):
        page.keyboard.press(key)
    wait_rerun(page, before)
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('board').split('\\n')[2][1] === 'S'"
    )
    page.keyboard.press("Escape")
    assert page.get_attribute("[data-brush-move=S]", "aria-pressed") == "false"
    before = runs(page)
    page.check("[data-watch=diagonal]")
    wait_rerun(page, before)
    page.wait_for_function(
        "() => new URLSearchParams(location.search).get('board').startsWith('moves: 8')"
    )
    before = runs(page)
    page.select_option("[data-watch=heur-a]", "octile")
    wait_rerun(page, before)  # the new heuristic's search, not the last one's lane
    page.click("[data-watch=last]")
    page.wait_for_function(
        "() => document.querySelector('[data-watch=lane]').dataset.done === 'true'"
    )
    moves, cost = solve(board_of(page), "astar")
    status = page.locator("[data-watch=lane] [data-watch=status]").inner_text()
    assert f"a path of {moves} moves, cost {round(cost, 2):g}" in status
    assert cost != int(cost)  # diagonal steps cost √2


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_a_100x100_maze_plays_to_the_goal_on_a_canvas(
    browser: Any, server_url: str, size: tuple[int, int]
) -> None:
    board = generate({"width": 100, "height": 100, "walls": 0.25, "weights": 0.3}, 7)
    fam = families.get("maze")
    expected = {a: watch_grid.record(fam, fam.read(board), a, None) for a in ("astar", "bfs")}
    phone = size[0] < 500
    context = browser.new_context(
        viewport={"width": size[0], "height": size[1]}, has_touch=phone, is_mobile=phone
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        open_lab(page, server_url, board=board, a="astar", b="bfs", compare="1")
        assert page.locator("canvas[data-watch=board]").count() == 2
        assert page.locator(".watch-tree").is_hidden()
        page.fill("[data-watch=speed]", "2000")
        page.click("[data-watch=play]")
        page.wait_for_selector("[data-watch=lane]:nth-child(2)[data-done=true]", timeout=60_000)
        for i, algorithm in enumerate(("astar", "bfs")):
            tr = expected[algorithm]
            lane = page.locator("[data-watch=lane]").nth(i)
            status = lane.locator("[data-watch=status]").inner_text()
            assert status.startswith(f"Solved: a path of {tr['length']} moves")
            canvas = lane.locator("canvas")
            assert int(canvas.get_attribute("data-step") or 0) == len(tr["order"])
        assert expected["astar"]["cost"] <= expected["bfs"]["cost"]
        assert expected["astar"]["expanded"] < expected["bfs"]["expanded"]
        assert page.evaluate("document.documentElement.scrollWidth") <= size[0]
        name = "maze-100x100-phone" if phone else "maze-100x100"
        if WRITE_DOCS and not phone:
            page.locator("[data-watch=lane] >> nth=0").screenshot(
                path=str(DOCS / "watch-100x100.png")
            )
        screenshot(page, name)
        if not phone:  # the start dragged on the canvas: the searches run again from there
            before = runs(page)
            page.mouse.move(*centre(page, 0, 0))
            page.mouse.down()
            page.mouse.move(*centre(page, 10, 20), steps=10)
            page.mouse.up()
            wait_rerun(page, before)
            page.wait_for_function(
                "() => !new URLSearchParams(location.search).get('board').startsWith('S')"
            )
            assert page.locator("canvas[data-watch=board]").count() == 2
    finally:
        context.close()
    assert not errors, errors
