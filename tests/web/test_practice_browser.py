"""Browser test of the practice page (Playwright, Debian's Chromium): answer questions one
at a time by mouse, keyboard and touch, see each checked at once with its worked
solution, the score kept, the watch linked; English and Spanish, desktop and phone."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab.teaching import exercises as E
from tests.web.conftest import screenshot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


@pytest.mark.parametrize(("width", "height", "lang"), [(1280, 800, "en"), (390, 844, "es")])
def test_practice_one_question_at_a_time(
    page: Any, server_url: str, width: int, height: int, lang: str
) -> None:
    page.set_viewport_size({"width": width, "height": height})
    page.goto(f"{server_url}/practice?family=graph&seed=3&lang={lang}")
    page.wait_for_selector("[data-role=question] #picture svg")
    from searchlab import i18n

    i18n.use(lang)
    try:
        expected = E.generate(family="graph", seed=3, count=10)
    finally:
        i18n.use("en")
    assert page.text_content("#prompt") == expected[0].prompt
    # a right answer, typed and sent with Enter
    page.fill("#answer", expected[0].answer)
    page.press("#answer", "Enter")
    page.wait_for_selector("#verdict.ok")
    assert page.is_visible("#worked table")
    rows = page.locator("#worked tbody tr").count()
    assert rows == len(expected[0].rows)
    screenshot(page, f"practice-{lang}-{width}-right")
    # a wrong answer to the next question, by mouse (or finger on the phone)
    page.click("#next")
    assert page.text_content("#prompt") == expected[1].prompt
    page.fill("#answer", "Z Z Z 999")
    page.click("#check")
    page.wait_for_selector("#verdict.bad")
    score = page.text_content("#score")
    assert "1" in score and "2" in score
    screenshot(page, f"practice-{lang}-{width}-wrong")
    # the page fits the phone's width
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 1


def test_board_questions_link_to_the_watch(page: Any, server_url: str) -> None:
    page.goto(f"{server_url}/practice?family=maze&seed=1&lang=en")
    page.wait_for_selector("[data-role=question] #picture svg")
    href = page.get_attribute("#watch", "href")
    assert href and href.startswith("/watch?family=maze&board=")
    assert page.is_visible("#watch")
    page.goto(server_url + href)
    page.wait_for_selector("[data-watch=lane]")


def test_practice_by_touch_on_a_phone(browser: Any, server_url: str) -> None:
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda exc: errors.append(str(exc)))
    try:
        page.goto(f"{server_url}/practice?family=graph&seed=5&lang=en")
        page.wait_for_selector("[data-role=question] #picture svg")
        first = E.generate(family="graph", seed=5, count=10)[0]
        page.tap("#answer")
        page.fill("#answer", first.answer)
        page.tap("#check")
        page.wait_for_selector("#verdict.ok")
        page.tap("#next")
        assert page.text_content("#where") == "Question 2 of 10"
        page.tap("#new")  # a new set: the seed goes up, the score starts again
        page.wait_for_function("document.querySelector('#seed').value === '6'")
        page.wait_for_function(
            "document.querySelector('#score').textContent.startsWith('Score: 0 of 0')"
        )
    finally:
        context.close()
    assert not errors
