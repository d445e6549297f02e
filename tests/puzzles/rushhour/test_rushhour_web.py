"""The Rush Hour page's API: cards, generated boards, optimal hints, positions."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.web.conftest import solve_done

from searchlab import families
from searchlab.puzzles.rushhour import cards, parse_board, solve_board

FAM = families.get("rushhour")


def example(i: str) -> str:
    return next(e.text for e in FAM.examples if e.id == i)


def solve(client: TestClient, board: str, **body: Any) -> dict[str, Any]:
    return solve_done(client, "rushhour", board, **body)


def test_every_card_is_a_built_in() -> None:
    ids = {e.id for e in FAM.examples}
    assert {f"card{c.number}" for c in cards()} <= ids


@pytest.mark.parametrize("number", [1, 20, 40])
def test_cards_solve_in_their_published_moves(client: TestClient, number: int) -> None:
    c = cards()[number - 1]
    result = solve(client, example(f"card{number}"))
    assert result["solved"] and result["length"] == c.moves


def test_moves_grab_the_vehicle_and_target_its_front(client: TestClient) -> None:
    board = "..B.\nAAB.\n....\n....\n"
    pos = client.post("/api/rushhour/moves", json={"board": board}).json()
    by_label = {m["label"]: m for m in pos["moves"]}
    assert set(by_label) == {"B+1", "B+2"}  # the red car A is blocked by B
    assert by_label["B+2"]["grab"] == [[0, 2], [1, 2]] and by_label["B+2"]["to"] == [3, 2]
    assert by_label["B+1"]["to"] == [2, 2]
    pos = client.post(
        "/api/rushhour/moves", json={"board": board, "state": by_label["B+2"]["state"]}
    ).json()
    a2 = next(m for m in pos["moves"] if m["label"] == "A+2")
    done = client.post("/api/rushhour/moves", json={"board": board, "state": a2["state"]})
    assert done.json()["goal"]


def test_hint_is_the_first_move_of_an_optimal_solution(client: TestClient) -> None:
    text = example("card10")
    board = parse_board(text)
    best = solve_board(board).length
    pos = client.post("/api/rushhour/moves", json={"board": text}).json()
    r = client.post("/api/rushhour/hint", json={"board": text, "state": pos["state"]}).json()
    after = FAM.decode_state(board, r["move"]["state"])
    assert solve_board(after).length == best - 1


def test_overlapping_positions_are_refused(client: TestClient) -> None:
    board = "..B.\nAAB.\n....\n....\n"
    for token in ([1, 0], [3, 0], [0, 3], [0, -1]):
        r = client.post("/api/rushhour/moves", json={"board": board, "state": token})
        assert r.status_code == 422, token


def test_generated_board_needs_the_minimum(client: TestClient) -> None:
    r = client.post("/api/rushhour/random", json={"params": {"min_moves": 12, "seed": 5}})
    assert r.status_code == 200, r.text
    board = r.json()["board"]
    assert solve_board(parse_board(board)).length >= 12
    r = client.post(
        "/api/rushhour/random", json={"params": {"min_moves": 60, "seconds": 0.5, "seed": 1}}
    )
    assert r.status_code == 422 and "lower the minimum" in r.json()["detail"]
    r = client.post("/api/rushhour/random", json={"params": {"seconds": 999}})
    assert r.status_code == 422


def test_unsolvable_board(client: TestClient) -> None:
    board = "AAB.\n..B.\n..B.\n..x.\n"  # the truck B, on a wall, never leaves row 0
    result = solve(client, board)
    assert result["status"] == "no_solution"
    start = client.post("/api/rushhour/moves", json={"board": board}).json()["state"]
    r = client.post("/api/rushhour/hint", json={"board": board, "state": start}).json()
    assert r["move"] is None and "no solution" in r["message"]


def test_teaching_bfs(client: TestClient) -> None:
    result = solve(client, example("card1"), algorithm="bfs", teaching=True)
    assert result["solved"] and result["length"] == 8
    rows = result["teaching"]["expansions"]
    assert [r["depth"] for r in rows] == sorted(r["depth"] for r in rows)
