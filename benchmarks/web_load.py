"""Benchmark: the web player under attack or serving a class, on loopback, as a person feels it.

Usage: python benchmarks/web_load.py [--seconds 30] [--solvers 4] [--generators 3] [--hinters 2]
       python benchmarks/web_load.py --class 30 [--seconds 60] [--idle 60] [--busy 4]

**Class mode** (``--class N``, issue 32): N students, each on its own loopback address
(127.0.1.1, 127.0.1.2, ...: the whole 127.0.0.0/8 is loopback, and the client socket
is bound to the address), open the player as its page does (``GET /``, its CSS and
modules, strings, families, the example boards), then act at a person's pace (3-8 s
between actions: legal moves, a board checked, a hint, a solve polled every 200 ms,
a random board). At 10 s the teacher says "open the watch, Rush Hour card 1, BFS":
every student asks for that trace at once (and for A* beside it, compare mode),
retrying a refusal after 1, 2, 4... s as the page does. A probe on its own address
(127.0.2.1) and in a process of its own (in the students' process it would wait for
their threads' GIL, and count it) meanwhile loads ``GET /`` every second and posts
a 1-move solve every 3 s. Afterwards the server is left idle ``--idle`` seconds and
its memory (server and child processes) compared with its memory before the class.
Targets (docs/web.md): all students served their watch within 20 s, the probe's
``GET /`` p99 <= 300 ms and 1-move solve p99 <= 1.5 s with none refused, memory back
within 30% of its start. The server runs in a session of its own (as from a
teacher's terminal): Linux's autogroup scheduling then shares the CPU between it
and the students' process as between two programs. ``--busy N`` runs N CPU-bound
programs (each in a session of its own) beside the class: a busy machine.

Starts ``searchlab serve --port 0`` in a child process (a real uvicorn server), then
runs two clients for ``--seconds``:

* **a flooder** (on 127.0.0.2, no page id, as a script would): ``--solvers`` threads posting
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
import multiprocessing
import os
import random
import re
import secrets
import statistics
import subprocess
import sys
import threading
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

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
        # A session of its own, as a teacher's terminal: Linux's autogroup scheduling
        # then shares the CPU between the server and this benchmark's students as
        # between two programs, not thread by thread.
        start_new_session=True,
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


def tree_processes(pid: int) -> list[tuple[str, float]]:
    """``(name, resident MB)`` of ``pid`` and each of its descendants."""
    out: list[tuple[str, float]] = []
    children: dict[int, list[int]] = {}
    for d in Path("/proc").iterdir():
        if d.name.isdigit():
            try:
                ppid = int((d / "stat").read_text().rsplit(")", 1)[1].split()[1])
            except OSError:
                continue
            children.setdefault(ppid, []).append(int(d.name))
    todo = [pid]
    while todo:
        p = todo.pop()
        try:
            name = (Path("/proc") / str(p) / "comm").read_text().strip()
            pages = int((Path("/proc") / str(p) / "statm").read_text().split()[1])
        except OSError:
            continue
        out.append((name, pages * os.sysconf("SC_PAGE_SIZE") / 2**20))
        todo.extend(children.get(p, []))
    return out


def settled_rss_mb(pid: int, seconds: float = 90.0) -> float:
    """The tree's resident memory once it has stopped changing (the worker processes
    started and warmed): two readings 2 s apart within 2%, or after ``seconds``."""
    deadline = time.monotonic() + seconds
    last = tree_rss_mb(pid)
    while time.monotonic() < deadline:
        time.sleep(2.0)
        now = tree_rss_mb(pid)
        if abs(now - last) <= 0.02 * last:
            return now
        last = now
    return last


def percentile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (0-1) of ``xs``, nearest rank."""
    ordered = sorted(xs)
    return ordered[min(len(ordered) - 1, max(0, round(q * len(ordered)) - 1))]


RUSH_CARD1 = "AA...O\nP..Q.O\nPXXQ.O\nP..Q..\nB...CC\nB.RRR.\n"
WATCH_AT = 10.0
"""Seconds into the class when every student opens the same watch."""
WATCH_TARGET = 20.0
FLOODER = "127.0.0.2"


def student_client(url: str, address: str, timeout: float = 60) -> httpx.Client:
    """A client whose connections come from ``address`` (a loopback address of its own)."""
    transport = httpx.HTTPTransport(local_address=address)
    return httpx.Client(
        base_url=url, timeout=timeout, transport=transport, headers={"accept-encoding": "gzip"}
    )


class Record:
    """Timings and outcomes, shared by the threads of a run."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.timings: defaultdict[str, list[float]] = defaultdict(list)
        self.outcomes: Counter[str] = Counter()
        self.wire: list[int] = []  # bytes on the wire of each trace answer
        self.worst: dict[str, tuple[float, float]] = {}  # name: (seconds, when)
        self.start = time.monotonic()

    def time(self, name: str, took: float) -> None:
        with self.lock:
            self.timings[name].append(took)

    def at(self, name: str, took: float) -> None:
        """Remember when (seconds into the run) the slowest ``name`` happened."""
        with self.lock:
            if took > self.worst.get(name, (0.0, 0.0))[0]:
                self.worst[name] = (took, time.monotonic() - self.start)

    def count(self, what: str) -> None:
        with self.lock:
            self.outcomes[what] += 1


def open_page(c: httpx.Client, rec: Record, fams: list[dict[str, object]]) -> None:
    """What the player page asks for when it opens."""
    for path in ("/", "/static/style.css", "/static/js/app.js", "/static/js/render.js"):
        rec.count(f"page load {c.get(path).status_code}")
    c.get("/api/i18n?lang=es")
    for f in fams:
        examples = f.get("examples") or []
        if examples:
            board = examples[0]["text"]  # type: ignore[index]
            r = c.post(f"/api/{f['name']}/validate", json={"board": board})
            rec.count(f"page load {r.status_code}")


def solve_and_poll(c: httpx.Client, family: str, body: dict[str, object]) -> tuple[str, float]:
    """Post a solve and poll it every 200 ms as the page does: its end state (with the
    reason of a failure, shortened) and seconds."""
    t0 = time.perf_counter()
    r = c.post(f"/api/{family}/solve", json=body)
    if r.status_code != 202:
        return f"refused {r.status_code}", time.perf_counter() - t0
    job = r.json()["job"]
    while True:
        snap = c.get(f"/api/jobs/{job}").json()
        if snap["state"] == "failed":
            return f"failed ({snap.get('error', '')[:50]})", time.perf_counter() - t0
        if snap["state"] == "done":
            return snap["state"], time.perf_counter() - t0
        time.sleep(0.2)


def watch_with_retries(c: httpx.Client, rec: Record, body: dict[str, object]) -> None:
    """Ask for a trace until served, 1, 2, 4, ... s after a refusal (the page's back-off)."""
    t0 = time.perf_counter()
    wait = 1.0
    while True:
        r = c.post("/api/watch/trace", json=body)
        if r.status_code == 200:
            rec.time(f"watch {body['algorithm']} served", time.perf_counter() - t0)
            with rec.lock:
                rec.wire.append(int(r.headers.get("content-length") or len(r.content)))
            return
        rec.count(f"watch refused {r.status_code}")
        if r.status_code != 429 or time.perf_counter() - t0 > 120:
            rec.count("watch never served")
            return
        time.sleep(wait)
        wait = min(wait * 2, 8.0)


def student(url: str, address: str, rec: Record, stop: threading.Event, start: float) -> None:
    rng = random.Random(address)
    page = secrets.token_hex(8)
    with student_client(url, address) as c:
        time.sleep(rng.uniform(0, 4))  # students do not all press Enter at once
        fams = c.get("/api/families?lang=es").json()
        open_page(c, rec, fams)
        watched = False
        while not stop.is_set():
            now = time.monotonic() - start
            if not watched and now >= WATCH_AT:
                watched = True
                compare = {"family": "rushhour", "board": RUSH_CARD1, "heuristic": "blocking"}
                both = [
                    threading.Thread(
                        target=watch_with_retries, args=(c, rec, {**compare, "algorithm": a})
                    )
                    for a in ("bfs", "astar")
                ]
                for t in both:
                    t.start()
                for t in both:
                    t.join()
                continue
            time.sleep(min(rng.uniform(3, 8), max(0.05, WATCH_AT - now) if not watched else 8))
            if stop.is_set():
                break
            action = rng.random()
            try:
                if action < 0.4:
                    r = c.post("/api/rushhour/moves", json={"board": RUSH_CARD1})
                elif action < 0.55:
                    r = c.post("/api/npuzzle/validate", json={"board": ONE_MOVE_8})
                elif action < 0.7:
                    r = c.post("/api/npuzzle/hint", json={"board": ONE_MOVE_8, "page": page})
                elif action < 0.9:
                    body: dict[str, object] = {
                        "board": RUSH_CARD1,
                        "algorithm": "astar",
                        "page": page,
                    }
                    state, _took = solve_and_poll(c, "rushhour", body)
                    rec.count(f"student solve {state}")
                    continue
                else:
                    r = c.post(
                        "/api/npuzzle/random",
                        json={"params": {"size": 3, "depth": 12}, "page": page},
                    )
                rec.count(f"student {r.request.url.path.rsplit('/', 1)[1]} {r.status_code}")
            except httpx.HTTPError as exc:
                rec.count(f"student {type(exc).__name__}")


def probe(url: str, rec: Record, stop: threading.Event) -> None:
    """One more person on 127.0.2.1: the page every second, a 1-move solve every 3 s."""
    page = secrets.token_hex(8)
    with student_client(url, "127.0.2.1") as c:
        n = 0
        while not stop.is_set():
            t0 = time.perf_counter()
            r = c.get("/")
            rec.time("probe GET /", time.perf_counter() - t0)
            rec.at("probe GET /", time.perf_counter() - t0)
            rec.count(f"probe GET / {r.status_code}")
            if n % 3 == 0:
                body: dict[str, object] = {"board": ONE_MOVE_8, "algorithm": "astar", "page": page}
                state, took = solve_and_poll(c, "npuzzle", body)
                rec.count(f"probe 1-move solve {state}")
                if state == "done":
                    rec.time("probe 1-move solve", took)
                    rec.at("probe 1-move solve", took)
            n += 1
            time.sleep(max(0.0, 1.0 - (time.perf_counter() - t0)))


def probe_process(url: str, start: float, seconds: float, conn: Any) -> None:
    """The probe in a process of its own (a student's browser is not one of the others'
    threads: in the students' process it would wait for their GIL, and time it)."""
    rec = Record()
    rec.start = start
    stop = threading.Event()
    timer = threading.Timer(max(0.0, start + seconds - time.monotonic()), stop.set)
    timer.start()
    probe(url, rec, stop)
    conn.send((dict(rec.timings), dict(rec.outcomes), rec.worst))
    conn.close()


def run_class(args: argparse.Namespace) -> None:
    proc, url = start_server()
    rec = Record()
    stop = threading.Event()
    before = settled_rss_mb(proc.pid)
    load = os.getloadavg()
    peak = [before]

    def watch_memory() -> None:
        while not stop.is_set():
            peak[0] = max(peak[0], tree_rss_mb(proc.pid))
            time.sleep(0.5)

    # Other programs keeping the machine busy, each in a session of its own (another
    # user's tests, a compiler): they compete with the server as whole programs do.
    burners = [
        subprocess.Popen([sys.executable, "-c", "while True: pass"], start_new_session=True)
        for _ in range(args.busy)
    ]
    start = rec.start = time.monotonic()
    threads = [
        threading.Thread(target=student, args=(url, f"127.0.1.{i + 1}", rec, stop, start))
        for i in range(args.students)
    ]
    threads.append(threading.Thread(target=watch_memory))
    ctx = multiprocessing.get_context("spawn")
    receiver, sender = ctx.Pipe(duplex=False)
    prober = ctx.Process(target=probe_process, args=(url, start, args.seconds, sender))
    prober.start()
    for t in threads:
        t.start()
    time.sleep(args.seconds)
    load_during = os.getloadavg()
    stop.set()
    for t in threads:
        t.join()
    timings, outcomes, worst = receiver.recv()
    prober.join()
    for burner in burners:
        burner.kill()
        burner.wait()
    rec.timings.update(timings)
    rec.outcomes.update(outcomes)
    rec.worst.update(worst)
    busy = tree_processes(proc.pid)
    time.sleep(args.idle)
    after = tree_rss_mb(proc.pid)
    idle = tree_processes(proc.pid)
    proc.terminate()
    proc.wait(30)

    print(
        f"class: {args.students} students on 127.0.1.x and a probe on 127.0.2.1, "
        f"{args.seconds:g} s, all opening the Rush Hour card 1 watch (BFS and A*) at "
        f"{WATCH_AT:g} s; {os.cpu_count()} cores, {args.busy} busy programs beside it, "
        "load average before "
        f"{load[0]:.2f}, at the end {load_during[0]:.2f}"
    )
    checks: list[tuple[str, list[float], float]] = [
        ("watch bfs served", rec.timings["watch bfs served"], WATCH_TARGET),
        ("watch astar served", rec.timings["watch astar served"], WATCH_TARGET),
        ("probe GET /", rec.timings["probe GET /"], 0.3),
        ("probe 1-move solve", rec.timings["probe 1-move solve"], 1.5),
    ]
    for name, xs, target in checks:
        if not xs:
            print(f"  {name:20} none")
            continue
        worst = max(xs) if name.startswith("watch") else percentile(xs, 0.99)
        what = "worst" if name.startswith("watch") else "p99"
        verdict = "ok" if worst <= target else "OVER TARGET"
        print(
            f"  {name:20} n={len(xs):4}  median {statistics.median(xs) * 1000:6.0f} ms  "
            f"p99 {percentile(xs, 0.99) * 1000:6.0f} ms  worst {max(xs) * 1000:6.0f} ms  "
            f"(target {what} <= {target * 1000:.0f} ms: {verdict})"
        )
    for name, (took, when) in sorted(rec.worst.items()):
        print(f"  the slowest {name}: {took * 1000:,.0f} ms, {when:.0f} s into the class")
    served = len(rec.timings["watch bfs served"])
    print(f"  students served the BFS watch: {served} of {args.students}")
    if rec.wire:
        print(f"  trace answers on the wire: median {statistics.median(rec.wire) / 1e3:,.0f} kB")
    print("outcomes:")
    for what, n in sorted(rec.outcomes.items()):
        print(f"  {what}: {n}")
    for label, procs in (("at the end of the class", busy), (f"after {args.idle:g} s idle", idle)):
        shown = ", ".join(f"{name} {mb:.0f}" for name, mb in sorted(procs, key=lambda x: -x[1]))
        print(f"processes {label} (MB): {shown}")
    growth = after / before - 1
    print(
        f"memory (server and child processes): {before:,.0f} MB before, peak {peak[0]:,.0f} MB, "
        f"{after:,.0f} MB after {args.idle:g} s idle ({growth:+.0%}; target within 30%: "
        f"{'ok' if growth <= 0.3 else 'OVER TARGET'})"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=None)
    parser.add_argument("--solvers", type=int, default=4)
    parser.add_argument("--generators", type=int, default=3)
    parser.add_argument("--hinters", type=int, default=2)
    parser.add_argument(
        "--class", dest="students", type=int, default=0, help="Students (class mode)."
    )
    parser.add_argument("--idle", type=float, default=60.0, help="Idle seconds after a class.")
    parser.add_argument(
        "--busy",
        type=int,
        default=0,
        help="CPU-bound programs running beside the class (a busy machine).",
    )
    args = parser.parse_args()
    if args.students:
        args.seconds = args.seconds or 60.0
        run_class(args)
        return
    args.seconds = args.seconds or 30.0

    proc, url = start_server()
    stop = threading.Event()
    flood: Counter[str] = Counter()
    timings: defaultdict[str, list[float]] = defaultdict(list)
    lock = threading.Lock()

    def count(what: str) -> None:
        with lock:
            flood[what] += 1

    # The flooder comes from an address of its own (clients are keyed by address: on
    # the player's, it would only be competing with itself).
    def flood_solves() -> None:
        with student_client(url, FLOODER, timeout=30) as c:
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
            with student_client(url, FLOODER, timeout=1.0) as c:
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
