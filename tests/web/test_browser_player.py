"""The player page as a user meets it (issue 22), in Debian's Chromium at desktop size
(1280x800, mouse) and phone size (390x844, touch): every family played by mouse,
touch and keyboard on the one board; a solution replayed there and continued by hand
from a middle step; a shared Spanish link; the board's place on the screen. Every page
fails its test on a JavaScript error or a request leaving the machine.

Screenshots of every family at both sizes go to test-artifacts/web/player-*.png
(docs/images/ holds the ones docs/web.md shows).
"""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from typing import Any

import pytest

from searchlab import families
from tests.web.browser_steps import open_setup, played, solve
from tests.web.conftest import ARTIFACTS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SIZES = {"desktop": (1280, 800, False), "phone": (390, 844, True)}
ENGINE_NOTATION = re.compile(r"[UDLR]|\d+,\d+|[A-Za-z][+-]\d+")
"""What a move must never read as on the page: a blank's letter, 0-based squares, A+1."""


@pytest.fixture(params=list(SIZES))
def device(request: Any, browser: Any, server_url: str) -> Iterator[tuple[str, Any]]:
    """A fresh page at desktop or phone size (the phone with touch), failing the test on
    a JavaScript error or a request to anything but the test server."""
    name = request.param
    width, height, touch = SIZES[name]
    context = browser.new_context(
        viewport={"width": width, "height": height}, has_touch=touch, is_mobile=touch
    )
    page = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.on(
        "request",
        lambda req: (
            outside.append(req.url)
            if not req.url.startswith((server_url, "data:", "blob:", "about:"))
            else None
        ),
    )
    page.set_default_timeout(20_000)
    yield name, page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"
    assert not outside, f"requests left the machine: {outside}"


def open_page(page: Any, server_url: str, family: str, extra: str = "") -> None:
    page.goto(f"{server_url}/?family={family}{extra}")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded'), .message.error")
    page.wait_for_selector("[data-role=board] .cells rect")


def counter(page: Any) -> tuple[int, int]:
    step, last = page.inner_text("[data-testid=counter]").split()[1::2]
    return int(step), int(last)


def wait_step(page: Any, step: int) -> None:
    page.wait_for_function(
        "(s) => document.querySelector('[data-testid=counter]').textContent.split(' ')[1] == s",
        arg=str(step),
    )


def position(page: Any, server_url: str, family: str, board: str, state: Any = None) -> Any:
    r = page.request.post(f"{server_url}/api/{family}/moves", data={"board": board, "state": state})
    assert r.ok, r.text()
    return r.json()


def board_text(page: Any) -> str:
    return str(page.input_value("[data-testid=board-text]"))


def centre(page: Any, cell: list[int]) -> tuple[float, float]:
    box = page.locator(f"[data-role=board] [data-cell='{cell[0]},{cell[1]}']").bounding_box()
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def lead(move: dict[str, Any]) -> list[int]:
    """The grabbed cell at the piece's front in the direction it moves."""
    first, last, to = move["grab"][0], move["grab"][-1], move["to"]
    return last if to[0] > last[0] or to[1] > last[1] else first  # type: ignore[no-any-return]


def play_by_mouse(page: Any, move: dict[str, Any]) -> None:
    """A real mouse: a click on the target square, or a drag of the piece to it."""
    x1, y1 = centre(page, move["to"])
    if move["grab"]:
        x0, y0 = centre(page, lead(move))
        page.mouse.move(x0, y0)
        page.mouse.down()
        page.mouse.move(x1, y1, steps=4)
        page.mouse.up()
    else:
        page.mouse.click(x1, y1)


def played_or_selected(page: Any, step: int) -> bool:
    """After a tap or Enter on a piece: whether it played its one move (else it is now
    selected, waiting for its target)."""
    page.wait_for_function(
        "(s) => document.querySelector('[data-testid=counter]').textContent.split(' ')[1] != s"
        " || document.querySelector('[data-role=board] :is(g.piece.selected, rect.selected)')",
        arg=str(step),
    )
    return counter(page)[0] != step


def play_by_touch(page: Any, move: dict[str, Any]) -> None:
    """A finger: tap the piece (it plays its only move, or is selected), then the target."""
    step, _ = counter(page)
    if move["grab"]:
        page.tap(f"[data-role=board] [data-cell='{lead(move)[0]},{lead(move)[1]}']")
        if played_or_selected(page, step):
            return
    page.tap(f"[data-role=board] [data-cell='{move['to'][0]},{move['to'][1]}']")


def play_by_keyboard(page: Any, move: dict[str, Any], moves: list[dict[str, Any]]) -> None:
    """Arrow keys: the one piece that moves (a walker) goes where its arrow points;
    otherwise (or for a move no arrow says) the dashed square goes to the piece, Enter,
    then to the target, Enter."""
    page.focus("[data-role=board]")
    pieces = {tuple(m["grab"][0]) if m["grab"] else None for m in moves}
    g = move["grab"][0] if move["grab"] else None
    straight = g is not None and (move["to"][0] == g[0] or move["to"][1] == g[1])
    if len(pieces) == 1 and straight:
        dr, dc = move["to"][0] - g[0], move["to"][1] - g[1]
        page.keyboard.press(
            {(-1, 0): "ArrowUp", (1, 0): "ArrowDown", (0, -1): "ArrowLeft"}.get(
                (max(-1, min(1, dr)), max(-1, min(1, dc))), "ArrowRight"
            )
        )
        return
    step, _ = counter(page)
    cursor = page.locator("[data-role=board] rect.cell.cursor")

    def walk_to(cell: list[int]) -> None:
        if not cursor.count():
            page.keyboard.press("ArrowRight")  # the first arrow shows the square
        r, c = map(int, (cursor.get_attribute("data-cell") or "0,0").split(","))
        keys = (
            ["ArrowDown"] * max(0, cell[0] - r)
            + ["ArrowUp"] * max(0, r - cell[0])
            + ["ArrowRight"] * max(0, cell[1] - c)
            + ["ArrowLeft"] * max(0, c - cell[1])
        )
        for k in keys:
            page.keyboard.press(k)
        assert cursor.get_attribute("data-cell") == f"{cell[0]},{cell[1]}"

    if g is not None:
        walk_to(g)
        page.keyboard.press("Enter")
        if played_or_selected(page, step):
            return
    walk_to(move["to"])
    page.keyboard.press("Enter")


def move_texts(page: Any) -> list[str]:
    items = page.locator("[data-role=move-list] li")
    return [
        re.sub(r"^\d+\.\s*", "", items.nth(i).inner_text()).strip() for i in range(1, items.count())
    ]


@pytest.mark.parametrize("family", families.names())
def test_play_every_family_by_mouse_touch_and_keyboard(
    device: tuple[str, Any], server_url: str, family: str
) -> None:
    name, page = device
    open_page(page, server_url, family)
    board = board_text(page)
    ways = ["touch", "keyboard"] if name == "phone" else ["mouse", "keyboard"]
    for way in ways:
        pos = position(page, server_url, family, board)
        page.wait_for_selector("[data-role=board] .cells rect")
        move = pos["moves"][0]
        if way == "mouse":
            play_by_mouse(page, move)
        elif way == "touch":
            play_by_touch(page, move)
        else:
            play_by_keyboard(page, move, pos["moves"])
        wait_step(page, 1)
        text = move_texts(page)[-1]
        assert text and not ENGINE_NOTATION.fullmatch(text), (way, text)
        page.click("[data-testid=undo]")  # back to the start: the next way plays from there
        wait_step(page, 0)
        page.click("[data-testid=redo]")
        wait_step(page, 1)
        page.click("[data-testid=restart]")
        wait_step(page, 0)


@pytest.mark.parametrize("family", families.names())
def test_replay_a_solution_and_continue_from_a_middle_step(
    device: tuple[str, Any], server_url: str, family: str
) -> None:
    """The solution plays on the board that is played; from a middle step, the solution's
    own next move keeps the line, another move continues the game from there."""
    name, page = device
    open_page(page, server_url, family)
    board = board_text(page)
    assert solve(page).startswith("Solved")
    page.wait_for_function(  # the board is in view again (on a phone Solve is below it)
        "() => { const r = document.querySelector('[data-role=board]').getBoundingClientRect();"
        " return r.top >= 0 && r.top < innerHeight / 2; }"
    )
    step, last = counter(page)
    assert step == 0 and last >= 2
    texts = move_texts(page)
    assert len(texts) == last and not any(ENGINE_NOTATION.fullmatch(t) for t in texts)
    page.click("[data-testid=forward]")
    wait_step(page, 1)
    page.click("[data-testid=end]")
    wait_step(page, last)
    mid = last // 2
    page.locator("[data-role=move-list] li").nth(mid).click()  # jump to the middle
    wait_step(page, mid)
    page.wait_for_selector("[data-role=board] :is(rect.to, rect.grab, rect.grab-piece)")
    assert page.locator("[data-role=board]").count() == 1  # one board for everything
    # The solution's states, to pick a move of the middle position that leaves it.
    r = page.request.post(
        f"{server_url}/api/{family}/solve",
        data={"board": board, "algorithm": solve_algorithm(family)},
    )
    job = r.json()["job"]
    deadline = time.monotonic() + 60
    while (snap := page.request.get(f"{server_url}/api/jobs/{job}").json())["state"] != "done":
        assert time.monotonic() < deadline
        time.sleep(0.1)
    states = snap["result"]["states"]
    moves = position(page, server_url, family, board, states[mid])["moves"]
    other = [m for m in moves if m["state"] != states[mid + 1]]
    same = [m for m in moves if m["state"] == states[mid + 1]]
    if same:  # the solution's next move, by hand: the line stays
        (play_by_touch if name == "phone" else play_by_mouse)(page, same[0])
        wait_step(page, mid + 1)
        assert counter(page) == (mid + 1, last)
        page.click("[data-testid=back]")
        wait_step(page, mid)
        page.wait_for_selector("[data-role=board] :is(rect.to, rect.grab, rect.grab-piece)")
    if other:  # another move: the game goes on from the middle step
        (play_by_touch if name == "phone" else play_by_mouse)(page, other[0])
        wait_step(page, mid + 1)
        assert counter(page) == (mid + 1, mid + 1)
        assert page.locator("[data-role=move-list] li.future").count() == 0
    shot(page, f"player-{family}-{name}")


def solve_algorithm(family: str) -> str:
    return str(families.get(family).algorithms[0])


def shot(page: Any, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("window.scrollTo(0, 0)")
    page.wait_for_timeout(400)  # the last move's slide ends
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"))


def page_box(page: Any) -> list[float]:
    """The board's box in page coordinates (scrolling aside)."""
    return list(
        page.evaluate(
            "() => { const r = document.querySelector('[data-role=board]').getBoundingClientRect();"
            " return [r.left + scrollX, r.top + scrollY, r.width, r.height]; }"
        )
    )


@pytest.mark.parametrize("family", families.names())
def test_the_board_comes_first(device: tuple[str, Any], server_url: str, family: str) -> None:
    """Phone: the board on the first screen, nearly as wide as it; desktop: at least
    480 px. Nothing wider than the screen; solving and replaying shift nothing."""
    name, page = device
    open_page(page, server_url, family)
    width, height, _ = SIZES[name]
    box = page.locator("[data-role=board]").bounding_box()
    drawn = page.evaluate(
        "() => { const s = document.querySelector('[data-role=board]');"
        " const vb = s.viewBox.baseVal; const r = s.getBoundingClientRect();"
        " const k = Math.min(r.width / vb.width, r.height / vb.height);"
        " return [vb.width * k, vb.height * k]; }"
    )
    assert box["y"] + box["height"] <= height, box
    if name == "phone":
        assert max(drawn) >= 0.85 * width, drawn
    else:
        assert max(drawn) >= 480, drawn
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    before = page_box(page)
    assert solve(page).startswith("Solved")
    page.click("[data-testid=forward]")
    assert page_box(page) == before  # no layout shift


def test_a_shared_spanish_link_opens_that_puzzle_in_spanish(browser: Any, server_url: str) -> None:
    """The Share button's link names the family, the board and the language; opened in a
    browser whose language and remembered choice are English, the link's Spanish wins."""
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="en-US")
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server_url}/?family=npuzzle&lang=es")
        page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        open_setup(page)
        page.fill("[data-testid=board-text]", "1 2 3\n4 5 6\n0 7 8\n")
        page.click("[data-testid=load]")
        page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        assert "board=1+2+3" in page.url  # the address bar follows the board too
        page.click("[data-testid=share]")
        link = page.input_value("[data-testid=share-link]")
        assert "family=npuzzle" in link and "lang=es" in link and "board=" in link
        page.evaluate("localStorage.setItem('searchlab-language', 'en')")
        other = context.new_page()
        other.on("pageerror", lambda exc: errors.append(str(exc)))
        other.goto(link)
        other.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        assert other.locator("html").get_attribute("lang") == "es"
        assert other.inner_text("[data-testid=solve]") == "Resolver"
        assert other.input_value("[data-testid=board-text]") == "1 2 3\n4 5 6\n0 7 8\n"
        # Two moves from the goal: play them, and the page celebrates in Spanish.
        for cell in ("2,1", "2,2"):
            other.dispatch_event(f"[data-role=board] [data-cell='{cell}']", "pointerdown")
            other.dispatch_event(f"[data-role=board] [data-cell='{cell}']", "pointerup")
            other.wait_for_timeout(200)
        other.wait_for_selector("[data-testid=celebrate]:has-text('¡Resuelto!')")
        other.wait_for_selector("[data-testid=celebrate]:has-text('bien jugado')")
        assert [t.replace("\u2190", "<") for t in move_texts(other)] == ["7 <", "8 <"]
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        other.wait_for_timeout(500)  # the card's entrance ends
        other.screenshot(path=str(ARTIFACTS / "player-npuzzle-solved-es.png"))
    finally:
        context.close()
    assert not errors, errors


def test_the_heuristic_select_names_heuristics_in_the_page_language(
    browser: Any, server_url: str
) -> None:
    """On a Spanish phone page the Heuristic select shows each heuristic by its
    translated label while its value (what goes to the server) stays the id; solving
    with the one chosen by its label works."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True, locale="es-AR"
    )
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda exc: errors.append(str(exc)))
        page.goto(f"{server_url}/?family=npuzzle&lang=es")
        page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        options = page.eval_on_selector_all(
            "[data-testid=heuristic] option", "os => os.map(o => [o.value, o.textContent])"
        )
        fam = families.get("npuzzle")
        assert [value for value, _ in options] == list(fam.heuristics)
        shown = dict(options)
        assert shown["manhattan"] == "Distancia Manhattan"
        assert all(text and text != value for value, text in options)
        open_setup(page)
        page.fill("[data-testid=board-text]", "1 2 3\n4 5 6\n0 7 8\n")
        page.click("[data-testid=load]")
        page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        page.select_option("[data-testid=heuristic]", label="Distancia Manhattan")
        assert page.input_value("[data-testid=heuristic]") == "manhattan"
        page.select_option("[data-testid=algorithm]", "astar")
        page.click("[data-testid=solve]")
        page.wait_for_function(
            "() => !document.querySelector('[data-testid=solve]').disabled"
            " && document.querySelectorAll('[data-role=move-list] li').length > 1"
        )
        assert len(move_texts(page)) == 2  # A* with Manhattan: optimal, two moves
        ARTIFACTS.mkdir(parents=True, exist_ok=True)
        page.locator("[data-testid=heuristic]").scroll_into_view_if_needed()
        page.screenshot(path=str(ARTIFACTS / "player-npuzzle-heuristic-es-phone.png"))
        # The watch panel names them alike; its second lane's longer labels still fit.
        watch = page.eval_on_selector_all(
            "select[data-watch=heur-a] option", "os => os.map(o => [o.value, o.textContent])"
        )
        assert watch == options
        page.locator("input[data-watch=compare]").first.check()
        page.wait_for_selector("select[data-watch=heur-b]:visible")
        assert page.evaluate("document.documentElement.scrollWidth") <= 390
    finally:
        context.close()
    assert not errors, errors


def test_random_board_shows_a_spinner_and_can_be_cancelled(page: Any, server_url: str) -> None:
    open_page(page, server_url, "rushhour")
    open_setup(page)
    # three walls: not in any database, so the puzzle is generated by search, and 45
    # moves takes seconds (time to cancel); without walls the bundled puzzles answer at once
    page.fill("[data-param=walls]", "3")
    page.fill("[data-param=min_moves]", "45")
    page.fill("[data-param=seconds]", "8")
    page.fill("[data-param=seed]", "5")
    page.click("[data-testid=random]")
    page.wait_for_selector("[data-testid=random].busy .spinner")
    assert page.is_disabled("[data-testid=random]")
    page.click("[data-testid=random-cancel]")
    page.wait_for_selector("[data-testid=setup-message].error")
    assert not page.is_disabled("[data-testid=random]")
    assert page.is_visible("[data-testid=setup]")  # the drawer stays open to try again


def test_the_page_is_labelled_and_keyboard_friendly(page: Any, server_url: str) -> None:
    """Every control has a name a screen reader says; Tab shows a visible focus ring;
    the test hooks are there."""
    open_page(page, server_url, "knight")
    for role in ("board", "move-list", "watch"):
        assert page.locator(f"[data-role={role}]").count() == 1
    unnamed = page.evaluate(
        "() => [...document.querySelectorAll('button, select, input, textarea')]"
        ".filter((e) => e.offsetParent !== null || e.closest('dialog[open]'))"
        ".filter((e) => !(e.getAttribute('aria-label') || e.textContent.trim()"
        " || e.labels?.length || e.title)).map((e) => e.outerHTML.slice(0, 80))"
    )
    assert not unnamed, unnamed
    page.focus("[data-testid=setup-open]")
    page.keyboard.press("Tab")  # to the board
    outline = page.evaluate(
        "() => { const s = getComputedStyle(document.activeElement);"
        " return [s.outlineStyle, parseFloat(s.outlineWidth)]; }"
    )
    assert outline[0] != "none" and outline[1] >= 2, outline
    assert played(page) == "none"


def test_a_link_with_a_bad_board_says_why_and_the_page_still_works(
    page: Any, server_url: str
) -> None:
    page.goto(f"{server_url}/?family=maze&board=S.x&lang=en")
    page.wait_for_selector("[data-testid=load-message].error")
    assert "unknown character" in page.inner_text("[data-testid=load-message]")
    assert not page.is_visible("[data-role=watch]")  # no board: no empty watch panel
    for hook in ("undo", "forward", "hint"):
        assert page.is_disabled(f"[data-testid={hook}]")
    page.focus("[data-role=board]")
    page.keyboard.press("ArrowRight")
    page.keyboard.press("u")
    open_setup(page)
    page.select_option("[data-testid=examples]", index=1)
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    assert not page.is_visible("[data-testid=setup]")
    assert counter(page) == (0, 0)
    page.wait_for_selector("[data-role=watch] [data-watch=step]")  # now there is one


def test_the_home_page_shows_every_family_with_its_board(page: Any, server_url: str) -> None:
    page.goto(server_url)
    cards = page.locator("[data-testid=cards] a.card")
    cards.first.wait_for()
    assert cards.count() == len(families.names())
    page.wait_for_function(
        "(n) => document.querySelectorAll('[data-testid=cards] svg.thumb .cells rect').length > 0"
        " && [...document.querySelectorAll('[data-testid=cards] svg.thumb')]"
        ".every((s) => s.querySelector('.cells rect'))",
        arg=len(families.names()),
    )
    shot(page, "player-home")
    cards.nth(1).click()
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
