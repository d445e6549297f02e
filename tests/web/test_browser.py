"""Browser tests: Playwright drives Debian's Chromium against one test server.

Each family's page is opened, a board solved, the animation played, a hint
used and followed with the mouse, and screenshots saved in test-artifacts/web/.
"""

from __future__ import annotations

import time
from pathlib import Path
from typing import Any

import pytest

from searchlab import families
from tests.web.browser_steps import (
    PLAYED,
    choose_example,
    click_cell,
    hint_and_follow,
    load_board,
    open_family,
    open_setup,
    play_animation,
    played,
    solve,
    wait_played,
)
from tests.web.conftest import screenshot

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("family", families.names())
def test_family_page_solve_animate_hint(page: Any, server_url: str, family: str) -> None:
    open_family(page, server_url, family)
    outcome = solve(page)
    assert outcome.startswith("Solved"), outcome
    last, listed = play_animation(page)
    assert last == listed >= 1
    assert page.locator("[data-testid=stats] tr").count() >= 5
    hint_and_follow(page)  # from step 1 of the solution, on the same board
    assert page.inner_text("[data-testid=counter]").startswith("move 2 / ")
    page.click("[data-testid=undo]")
    assert page.inner_text("[data-testid=counter]").startswith("move 1 / ")
    screenshot(page, f"{family}-player")


def test_index_lists_families(page: Any, server_url: str) -> None:
    page.goto(server_url)
    for name in families.names():
        page.wait_for_selector(f"[data-testid=families] a[data-family={name}]")


def test_maze_play_to_the_goal_with_hints(page: Any, server_url: str) -> None:
    open_family(page, server_url, "maze")
    for _ in range(40):
        if "Solved in" in page.inner_text("[data-testid=play-message]"):
            break
        hint_and_follow(page)
    assert "Solved in" in page.inner_text("[data-testid=play-message]")
    page.wait_for_selector("[data-testid=celebrate]:has-text('Solved!')")
    page.click("[data-testid=restart]")
    assert played(page) == "none"


def test_maze_bad_board_message(page: Any, server_url: str) -> None:
    open_family(page, server_url, "maze")
    open_setup(page)
    page.fill("[data-testid=board-text]", "S.x")
    page.click("[data-testid=load]")
    page.wait_for_selector("[data-testid=setup-message].error")
    assert "unknown character" in page.inner_text("[data-testid=setup-message]")
    assert "Loaded" in page.inner_text("[data-testid=load-message]")  # the board in play


def test_maze_random_board(page: Any, server_url: str) -> None:
    open_family(page, server_url, "maze")
    open_setup(page)
    before = page.input_value("[data-testid=board-text]")
    page.click("[data-testid=random]")
    page.wait_for_function(
        "(b) => document.querySelector('[data-testid=board-text]').value !== b", arg=before
    )
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")


def test_offline_replay_page(page: Any, tmp_path: Path) -> None:
    from searchlab.puzzles.maze import MazeProblem, parse_maze
    from searchlab.puzzles.maze.family import EXAMPLES
    from searchlab.search import solve as engine_solve
    from searchlab.web.replay import write_replay_html

    maze = parse_maze(EXAMPLES[0].text)
    r = engine_solve(MazeProblem(maze), "astar")
    out = write_replay_html(
        tmp_path / "replay.html", "maze", maze, r.actions, r.states, stats=r.stats.as_dict()
    )
    page.goto(out.as_uri())
    page.wait_for_selector("[data-testid=counter]")
    last, listed = play_animation(page)
    assert last == listed == r.length
    screenshot(page, "maze-replay")


def test_npuzzle_slide_a_tile_with_the_mouse(page: Any, server_url: str) -> None:
    open_family(page, server_url, "npuzzle")
    load_board(page, "1 2 3\n4 5 6\n7 0 8\n")
    click_cell(page, 2, 2)  # tile 8 slides left into the blank: solved
    page.wait_for_selector("[data-testid=play-message].good")
    assert played(page) == "8 \u2190"  # tile 8 went left
    page.click("[data-testid=undo]")
    click_cell(page, 0, 0)  # not next to the blank: nothing happens
    assert played(page) == "none"


def test_npuzzle_unsolvable_is_reported(page: Any, server_url: str) -> None:
    open_family(page, server_url, "npuzzle")
    choose_example(page, "unsolvable")
    page.wait_for_selector("[data-testid=load-message]:has-text('unsolvable')")
    assert solve(page).startswith("Impossible")


def test_peg_click_a_jump(page: Any, server_url: str) -> None:
    open_family(page, server_url, "peg")  # triangle of side 5, apex a1 empty
    click_cell(page, 2, 0)  # the peg on a3 (row 2, first hole): its one jump a3-a1 is played
    wait_played(page, "a3-a1")
    page.click("[data-testid=undo]")
    # A custom board drawn in the text format.
    load_board(page, "-o-\no.o\n-o-\n-o-\n")
    click_cell(page, 3, 1)  # the bottom peg has one jump (b4-b2)
    wait_played(page, "b4-b2")


def test_peg_impossible_answer(page: Any, server_url: str) -> None:
    open_family(page, server_url, "peg")
    choose_example(page, "french")
    page.wait_for_selector("[data-testid=load-message]:has-text('french')")
    assert solve(page).startswith("Impossible")


def test_knight_click_the_next_square(page: Any, server_url: str) -> None:
    open_family(page, server_url, "knight")  # 8x8 from the corner
    targets = page.locator("[data-testid=play-board] rect.cell.to")
    assert sorted(targets.nth(i).get_attribute("data-cell") for i in range(2)) == ["1,2", "2,1"]
    assert targets.count() == 2
    click_cell(page, 3, 3)  # not a knight move: nothing happens
    click_cell(page, 2, 1)
    wait_played(page, "b6")  # row 2, column 1 of 8x8: the chessboard's b6
    page.wait_for_selector("[data-testid=play-board] .over text:has-text('2')")
    page.wait_for_selector("[data-testid=play-board] rect.cell.to[data-cell='0,2']")
    page.click("[data-testid=undo]")
    assert played(page) == "none"


def test_knight_impossible_and_big_boards(page: Any, server_url: str) -> None:
    open_family(page, server_url, "knight")
    choose_example(page, "5x5-bad")
    page.wait_for_selector("[data-testid=load-message]:has-text('impossible')")
    outcome = solve(page)
    assert outcome.startswith("Impossible") and "colour" in outcome
    choose_example(page, "40x40")
    page.wait_for_selector("[data-testid=load-message]:has-text('40x40')")
    assert page.is_disabled("[data-testid=hint]")
    assert "400 squares" in page.inner_text("[data-testid=hint-note]")
    assert solve(page).startswith("Solved: 1599 moves")
    page.locator("ol.moves li").last.click()
    assert page.inner_text("[data-testid=counter]") == "move 1599 / 1599"
    points = page.get_attribute("[data-testid=play-board] .over :is(polyline, polygon)", "points")
    assert len(points.split()) == 1600
    assert page.locator("[data-testid=play-board] .over text").count() == 0  # no numbers
    screenshot(page, "knight-40x40")
    open_setup(page)
    page.fill("[data-testid=board-text]", "41x41")  # too large: a clear message
    page.click("[data-testid=load]")
    page.wait_for_selector("[data-testid=setup-message].error")
    assert "at most 1,600 cells" in page.inner_text("[data-testid=setup-message]")


def test_knight_tour_html_from_the_cli(page: Any, tmp_path: Path) -> None:
    from searchlab.cli.main import main

    out = tmp_path / "tour.html"
    assert (
        main(["knight", "tour", "--size", "6x6", "--start", "2,3", "--closed", "--html", str(out)])
        == 0
    )
    page.goto(out.as_uri())
    page.wait_for_selector("[data-testid=counter]")
    last, listed = play_animation(page)
    assert last == listed == 35
    page.locator("ol.moves li").last.click()
    page.wait_for_selector("[data-testid=player-board] .over polygon")  # the tour closes
    assert page.locator("[data-testid=player-board] .over text").count() == 36
    screenshot(page, "knight-replay")


def test_home_page_shows_no_dead_copy_of_the_player(page: Any, server_url: str) -> None:
    """Before a family is chosen the player is hidden (CSS must not override ``hidden``)."""
    page.goto(server_url)
    page.wait_for_selector("[data-testid=families] a")
    assert not page.is_visible("#main")
    assert not page.is_visible("[data-testid=solve]")


def test_loading_another_board_drops_the_running_solve(page: Any, server_url: str) -> None:
    """A solve still running when another board is loaded is cancelled, and its answer
    never shows under the new board."""
    open_family(page, server_url, "npuzzle")
    page.select_option("[data-testid=algorithm]", "iddfs")  # minutes on a 31-move board
    choose_example(page, "hardest")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    page.click("[data-testid=solve]")
    page.wait_for_selector("[data-testid=cancel]:not([disabled])")
    choose_example(page, "easy")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    assert page.is_disabled("[data-testid=cancel]")
    page.wait_for_timeout(1500)
    assert "Solved" not in page.inner_text("[data-testid=progress]")
    assert page.locator("[data-testid=stats] tr").count() == 0


@pytest.mark.parametrize("family", families.names())
def test_phone_layout_fits_the_screen(page: Any, server_url: str, family: str) -> None:
    """At 390x844 nothing is wider than the screen, the board comes first and takes
    the width (at least 85% of it); one board plays and replays."""
    page.set_viewport_size({"width": 390, "height": 844})
    open_family(page, server_url, family)
    assert solve(page).startswith("Solved")
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, width
    assert page.locator("[data-testid=board-area] svg.board").count() == 1
    board = page.locator("[data-testid=play-board]").bounding_box()
    assert board is not None and board["width"] >= 0.85 * 390, board
    screenshot(page, f"{family}-phone")


def test_animation_does_not_scroll_the_page(page: Any, server_url: str) -> None:
    open_family(page, server_url, "npuzzle")
    choose_example(page, "hardest")
    page.wait_for_selector("[data-testid=load-message]:has-text('Loaded')")
    assert solve(page).startswith("Solved")
    page.set_viewport_size({"width": 1280, "height": 500})  # the list below the fold
    page.click("[data-testid=play]")
    page.evaluate("window.scrollTo(0, 0)")  # the user scrolls up to watch the board
    page.wait_for_timeout(800)
    assert page.evaluate("window.scrollY") == 0


def test_api_docs_page_works_offline(page: Any, server_url: str) -> None:
    """/docs lists every route from /openapi.json (the page fixture fails on any request
    leaving the machine)."""
    page.goto(server_url + "/docs")
    page.wait_for_selector("[data-testid=route]")
    assert page.locator("[data-testid=route]").count() >= 8
    assert "time_limit" in page.inner_text("[data-testid=api-docs]")
    screenshot(page, "api-docs")


def test_statistics_follow_the_solution_board(page: Any, server_url: str) -> None:
    """On desktop the solution's board comes first; the statistics fold below it."""
    open_family(page, server_url, "maze")
    assert solve(page).startswith("Solved")
    board = page.locator("[data-testid=play-board]").bounding_box()
    stats = page.locator("[data-testid=stats-box]").bounding_box()
    assert board["y"] < stats["y"]
    assert not page.locator("[data-testid=stats]").is_visible()  # folded
    page.click("[data-testid=stats-box] summary")
    assert page.locator("[data-testid=stats] tr").count() >= 5


def test_maze_walker_moves_with_the_arrow_keys(page: Any, server_url: str) -> None:
    open_family(page, server_url, "maze")
    load_board(page, "S..\n##.\nG..\n")
    page.focus("[data-testid=play-board]")
    for k in ("ArrowRight", "ArrowRight", "ArrowDown", "ArrowDown", "ArrowLeft", "ArrowLeft"):
        before = played(page)
        page.keyboard.press(k)
        page.wait_for_function(f"(b) => ({PLAYED})() !== b", arg=before)
    page.wait_for_selector("[data-testid=play-message].good")
    assert played(page) == "\u2192 \u2192 \u2193 \u2193 \u2190 \u2190"


def test_leaving_the_page_cancels_its_solve(page: Any, server_url: str) -> None:
    """A reload sends the page's leave beacon: its running solve is cancelled."""
    open_family(page, server_url, "npuzzle")
    korf1 = (
        "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"
    )
    load_board(page, korf1)  # 57 moves: a long BFS
    page.select_option("[data-testid=algorithm]", "bfs")
    with page.expect_response("**/api/npuzzle/solve") as answer:
        page.click("[data-testid=solve]")
    job = answer.value.json()["job"]
    page.wait_for_selector("[data-testid=progress]:has-text('expanded')")
    page.reload()
    deadline = time.monotonic() + 15
    snap: dict[str, Any] = {}
    while time.monotonic() < deadline:
        snap = page.request.get(f"{server_url}/api/jobs/{job}").json()
        if snap["state"] in ("done", "failed"):
            break
        time.sleep(0.1)
    assert snap["cancelled"] and snap["state"] in ("done", "failed"), snap


def test_the_page_in_spanish_and_the_language_switch(browser: Any, server_url: str) -> None:
    """A Spanish browser (Accept-Language: es) gets the page in Spanish; the switch in
    the header changes it and is remembered."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000}, locale="es-ES")
    page = context.new_page()
    try:
        page.goto(f"{server_url}/?family=npuzzle")
        page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
        assert page.inner_text("[data-testid=solve]") == "Resolver"
        assert page.locator("html").get_attribute("lang") == "es"
        page.click("[data-testid=solve]")
        page.wait_for_selector("[data-testid=progress]:has-text('Resuelto')")
        screenshot(page, "npuzzle-spanish")
        page.select_option("[data-testid=language]", "en")
        page.wait_for_selector("[data-testid=solve]:has-text('Solve')")
        page.goto(f"{server_url}/?family=maze")
        page.wait_for_selector("[data-testid=solve]:has-text('Solve')")
    finally:
        context.close()


def test_a_triangle_is_drawn_packed_and_played_where_it_is_drawn(
    page: Any, server_url: str
) -> None:
    """A triangular peg board's rows are offset (each hole midway between the two under
    it, side by side in its row), and the cells clicked are where the holes are drawn:
    every peg's disc lies on its own cell, and a real mouse drag plays a jump."""
    open_family(page, server_url, "peg")
    load_board(page, "board: triangle5")
    page.keyboard.press("Escape")
    r = page.request.post(f"{server_url}/api/peg/moves", data={"board": "board: triangle5"})
    move = r.json()["moves"][0]
    centres = {}
    for piece in page.locator("[data-testid=play-board] g.pieces > g").all():
        box = piece.bounding_box()
        x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        under = page.evaluate(
            "([x, y]) => document.elementsFromPoint(x, y)"
            ".map((e) => e.dataset && e.dataset.cell).find(Boolean)",
            [x, y],
        )
        rr, cc = map(int, under.split(","))
        centres[(rr, cc)] = (x, y)
    assert len(centres) == 14  # one disc per peg, each on its own cell
    for (rr, cc), (x, y) in centres.items():
        left, right = centres.get((rr + 1, cc)), centres.get((rr + 1, cc + 1))
        if left and right:  # packed: halfway between the two holes under it, and
            assert abs(x - (left[0] + right[0]) / 2) < 1.5  # a row apart as holes are
            assert abs((right[0] - left[0]) - (left[1] - y)) < 1.5  # side by side
    x0, y0 = centres[tuple(move["grab"][0])]
    box = page.locator(
        f"[data-testid=play-board] [data-cell='{move['to'][0]},{move['to'][1]}']"
    ).bounding_box()
    page.mouse.move(x0, y0)
    page.mouse.down()
    page.mouse.move(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2, steps=4)
    page.mouse.up()
    wait_played(page, move["label"])
    screenshot(page, "peg-triangle")
