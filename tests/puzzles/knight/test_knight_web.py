"""The knight's tour page's API: sizes, verdicts, shared tours, play mode, hints."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from searchlab.puzzles.knight import Board, tour_error
from searchlab.puzzles.knight.family import HINT_MAX_SQUARES
from searchlab.puzzles.knight.family import WEB_MAX_SIDE as MAX_WEB_SIDE
from tests.web.conftest import solve_done


def solve(client: TestClient, board: str, **body: Any) -> dict[str, Any]:
    return solve_done(client, "knight", board, **body)


@pytest.mark.parametrize(
    ("board", "fragment"),
    [
        ("41x40", f"at most {MAX_WEB_SIDE**2:,} cells"),
        ("8x8\nstart: 8,0", "off the 8x8 board"),
        ("8x8\nstart: a1", "ROW,COL"),
        ("start: 0,0", "board size"),
        ("8x8\n8x8", "twice"),
        ("8x8\nclosed\nopen", "once"),
        ("8x8\nzigzag", "cannot read"),
        ("0x8", "between 1 and"),
    ],
)
def test_bad_boards(client: TestClient, board: str, fragment: str) -> None:
    r = client.post("/api/knight/validate", json={"board": board})
    assert r.status_code == 422
    assert fragment in r.json()["detail"]


def test_big_tour_is_sent_once(client: TestClient) -> None:
    board = f"{MAX_WEB_SIDE}x{MAX_WEB_SIDE}\nstart: 17,23\n"
    result = solve(client, board)
    n = MAX_WEB_SIDE**2
    assert result["solved"] and result["length"] == n - 1
    tour = [tuple(sq) for sq in result["shared"]["path"]]
    assert tour_error(Board(MAX_WEB_SIDE, MAX_WEB_SIDE), tour, start=(17, 23)) is None
    assert result["moves"] == [f"{r},{c}" for r, c in tour[1:]]
    assert [f["path_len"] for f in result["frames"]] == list(range(1, n + 1))
    assert all("path" not in f for f in result["frames"])
    last = result["frames"][-1]["pieces"][0]
    assert (last["r"], last["c"]) == tour[-1]
    assert result["states"] == []  # n prefixes of the tour would be quadratic


def test_closed_tour_is_drawn_closed(client: TestClient) -> None:
    result = solve(client, "6x6\nstart: 2,3\nclosed\n")
    assert result["solved"] and result["shared"]["closed"]
    path = result["shared"]["path"]
    assert {abs(path[0][0] - path[-1][0]), abs(path[0][1] - path[-1][1])} == {1, 2}
    assert len(result["states"]) == 36  # small boards keep their tokens


@pytest.mark.parametrize(
    ("board", "fragment"),
    [
        ("5x5\nstart: 0,1", "colour"),
        ("4x4", "4x4 has no open tour"),
        ("4x8\nclosed", "4xn"),
        ("7x7\nclosed", "odd number of squares"),
        ("6x4\nstart: 1,0", "inner lines"),
    ],
)
def test_impossible_with_reason(client: TestClient, board: str, fragment: str) -> None:
    desc = client.post("/api/knight/validate", json={"board": board}).json()["description"]
    assert "impossible" in desc and fragment in desc
    result = solve(client, board)
    assert result["status"] == "impossible" and fragment in result["reason"]
    assert result["frames"] == [] and result["moves"] == []


def test_play_mode_follows_knight_moves(client: TestClient) -> None:
    pos = client.post("/api/knight/moves", json={"board": "8x8"}).json()
    assert pos["state"] == [[0, 0]] and not pos["goal"]
    assert sorted(m["label"] for m in pos["moves"]) == ["1,2", "2,1"]
    assert all(m["grab"] == [] for m in pos["moves"])
    nxt = client.post("/api/knight/moves", json={"board": "8x8", "state": [[0, 0], [2, 1]]}).json()
    assert "0,0" not in {m["label"] for m in nxt["moves"]}  # visited squares are not legal
    assert nxt["view"]["path"] == [[0, 0], [2, 1]]
    for token, fragment in [
        ([[0, 0], [1, 1]], "not a knight move"),
        ([[2, 1]], "must start on 0,0"),
        ([[0, 0], [2, 1], [0, 0]], "twice"),
        ([[0, 0], [9, 9]], "off the"),
    ]:
        r = client.post("/api/knight/moves", json={"board": "8x8", "state": token})
        assert r.status_code == 422 and fragment in r.json()["detail"], token


def test_hints_complete_a_tour(client: TestClient) -> None:
    """Following hints from the start square visits every square (5x5 from a corner)."""
    board = "5x5\nstart: 0,0"
    state = [[0, 0]]
    for _ in range(24):
        move = client.post("/api/knight/hint", json={"board": board, "state": state}).json()
        assert move["move"] is not None, move
        state = move["move"]["state"]
    pos = client.post("/api/knight/moves", json={"board": board, "state": state}).json()
    assert pos["goal"]


def test_hint_messages(client: TestClient) -> None:
    # 5x5: once 2,3 and 3,2 are both passed, the corner 4,4 can never be reached.
    board = "5x5"
    dead = [[0, 0], [1, 2], [0, 4], [2, 3], [1, 1], [3, 2], [1, 3]]
    pos = client.post("/api/knight/moves", json={"board": board, "state": dead}).json()
    assert pos["moves"]  # legal moves remain, but none completes a tour
    r = client.post("/api/knight/hint", json={"board": board, "state": dead}).json()
    assert r["move"] is None and "undo" in r["message"]
    data = client.post("/api/knight/validate", json={"board": board}).json()
    assert data["no_hint"] is None
    big = "21x20"
    assert HINT_MAX_SQUARES < 21 * 20
    data = client.post("/api/knight/validate", json={"board": big}).json()
    assert f"{HINT_MAX_SQUARES} squares" in data["no_hint"]
    r = client.post("/api/knight/hint", json={"board": big, "state": [[0, 0]]}).json()
    assert r["move"] is None and f"{HINT_MAX_SQUARES} squares" in r["message"]


def test_backtrack_and_teaching(client: TestClient) -> None:
    result = solve(client, "5x5\nstart: 2,2", algorithm="backtrack", teaching=True)
    assert result["solved"] and result["length"] == 24
    rows = result["teaching"]["expansions"]
    assert rows and rows[0]["label"] == "[[2,2]]"
    assert all("view" in r for r in rows)
    assert result["teaching"]["graph_svg"].startswith("<svg")
    # "fast" is taught as A* with h = the unvisited squares: depth first, like the seed.
    result = solve(client, "5x5", algorithm="fast", teaching=True)
    assert result["solved"] and result["method"].startswith("astar, recorded")
    assert result["stats"]["expanded"] == 24
