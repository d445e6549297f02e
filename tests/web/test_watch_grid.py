"""The compact trace of big grids (searchlab.web.watch_grid): the engine's own order,
counts and path, cell by cell, and the API that chooses it."""

from __future__ import annotations

import math

import pytest
from fastapi.testclient import TestClient

from searchlab import families
from searchlab.puzzles.maze.family import generate
from searchlab.search import solve
from searchlab.web import watch_grid

MAZE = families.get("maze")


def board(size: int, seed: int = 3, weights: float = 0.3) -> str:
    return generate({"width": size, "height": size, "walls": 0.25, "weights": weights}, seed)


@pytest.mark.parametrize("algorithm", ["bfs", "ucs", "astar", "dfs", "greedy", "bibfs"])
def test_the_compact_trace_is_the_engines_search(algorithm: str) -> None:
    maze = MAZE.read(board(60))
    tr = watch_grid.record(MAZE, maze, algorithm, None)
    plain = solve(MAZE.engine_problem(maze, None), algorithm)
    assert tr["compact"] and tr["status"] == plain.status == "solved"
    assert tr["expanded"] == plain.stats.expanded
    assert tr["path"] == list(plain.states) and tr["length"] == plain.length
    assert math.isclose(tr["cost"], plain.cost)
    cols = tr["cols"]
    assert tr["born"][maze.start] == 0 and len(tr["frontier"]) == len(tr["order"]) + 1
    for step, cell in enumerate(tr["order"], start=1):
        assert 0 <= tr["born"][cell] <= step - 1 or cell == maze.start  # generated before
        r, c = divmod(cell, cols)
        assert maze.open[r * maze.width + c]
    assert all(g >= 0 for g in tr["g"]) and len(tr["g"]) == len(tr["h"]) == len(tr["order"])


def test_the_api_sends_big_grids_compact_and_small_ones_whole(client: TestClient) -> None:
    big = client.post(
        "/api/watch/trace", json={"family": "maze", "board": board(100), "algorithm": "astar"}
    )
    assert big.status_code == 200 and big.json()["compact"] and big.json()["walls"]
    assert big.json()["expanded"] > 1000  # past the full trace's bound of 1,000
    small = client.post(
        "/api/watch/trace", json={"family": "maze", "board": board(12), "algorithm": "bfs"}
    )
    assert small.status_code == 200 and "compact" not in small.json()
    # a small grid whose search outgrows the full trace goes on in the compact one
    open_grid = "S" + "." * 39 + "\n" + ("." * 40 + "\n") * 38 + "." * 39 + "G\n"
    grown = client.post(
        "/api/watch/trace", json={"family": "maze", "board": open_grid, "algorithm": "bfs"}
    )
    assert grown.json()["compact"] and grown.json()["status"] == "solved"


def test_a_grid_over_200x200_is_refused(client: TestClient) -> None:
    text = "S" + "." * 200 + "\n" + ("." * 201 + "\n") * 198 + "." * 200 + "G\n"
    r = client.post("/api/watch/trace", json={"family": "maze", "board": text, "algorithm": "bfs"})
    assert r.status_code == 422 and "too large to watch" in r.json()["detail"]
