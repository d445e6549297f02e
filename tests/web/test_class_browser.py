"""Browser tests of how the page asks for traces when a class shares the server
(issue 32): only once the watch panel is on screen, and a refusal (429) retried
with back-off while the page says so. Playwright and Debian's Chromium."""

from __future__ import annotations

import json
from typing import Any
from urllib.parse import urlencode

import pytest

from tests.web.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]

MAZE = "S.......\n........\n........\n.......G\n"


def test_a_busy_server_is_retried_and_the_page_says_so(page: Any, server_url: str) -> None:
    refusals = {"left": 2}
    asked: list[float] = []

    def busy_twice(route: Any) -> None:
        asked.append(page.evaluate("performance.now()"))
        if refusals["left"]:
            refusals["left"] -= 1
            body = json.dumps({"detail": "too many searches being watched; try again"})
            route.fulfill(status=429, content_type="application/json", body=body)
        else:
            route.continue_()

    page.route("**/api/watch/trace", busy_twice)
    page.goto(f"{server_url}/watch?{urlencode({'family': 'maze', 'board': MAZE, 'lang': 'es'})}")
    page.wait_for_function(
        "() => /ocupado: se vuelve a intentar en 1 s/.test(document.body.innerText)"
    )
    screenshot(page, "class-watch-busy-retrying")
    page.wait_for_function(
        "() => /ocupado: se vuelve a intentar en 2 s/.test(document.body.innerText)"
    )
    page.wait_for_selector("[data-watch=lane] [data-watch=board] g.watch-states rect")
    assert len(asked) == 3
    assert asked[1] - asked[0] >= 900 and asked[2] - asked[1] >= 1900  # 1 s, then 2 s
    assert "ocupado" not in page.inner_text("body")


@pytest.mark.parametrize("width,height", [(1280, 800), (390, 844)])
def test_the_player_asks_for_a_trace_only_once_the_panel_is_shown(
    browser: Any, server_url: str, width: int, height: int
) -> None:
    context = browser.new_context(viewport={"width": width, "height": height})
    pg = context.new_page()
    errors: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    traces: list[str] = []
    pg.on("request", lambda r: traces.append(r.url) if "/api/watch/trace" in r.url else None)
    pg.goto(f"{server_url}/?family=maze")
    pg.wait_for_selector("[data-role=watch]:not([hidden])", state="attached")
    pg.wait_for_timeout(1500)  # time enough to have asked, had it asked
    in_view = pg.evaluate(
        """() => { const r = document.querySelector('[data-role=watch]')
                     .getBoundingClientRect();
                   return r.top < innerHeight && r.bottom > 0; }"""
    )
    assert not in_view  # the panel is below the board at both sizes
    assert traces == [], "a trace was asked for with the panel off-screen"
    pg.locator("[data-role=watch]").scroll_into_view_if_needed()
    pg.wait_for_selector("[data-watch=lane]", timeout=20_000)
    assert len(traces) >= 1
    screenshot(pg, f"class-player-watch-{width}")
    context.close()
    assert not errors, errors
