"""Benchmark: a 100 x 100 weighted maze watched with A* and BFS side by side, to the goal.

Usage: python benchmarks/maze_watch.py [--size 100] [--seed 7] [--speed 2000]

Serves the app on a loopback port (uvicorn in a thread), drives Debian's Chromium
(Playwright) to ``/watch`` with the maze and both algorithms, and measures:

* the traces: their size and the server's time (POST /api/watch/trace);
* playing at ``--speed`` steps a second to the end: the wall time, the steps a
  second reached, and the frames (requestAnimationFrame intervals: median, 95th
  percentile, worst) while it plays;
* the time of one step, stepping forward by hand (the button's click, render
  included), on the canvas lanes; and, as the before, the same on the largest board
  the SVG watch took (40 x 40, 1,600 cells).

Target (issue 37): the whole search plays smoothly, frames near 16.7 ms (60 Hz).
"""

from __future__ import annotations

import argparse
import itertools
import json
import socket
import statistics
import threading
import time
import urllib.request
from typing import Any
from urllib.parse import urlencode

import uvicorn
from playwright.sync_api import sync_playwright

from searchlab import families
from searchlab.puzzles.maze.family import generate
from searchlab.web.app import create_app

CHROMIUM = "/usr/bin/chromium"


def serve() -> tuple[str, uvicorn.Server, threading.Thread]:
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    while not server.started:
        time.sleep(0.02)
    return f"http://127.0.0.1:{port}", server, thread


def step_times(page: Any, steps: int) -> list[float]:
    """Milliseconds of each of ``steps`` forward steps (click to rendered), from step 0."""
    times: list[float] = page.evaluate(
        """(n) => {
          document.querySelector('[data-watch=first]').click();
          const fwd = document.querySelector('[data-watch=forward]');
          const out = [];
          for (let i = 0; i < n; i++) {
            const t0 = performance.now(); fwd.click(); out.push(performance.now() - t0);
          }
          return out;
        }""",
        steps,
    )
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--size", type=int, default=100)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--speed", type=int, default=2000, help="steps a second (max 2000)")
    args = parser.parse_args()
    board = generate(
        {"width": args.size, "height": args.size, "walls": 0.25, "weights": 0.3}, args.seed
    )
    small = generate({"width": 40, "height": 40, "walls": 0.25, "weights": 0.3}, args.seed)
    fam = families.get("maze")
    fam.read(board)
    base, server, thread = serve()
    warm = json.dumps({"family": "maze", "board": board, "algorithm": "bfs"}).encode()
    request = urllib.request.Request(  # the server's first search (imports) is not timed
        f"{base}/api/watch/trace", data=warm, headers={"content-type": "application/json"}
    )
    urllib.request.urlopen(request, timeout=60).read()
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path=CHROMIUM)
            page = browser.new_page(viewport={"width": 1280, "height": 800})
            sizes: list[int] = []
            page.on(
                "response",
                lambda r: (
                    sizes.append(len(r.body())) if r.url.endswith("/api/watch/trace") else None
                ),
            )
            query = {"family": "maze", "board": board, "a": "astar", "b": "bfs", "compare": "1"}
            t0 = time.perf_counter()
            page.goto(f"{base}/watch?{urlencode(query)}")
            page.wait_for_selector("canvas[data-watch=board] >> nth=1")
            page.wait_for_function("() => document.querySelector('canvas').dataset.step === '0'")
            loaded = time.perf_counter() - t0
            last = [
                int(x)
                for x in page.evaluate(
                    "[...document.querySelectorAll('[data-watch=lane] [data-watch=step]')]"
                    ".map(e => e.textContent.match(/(\\d+)\\D*$/)[1])"
                )
            ]
            page.fill("[data-watch=speed]", str(args.speed))
            page.evaluate(
                """() => { window.__frames = []; const tick = (t) => { window.__frames.push(t);
                  if (!document.querySelector('[data-watch=lane]:nth-child(2)[data-done=true]'))
                    requestAnimationFrame(tick); }; requestAnimationFrame(tick); }"""
            )
            t0 = time.perf_counter()
            page.click("[data-watch=play]")
            page.wait_for_selector(
                "[data-watch=lane]:nth-child(2)[data-done=true]", timeout=600_000
            )
            played = time.perf_counter() - t0
            frames: list[float] = page.evaluate("window.__frames")
            gaps = [b - a for a, b in itertools.pairwise(frames)]
            render = page.evaluate(
                "[...document.querySelectorAll('canvas[data-watch=board]')]"
                ".map(c => [Number(c.dataset.renderMs), Number(c.dataset.renderMaxMs)])"
            )
            status = page.locator("[data-watch=lane] [data-watch=status]").all_inner_texts()
            canvas_steps = step_times(page, 2000)
            # the before: the SVG watch on the largest board it took
            page.goto(f"{base}/watch?{urlencode({**query, 'board': small})}")
            page.wait_for_selector("[data-watch=lane] g.watch-states rect")
            svg_steps = step_times(page, 200)
            browser.close()
    finally:
        server.should_exit = True
        thread.join(timeout=5)
    q = statistics.quantiles(gaps, n=20) if len(gaps) > 20 else [0.0] * 19
    steps = max(last)
    c_ms, s_ms = statistics.mean(canvas_steps), statistics.mean(svg_steps)
    print(
        f"maze {args.size}x{args.size} (walls 25 %, weighted 30 %, seed {args.seed}),",
        "A* against BFS",
    )
    print(
        f"  traces: {', '.join(f'{n / 1000:.0f} KB' for n in sizes)}; page ready in {loaded:.2f} s"
    )
    print(f"  steps: A* {last[0]:,}, BFS {last[1]:,}; {status[0]} | {status[1]}")
    print(
        f"  played at {args.speed} steps/s: {played:.2f} s, {steps / played:,.0f} steps/s reached; "
        f"frames {len(frames):,}: median {statistics.median(gaps):.1f} ms, "
        f"p95 {q[18]:.1f} ms, worst {max(gaps):.1f} ms"
    )
    print(
        "  canvas render per tick (ms, mean/worst): "
        + ", ".join(f"{m:.2f}/{w:.2f}" for m, w in render)
    )
    print(
        f"  one step by hand: canvas 100x100 {c_ms:.3f} ms (two lanes); before, SVG 40x40 "
        f"{s_ms:.3f} ms; ratio {s_ms / c_ms:.1f}x"
    )
    print(
        json.dumps(
            {
                "played_s": round(played, 3),
                "steps": steps,
                "frame_median_ms": round(statistics.median(gaps), 2),
                "frame_p95_ms": round(q[18], 2),
                "canvas_step_ms": round(c_ms, 4),
                "svg40_step_ms": round(s_ms, 4),
            }
        )
    )


if __name__ == "__main__":
    main()
