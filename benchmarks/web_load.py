"""Benchmark: the web player under attack, on loopback, as a person using it would feel it.

Usage: python benchmarks/web_load.py [--seconds 30] [--solvers 4] [--generators 3] [--hinters 2]

Starts ``searchlab serve --port 0`` in a child process (a real uvicorn server), then
runs two clients for ``--seconds``:

* **a flooder** (no page id, as a script would): ``--solvers`` threads posting
  15-puzzle BFS solves as fast as they are accepted and never polling them;
  ``--generators`` threads asking for 30-move Rush Hour boards and hanging up
  after 1 s; ``--hinters`` threads asking for hints on Korf's instance 1 (57
  moves) and hanging up after 1 s;
* **a player** (a page id, as the player page): in a loop, ``GET /``, validate an
  8-puzzle, a random 8-puzzle board, its legal moves, a hint, and a solve posted
  and polled every 20 ms until done.

Prints, for each of the player's requests, the count, median, p99 and worst
latency; how the flooder's requests fared; and the peak resident memory of the
server with its child processes. Targets (issue 20): the player's light requests
under 1 s at p99, ``GET /`` under 200 ms at p99.
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path

import httpx

HARD_15 = (
    "14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n"
    "goal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"  # Korf's instance 1, 57 moves
)
ONE_MOVE_8 = "1 2 3\n4 5 6\n7 0 8\n"


def start_server() -> tuple[subprocess.Popen[str], str]:
    exe = Path(sys.executable).with_name("searchlab")
    proc = subprocess.Popen(
        [str(exe), "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    assert proc.stdout is not None
    line = proc.stdout.readline()
    match = re.search(r"(http://\S+/)", line)
    if not match:
        proc.kill()
        raise SystemExit(f"the server did not start: {line!r}")
    url = match.group(1)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:  # serving, and its worker processes started
        try:
            if httpx.get(url, timeout=5).status_code == 200:
                break
        except httpx.HTTPError:
            time.sleep(0.1)
    time.sleep(3.0)  # the forkserver warms the families' caches meanwhile
    return proc, url


def tree_rss_mb(pid: int) -> float:
    """The resident memory of ``pid`` and all its descendants (the solve processes), in MB
    (private and shared pages alike: the memory-mapped databases count once per process)."""
    children: dict[int, list[int]] = {}
    rss: dict[int, int] = {}
    for d in Path("/proc").iterdir():
        if not d.name.isdigit():
            continue
        try:
            fields = (d / "stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(d.name))
        rss[int(d.name)] = int(fields[21]) * os.sysconf("SC_PAGE_SIZE")
    total, todo = 0, [pid]
    while todo:
        p = todo.pop()
        total += rss.get(p, 0)
        todo.extend(children.get(p, []))
    return total / 2**20


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``xs``, nearest rank."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--solvers", type=int, default=4)
    parser.add_argument("--generators", type=int, default=3)
    parser.add_argument("--hinters", type=int, default=2)
    args = parser.parse_args()

    proc, url = start_server()
    stop = threading.Event()
    flood: Counter[str] = Counter()
    timings: defaultdict[str, list[float]] = defaultdict(list)
    lock = threading.Lock()

    def count(what: str) -> None:
        with lock:
            flood[what] += 1

    def flood_solves() -> None:
        with httpx.Client(base_url=url, timeout=30) as c:
            while not stop.is_set():
                body = {"board": HARD_15, "algorithm": "bfs", "time_limit": 60}
                try:
                    r = c.post("/api/npuzzle/solve", json=body)
                except httpx.HTTPError as exc:
                    count(f"solve: {type(exc).__name__}")
                    continue
                count(f"solve posted, not polled: {r.status_code}")
                if r.status_code == 429:
                    time.sleep(0.05)

    def hang_up(path: str, body: dict[str, object], what: str) -> None:
        while not stop.is_set():
            with httpx.Client(base_url=url, timeout=1.0) as c:
                try:
                    r = c.post(path, json=body)
                    count(f"{what}: {r.status_code}")
                    if r.status_code == 429:
                        time.sleep(0.05)
                except httpx.TimeoutException:
                    count(f"{what}: hung up after 1 s")
                except httpx.HTTPError as exc:
                    count(f"{what}: {type(exc).__name__}")

    def player() -> None:
        page = secrets.token_hex(8)
        with httpx.Client(base_url=url, timeout=60) as c:

            def timed(name: str, method: str, path: str, body: object = None) -> httpx.Response:
                t0 = time.perf_counter()
                r = c.request(method, path, json=body)
                took = time.perf_counter() - t0
                r.raise_for_status()
                with lock:
                    timings[name].append(took)
                return r

            while not stop.is_set():
                timed("GET /", "GET", "/")
                timed("validate", "POST", "/api/npuzzle/validate", {"board": ONE_MOVE_8})
                board = timed(
                    "random 8-puzzle",
                    "POST",
                    "/api/npuzzle/random",
                    {"params": {"size": 3, "depth": 12}, "page": page},
                ).json()["board"]
                start = timed("moves", "POST", "/api/npuzzle/moves", {"board": board})
                state = start.json()["state"]
                timed(
                    "hint",
                    "POST",
                    "/api/npuzzle/hint",
                    {"board": board, "state": state, "page": page},
                )
                t0 = time.perf_counter()
                body = {"board": board, "algorithm": "auto", "page": page}
                job = c.post("/api/npuzzle/solve", json=body)
                job.raise_for_status()
                while True:
                    snap = c.get(f"/api/jobs/{job.json()['job']}").json()
                    if snap["state"] in ("done", "failed"):
                        break
                    time.sleep(0.02)
                with lock:
                    timings[f"solve to {snap['state']}"].append(time.perf_counter() - t0)
                time.sleep(0.2)

    peak = [0.0]

    def watch_memory() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], tree_rss_mb(proc.pid))
            time.sleep(0.25)

    korf1 = {"board": HARD_15}
    workers = [threading.Thread(target=flood_solves) for _ in range(args.solvers)]
    workers += [
        threading.Thread(
            target=hang_up,
            args=(
                "/api/rushhour/random",
                {"params": {"min_moves": 30, "seconds": 5}},
                "Rush Hour generation",
            ),
        )
        for _ in range(args.generators)
    ]
    workers += [
        threading.Thread(target=hang_up, args=("/api/npuzzle/hint", korf1, "Korf #1 hint"))
        for _ in range(args.hinters)
    ]
    for w in workers:
        w.start()
    time.sleep(2.0)  # let the flood build up before measuring
    probes = [threading.Thread(target=player), threading.Thread(target=watch_memory)]
    for p in probes:
        p.start()
    time.sleep(args.seconds)
    stop.set()
    for t in workers + probes:
        t.join()
    proc.terminate()
    proc.wait(30)

    print(
        f"flood: {args.solvers} BFS solvers (not polling), {args.generators} Rush Hour "
        f"generators and {args.hinters} Korf #1 hinters hanging up after 1 s; "
        f"{args.seconds:g} s, {os.cpu_count()} cores"
    )
    print("the player's requests:")
    for name, xs in sorted(timings.items()):
        target = 0.2 if name == "GET /" else 1.0
        p99 = percentile(xs, 0.99)
        verdict = "ok" if p99 < target else "OVER TARGET"
        print(
            f"  {name:16} n={len(xs):4}  median {statistics.median(xs) * 1000:6.0f} ms  "
            f"p99 {p99 * 1000:6.0f} ms  worst {max(xs) * 1000:6.0f} ms  "
            f"(target p99 < {target * 1000:.0f} ms: {verdict})"
        )
    print("the flooder's requests:")
    for what, n in sorted(flood.items()):
        print(f"  {what}: {n}")
    print(f"server and its child processes, peak resident memory: {peak[0]:,.0f} MB")


if __name__ == "__main__":
    main()
