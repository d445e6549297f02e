"""Benchmark: Korf's 15-puzzle instance #1 (57 moves) solved through the web API.

Usage: python benchmarks/web_korf1.py [--id N]

Starts the web app in-process (FastAPI's test client, a loopback Host), posts the
board with algorithm ``auto`` (the CLI's solver: IDA* with the 6-6-3 pattern
databases, built and cached on first use, outside the timing), polls the job and
prints the status, the length against the published optimum, the nodes and the
seconds. Target (issue 12): well under a minute.
"""

from __future__ import annotations

import argparse
import time

from fastapi.testclient import TestClient

from searchlab.puzzles.npuzzle.board import format_board
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.solvers import prepare_databases
from searchlab.web.app import create_app


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--id", type=int, default=1)
    args = parser.parse_args()
    inst = next(k for k in korf_instances() if k.id == args.id)
    prepare_databases(KORF_GOAL)  # built once and cached: not part of the timing
    board = format_board(inst.board) + "\ngoal\n" + format_board(KORF_GOAL) + "\n"
    with TestClient(create_app(), base_url="http://127.0.0.1") as client:
        t0 = time.perf_counter()
        job = client.post(
            "/api/npuzzle/solve", json={"board": board, "algorithm": "auto", "time_limit": 120}
        ).json()["job"]
        while (snap := client.get(f"/api/jobs/{job}").json())["state"] in ("queued", "running"):
            time.sleep(0.05)
        seconds = time.perf_counter() - t0
    result = snap["result"]
    print(
        f"Korf #{inst.id}: {result['status']}, {result['length']} moves "
        f"(published {inst.optimal_length}), {result['stats']['generated']:,} nodes, "
        f"{result['algorithm']}, {seconds:.2f} s through the web API"
    )


if __name__ == "__main__":
    main()
