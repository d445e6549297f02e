"""SVG views, the state-graph picture and offline replay pages, for every family."""

from __future__ import annotations

import re
import threading
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from searchlab import families
from searchlab.view import merge, view_svg
from searchlab.web import service
from searchlab.web.replay import replay_html, write_replay_html
from searchlab.web.service import SolveRequest

NAMES = families.names()


def no_outside_urls(text: str) -> bool:
    urls = re.findall(r"(?:https?:)?//[\w.-]+", text)
    return all(u.endswith("www.w3.org") for u in urls)


@pytest.mark.parametrize("family", NAMES)
def test_every_example_draws_as_valid_svg(family: str) -> None:
    fam = families.get(family)
    for ex in fam.examples:
        instance = fam.parse(ex.text)
        view = merge(fam.base_view(instance), fam.state_view(instance, fam.initial(instance)))
        root = ET.fromstring(view_svg(view))
        assert root.tag.endswith("svg")


@pytest.mark.parametrize("family", NAMES)
def test_replay_page_is_self_contained(family: str, tmp_path: Path) -> None:
    fam = families.get(family)
    instance = fam.parse(fam.examples[0].text)
    sol = fam.run(instance, time_limit=30.0)
    assert sol.status == "solved"
    moves = [str(a) for a in sol.actions]
    out = write_replay_html(
        tmp_path / "r.html", family, instance, moves, sol.states, stats=sol.stats.as_dict()
    )
    html = out.read_text()
    assert no_outside_urls(html)
    assert "data:text/javascript;base64," in html and 'id="solution"' in html
    with pytest.raises(ValueError, match="one more"):
        replay_html(fam, instance, moves, sol.states[:-1])


def test_replay_payload_cannot_close_the_script() -> None:
    fam = families.get("maze")
    maze = fam.parse("S.G\n")
    html = replay_html(fam, maze, ["R", "R"], [0, 1, 2], title="</script><b>x</b>")
    assert "</script><b>" not in html


@pytest.mark.parametrize("family", [n for n in NAMES if families.get(n).engine is not None])
def test_graph_picture_is_valid_svg(family: str) -> None:
    fam = families.get(family)
    instance = fam.parse(fam.examples[0].text)
    algorithm = "bfs" if "bfs" in fam.algorithms else "astar"
    req = SolveRequest(
        algorithm,
        fam.heuristics[0] if fam.heuristics else "",
        30.0,
        1_000_000,
        threading.Event(),
        lambda s: None,
    )
    sol, rec, path = service.teach(fam, instance, req)
    picture = service.graph_picture(fam, instance, sol, rec, path, algorithm)
    ET.fromstring(picture)
    if sol.status == "solved":
        assert picture.count('stroke="#d62828"') >= sol.length


def test_every_vehicle_letter_has_its_own_colour() -> None:
    """Issue 13: letters 12 apart (C/O, D/P on card 40) shared a colour. Now no two letters
    share one, close hues differ in lightness, and none is near the red car's red."""
    from searchlab.puzzles.rushhour.views import car_colour

    colours = {}
    for k in range(26):
        hue, _sat, light = car_colour(chr(65 + k))[4:-1].split(",")
        colours[k] = (int(hue), int(light.strip(" %")))
    assert len(set(colours.values())) == 26
    for a in range(26):
        assert 25 <= colours[a][0] <= 335  # far from red
        for b in range(a + 1, 26):
            close = abs(colours[a][0] - colours[b][0]) < 15
            assert not close or colours[a][1] != colours[b][1], (chr(65 + a), chr(65 + b))
