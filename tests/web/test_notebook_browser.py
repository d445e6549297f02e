"""A solution's notebook output in Chromium: the player runs inside its iframe and the
frame takes the height the page posts."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest

from searchlab.notebook import solve
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


def test_solution_output_plays_inside_its_iframe(page: Any, tmp_path: Path) -> None:
    sol = solve("rushhour", "AA...O\nP..Q.O\nPXXQ.O\nP..Q..\nB...CC\nB.RRR.\n")
    host = tmp_path / "output.html"
    host.write_text(
        f"<!doctype html><html><body><h1>out</h1>{sol._repr_html_()}<p>after</p></body></html>",
        encoding="utf-8",
    )
    page.goto(host.as_uri())
    player = page.frame_locator("iframe")
    counter = player.locator("[data-testid=counter]")
    counter.wait_for()
    assert counter.text_content() == f"move 0 / {len(sol.moves)}"
    player.locator("[data-testid=forward]").click()
    assert counter.text_content() == f"move 1 / {len(sol.moves)}"
    listed = player.locator("ol.moves li").all_text_contents()
    assert listed[0] == "start" and len(listed) == len(sol.moves) + 1
    # Written as people do: the car's letter and its direction ("A+1" is "A \u2192").
    assert all(re.fullmatch("[A-Z] [\u2190\u2191\u2192\u2193][0-9]*", m) for m in listed[1:])
    # The page posts its height; the frame fits it, with no scroll bar inside.
    frame = page.frames[1]
    for _ in range(50):
        inner = frame.evaluate("document.documentElement.scrollHeight")
        outer = page.evaluate("document.querySelector('iframe').clientHeight")
        if inner <= outer <= inner + 8:
            break
        page.wait_for_timeout(100)
    assert inner <= outer <= inner + 8, (inner, outer)
    screenshot(page, "notebook-output")
