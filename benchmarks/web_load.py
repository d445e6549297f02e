"""Benchmark: the web player under load, on loopback, as a person would feel it.

Usage: python benchmarks/web_load.py [--seconds 30] [--heavy 8] [--generators 2]

Starts ``searchlab serve --port 0`` in a child process (a real uvicorn server),
then for ``--seconds`` keeps ``--heavy`` long solves running (15-puzzles with
``auto`` and BFS, resubmitted as soon as one ends) and ``--generators`` loops of
Rush Hour board generation (at least 30 moves, 5 s each), while two probes
measure what a person using the page meanwhile waits for:

* a light solve: a one-move 8-puzzle posted, polled every 20 ms until done;
* ``GET /``: the page itself.

Prints the count, median, p90 and worst latency of each probe, how the heavy
requests fared (done, refused 429, failed "busy"), and the peak resident
memory of the server with its solve processes. Targets (issue 13): light solve
p90 under 1 s, ``GET /`` p90 under 200 ms.
"""

from __future__ import annotations

import argparse
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter
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
    return proc, match.group(1)


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


def solve(client: httpx.Client, board: str, algorithm: str, stop: threading.Event) -> str:
    """Post a solve and poll it to its end; its outcome."""
    r = client.post(
        "/api/npuzzle/solve", json={"board": board, "algorithm": algorithm, "time_limit": 20}
    )
    if r.status_code == 429:
        return "refused (429)"
    r.raise_for_status()
    job = r.json()["job"]
    while True:
        snap = client.get(f"/api/jobs/{job}").json()
        if snap["state"] == "done":
            return f"done ({snap['result']['status']})"
        if snap["state"] == "failed":
            return "failed: busy" if "busy" in snap.get("error", "") else "failed"
        if stop.is_set():
            client.post(f"/api/jobs/{job}/cancel")
            return "cancelled at the end"
        time.sleep(0.02)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=30.0)
    parser.add_argument("--heavy", type=int, default=8)
    parser.add_argument("--generators", type=int, default=2)
    args = parser.parse_args()

    proc, url = start_server()
    stop = threading.Event()
    outcomes: Counter[str] = Counter()
    light: list[float] = []
    page: list[float] = []
    lock = threading.Lock()

    def heavy(i: int) -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            while not stop.is_set():
                out = solve(c, HARD_15, "auto" if i % 2 else "bfs", stop)
                with lock:
                    outcomes[f"heavy solve {out}"] += 1
                if out.startswith(("refused", "failed")):
                    time.sleep(0.5)

    def generate() -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            while not stop.is_set():
                r = c.post("/api/rushhour/random", json={"params": {"min_moves": 30, "seconds": 5}})
                with lock:
                    outcomes[f"generation {r.status_code}"] += 1
                if r.status_code == 429:
                    time.sleep(0.5)

    def probe_light() -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            while not stop.is_set():
                t0 = time.perf_counter()
                out = solve(c, ONE_MOVE_8, "auto", stop)
                if out.startswith("done"):
                    light.append(time.perf_counter() - t0)
                time.sleep(0.3)

    peak = [0.0]

    def watch_memory() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], tree_rss_mb(proc.pid))
            time.sleep(0.25)

    def probe_page() -> None:
        with httpx.Client(base_url=url, timeout=60) as c:
            while not stop.is_set():
                t0 = time.perf_counter()
                c.get("/").raise_for_status()
                page.append(time.perf_counter() - t0)
                time.sleep(0.1)

    workers = [threading.Thread(target=heavy, args=(i,)) for i in range(args.heavy)]
    workers += [threading.Thread(target=generate) for _ in range(args.generators)]
    for w in workers:
        w.start()
    time.sleep(1.0)  # let the load build up before measuring
    probes = [
        threading.Thread(target=probe_light),
        threading.Thread(target=probe_page),
        threading.Thread(target=watch_memory),
    ]
    for p in probes:
        p.start()
    time.sleep(args.seconds)
    stop.set()
    for t in workers + probes:
        t.join()
    proc.terminate()
    proc.wait(30)

    print(
        f"load: {args.heavy} heavy solves (15-puzzle auto/bfs) + {args.generators} "
        f"Rush Hour generators, {args.seconds:g} s, {os.cpu_count()} cores"
    )
    for name, xs, target in (("light solve", light, 1.0), ("GET /", page, 0.2)):
        if len(xs) < 2:
            print(f"{name}: fewer than 2 samples")
            continue
        p90 = statistics.quantiles(xs, n=10)[-1]
        verdict = "ok" if p90 < target else "OVER TARGET"
        print(
            f"{name:12} n={len(xs):4}  median {statistics.median(xs) * 1000:6.0f} ms  "
            f"p90 {p90 * 1000:6.0f} ms  worst {max(xs) * 1000:6.0f} ms  "
            f"(target p90 < {target * 1000:.0f} ms: {verdict})"
        )
    for what, n in sorted(outcomes.items()):
        print(f"  {what}: {n}")
    print(f"server and its solve processes, peak resident memory: {peak[0]:,.0f} MB")


if __name__ == "__main__":
    main()
