"""Browser tests of the watch mode (Playwright, Debian's Chromium): watch a search to
its end, draw maze walls by mouse and by finger, predict the next step, in English and
Spanish, at desktop and phone sizes."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest

from searchlab import families
from tests.web.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOMS = (
    "S....#.........\n.###.#.#######.\n...#...#.....#.\n##.#####.###.#.\n"
    "...#.....#...#.\n.###.#####.###.\n.....#.......#G\n"
)
OPEN = "S.......\n........\n........\n.......G\n"


def shortest(board: str) -> int:
    """The maze's fewest moves, by the family's own BFS (independent of the page)."""
    fam = families.get("maze")
    return len(fam.run(fam.read(board), "bfs").actions)


def url(server_url: str, **params: str) -> str:
    return f"{server_url}/watch?{urlencode(params)}"


def open_watch(page: Any, server_url: str, **params: str) -> None:
    page.goto(url(server_url, **params))
    page.wait_for_selector(
        "[data-watch=lane] [data-watch=board] g.watch-states rect, "
        "[data-watch=lane] [data-watch=board] g.pieces"
    )


def lane(page: Any, i: int = 0) -> Any:
    return page.locator("[data-watch=lane]").nth(i)


def runs(page: Any) -> int:
    return int(page.get_attribute("[data-role=watch]", "data-runs") or 0)


def wait_rerun(page: Any, before: int) -> None:
    """Wait until the page has searched again (after walls were drawn)."""
    page.wait_for_function(
        "(n) => Number(document.querySelector('[data-role=watch]').dataset.runs) > n", arg=before
    )


def states(page: Any, i: int = 0) -> dict[str, int]:
    counts: dict[str, int] = page.evaluate(
        """(i) => {
          const lane = document.querySelectorAll('[data-watch=lane]')[i];
          const out = {};
          for (const r of lane.querySelectorAll('g.watch-states rect[data-state]'))
            out[r.dataset.state] = (out[r.dataset.state] || 0) + 1;
          return out;
        }""",
        i,
    )
    return counts


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[tuple[Any, Any]]:
    """A phone-sized page with touch; fails on JavaScript errors or outside requests."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    pg = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on("request", lambda r: None if r.url.startswith(server_url) else outside.append(r.url))
    pg.set_default_timeout(15_000)
    yield pg, context
    context.close()
    assert not errors, errors
    assert not outside, outside


def test_watch_a_maze_search_to_its_end(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS)
    page.select_option("[data-watch=algo-a]", "astar")
    page.wait_for_selector("[data-watch=lane][data-algorithm=astar]")
    for _ in range(6):
        page.click("[data-watch=forward]")
    mid = states(page)
    assert mid.get("explored", 0) == 6 and mid.get("frontier", 0) >= 1 and "path" not in mid
    assert lane(page).locator("[data-watch=explored]").inner_text() == "explored: 6"
    assert lane(page).locator("[data-watch=frontier] tbody tr").count() >= 1
    header = lane(page).locator("[data-watch=frontier] thead").inner_text()
    assert all(col in header.split() for col in ("g", "h", "f"))
    # Play at full speed to the end.
    page.fill("[data-watch=speed]", "30")
    page.click("[data-watch=play]")
    page.wait_for_selector("[data-role=watch][data-done=true]", timeout=30_000)
    status = lane(page).locator("[data-watch=status]").inner_text()
    n = shortest(ROOMS)
    assert status.startswith(f"Solved: a path of {n} moves")  # A* is optimal
    assert states(page)["path"] == n + 1  # every square of the path, start and goal included
    assert page.locator(".watch-tree .tnode[data-state=path]").count() == n + 1
    for item in ("frontier", "explored", "path", "current node", "wall"):
        assert item in page.locator("[data-watch=legend]").inner_text()
    screenshot(page, "watch-maze-end")


def test_two_algorithms_side_by_side(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS)
    page.check("[data-watch=compare]")
    page.wait_for_selector("[data-watch=lane] >> nth=1")
    assert lane(page, 0).get_attribute("data-algorithm") == "bfs"
    assert lane(page, 1).get_attribute("data-algorithm") == "astar"
    page.click("[data-watch=last]")
    for i in (0, 1):
        assert lane(page, i).get_attribute("data-done") == "true"
        status = lane(page, i).locator("[data-watch=status]").inner_text()
        assert f"a path of {shortest(ROOMS)} moves" in status
    # the tree of either lane
    page.click("[data-watch=tree-b]")
    assert page.locator(".watch-tree .tnode[data-state=path]").count() == shortest(ROOMS) + 1
    before = float(page.get_attribute("[data-watch=tree]", "data-scale"))
    page.click(".watch-tree-tools button[aria-label='Zoom in']")
    assert float(page.get_attribute("[data-watch=tree]", "data-scale")) > before


def test_draw_walls_with_the_mouse(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=OPEN)
    page.click("[data-watch=draw]")
    board = lane(page).locator("[data-watch=board]")

    def centre(r: int, c: int) -> tuple[float, float]:
        box = board.locator(f"g.watch-states rect[data-cell='{r},{c}']").bounding_box()
        return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2

    before = runs(page)
    page.mouse.move(*centre(0, 3))
    page.mouse.down()
    for r in range(4):
        page.mouse.move(*centre(r, 3), steps=3)
    page.mouse.up()
    # The search runs again on the new maze: column 3 is walled from top to bottom.
    wait_rerun(page, before)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-watch=lane] g.watch-states rect.wall').length === 4"
    )
    page.click("[data-watch=last]")
    page.wait_for_selector("[data-role=watch][data-done=true]")
    assert "No solution" in lane(page).locator("[data-watch=status]").inner_text()
    # Dragging from a wall erases.
    before = runs(page)
    page.mouse.move(*centre(3, 3))
    page.mouse.down()
    page.mouse.move(*centre(2, 3), steps=3)
    page.mouse.up()
    wait_rerun(page, before)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-watch=lane] g.watch-states rect.wall').length === 2"
    )
    page.click("[data-watch=last]")
    page.wait_for_selector("[data-role=watch][data-done=true]")
    assert "Solved" in lane(page).locator("[data-watch=status]").inner_text()
    assert "board=" in page.url and "%23" in page.url  # the shared address has the walls


def test_draw_walls_with_a_finger(phone: tuple[Any, Any], server_url: str) -> None:
    page, context = phone
    open_watch(page, server_url, family="maze", board=OPEN, lang="es")
    page.tap("[data-watch=draw]")
    board = lane(page).locator("[data-watch=board]")
    board.scroll_into_view_if_needed()

    def centre(r: int, c: int) -> dict[str, float]:
        box = board.locator(f"g.watch-states rect[data-cell='{r},{c}']").bounding_box()
        return {"x": box["x"] + box["width"] / 2, "y": box["y"] + box["height"] / 2}

    cdp = context.new_cdp_session(page)
    start, end = centre(1, 1), centre(1, 5)
    before = runs(page)
    cdp.send("Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [start]})
    for i in range(1, 9):
        point = {k: start[k] + (end[k] - start[k]) * i / 8 for k in start}
        cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [point]})
    cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    wait_rerun(page, before)
    page.wait_for_function(
        "() => document.querySelectorAll('[data-watch=lane] g.watch-states rect.wall').length === 5"
    )
    # (a click: Chromium drops a synthetic tap that follows a touch drag within
    # its gesture window, which no finger does)
    page.click("[data-watch=last]")
    page.wait_for_selector("[data-role=watch][data-done=true]")
    assert lane(page).locator("[data-watch=status]").inner_text().startswith("Resuelto")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"
    screenshot(page, "watch-walls-phone")


def test_predict_the_next_step(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS)
    page.select_option("[data-watch=algo-a]", "astar")
    page.wait_for_selector("[data-watch=lane][data-algorithm=astar]")
    page.click("[data-watch=mode-predict]")
    assert "expand next" in page.inner_text("[data-watch=question]")
    assert page.locator("[data-watch=frontier] tr.next").count() == 0  # the answer is hidden
    right = wrong = 0
    for _ in range(12):
        rows = page.locator("[data-watch=frontier] tbody tr.choice")
        if rows.count() == 0:
            page.click("[data-watch=forward]")
            continue
        ranks = [rows.nth(i).get_attribute("data-rank") for i in range(rows.count())]
        fs = [rows.nth(i).locator("td").nth(3).inner_text() for i in range(rows.count())]
        best = ranks.index("0")
        # a node tied with the algorithm's choice is a right answer too: a wrong one differs
        others = [i for i in range(len(fs)) if fs[i] != fs[best]]
        if right <= wrong or not others:
            rows.nth(best).click()
            right += 1
            assert page.inner_text("[data-watch=verdict]") == "Right!"
        else:
            rows.nth(others[0]).click()
            wrong += 1
            assert page.inner_text("[data-watch=verdict]").startswith(
                "Not quite: A* (Manhattan distance) expands"
            )
            assert "Your choice" in page.inner_text("[data-watch=why]")
        why = page.inner_text("[data-watch=why]")
        assert "smallest f = g + h" in why
        page.click("[data-watch=next-question]")
    assert right and wrong
    assert page.inner_text("[data-watch=score]") == f"Score: {right} right of {right + wrong}"
    screenshot(page, "watch-predict")


def test_predict_in_spanish_with_bfs_by_keyboard(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="npuzzle", lang="es")
    page.keyboard.press("ArrowRight")  # the arrow keys step the search
    page.wait_for_selector("[data-role=watch][data-step='1']")
    page.keyboard.press("ArrowLeft")
    page.wait_for_selector("[data-role=watch][data-step='0']")
    page.click("[data-watch=mode-predict]")
    page.locator("[data-watch=frontier] tbody tr.choice[data-rank='0']").focus()
    page.keyboard.press("Enter")
    assert page.inner_text("[data-watch=verdict]") == "¡Correcto!"
    assert "primero en entrar, primero en salir" in page.inner_text("[data-watch=why]")
    assert page.inner_text("h1") == "Ver la búsqueda"


DOC_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"


@pytest.mark.skipif(
    not os.environ.get("SEARCHLAB_DOCS_SCREENSHOTS"),
    reason="writes docs/images/watch-*.png: set SEARCHLAB_DOCS_SCREENSHOTS=1",
)
def test_docs_screenshots(browser: Any, server_url: str) -> None:
    """The watch mode's pictures in docs/web.md (run on purpose, then look at them)."""
    DOC_IMAGES.mkdir(parents=True, exist_ok=True)

    def new(width: int, height: int, touch: bool = False) -> tuple[Any, Any]:
        ctx = browser.new_context(
            viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
        )
        return ctx, ctx.new_page()

    def shot(pg: Any, name: str, full: bool = False) -> None:
        pg.wait_for_timeout(400)  # the walker's slide ends
        pg.screenshot(path=str(DOC_IMAGES / f"{name}.png"), full_page=full)

    ctx, pg = new(1280, 900)
    open_watch(pg, server_url, family="maze", board=ROOMS)
    pg.check("[data-watch=compare]")
    pg.wait_for_selector("[data-watch=lane] >> nth=1")
    for _ in range(24):
        pg.click("[data-watch=forward]")
    pg.locator("[data-watch=lane] >> nth=0").scroll_into_view_if_needed()
    shot(pg, "watch-compare")
    pg.click("[data-watch=last]")
    pg.evaluate("window.scrollTo(0, 0)")
    shot(pg, "watch-compare-end")
    ctx.close()

    ctx, pg = new(1280, 900)
    open_watch(pg, server_url, family="maze", board=ROOMS)
    pg.select_option("[data-watch=algo-a]", "astar")
    pg.wait_for_selector("[data-watch=lane][data-algorithm=astar]")
    for _ in range(13):
        pg.click("[data-watch=forward]")
    pg.click("[data-watch=mode-predict]")
    rows = pg.locator("[data-watch=frontier] tbody tr.choice")
    ranks = [rows.nth(i).get_attribute("data-rank") for i in range(rows.count())]
    rows.nth(ranks.index("1") if "1" in ranks else 0).click()
    shot(pg, "watch-predict")
    ctx.close()

    ctx, pg = new(1280, 900)
    open_watch(pg, server_url, family="npuzzle")
    pg.select_option("[data-watch=algo-a]", "bfs")
    pg.wait_for_selector("[data-watch=lane][data-algorithm=bfs]")
    pg.click("[data-watch=last]")
    pg.locator(".watch-tree").scroll_into_view_if_needed()
    pg.locator(".watch-tree").screenshot(path=str(DOC_IMAGES / "watch-tree.png"))
    ctx.close()

    ctx, pg = new(390, 844, touch=True)
    open_watch(pg, server_url, family="maze", board=ROOMS, lang="es")
    for _ in range(30):
        pg.click("[data-watch=forward]")
    pg.locator("[data-watch=lane]").scroll_into_view_if_needed()
    shot(pg, "watch-phone-es")
    ctx.close()


def test_the_panel_mounts_in_another_page(page: Any, server_url: str) -> None:
    """The player page's way in: mountWatch(container, {family, board, lang, t}) on any
    page of the server; the panel brings its own styles and strings."""
    page.goto(f"{server_url}/")
    page.evaluate(
        """async (board) => {
          const div = document.createElement("div");
          div.id = "host-panel";
          document.body.prepend(div);
          const { mountWatch } = await import("/static/js/watch.js");
          window.__watch = await mountWatch(div, {
            family: "maze", board, lang: "es", t: (m) => m,
          });
        }""",
        ROOMS,
    )
    panel = page.locator("#host-panel")
    page.wait_for_selector("#host-panel[data-role=watch] [data-watch=lane]")
    assert page.locator("link[data-watch-css]").count() == 1
    assert panel.locator("[data-watch=mode-predict]").inner_text() == "Predecir el siguiente paso"
    panel.locator("[data-watch=forward]").click()
    assert panel.locator("g.watch-states rect[data-state=explored]").count() == 1
    page.evaluate("window.__watch.destroy()")


def test_predict_by_touch_on_a_phone(phone: tuple[Any, Any], server_url: str) -> None:
    page, _context = phone
    open_watch(page, server_url, family="maze", board=ROOMS, lang="es")
    page.select_option("[data-watch=algo-a]", "ucs")
    page.wait_for_selector("[data-watch=lane][data-algorithm=ucs]")
    page.tap("[data-watch=mode-predict]")
    for _ in range(3):
        page.tap("[data-watch=frontier] tbody tr.choice[data-rank='0']")
        assert page.inner_text("[data-watch=verdict]") == "¡Correcto!"
        assert "el menor g" in page.inner_text("[data-watch=why]")
        page.tap("[data-watch=next-question]")
    assert page.inner_text("[data-watch=score]") == "Puntaje: 3 correctas de 3"
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, "the page scrolls sideways on a phone"


def test_a_shared_address_opens_the_same_search(page: Any, server_url: str) -> None:
    """?a=…&b=…&compare=1&predict=1&lang=es: the comparison, the mode and the language
    a teacher shares; changing the choice changes the address."""
    page.goto(
        url(
            server_url,
            family="maze",
            board=ROOMS,
            lang="es",
            a="ucs",
            b="greedy",
            hb="manhattan",
            compare="1",
            predict="1",
        )
    )
    page.wait_for_selector("[data-watch=lane] >> nth=1")
    assert lane(page, 0).get_attribute("data-algorithm") == "ucs"
    assert lane(page, 1).get_attribute("data-algorithm") == "greedy"
    page.wait_for_selector("[data-watch=predict]:visible")
    assert "¿Qué nodo" in page.inner_text("[data-watch=question]")
    page.select_option("[data-watch=algo-a]", "dfs")
    page.wait_for_selector("[data-watch=lane][data-algorithm=dfs]")
    page.wait_for_function("() => location.search.includes('a=dfs')")
    assert "b=greedy" in page.url and "lang=es" in page.url and "predict=1" in page.url
