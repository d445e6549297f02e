"""The watch mode's routes: traces, walls, strings; bad input answers 4xx, bounds hold."""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from importlib.resources import files
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab import families
from searchlab.web import watch_trace
from searchlab.web.watch_api import ALL_MESSAGES as WATCH_MESSAGES
from searchlab.web.watch_api import MAX_BOARD

MAZE = "S....\n.###.\n.#...\n.#.#.\n...#G\n"


def trace(client: TestClient, **body: object) -> tuple[int, dict[str, object]]:
    body = {"family": "maze", "board": MAZE, "algorithm": "astar", **body}
    r = client.post("/api/watch/trace", json=body)
    return r.status_code, r.json()


def test_the_watchable_families_and_their_algorithms(client: TestClient) -> None:
    data = client.get("/api/watch/families").json()
    names = [f["name"] for f in data]
    assert names == [n for n in families.names() if families.get(n).engine is not None]
    for f in data:
        assert f["algorithms"] and "dls" not in f["algorithms"]
        assert f["examples"], f["name"]
        for ex in f["examples"]:
            fam = families.get(f["name"])
            watch_trace.check_size(fam, fam.read(ex["text"]))  # every example is small
    maze = next(f for f in data if f["name"] == "maze")
    assert {"bfs", "astar", "dfs", "ucs", "greedy", "wastar", "idastar"} <= set(maze["algorithms"])
    assert all(ex["walls"] for ex in maze["examples"])


@pytest.mark.parametrize("name", [n for n in families.names() if families.get(n).engine])
def test_every_family_traces(client: TestClient, name: str) -> None:
    fam = families.get(name)
    board = fam.examples[0].text
    offered = watch_trace.watch_algorithms(fam)
    # every algorithm is checked against the engine in test_watch_trace.py; here a few
    for algorithm in dict.fromkeys([offered[0], *(a for a in ("bfs", "astar") if a in offered)]):
        r = client.post(
            "/api/watch/trace", json={"family": name, "board": board, "algorithm": algorithm}
        )
        assert r.status_code == 200, (algorithm, r.text)
        data = r.json()
        assert data["steps"][0]["node"] is None and data["nodes"][0]["parent"] is None
        assert len(data["steps"]) <= watch_trace.MAX_STEPS + 2
        assert len(data["nodes"]) <= watch_trace.MAX_NODES + 200
        assert data["status"] in ("solved", "no_solution", "limit")


def test_a_maze_trace_colours_cells(client: TestClient) -> None:
    code, data = trace(client)
    assert code == 200 and data["grid"] and data["walls"]
    assert data["status"] == "solved" and data["cost"] == 8
    path = data["path"]
    assert isinstance(path, list) and len(path) == 9


@pytest.mark.parametrize(
    ("body", "code"),
    [
        ({"family": "chess"}, 404),
        ({"family": 3}, 422),
        ({"algorithm": "quantum"}, 422),
        ({"algorithm": "dls"}, 422),
        ({"heuristic": "psychic"}, 422),
        ({"board": "S#\n#G\nxx\n"}, 422),
        ({"board": ""}, 422),
        ({"board": "x" * (MAX_BOARD + 1)}, 422),
        ({"algorithm": "wastar", "weight": 0.5}, 422),
        ({"algorithm": "wastar", "weight": 1e9}, 422),
        # past 200 x 200 (a grid), the largest board watched
        ({"board": ("S" + "." * 200 + "\n") + ("." * 201 + "\n") * 198 + "." * 200 + "G\n"}, 422),
    ],
)
def test_bad_input_answers_4xx(client: TestClient, body: dict[str, object], code: int) -> None:
    status, data = trace(client, **body)
    assert status == code, data
    assert isinstance(data["detail"], str) and "\n" not in data["detail"]


def test_a_family_without_a_watchable_board_is_refused_cleanly(client: TestClient) -> None:
    r = client.post("/api/watch/trace", json={"family": "maze", "board": MAZE})
    assert r.status_code == 422  # no algorithm


def test_walls_are_drawn_and_cleared(client: TestClient) -> None:
    r = client.post(
        "/api/watch/walls",
        json={"family": "maze", "board": MAZE, "cells": [[0, 1], [0, 0], [4, 4]], "wall": True},
    )
    assert r.status_code == 200, r.text
    board = r.json()["board"]
    assert board.splitlines()[0] == "S#..."  # the start and the goal stay
    assert board.splitlines()[4].endswith("G")
    r = client.post(
        "/api/watch/walls",
        json={
            "family": "maze",
            "board": board,
            "cells": [[0, 1], [1, 1], [1, 2], [1, 3]],
            "wall": False,
        },
    )
    assert r.json()["board"].splitlines()[:2] == ["S....", "....."]
    code, data = trace(client, board=board, algorithm="bfs")
    assert code == 200 and data["status"] in ("solved", "no_solution")


@pytest.mark.parametrize(
    "body",
    [
        {"family": "maze", "board": MAZE, "cells": [[9, 9]], "wall": True},
        {"family": "maze", "board": MAZE, "cells": [[-1, 0]], "wall": True},
        {"family": "maze", "board": MAZE, "cells": [["a", 0]], "wall": True},
        {"family": "maze", "board": MAZE, "cells": [[0, 0]] * 50_000, "wall": True},
        {"family": "npuzzle", "board": "1 2 3 4 5 6 7 8 0", "cells": [[0, 0]], "wall": True},
        {"family": "nope", "board": MAZE, "cells": [], "wall": True},
    ],
)
def test_bad_walls_answer_4xx(client: TestClient, body: dict[str, object]) -> None:
    r = client.post("/api/watch/walls", json=body)
    assert 400 <= r.status_code < 500, r.text


def test_the_page_and_its_strings(client: TestClient) -> None:
    page = client.get("/watch?family=maze&lang=es")
    assert page.status_code == 200 and 'data-role="watch"' in page.text
    for path in ("/static/js/watch.js", "/static/watch.css"):
        assert client.get(path).status_code == 200
    es = client.get("/api/watch/i18n?lang=es").json()
    assert es["language"] == "es"
    assert es["messages"]["Predict the next step"] == "Predecir el siguiente paso"
    assert all(es["messages"][m] for m in WATCH_MESSAGES)
    assert client.get("/api/watch/i18n?lang=xx").json()["language"] == "en"


class _DataI18n(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.open = False
        self.texts: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.open = "data-i18n" in dict(attrs)

    def handle_data(self, data: str) -> None:
        if self.open and data.strip():
            self.texts.append(data.strip())
            self.open = False


def test_the_watch_page_asks_only_for_listed_strings() -> None:
    static = files("searchlab.web") / "static"
    js = "".join(
        (static / "js" / n).read_text()
        for n in ("watch.js", "names.js", "brush.js", "gridcanvas.js")
    )
    js += "".join(p.read_text() for p in (static / "js" / "watch").iterdir())  # its parts
    used = set(re.findall(r'\bt\(\s*"((?:[^"\\]|\\.)*)"', js))
    parser = _DataI18n()
    parser.feed((static / "watch.html").read_text())
    used |= set(parser.texts)
    assert used <= set(WATCH_MESSAGES), sorted(used - set(WATCH_MESSAGES))


NUMBERS = st.one_of(
    st.integers(min_value=-(10**30), max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True),
)
VALUES = st.recursive(
    st.one_of(st.none(), st.booleans(), NUMBERS, st.text(max_size=30)),
    lambda inner: st.lists(inner, max_size=3),
    max_leaves=6,
)
NAMES = [*families.names(), "nosuch"]
BOARDS = st.one_of(
    st.sampled_from([ex.text for n in families.names() for ex in families.get(n).examples[:2]]),
    st.text(max_size=120),
)


def fuzz_body(fields: dict[str, st.SearchStrategy[Any]]) -> st.SearchStrategy[dict[str, Any]]:
    return st.fixed_dictionaries({}, optional={k: st.one_of(v, VALUES) for k, v in fields.items()})


WATCH_REQUESTS = st.one_of(
    st.tuples(
        st.just("trace"),
        fuzz_body(
            {
                "family": st.sampled_from(NAMES),
                "board": BOARDS,
                "algorithm": st.sampled_from(["bfs", "astar", "wastar", "dls", "idastar", "x"]),
                "heuristic": st.sampled_from(["", "manhattan", "zero", "nope"]),
                "weight": NUMBERS,
            }
        ),
    ),
    st.tuples(
        st.just("walls"),
        fuzz_body(
            {
                "family": st.sampled_from(NAMES),
                "board": BOARDS,
                "cells": st.lists(st.tuples(NUMBERS, NUMBERS), max_size=4),
                "wall": st.booleans(),
            }
        ),
    ),
)


@settings(
    max_examples=150,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(request=WATCH_REQUESTS)
def test_fuzzed_bodies_never_get_a_server_error(
    client: TestClient, request: tuple[str, dict[str, Any]]
) -> None:
    route, body = request
    r = client.post(
        f"/api/watch/{route}",
        content=json.dumps(body),  # NaN and infinities as Python writes them
        headers={"content-type": "application/json"},
    )
    assert r.status_code < 500, (body, r.text)
    if r.status_code >= 400:
        detail = r.json()["detail"]
        assert isinstance(detail, str) and "\n" not in detail and "Traceback" not in detail


def test_each_family_opens_on_a_search_that_finishes(client: TestClient) -> None:
    """The watch opens every family on its first example and default algorithm, and that
    search finishes (peg solitaire opened on BFS, which stopped at the watch's limit; the
    knight's tours offer one engine algorithm, backtracking, and open on it)."""
    for f in client.get("/api/watch/families").json():
        fam = families.get(f["name"])
        own = [a for a in fam.algorithms if a in f["algorithms"]]
        assert f["default"] in f["algorithms"]
        if len(own) == 1:
            assert f["default"] == own[0], f["name"]
        body = {
            "family": f["name"],
            "board": f["examples"][0]["text"],
            "algorithm": f["default"],
            "heuristic": f["heuristics"][0] if f["heuristics"] else "",
        }
        trace = client.post("/api/watch/trace", json=body).json()
        assert trace["status"] == "solved", (f["name"], trace["status"], trace["limit"])


def test_examples_the_watch_cannot_run_are_not_offered(client: TestClient) -> None:
    """Every example offered runs (the knight's 40x40 board, 1,600 squares, was offered
    and answered that its board was too large)."""
    for f in client.get("/api/watch/families").json():
        fam = families.get(f["name"])
        offered = {e["id"] for e in f["examples"]}
        for ex in fam.examples:
            body = {"family": f["name"], "board": ex.text, "algorithm": f["default"]}
            body["heuristic"] = f["heuristics"][0] if f["heuristics"] else ""
            if ex.id in offered:
                continue
            r = client.post("/api/watch/trace", json=body)
            assert r.status_code == 422, (f["name"], ex.id)
        assert "40x40" not in offered or f["name"] != "knight"
