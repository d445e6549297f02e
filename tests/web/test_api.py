"""The JSON API with FastAPI's test client: every family, bad input, limits, jobs."""

from __future__ import annotations

import json
from typing import Any

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab import families
from searchlab.web.app import MAX_BODY
from tests.web.conftest import wait_job

NAMES = families.names()


def first_example(name: str) -> str:
    return families.get(name).examples[0].text


def solve(client: TestClient, family: str, board: str, **body: Any) -> dict[str, Any]:
    fam = families.get(family)
    body.setdefault("algorithm", fam.algorithms[0])
    r = client.post(f"/api/{family}/solve", json={"board": board, **body})
    assert r.status_code == 202, r.text
    return wait_job(client, r.json()["job"])


def test_families_listed(client: TestClient) -> None:
    data = client.get("/api/families").json()
    assert [f["name"] for f in data] == NAMES
    for f in data:
        assert f["algorithms"] and f["examples"]


def test_every_heuristic_has_a_label_in_english_and_spanish(client: TestClient) -> None:
    """The player and the watch page show a heuristic by its label (the select's value
    stays the id); a family's labels are translated on Spanish pages."""
    for path in ("/api/families", "/api/watch/families"):
        en = {f["name"]: f for f in client.get(path, params={"lang": "en"}).json()}
        es = {f["name"]: f for f in client.get(path, params={"lang": "es"}).json()}
        for name, f in en.items():
            fam = families.get(name)
            assert set(fam.heuristic_labels) <= set(fam.heuristics), name
            for lang_f in (f, es[name]):
                labels = lang_f["heuristic_labels"]
                assert list(labels) == lang_f["heuristics"] == list(fam.heuristics), name
                assert all(label.strip() for label in labels.values()), name
            for h in fam.heuristics:
                assert h in fam.heuristic_labels, f"{name}: heuristic {h!r} has no label"
                assert f["heuristic_labels"][h] == fam.heuristic_labels[h]
                assert es[name]["heuristic_labels"][h] != fam.heuristic_labels[h], (name, h)
    npuzzle = {f["name"]: f for f in client.get("/api/families?lang=es").json()}["npuzzle"]
    assert npuzzle["heuristic_labels"]["manhattan"] == "Distancia Manhattan"


def test_index_and_static(client: TestClient) -> None:
    html = client.get("/").text
    assert "importmap" in html
    for name in ("app.js", "player.js", "render.js"):
        assert client.get(f"/static/js/{name}").status_code == 200
    # Nothing is loaded from outside the machine.
    assert "http://" not in html.replace("http://www.w3.org", "")
    assert "https://" not in html


def test_openapi_documents_routes(client: TestClient) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for route in ("validate", "random", "solve", "moves", "hint"):
        assert f"/api/{{family}}/{route}" in paths
    assert "/api/jobs/{job_id}" in paths


@pytest.mark.parametrize("family", NAMES)
def test_examples_validate(client: TestClient, family: str) -> None:
    for ex in families.get(family).examples:
        r = client.post(f"/api/{family}/validate", json={"board": ex.text})
        assert r.status_code == 200, (ex.id, r.text)
        data = r.json()
        assert data["base"]["rows"] > 0 and data["base"]["cols"] > 0
        assert "moves" in data["start"]


@pytest.mark.parametrize("family", NAMES)
def test_solution_replays_through_play_moves(client: TestClient, family: str) -> None:
    """The solver's moves, followed one by one through the play-mode API, reach its states."""
    board = first_example(family)
    snap = solve(client, family, board)
    assert snap["state"] == "done", snap
    result = snap["result"]
    assert result["solved"], result
    assert len(result["frames"]) == len(result["states"]) == result["length"] + 1
    pos = client.post(f"/api/{family}/moves", json={"board": board}).json()
    assert pos["state"] == result["states"][0]
    if families.get(family).play is None:  # no play mode: no moves to follow
        assert pos["moves"] == []
        return
    for label, expected in zip(result["moves"], result["states"][1:], strict=True):
        match = [m for m in pos["moves"] if m["label"] == label]
        assert match, f"{label} is not legal in play mode"
        pos = client.post(f"/api/{family}/moves", json={"board": board, "state": match[0]["state"]})
        pos = pos.json()
        assert pos["state"] == expected
    assert pos["goal"]


def test_maze_solution_shares_its_path(client: TestClient) -> None:
    result = solve(client, "maze", first_example("maze"))["result"]
    assert len(result["shared"]["path"]) == result["length"] + 1
    assert [f["path_len"] for f in result["frames"]] == list(range(1, result["length"] + 2))


@pytest.mark.parametrize("family", NAMES)
def test_hint_is_legal_and_leads_on(client: TestClient, family: str) -> None:
    board = first_example(family)
    start = client.post(f"/api/{family}/moves", json={"board": board}).json()
    r = client.post(f"/api/{family}/hint", json={"board": board, "state": start["state"]})
    assert r.status_code == 200, r.text
    move = r.json()["move"]
    if families.get(family).play is None:  # no play mode: no hint, and it says why
        assert move is None and r.json()["message"]
        return
    assert move is not None
    assert move["label"] in {m["label"] for m in start["moves"]}


@pytest.mark.parametrize("family", NAMES)
def test_random_board_validates(client: TestClient, family: str) -> None:
    params = {"seed": 3}
    r = client.post(f"/api/{family}/random", json={"params": params})
    if families.get(family).generator is None:  # no generator: one line, a 422
        assert r.status_code == 422 and "\n" not in r.json()["detail"], r.text
        return
    assert r.status_code == 200, r.text
    board = r.json()["board"]
    assert client.post(f"/api/{family}/validate", json={"board": board}).status_code == 200


@pytest.mark.parametrize("family", NAMES)
@pytest.mark.parametrize("board", ["", "\x00\x01", "zzz\nzzz", "9" * 5000])
def test_bad_boards_get_a_message(client: TestClient, family: str, board: str) -> None:
    for route in ("validate", "moves", "hint"):
        r = client.post(f"/api/{family}/{route}", json={"board": board})
        assert r.status_code == 422, (route, r.text)
        assert isinstance(r.json()["detail"], str) and r.json()["detail"]
    r = client.post(
        f"/api/{family}/solve",
        json={"board": board, "algorithm": families.get(family).algorithms[0]},
    )
    assert r.status_code == 422


@pytest.mark.parametrize("family", NAMES)
@pytest.mark.parametrize("token", [-1, 10**9, "x", [1, 2, 3], {"a": 1}, 1.5, True, [[0, 0]] * 3])
def test_bad_state_tokens_get_a_message(client: TestClient, family: str, token: Any) -> None:
    board = first_example(family)
    for route in ("moves", "hint"):
        r = client.post(f"/api/{family}/{route}", json={"board": board, "state": token})
        assert r.status_code == 422, (route, token, r.text)
        assert r.json()["detail"]


@pytest.mark.parametrize(
    ("body", "fragment"),
    [
        ({"algorithm": "quantum"}, "algorithm"),
        ({"algorithm": "bfs", "heuristic": "magic"}, "heuristic"),
        ({"algorithm": "bfs", "time_limit": -1}, "positive"),
        ({"algorithm": "bfs", "max_nodes": 0}, "positive"),
        ({"algorithm": "bfs", "teaching": "maybe"}, "teaching"),
    ],
)
def test_bad_solve_options(client: TestClient, body: dict[str, Any], fragment: str) -> None:
    r = client.post("/api/maze/solve", json={"board": first_example("maze"), **body})
    assert r.status_code == 422
    assert fragment in r.json()["detail"]


def test_unknown_family_and_job(client: TestClient) -> None:
    assert client.post("/api/chess/validate", json={"board": "x"}).status_code == 404
    assert client.get("/api/jobs/nope").status_code == 404
    assert client.post("/api/jobs/nope/cancel").status_code == 404


def test_malformed_json_is_422(client: TestClient) -> None:
    r = client.post(
        "/api/maze/validate", content=b"{not json", headers={"content-type": "application/json"}
    )
    assert r.status_code == 422
    assert isinstance(r.json()["detail"], str)


def test_body_size_limit(client: TestClient) -> None:
    big = b'{"board": "' + b"." * (MAX_BODY + 10) + b'"}'
    r = client.post("/api/maze/validate", content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert "too large" in r.json()["detail"]

    def chunks() -> Any:  # no Content-Length: the streamed size is counted
        yield b'{"board": "'
        for _ in range(20):
            yield b"." * (MAX_BODY // 10)
        yield b'"}'

    r = client.post(
        "/api/maze/validate", content=chunks(), headers={"content-type": "application/json"}
    )
    assert r.status_code == 413


def test_limits_stop_a_search(client: TestClient) -> None:
    # An open 40x40 field, depth-first search with a node limit: stopped, reported.
    board = "S" + "." * 39 + "\n" + ("." * 40 + "\n") * 38 + "." * 39 + "G\n"
    snap = solve(client, "maze", board, algorithm="bfs", max_nodes=50)
    assert snap["state"] == "done"
    assert snap["result"]["status"] == "limit"
    assert snap["result"]["limit"] == "max_nodes"


def test_no_solution_is_reported(client: TestClient) -> None:
    snap = solve(client, "maze", "S#.\n##G\n", algorithm="astar")
    assert snap["result"]["status"] == "no_solution"
    r = client.post("/api/maze/hint", json={"board": "S#.\n##G\n", "state": 0})
    assert r.json()["move"] is None


def test_engine_search_is_cancelled_in_a_job(client: TestClient) -> None:
    """Cancelling through the API reaches the engine's cancel token."""
    r = client.post("/api/maze/solve", json={"board": first_example("maze"), "algorithm": "bfs"})
    job = r.json()["job"]
    client.post(f"/api/jobs/{job}/cancel")
    snap = wait_job(client, job)
    assert snap["cancelled"]
    assert snap["state"] in ("done", "failed")


def test_teaching_view(client: TestClient) -> None:
    board = first_example("maze")
    bfs = solve(client, "maze", board, algorithm="bfs", teaching=True)["result"]
    greedy = solve(client, "maze", board, algorithm="greedy", teaching=True)["result"]
    t = bfs["teaching"]
    rows = t["expansions"]
    assert len(rows) == bfs["stats"]["expanded"]
    assert [r["order"] for r in rows] == list(range(1, len(rows) + 1))
    assert all(r["f"] == r["g"] + r["h"] for r in rows)
    # Breadth-first expands by depth; greedy search does not have to.
    assert [r["depth"] for r in rows] == sorted(r["depth"] for r in rows)
    assert greedy["teaching"]["expansions"] != rows
    svg = t["graph_svg"]
    assert svg.startswith("<svg") and svg.count("#d62828") >= bfs["length"]
    assert all("view" in r for r in rows)


@pytest.mark.parametrize(
    "host",
    [
        "evil.example",
        "127.0.0.1.nip.io",
        "",
        "localhost.evil.com",
        "localhost:80@evil.com",
        "localhost/evil.com",
        "localhost:x",
        "[::1]evil",
    ],
)
def test_foreign_host_header_is_refused(client: TestClient, host: str) -> None:
    r = client.get("/api/families", headers={"host": host})
    assert r.status_code == 421


@pytest.mark.parametrize("host", ["localhost:8000", "127.0.0.1", "[::1]:80", "127.5.5.5"])
def test_loopback_host_headers_are_served(client: TestClient, host: str) -> None:
    assert client.get("/", headers={"host": host}).status_code == 200


def test_job_ids_are_unguessable(client: TestClient) -> None:
    board = families.get("maze").examples[0].text
    ids = {
        client.post("/api/maze/solve", json={"board": board, "algorithm": "bfs"}).json()["job"]
        for _ in range(3)
    }
    assert len(ids) == 3 and all(len(i) >= 20 for i in ids)


def test_head_and_favicon(client: TestClient) -> None:
    assert client.head("/").status_code == 200
    r = client.get("/favicon.ico")
    assert r.status_code == 200 and r.headers["content-type"].startswith("image/svg")


@pytest.mark.parametrize("value", [float("nan"), float("inf"), -float("inf"), 1e308])
def test_non_finite_numbers_are_422(client: TestClient, value: float) -> None:
    import json

    board = families.get("maze").examples[0].text
    body = json.dumps({"board": board, "algorithm": "bfs", "time_limit": value})
    r = client.post("/api/maze/solve", content=body, headers={"content-type": "application/json"})
    assert r.status_code == 422 if value != 1e308 else r.status_code in (202, 422)
    for name in families.names():
        body = json.dumps({"params": {"seed": value}})
        r = client.post(
            f"/api/{name}/random", content=body, headers={"content-type": "application/json"}
        )
        assert r.status_code == 422, (name, r.text)


def test_difficulty_of_a_rush_hour_board(client: TestClient) -> None:
    r = client.post("/api/rushhour/difficulty", json={"board": "..B.\nAAB.\n....\n....\n"})
    assert r.status_code == 200 and r.json()["difficulty"].startswith("difficulty: beginner")
    stuck = client.post("/api/rushhour/difficulty", json={"board": "..B.\nAAB.\n..B.\n..C.\n"})
    assert stuck.status_code in (200, 422)
    r = client.post("/api/maze/difficulty", json={"board": first_example("maze")})
    assert r.json() == {"difficulty": None}


def test_teaching_rows_past_the_views_carry_state_tokens(client: TestClient) -> None:
    snap = solve(client, "npuzzle", "4 1 2\n6 3 8\n7 0 5\n", algorithm="bfs", teaching=True)
    rows = snap["result"]["teaching"]["expansions"]
    assert len(rows) > 300 and "view" not in rows[400]
    r = client.post(
        "/api/npuzzle/moves", json={"board": "4 1 2\n6 3 8\n7 0 5\n", "state": rows[400]["state"]}
    )
    assert r.status_code == 200 and r.json()["view"]


@pytest.mark.parametrize("name", families.names())
def test_hint_without_a_state_is_from_the_start(client: TestClient, name: str) -> None:
    """Like /moves, /hint takes the start position when no state is given."""
    board = families.get(name).examples[0].text
    assert client.post(f"/api/{name}/hint", json={"board": board}).status_code == 200
    start = client.post(f"/api/{name}/moves", json={"board": board}).json()["state"]
    given = client.post(f"/api/{name}/hint", json={"board": board, "state": start})
    assert client.post(f"/api/{name}/hint", json={"board": board}).json() == given.json()


def test_integer_ranges_are_said_in_whole_numbers(client: TestClient) -> None:
    name = families.names()[0]
    r = client.post(f"/api/{name}/random", json={"params": {"seed": 1e30}})
    assert r.status_code == 422 and "9223372036854775807" in r.json()["detail"]


def generator_params(name: str) -> list[Any]:
    generator = families.get(name).generator
    return list(generator.params) if generator is not None else []


@pytest.mark.parametrize("name", [n for n in families.names() if generator_params(n)])
def test_every_advertised_maximum_is_accepted(client: TestClient, name: str) -> None:
    """A generator parameter at the maximum the page offers, with the others at theirs
    (``seconds``, a time budget, at its minimum), is not refused as out of range."""
    params = {p.name: p.maximum for p in generator_params(name)}
    for p in generator_params(name):
        if p.name == "seconds":
            params["seconds"] = p.minimum
    r = client.post(f"/api/{name}/random", json={"params": params})
    refused = r.status_code == 422 and any(w in r.json()["detail"] for w in (" from ", " between "))
    assert not refused, r.json()


NOT_JSON = object()


def _json_or_not(raw: bytes) -> object:
    try:
        return json.loads(raw)
    except ValueError:
        return NOT_JSON


@settings(max_examples=60, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    raw=st.one_of(
        st.binary(max_size=60),
        st.text(max_size=60).map(str.encode),
        st.sampled_from([b'{"board": }', b"{" * 500, b"", b"null", b"[1]", b'"board"']),
    )
)
def test_a_body_that_is_not_a_json_object_is_named_as_such(client: TestClient, raw: bytes) -> None:
    """A body that is not JSON answered "10: JSON decode error" (the 10: a character
    position), an empty one "Field required"; each now says what is wrong with the body."""
    r = client.post("/api/maze/validate", content=raw, headers={"content-type": "application/json"})
    detail = r.json()["detail"]
    assert 400 <= r.status_code < 500 and "\n" not in detail and len(detail) < 200
    parsed = _json_or_not(raw)
    if r.status_code == 400:  # bytes no JSON decoder reads (NULs): Starlette's own line
        return
    if not raw:
        assert detail == "send a JSON object as the body"
    elif parsed is NOT_JSON:
        assert detail.startswith("the body is not valid JSON ("), detail
    elif not isinstance(parsed, dict):
        assert detail == "the body must be a JSON object, {...}"
