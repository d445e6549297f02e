"""Browser tests: the watch is reachable from the player and links back (issue 37). The
player's cue under the board names the panel before any scrolling (it replaced the old
teaching view's check box); /watch opens on the same board and its header goes back to
the player on that board, in the same language."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from searchlab import families
from tests.web.conftest import screenshot
from tests.web.test_browser_player import SIZES, device  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]

BOARD = "disks: 4\nstart: AAAA\ngoal: B\n"


def test_the_watch_from_the_player_and_back(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    lang = "es" if name == "phone" else "en"
    for fam in families.names():  # the cue above the fold, whatever the board's shape
        page.goto(f"{server_url}/?family={fam}&lang={lang}")
        cue = page.locator("[data-testid=watch-link]")
        cue.wait_for(state="visible")
        box = cue.bounding_box()
        assert box["y"] + box["height"] <= SIZES[name][1], (fam, box)
    page.goto(f"{server_url}/?family=hanoi&lang={lang}")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    cue = page.locator("[data-testid=watch-link]")
    cue.wait_for(state="visible")
    box = cue.bounding_box()
    assert box["y"] + box["height"] <= SIZES[name][1], box  # above the fold
    assert page.locator("[data-testid=teaching]").count() == 0  # the old view is gone
    assert page.locator("#teach").count() == 0
    want = "Ver la búsqueda paso a paso" if lang == "es" else "Watch the search step by step"
    assert cue.inner_text() == want
    # the cue brings the panel into view, searching this board
    if name == "phone":
        cue.tap()
    else:
        cue.click()
    panel = page.locator("[data-role=watch][data-testid=watch]")
    page.wait_for_function(
        "() => { const r = document.querySelector('#watch').getBoundingClientRect();"
        " return r.top >= -2 && r.top < innerHeight / 2; }"
    )
    panel.locator("[data-watch=lane]").wait_for()
    assert "#watch" not in page.url
    # the watch on its own page, on this board and language
    href = page.get_attribute("[data-testid=watch-page]", "href")
    q = parse_qs(urlparse(href).query)
    assert q["family"] == ["hanoi"] and q["lang"] == [lang] and q["board"][0].startswith("disks: 3")
    page.goto(f"{server_url}/watch?family=hanoi&lang={lang}&board={BOARD.replace(chr(10), '%0A')}")
    page.wait_for_selector("[data-watch=lane]")
    back = page.locator("[data-watch=play-link]")
    assert back.inner_text() == ("Jugar este rompecabezas" if lang == "es" else "Play this puzzle")
    screenshot(page, f"watch-back-{name}")
    back.click()
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    assert page.locator("html").get_attribute("lang") == lang
    assert page.input_value("[data-testid=board-text]") == BOARD
