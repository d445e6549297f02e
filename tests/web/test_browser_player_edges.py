"""Rough edges of the player a user met (the web player's review): moves that landed
a few pixels off their target, messages out of view, a failed load that relabelled the
board still in play, the keyboard's focus dropped by a control that turned disabled.
Every page fails its test on a JavaScript error or a request leaving the machine."""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import Any

import pytest

from searchlab import families
from tests.web.browser_steps import choose_example, open_setup
from tests.web.test_browser_player import counter, open_page, play_by_mouse, position, wait_step

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.fixture
def phone(browser: Any, server_url: str) -> Iterator[Any]:
    """A 390x844 touch screen; fails the test on a JavaScript error."""
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    page.set_default_timeout(20_000)
    yield page
    context.close()
    assert not errors, f"JavaScript errors: {errors}"


def cell(rc: list[int] | tuple[int, int]) -> str:
    return f"[data-role=board] [data-cell='{rc[0]},{rc[1]}']"


def off_target(
    base: dict[str, Any], moves: list[dict[str, Any]], move: dict[str, Any]
) -> list[int]:
    """A square at least two columns off ``move``'s target, nearer to it than to any other
    target or to the piece: where a finger points at the peg rather than its square."""
    rows, cols = base["rows"], base["cols"]

    def apart(a: list[int], b: list[int]) -> float:
        return math.hypot(a[0] - b[0], a[1] - b[1])

    reach = min(apart(g, move["to"]) for g in move["grab"])
    for c in range(cols):
        for r in range(rows):
            sq = [r, c]
            d = apart(sq, move["to"])
            if (
                sq != move["to"]
                and abs(c - move["to"][1]) >= 2
                and d <= reach
                and d < min(apart(g, sq) for g in move["grab"])
                and all(d < apart(sq, m["to"]) for m in moves if m is not move)
            ):
                return sq
    raise AssertionError("no square to point at")


def test_a_hanoi_disk_goes_to_the_peg_pointed_at_not_only_its_small_square(
    phone: Any, server_url: str
) -> None:
    """On a phone a Tower of Hanoi target is a 14-pixel square: a tap anywhere over the
    other peg, or a drop there, plays the move; a tap beside the disk plays nothing."""
    page = phone
    open_page(page, server_url, "hanoi")
    board = page.input_value("[data-testid=board-text]")
    start = position(page, server_url, "hanoi", board)
    base = page.request.post(f"{server_url}/api/hanoi/validate", data={"board": board}).json()[
        "base"
    ]
    several = [m for m in start["moves"] if m["grab"] == start["moves"][0]["grab"]]
    assert len(several) >= 2  # the top disk has two pegs to go to: it is selected first
    move = several[0]
    page.tap(cell(move["grab"][0]))
    page.wait_for_selector("[data-role=board] g.piece.selected")
    beside = [move["grab"][0][0], max(0, move["grab"][0][1] - 1)]
    if beside not in move["grab"]:  # beside the disk, on its own peg: nothing happens
        page.tap(cell(beside))
        page.wait_for_selector("[data-role=board] g.piece.selected", state="detached")
        assert counter(page) == (0, 0)
        page.tap(cell(move["grab"][0]))
        page.wait_for_selector("[data-role=board] g.piece.selected")
    page.tap(cell(off_target(base, several, move)))
    wait_step(page, 1)
    assert page.locator("[data-role=move-list] li").nth(1).inner_text().endswith(move["label"])

    # A mouse drag dropped over the peg, off its square, plays the move too.
    page.click("[data-testid=undo]")
    wait_step(page, 0)
    other = several[1]
    grab = page.locator(cell(other["grab"][0])).bounding_box()
    drop = page.locator(cell(off_target(base, several, other))).bounding_box()
    page.mouse.move(grab["x"] + grab["width"] / 2, grab["y"] + grab["height"] / 2)
    page.mouse.down()
    page.mouse.move(drop["x"] + drop["width"] / 2, drop["y"] + drop["height"] / 2, steps=4)
    page.mouse.up()
    wait_step(page, 1)
    assert page.locator("[data-role=move-list] li").nth(1).inner_text().endswith(other["label"])


@pytest.mark.parametrize("family", families.names())
def test_the_hint_and_move_messages_are_on_a_laptops_first_screen(
    browser: Any, server_url: str, family: str
) -> None:
    """At 1280x800 the line under the board ("Try 7 ←", "Solved in 12 moves!", an
    error) was 24 px below the window's edge: a hint outlined a piece and said nothing."""
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    try:
        page = context.new_page()
        open_page(page, server_url, family)
        page.click("[data-testid=hint]")
        page.wait_for_function(
            "() => { const m = document.querySelector('[data-testid=play-message]');"
            " return m.textContent && !m.textContent.includes('…'); }"
        )
        box = page.locator("[data-testid=play-message]").bounding_box()
        assert box["y"] >= 0 and box["y"] + box["height"] <= 800, box
    finally:
        context.close()


def test_a_board_that_fails_to_load_leaves_the_one_in_play_described(
    phone: Any, server_url: str
) -> None:
    """A bad board typed in the drawer: the drawer says why (in Spanish here); closed,
    the line under the title still describes the board in play, which still plays.
    Before, that line turned into the red error over a board it did not describe."""
    page = phone
    page.goto(f"{server_url}/?family=hanoi&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    described = page.inner_text("[data-testid=load-message]")
    assert described.startswith("Cargado")
    open_setup(page)
    page.fill("[data-testid=board-text]", "garbage ###")
    page.click("[data-testid=load]")
    page.wait_for_selector("[data-testid=setup-message].error")
    assert "discos" in page.inner_text("[data-testid=setup-message]")
    page.click("[data-testid=setup-close]")
    page.wait_for_selector("[data-testid=setup]", state="hidden")
    assert page.inner_text("[data-testid=load-message]") == described
    assert page.locator("[data-testid=load-message].error").count() == 0
    board = page.input_value("[data-testid=board-text]")
    assert board == "garbage ###"  # the text stays in the drawer, to be corrected
    moves = position(page, server_url, "hanoi", "3")["moves"]
    page.tap(cell(moves[0]["grab"][0]))
    page.wait_for_selector("[data-role=board] g.piece.selected")
    page.tap(cell(moves[0]["to"]))
    wait_step(page, 1)


def active(page: Any) -> str:
    return str(page.evaluate("document.activeElement.dataset.testid || document.activeElement.id"))


def test_the_keyboard_focus_survives_a_control_turning_disabled(page: Any, server_url: str) -> None:
    """Enter on Undo back to the start, or on Redo to the end, or on Solve, disabled the
    focused button and the focus fell to the page: the next Enter or Tab started from
    the top. Now it goes to the opposite control."""
    open_page(page, server_url, "npuzzle")
    board = page.input_value("[data-testid=board-text]")
    move = position(page, server_url, "npuzzle", board)["moves"][0]
    page.click(cell(move["grab"][0]))
    wait_step(page, 1)
    page.focus("[data-testid=undo]")
    page.keyboard.press("Enter")
    wait_step(page, 0)
    assert active(page) == "redo"
    page.keyboard.press("Enter")
    wait_step(page, 1)
    assert active(page) == "undo"
    page.focus("[data-testid=restart]")
    page.keyboard.press("Enter")
    wait_step(page, 0)
    assert active(page) == "end"
    page.focus("[data-testid=solve]")
    page.keyboard.press("Enter")
    page.wait_for_selector("[data-testid=progress].good")
    assert active(page) == "solve"  # through Cancel while it ran, back when it ended
    page.keyboard.press("Enter")  # and Enter solves again
    page.wait_for_selector("[data-testid=progress].good")
    assert active(page) == "solve"


def test_the_clock_stops_when_a_solution_replaces_the_game(page: Any, server_url: str) -> None:
    """One move by hand started the clock, Solve replaced the game by the solution, and
    the clock ran on through its replay and forever after. It now starts again at 0:00
    with the next move played by hand."""
    open_page(page, server_url, "npuzzle")
    board = page.input_value("[data-testid=board-text]")
    move = position(page, server_url, "npuzzle", board)["moves"][0]
    page.click(cell(move["grab"][0]))
    wait_step(page, 1)
    page.wait_for_function("() => document.querySelector('#timer-text').textContent !== '0:00'")
    page.click("[data-testid=solve]")
    page.wait_for_selector("[data-testid=progress].good")
    assert page.inner_text("#timer-text") == "0:00"
    _, last = counter(page)
    page.click("[data-testid=play]")  # the replay takes over a second at 3 moves/s
    wait_step(page, last)
    assert page.inner_text("#timer-text") == "0:00"
    page.click("[data-testid=back]")  # a move by hand from there starts it again
    wait_step(page, last - 1)
    page.wait_for_selector("[data-role=board] :is(rect.to, rect.grab, rect.grab-piece)")
    page.locator("[data-role=board] :is(rect.grab, rect.grab-piece)").first.click()
    wait_step(page, last)
    page.wait_for_function("() => document.querySelector('#timer-text').textContent !== '0:00'")


def test_the_statistics_name_the_outcome_in_the_pages_language(page: Any, server_url: str) -> None:
    """In Spanish every statistic's name was translated but its status read 'solved' or
    'impossible'; it now reads as the command line's tables do."""
    page.goto(f"{server_url}/?family=npuzzle&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    words = {"solved": "resuelto", "impossible": "imposible"}
    for example, status in (("easy", "solved"), ("unsolvable", "impossible")):
        choose_example(page, example)
        page.wait_for_selector("[data-testid=setup]", state="hidden")
        page.click("[data-testid=solve]")
        page.wait_for_selector("[data-testid=stats-box]:not([hidden])")
        row = page.locator("[data-testid=stats] tr:has(td:text-is('estado')) td").nth(1)
        assert row.text_content() == words[status]


def test_the_solve_panel_names_algorithms_as_the_watch_does(page: Any, server_url: str) -> None:
    """The Solve panel listed 'astar', 'wastar', 'bibfs' while the watch panel under it
    said 'A*', 'A* ponderado', 'BFS bidireccional'; both now say the latter."""
    page.goto(f"{server_url}/?family=npuzzle&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    page.wait_for_selector("[data-role=watch] select option", state="attached")

    def labels(select: str) -> dict[str, str]:
        return dict(
            page.evaluate(
                "(s) => [...document.querySelector(s).options].map((o) => [o.value, o.text])",
                select,
            )
        )

    solve = labels("[data-testid=algorithm]")
    watch = labels("[data-role=watch] select")
    assert solve["wastar"] == "A* ponderado" and solve["astar"] == "A*"
    shared = set(solve) & set(watch)
    assert {"astar", "bfs", "wastar", "greedy", "bibfs"} <= shared
    assert all(solve[a] == watch[a] for a in shared)
    assert solve["auto"] == "auto"  # the family's own solver keeps the name its notes use
    page.select_option("[data-testid=algorithm]", "wastar")  # the value is still the name
    page.click("[data-testid=solve]")
    page.wait_for_selector("[data-testid=progress].good:has-text('Resuelto')")


@pytest.mark.parametrize("family", families.names())
def test_a_phones_header_shows_the_open_familys_tab_whole(
    phone: Any, server_url: str, family: str
) -> None:
    """In Spanish the open family's tab ("Solitario (Senku o Come solo)") was wider than
    a phone's header and showed as "ario (Senku o Come", cut at both ends; then a strip
    showed one family and no cue that there were others. A phone's header now has a
    "Rompecabezas ▾" button (issue 37) that opens every family's name whole."""
    page = phone
    page.goto(f"{server_url}/?family={family}&lang=es")
    toggle = page.locator("[data-testid=families-toggle]")
    toggle.wait_for(state="visible")
    # the page's strings arrive after it is drawn: wait for the Spanish, do not race it
    page.wait_for_function(
        "() => document.querySelector('[data-testid=families-toggle]')"
        ".innerText.startsWith('Rompecabezas')"
    )
    assert not page.is_visible("#families a.active")
    toggle.tap()
    assert toggle.get_attribute("aria-expanded") == "true"
    page.wait_for_selector("#families a.active")
    names = page.locator("#families a").all_inner_texts()
    assert len(names) == len(families.names())
    nav, tab = page.evaluate(
        "() => [document.getElementById('families'), document.querySelector('#families a.active')]"
        ".map((e) => { const r = e.getBoundingClientRect(); return [r.left, r.right]; })"
    )
    assert nav[0] <= tab[0] and tab[1] <= nav[1], (nav, tab)
    title = page.get_attribute("#families a.active", "title")
    assert title and title == page.text_content("[data-testid=board-area] h1")
    assert (
        page.evaluate("document.querySelector('#families a.active').scrollWidth")
        <= tab[1] - tab[0] + 1
    )
    page.keyboard.press("Escape")  # closes, the focus back on the button
    assert toggle.get_attribute("aria-expanded") == "false"
    assert not page.is_visible("#families a.active")


def test_a_hint_at_a_dead_end_says_why_in_spanish(page: Any, server_url: str) -> None:
    """At a peg solitaire dead end the hint said why in English on a Spanish page (or in
    the language of whichever page a server worker had served last)."""
    page.goto(f"{server_url}/?family=peg&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    board = page.input_value("[data-testid=board-text]")
    state = None
    while True:  # follow the first move until the hint has none (a dead end)
        pos = position(page, server_url, "peg", board, state)
        move = pos["moves"][0]
        step, _ = counter(page)
        play_by_mouse(page, move)
        wait_step(page, step + 1)
        state = move["state"]
        r = page.request.post(f"{server_url}/api/peg/hint", data={"board": board, "state": state})
        if r.json()["move"] is None and position(page, server_url, "peg", board, state)["moves"]:
            break
    page.click("[data-testid=hint]")
    page.wait_for_selector("[data-testid=play-message].error:has-text('no hay solución')")


@pytest.mark.parametrize("family", families.names())
def test_a_random_puzzles_field_out_of_range_is_named_in_the_pages_words(
    page: Any, server_url: str, family: str
) -> None:
    """A random puzzle's number typed out of its range came back from the server as
    "min_moves must be an integer from 1 to 60, got -5", in English on a Spanish page,
    naming a parameter the page calls "al menos (movimientos)"."""
    page.goto(f"{server_url}/?family={family}&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    open_setup(page)
    field = page.locator("#random-params label:has(input[type=number][min])").first
    name = field.locator("span").inner_text()
    field.locator("input").fill("-5")
    page.click("[data-testid=random]")
    message = page.locator("[data-testid=setup-message].error")
    message.wait_for()
    assert message.inner_text().startswith(f"{name} debe "), message.inner_text()
    assert " de " in message.inner_text() or " entre " in message.inner_text()
    assert page.evaluate("document.activeElement.getAttribute('aria-invalid')") is not None
    assert page.is_visible("[data-testid=setup]") and not page.is_disabled("[data-testid=random]")


def test_a_watched_search_that_hits_a_bound_says_which_in_words(page: Any, server_url: str) -> None:
    """The knight's tour opened the watch on BFS, which ended in green with "Stopped: the
    search is too large to watch here (max_nodes)". It opens on the family's own
    backtracking; BFS, chosen, ends saying how many nodes, not in a success's colour."""
    open_page(page, server_url, "knight")
    page.locator("[data-role=watch]").scroll_into_view_if_needed()  # it searches once shown
    page.wait_for_selector("[data-role=watch] [data-watch=step]")
    assert page.input_value("[data-role=watch] [data-watch=algo-a]") == "backtrack"
    page.goto(f"{server_url}/watch?family=knight&a=bfs&lang=es")
    page.wait_for_selector("[data-watch=step]")
    page.click("[data-watch=last]")
    status = page.locator(".watch-status:not([hidden])")
    status.wait_for()
    text = status.inner_text()
    assert text.startswith("Detenida tras ") and "nodos generados" in text, text
    assert "max_" not in text
    assert status.get_attribute("data-end") == "limit"
    colour = status.evaluate("(e) => getComputedStyle(e).color")
    assert colour != "rgb(27, 107, 97)"  # the success's green


@pytest.mark.parametrize("family", families.names())
def test_a_phone_turned_sideways_still_gets_a_board_to_play_on(
    browser: Any, server_url: str, family: str
) -> None:
    """At 844x390 (a phone in landscape) the board was sized to the height left under
    the header and toolbar: a 110-pixel 8-puzzle. It keeps at least 16rem (256 px) and
    the page scrolls for the rest."""
    context = browser.new_context(
        viewport={"width": 844, "height": 390}, has_touch=True, is_mobile=True
    )
    try:
        page = context.new_page()
        open_page(page, server_url, family)
        drawn = page.evaluate(
            "() => { const s = document.querySelector('[data-role=board]');"
            " const vb = s.viewBox.baseVal; const r = s.getBoundingClientRect();"
            " const k = Math.min(r.width / vb.width, r.height / vb.height);"
            " return [vb.width * k, vb.height * k]; }"
        )
        assert max(drawn) >= 250, drawn
        assert page.evaluate("document.documentElement.scrollWidth") <= 844
    finally:
        context.close()


def test_a_dead_end_names_the_button_that_goes_back(page: Any, server_url: str) -> None:
    """A knight stuck with squares left said "undo or reset", in Spanish "deshaga o
    reinicie", but no button resets: the one that goes back is "To the start"."""
    page.goto(f"{server_url}/?family=knight&lang=es")
    page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
    board = "3x3\nstart: 0,0\n"  # the centre is out of reach: the tour gets stuck
    open_setup(page)
    page.fill("[data-testid=board-text]", board)
    page.click("[data-testid=load]")
    page.wait_for_selector("[data-testid=setup]", state="hidden")
    state = None
    while moves := position(page, server_url, "knight", board, state)["moves"]:
        step, _ = counter(page)
        page.click(cell(moves[0]["to"]))
        wait_step(page, step + 1)
        state = moves[0]["state"]
    message = page.locator("[data-testid=play-message].error")
    message.wait_for()
    back = page.get_attribute("[data-testid=restart]", "aria-label")
    assert back and back.lower() in message.inner_text().lower(), (back, message.inner_text())


@pytest.mark.parametrize("lang", ["en", "es"])
def test_a_link_to_an_unknown_puzzle_says_so_over_the_cards(
    page: Any, server_url: str, lang: str
) -> None:
    page.goto(f"{server_url}/?family=solitaire&lang={lang}")
    page.locator("[data-testid=cards] a.card").first.wait_for()
    message = page.inner_text("[data-testid=intro-message]")
    assert "solitaire" in message
    assert ("below" if lang == "en" else "abajo") in message
    page.goto(f"{server_url}/?lang={lang}")  # the plain home page: no message
    page.locator("[data-testid=cards] a.card").first.wait_for()
    assert not page.is_visible("[data-testid=intro-message]")
