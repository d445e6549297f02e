"""The watch's pseudocode (searchlab.web.pseudocode): one listing per engine algorithm,
and a line for every moment a trace of that algorithm records."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab import families
from searchlab.search import ALGORITHMS
from searchlab.web import pseudocode, watch_trace

MAZE = "S..#....\n.#.#.##.\n.#...#..\n.####.#.\n......#G\n"
WALLED = "S.#\n.##\n#.G\n"  # no way to the goal


def moments(trace: dict[str, Any], has_pass: bool) -> set[str]:
    """The pseudocode moment of each step, as watch.js computes it (codeMark)."""
    out = set()
    last = len(trace["steps"]) - 1
    for i, st in enumerate(trace["steps"]):
        if i == last and trace["status"] == "no_solution":
            out.add("fail")
        elif st["node"] is None:
            out.add("start")
        elif st.get("goal"):
            out.add("goal")
        elif has_pass and st["depth"] == 0:
            out.add("pass")
        else:
            out.add("expand")
    return out


def test_every_engine_algorithm_has_a_listing_with_its_moments() -> None:
    assert set(pseudocode.PSEUDOCODE) == set(ALGORITHMS)
    for name, lines in pseudocode.PSEUDOCODE.items():
        marks = [ln.mark for ln in lines if ln.mark]
        assert set(marks) <= set(pseudocode.MARKS), name
        assert len(marks) == len(set(marks)), f"{name}: a moment marks two lines"
        assert {"start", "expand", "goal", "fail"} <= set(marks), name
        assert lines[0].text.startswith("function "), name


@pytest.mark.parametrize("board", [MAZE, WALLED])
def test_each_recorded_moment_has_its_line(board: str) -> None:
    fam = families.get("maze")
    instance = fam.read(board)
    for algorithm in watch_trace.watch_algorithms(fam):
        trace = watch_trace.record(fam, instance, algorithm, "manhattan")
        lines = pseudocode.PSEUDOCODE[algorithm]
        marked = {ln.mark for ln in lines}
        seen = moments(trace, "pass" in marked)
        assert seen <= marked, (algorithm, seen - marked)
        assert ("goal" in seen) == (trace["status"] == "solved"), algorithm


def test_the_listings_follow_the_language() -> None:
    en, es = pseudocode.listings("en"), pseudocode.listings("es")
    assert en["bfs"][0]["text"].startswith("function BREADTH-FIRST-SEARCH")
    assert es["bfs"][0]["text"].startswith("función ")
    for name in en:
        assert [ln["mark"] for ln in en[name]] == [ln["mark"] for ln in es[name]]
        assert all(a["text"] != b["text"] for a, b in zip(en[name], es[name], strict=True)), name
