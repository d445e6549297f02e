"""Browser tests of prediction and the tree (issue 37): prediction passes over steps with
one node to choose and takes any node tied on the key, naming the tie-break's pick; the
tree has an overview of everything, and the wheel zooms only when asked (ctrl, or the
"Pan and zoom" switch), never trapping the page's scroll."""

from __future__ import annotations

from typing import Any

import pytest

from tests.web.conftest import screenshot
from tests.web.test_watch_browser import ROOMS, lane, open_watch, phone  # noqa: F401

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_prediction_skips_one_choice_steps_and_accepts_ties(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze", board=ROOMS, a="astar")
    page.wait_for_selector("[data-watch=lane][data-algorithm=astar]")
    page.click("[data-watch=mode-predict]")
    # the start alone on the frontier, then a corridor: passed over
    assert int(page.get_attribute("[data-role=watch]", "data-step")) > 0
    assert "passed over" in page.inner_text("[data-watch=skipped]")
    tie_seen = False
    for _ in range(25):
        if page.locator("[data-watch=question]").count() == 0:
            break
        rows = page.locator("[data-watch=frontier] tbody tr.choice")
        if rows.count() == 0:  # no question here (the end)
            break
        assert rows.count() >= 2, "a question with one answer was asked"
        ranks = [rows.nth(i).get_attribute("data-rank") for i in range(rows.count())]
        fs = [rows.nth(i).locator("td").nth(3).inner_text() for i in range(rows.count())]
        best = ranks.index("0")
        tied = [i for i in range(len(fs)) if i != best and fs[i] == fs[best]]
        pick = tied[0] if tied else best
        rows.nth(pick).click()
        verdict = page.inner_text("[data-watch=verdict]")
        if tied:
            tie_seen = True
            assert verdict.startswith("Right: ") and "the tie-break takes" in verdict, verdict
            assert "ties go to the larger g" in page.inner_text("[data-watch=why]")
            screenshot(page, "watch-predict-tie")
        else:
            assert verdict == "Right!"
        page.click("[data-watch=next-question]")
    assert tie_seen, "no tie on this maze: pick another board for the test"
    score = page.inner_text("[data-watch=score]")
    right, asked = (int(w) for w in score.split() if w.isdigit())
    assert right == asked > 0


def inside(box: dict[str, float]) -> tuple[float, float]:
    """A point of ``box`` on the 1280x800 screen."""
    return box["x"] + box["width"] / 2, max(box["y"] + 20, min(box["y"] + box["height"] / 2, 780))


def test_the_wheel_scrolls_the_page_unless_asked_to_zoom(page: Any, server_url: str) -> None:
    page.set_viewport_size({"width": 1280, "height": 800})
    open_watch(page, server_url, family="maze", board=ROOMS, a="bfs")
    page.click("[data-watch=last]")
    tree = page.locator("[data-watch=tree]")
    tree.scroll_into_view_if_needed()
    page.evaluate("window.scrollTo(0, 200)")
    scale = tree.get_attribute("data-scale")
    box = tree.bounding_box()
    page.mouse.move(*inside(box))
    before = page.evaluate("scrollY")
    page.mouse.wheel(0, 300)
    page.wait_for_timeout(300)
    assert page.evaluate("scrollY") > before  # the page scrolled
    assert tree.get_attribute("data-scale") == scale  # the tree did not zoom
    box = tree.bounding_box()  # the page moved under the mouse
    page.mouse.move(*inside(box))
    page.keyboard.down("Control")
    page.mouse.wheel(0, -200)
    page.keyboard.up("Control")
    page.wait_for_timeout(200)
    assert tree.get_attribute("data-scale") != scale  # ctrl + wheel zooms
    # "Pan and zoom" gives the wheel to the tree
    page.click("[data-watch=tree-free]")
    assert page.get_attribute("[data-watch=tree-free]", "aria-pressed") == "true"
    zoomed, at = tree.get_attribute("data-scale"), page.evaluate("scrollY")
    box = tree.bounding_box()
    page.mouse.move(*inside(box))
    page.mouse.wheel(0, 200)
    page.wait_for_timeout(200)
    assert tree.get_attribute("data-scale") != zoomed and page.evaluate("scrollY") == at


def test_the_whole_tree_fits_its_view(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="npuzzle", a="bfs")
    page.click("[data-watch=last]")
    page.click("[data-watch=tree-all]")
    fits = page.evaluate(
        """() => {
          const svg = document.querySelector('[data-watch=tree]');
          const view = svg.getBoundingClientRect();
          const nodes = [...svg.querySelectorAll('g.tnode')]
            .filter((g) => g.style.display !== 'none');
          return nodes.length > 10 && nodes.every((g) => {
            const r = g.getBoundingClientRect();
            return r.left >= view.left - 1 && r.right <= view.right + 1
              && r.top >= view.top - 1 && r.bottom <= view.bottom + 1;
          });
        }"""
    )
    assert fits
    # it stays whole as the search is stepped
    page.click("[data-watch=first]")
    page.click("[data-watch=last]")
    screenshot(page, "watch-tree-whole")


def test_a_phone_swipe_over_the_tree_scrolls_the_page(
    phone: tuple[Any, Any],  # noqa: F811
    server_url: str,
) -> None:
    page, _ = phone
    open_watch(page, server_url, family="maze", board=ROOMS, a="bfs", lang="es")
    tree = page.locator("[data-watch=tree]")
    assert tree.evaluate("(e) => getComputedStyle(e).touchAction") == "pan-y"
    page.tap("[data-watch=tree-free]")
    assert tree.evaluate("(e) => getComputedStyle(e).touchAction") == "none"
    assert page.inner_text("[data-watch=tree-free]") == "Mover y acercar"
