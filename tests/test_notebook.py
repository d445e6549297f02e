"""searchlab.notebook: solutions shown as the replay player in an iframe."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from searchlab import families
from searchlab.notebook import Solution, compare, experiment, iframe, solve
from searchlab.web.replay import POST_HEIGHT, board_size


class Frames(HTMLParser):
    """The attributes of every <iframe> in a piece of HTML."""

    def __init__(self) -> None:
        super().__init__()
        self.frames: list[dict[str, str | None]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "iframe":
            self.frames.append(dict(attrs))


def frames(text: str) -> list[dict[str, str | None]]:
    parser = Frames()
    parser.feed(text)
    return parser.frames


def payload(page: str) -> dict[str, object]:
    m = re.search(r'<script type="application/json" id="solution">(.*?)</script>', page, re.S)
    assert m
    data: dict[str, object] = json.loads(m[1].replace("<\\/", "</"))
    return data


def test_solution_shows_the_replay_player_in_a_sandboxed_iframe() -> None:
    sol = solve("npuzzle", "1 2 3\n4 5 6\n7 0 8")
    assert isinstance(sol, Solution) and sol.solved and sol.moves == ["R"]
    out = sol._repr_html_()
    [frame] = frames(out)
    assert frame["sandbox"] == "allow-scripts"
    page = frame["srcdoc"]
    assert page is not None and page == sol.html(compact=True)  # the attribute round-trips
    assert 'import { createPlayer } from "searchlab/player.js"' in page
    assert '"searchlab/player.js":"data:text/javascript;base64,' in page.replace(" ", "")
    assert payload(page)["moves"] == ["R"]
    assert POST_HEIGHT in page and "<header>" not in page
    assert frame["id"] and f'getElementById("{frame["id"]}")' in out  # the resize listener
    assert "1 expanded" in out  # the one-line summary under the frame


@pytest.mark.parametrize("family", families.names())
def test_every_family_example_replays_with_its_moves(family: str) -> None:
    fam = families.get(family)
    sol = solve(family, fam.examples[0].text, time_limit=30)
    assert sol.solved
    [frame] = frames(sol._repr_html_())
    data = payload(str(frame["srcdoc"]))
    assert data["moves"] == sol.moves == [str(a) for a in sol.result.actions]
    assert isinstance(data["frames"], list) and len(data["frames"]) == len(sol.moves) + 1
    height = int(re.search(r"height:(\d+)px", str(frame["style"]))[1])  # type: ignore[index]
    assert height > board_size(fam.base_view(sol.instance))[1]


def test_unsolved_shows_the_start_board_and_why() -> None:
    sol = solve("npuzzle", "8 6 7\n2 5 4\n3 0 1", "astar", max_expansions=5)
    assert not sol.solved and sol.moves == []
    out = sol._repr_html_()
    assert not frames(out) and out.startswith("<svg")
    assert "no solution to replay" in out and "max expansions limit" in out


def test_board_objects_titles_and_saved_pages(tmp_path: Path) -> None:
    fam = families.get("maze")
    maze = fam.read("S.#\n..G\n")
    sol = solve("maze", maze, "bfs", title='<b>"maze"</b>')
    assert sol.instance is maze and len(sol.moves) == 3
    assert repr(sol).startswith("<Solution maze: bfs: solved") and repr(sol).endswith("; D R R>")
    [frame] = frames(sol._repr_html_())
    assert "&lt;b&gt;&quot;maze&quot;&lt;/b&gt;" in str(frame["srcdoc"])
    page = sol.save(tmp_path / "s.html").read_text(encoding="utf-8")
    assert "<header><h1>searchlab replay</h1>" in page and POST_HEIGHT not in page


def test_iframe_escapes_the_page() -> None:
    page = '<p title="a">it\'s & "quoted"</p>'
    [frame] = frames(iframe(page, height=100))
    assert frame["srcdoc"] == page


def test_notebook_exports_the_result_tables() -> None:
    from searchlab.experiments import compare as c
    from searchlab.experiments import experiment as e

    assert compare is c and experiment is e
