"""Steps shared by the browser tests of every family: open, solve, animate, hint, play."""

from __future__ import annotations

import json
from typing import Any


def open_family(page: Any, server_url: str, family: str) -> None:
    page.goto(f"{server_url}/?family={family}")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    page.wait_for_selector("[data-testid=play-board] .cells rect")


def load_board(page: Any, text: str) -> None:
    page.fill("[data-testid=board-text]", text)
    page.click("[data-testid=load]")  # the message reads "loading…" until the board is in
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")


def solve(page: Any, algorithm: str | None = None, *, teaching: bool = False) -> str:
    """Click Solve and wait for the outcome; the outcome text."""
    if algorithm:
        page.select_option("[data-testid=algorithm]", algorithm)
    page.set_checked("[data-testid=teaching]", teaching)
    page.click("[data-testid=solve]")
    page.wait_for_function(
        "() => !document.querySelector('[data-testid=solve]').disabled"
        " && document.querySelector('[data-testid=progress]').textContent !== ''"
        " && !document.querySelector('[data-testid=progress]').textContent.includes('solving')"
        " && !document.querySelector('[data-testid=progress]').textContent.includes('expanded')"
    )
    return str(page.inner_text("[data-testid=progress]"))


def play_animation(page: Any) -> tuple[int, int]:
    """Step forward, back, then play to the end at top speed; (last step, moves listed)."""
    counter = page.locator("[data-testid=counter]")
    text = counter.inner_text()
    last = int(text.split("/")[1])
    page.click("[data-testid=forward]")
    assert counter.inner_text() == f"move 1 / {last}"
    page.click("[data-testid=back]")
    assert counter.inner_text() == f"move 0 / {last}"
    page.fill("[data-testid=speed]", "20")
    page.click("[data-testid=play]")
    page.wait_for_function(
        "(t) => document.querySelector('[data-testid=counter]').textContent === t",
        arg=f"move {last} / {last}",
        timeout=max(15_000, last * 200),
    )
    items = page.locator("ol.moves li").count()
    page.locator("ol.moves li").nth(1).click()  # the move list jumps to a step
    assert counter.inner_text() == f"move 1 / {last}"
    return last, items - 1


def hint_and_follow(page: Any) -> str:
    """Ask for a hint, then play it with the mouse (drag from its piece to its target)."""
    before = page.inner_text("[data-testid=play-moves]")
    with page.expect_response(lambda r: r.url.endswith("/hint")) as info:
        page.click("[data-testid=hint]")
    data = info.value.json()
    assert data["move"] is not None, data
    move = data["move"]
    page.wait_for_selector("[data-testid=play-board] .cells rect.hint")
    to = f"[data-testid=play-board] [data-cell='{move['to'][0]},{move['to'][1]}']"
    if move["grab"]:
        g = move["grab"][0]
        grab = f"[data-testid=play-board] [data-cell='{g[0]},{g[1]}']"
        page.dispatch_event(grab, "pointerdown")
        page.dispatch_event(to, "pointerup")
    else:
        page.dispatch_event(to, "pointerdown")
        page.dispatch_event(to, "pointerup")
    page.wait_for_function(
        "(before) => document.querySelector('[data-testid=play-moves]').textContent !== before",
        arg=before,
    )
    return json.dumps(move["label"])


def click_cell(page: Any, r: int, c: int) -> None:
    sel = f"[data-testid=play-board] [data-cell='{r},{c}']"
    page.dispatch_event(sel, "pointerdown")
    page.dispatch_event(sel, "pointerup")
