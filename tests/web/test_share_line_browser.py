"""Browser tests: a shared link restores the position and the line (issue 37), as a
lichess or Tatham game ID does: the moves played, by their labels, and the move shown."""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.test_browser_player import device  # noqa: F401
from tests.web.test_keyboard_play_browser import moves_played, press

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_a_shared_link_restores_the_game(
    device: tuple[str, Any],  # noqa: F811
    server_url: str,
) -> None:
    name, page = device
    lang = "es" if name == "phone" else "en"
    page.goto(f"{server_url}/?family=hanoi&lang={lang}")
    page.wait_for_selector("[data-testid=play-board] .cells rect")
    page.focus("[data-testid=play-board]")
    for i, pair in enumerate(["13", "12", "32"], 1):
        press(page, list(pair), i)
    page.keyboard.press("u")  # back one move: the link keeps the line and the move shown
    page.click("[data-testid=share]")
    link = page.input_value("[data-testid=share-link]")
    q = parse_qs(urlparse(link).query)
    assert q["line"] == ["A>C A>B C>B"] and q["at"] == ["2"] and q["lang"] == [lang]
    page.goto(link)
    page.wait_for_selector("[data-role=move-list] li >> nth=3")
    assert moves_played(page) == ["A>C", "A>B", "C>B"]
    counter = page.inner_text("[data-testid=counter]")
    assert "2" in counter and "3" in counter, counter
    # the game continues from the position shown
    page.click("[data-testid=forward]")
    page.wait_for_function(
        "() => document.querySelector('[data-testid=counter]').textContent.includes('3 / 3')"
    )
    # a line that breaks off says where
    page.goto(f"{server_url}/?family=hanoi&lang={lang}&line=A>C+A>C")
    page.wait_for_selector("[data-role=move-list] li >> nth=1")
    message = page.inner_text("[data-testid=play-message]")
    assert ("move 2" in message) or ("movimiento 2" in message), message
    assert moves_played(page) == ["A>C"]
