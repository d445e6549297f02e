"""Steps shared by the browser tests of every family: open, solve, animate, hint, play."""

from __future__ import annotations

import json
from typing import Any


def open_family(page: Any, server_url: str, family: str) -> None:
    page.goto(f"{server_url}/?family={family}")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    page.wait_for_selector("[data-testid=play-board] .cells rect")


def open_setup(page: Any) -> None:
    """Open the setup drawer (built-in boards, random, paste, upload) unless it is open."""
    if not page.is_visible("[data-testid=setup]"):
        page.click("[data-testid=setup-open]")
    page.wait_for_selector("[data-testid=board-text]")


def load_board(page: Any, text: str) -> None:
    open_setup(page)
    page.fill("[data-testid=board-text]", text)
    page.click("[data-testid=load]")  # the message reads "loading…" until the board is in
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")


def choose_example(page: Any, example: str) -> None:
    """Pick a built-in board in the setup drawer (it loads the board and closes)."""
    open_setup(page)
    page.select_option("[data-testid=examples]", example)


PLAYED = """() => {
  const items = [...document.querySelectorAll('[data-role=move-list] li')];
  const at = items.findIndex((li) => li.classList.contains('current'));
  const text = (li) => li.textContent.replace(/^\\d+\\.\\s*/, '').trim();
  const moves = items.slice(1, at + 1).map(text);
  return moves.join(' ') || 'none';
}"""


def played(page: Any) -> str:
    """The moves from the start to the current step, as the move list writes them."""
    return str(page.evaluate(PLAYED))


def wait_played(page: Any, text: str) -> None:
    """Wait until the moves up to the current step read ``text`` ("none" at the start)."""
    page.wait_for_function(f"(want) => ({PLAYED})() === want", arg=text)


def solve(page: Any, algorithm: str | None = None) -> str:
    """Click Solve and wait for the outcome; the outcome text."""
    if algorithm:
        page.select_option("[data-testid=algorithm]", algorithm)
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
    top = page.get_attribute("[data-testid=speed]", "max")
    page.fill("[data-testid=speed]", top)
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
    before = page.inner_text("[data-testid=counter]")
    with page.expect_response(lambda r: r.url.split("?")[0].endswith("/hint")) as info:
        page.click("[data-testid=hint]")
    data = info.value.json()
    assert data["move"] is not None, data
    move = data["move"]
    page.wait_for_selector("[data-testid=play-board] .cells rect.hint")
    to = f"[data-testid=play-board] [data-cell='{move['to'][0]},{move['to'][1]}']"
    if move["grab"]:
        # Drag by the piece's leading cell: a drag shifts the piece by the pointer's
        # displacement (a car grabbed by its rear would overshoot the target).
        first, last, target = move["grab"][0], move["grab"][-1], move["to"]
        g = last if target[0] > last[0] or target[1] > last[1] else first
        grab = f"[data-testid=play-board] [data-cell='{g[0]},{g[1]}']"
        page.dispatch_event(grab, "pointerdown")
        page.dispatch_event(to, "pointerup")
    else:
        page.dispatch_event(to, "pointerdown")
        page.dispatch_event(to, "pointerup")
    page.wait_for_function(
        "(before) => document.querySelector('[data-testid=counter]').textContent !== before",
        arg=before,
    )
    return json.dumps(move["label"])


def click_cell(page: Any, r: int, c: int) -> None:
    sel = f"[data-testid=play-board] [data-cell='{r},{c}']"
    page.dispatch_event(sel, "pointerdown")
    page.dispatch_event(sel, "pointerup")


def drag(page: Any, src: tuple[int, int], dst: tuple[int, int]) -> None:
    """Press on cell ``src`` and release on cell ``dst`` of the play board."""
    page.dispatch_event(f"[data-testid=play-board] [data-cell='{src[0]},{src[1]}']", "pointerdown")
    page.dispatch_event(f"[data-testid=play-board] [data-cell='{dst[0]},{dst[1]}']", "pointerup")
