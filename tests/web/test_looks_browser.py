"""Browser tests of the looks (issue 37): the pressed "Draw walls" button stays readable
under the mouse, Spanish selects stay in their panels, reduced motion is honoured in
full, and the Tower of Hanoi uses a phone's height with finger-sized disks."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab import families
from tests.web.test_watch_browser import open_watch

pytestmark = [pytest.mark.browser, pytest.mark.slow]

CONTRAST = """(el) => {
  const rgb = (c) => c.match(/[\\d.]+/g).slice(0, 3).map(Number);
  const lum = (c) => { const v = rgb(c).map((x) => { x /= 255;
    return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4; });
    return 0.2126 * v[0] + 0.7152 * v[1] + 0.0722 * v[2]; };
  const s = getComputedStyle(el);
  const [a, b] = [lum(s.color), lum(s.backgroundColor)].sort((x, y) => y - x);
  return (a + 0.05) / (b + 0.05);
}"""

OVERFLOW = """() => [...document.querySelectorAll('select')]
  .filter((s) => s.offsetParent).filter((s) => {
  const p = s.closest('.panel, .watch-lane, .watch-setup, .watch-header, main, header')
    || document.body;
  const r = s.getBoundingClientRect(), q = p.getBoundingClientRect();
  return r.right > q.right + 0.5 || r.right > innerWidth;
}).map((s) => s.id)"""


def test_the_pressed_draw_button_is_readable_under_the_mouse(page: Any, server_url: str) -> None:
    open_watch(page, server_url, family="maze")
    page.click("[data-watch=draw]")
    page.hover("[data-watch=draw]")
    page.wait_for_timeout(100)
    assert page.locator("[data-watch=draw]").evaluate(CONTRAST) >= 3.0
    page.hover("h1")
    assert page.locator("[data-watch=draw]").evaluate(CONTRAST) >= 3.0


@pytest.mark.parametrize("size", [(1280, 800), (390, 844)])
def test_spanish_selects_stay_in_their_panels(browser: Any, server_url: str, size: Any) -> None:
    context = browser.new_context(viewport={"width": size[0], "height": size[1]})
    page = context.new_page()
    try:
        for name in families.names():
            page.goto(f"{server_url}/?family={name}&lang=es")
            page.wait_for_selector("[data-testid=load-message]:has-text('Cargado')")
            assert page.evaluate(OVERFLOW) == [], name
            page.goto(f"{server_url}/watch?family={name}&lang=es&compare=1")
            page.wait_for_selector("[data-watch=lane] >> nth=1")
            assert page.evaluate(OVERFLOW) == [], name
    finally:
        context.close()


def test_reduced_motion_stops_every_animation(browser: Any, server_url: str) -> None:
    context = browser.new_context(viewport={"width": 1280, "height": 800}, reduced_motion="reduce")
    page = context.new_page()
    moving = """() => [...document.querySelectorAll('*')].filter((e) => {
      const s = getComputedStyle(e);
      const secs = (v) => v.split(',').some((x) => parseFloat(x) > 0);
      return (s.animationName !== 'none' && secs(s.animationDuration))
        || secs(s.transitionDuration);
    }).map((e) => e.tagName + '.' + e.className)"""
    try:
        page.goto(f"{server_url}/?family=npuzzle")
        page.wait_for_selector("[data-testid=play-board] g.pieces g")
        page.click("[data-testid=setup-open]")  # the drawer slides in, without reduced motion
        assert page.evaluate(moving) == []
        page.goto(f"{server_url}/watch?family=npuzzle")
        page.wait_for_selector("[data-watch=lane] g.pieces g")
        assert page.evaluate(moving) == []
    finally:
        context.close()


def test_the_tower_uses_a_phones_height(browser: Any, server_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    try:
        page.goto(f"{server_url}/?family=hanoi&lang=es")
        page.wait_for_selector("[data-testid=play-board] g.pieces g")
        board = page.locator("[data-role=board]").bounding_box()
        disks = [g.bounding_box() for g in page.locator("[data-role=board] g.pieces > g").all()]
        assert board["height"] >= 200, board  # was a 374 x 126 strip
        assert all(d["height"] >= 44 for d in disks), disks  # a finger's target
        assert board["y"] + board["height"] <= 844
    finally:
        context.close()
