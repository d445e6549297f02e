"""Benchmark: the 40 challenge cards solved optimally by the packed BFS (and the engine's A*).

Targets: all 40 cards in under 1 s in total, card 40 (51 moves) in under 0.2 s; and
(issue 34, item 7) at least parity with M. Fogleman's C++ solver in process.
Run: ``.venv/bin/python benchmarks/rushhour_cards.py [--engine] [--cpp RUSH] [--rounds N]``

By default, per metric: :func:`~searchlab.puzzles.rushhour.solver.fast_bfs` through the
Python loop (``compiled=False``, what a command runs: it does not load Numba) and through
the compiled kernel (loaded before the clock, as a long-lived process has it), the same
search (paths and counts checked equal on every card), best of ``--rounds`` (default 3)
rounds each, and the ratio compiled / Python. ``--cpp RUSH`` (a checkout, or a bare git
directory, of github.com/fogleman/rush) also builds his C++ solver (``cpp/``: his
``Solver`` and ``Board``, iterative deepening with a memo, his Makefile's flags; a 6x6
``config.h``, and a ``main`` of ours that reads one board a line, solves it with a new
``Solver`` and prints the moves and the seconds) under ``~/.cache/searchlab-bench/``,
runs the 40 cards through it ``--rounds`` times (one process each round), checks its
move counts against the cards' and prints our ratios to its best total.

``--cli [--before SRC] [--repeat N]``: what a user pays per card from the command line,
``searchlab rushhour solve --card K -q`` for the 40 cards, one process each (the way
M. Fogleman's Go solver is timed per card in issue 23: 0.48 s for the 40). With
``--before SRC`` (another checkout's ``src``, e.g. ``/work/main/src``), the same 40
calls on those sources too, interleaved card by card so both see the same load, and
the ratio after/before. The best of N rounds (default 3) of each card is kept.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from pathlib import Path

from rushhour_vs_cpp import copy_cpp
from searchlab.puzzles.rushhour import cards, fast_bfs, kernel, solve_board

CPP_MAIN = r"""
#include <chrono>
#include <cstdio>
#include <iostream>
#include <string>
#include "board.h"
#include "solver.h"
// searchlab benchmark: one board a line (his notation), each solved by a new Solver.
int main() {
    std::string desc;
    while (std::cin >> desc) {
        auto t = std::chrono::steady_clock::now();
        Board board(desc);
        Solver solver;
        const Solution solution = solver.Solve(board);
        std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t;
        std::printf("%d %.9f\n", solution.NumMoves(), dt.count());
    }
}
"""


def build_cpp(rush: Path) -> Path:
    """His ``cpp/`` with a 6x6 ``config.h`` and our ``main`` (his solver's code unchanged)."""
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    where = home / "searchlab-bench" / "rush-cpp-solver-6x6"
    binary = where / "bin" / "release" / "main"
    if binary.exists():
        return binary
    copy_cpp(rush, where)
    config = (where / "src" / "config.h").read_text()
    for name, value in {"BoardSize": 6, "PrimaryRow": 2, "MinPieceSize": 2}.items():
        config = re.sub(rf"const int {name} = \d+;", f"const int {name} = {value};", config)
    (where / "src" / "config.h").write_text(config)
    (where / "src" / "main.cpp").write_text(CPP_MAIN)
    subprocess.run(["make", "release"], cwd=where, check=True, capture_output=True)
    return binary


def cpp_seconds(binary: Path, expected: list[int]) -> float:
    """His total seconds over the 40 cards (one process), move counts checked."""
    boards = "\n".join(c.database for c in cards()) + "\n"
    out = subprocess.run([str(binary)], input=boards, capture_output=True, text=True, check=True)
    rows = [line.split() for line in out.stdout.splitlines()]
    assert [int(moves) for moves, _ in rows] == expected, "his move counts differ"
    return sum(float(seconds) for _, seconds in rows)


def cli_seconds(src: str, number: int) -> float:
    """Wall time of one ``searchlab rushhour solve --card NUMBER -q`` run on ``src``."""
    env = {**os.environ, "PYTHONPATH": src}
    argv = [sys.executable, "-m", "searchlab", "rushhour", "solve", "--card", str(number), "-q"]
    t = time.perf_counter()
    subprocess.run(argv, env=env, stdout=subprocess.DEVNULL, check=True)
    return time.perf_counter() - t


def cli(before: str | None, repeat: int) -> None:
    here = str(Path(__file__).resolve().parent.parent / "src")
    trees = {"this tree": here, **({"before": before} if before else {})}
    best = {name: [float("inf")] * 40 for name in trees}
    for _round in range(repeat):
        for k in range(40):
            for name, src in trees.items():
                best[name][k] = min(best[name][k], cli_seconds(src, k + 1))
    for name, times in best.items():
        print(
            f"{name}: 40 cards, one process each: {sum(times):.2f} s "
            f"({sum(times) / 40 * 1000:.0f} ms per card, best of {repeat})"
        )
    if before:
        ratio = sum(best["this tree"]) / sum(best["before"])
        print(f"ratio this tree / before: {ratio:.2f}")


def main() -> None:
    if "--cli" in sys.argv:
        before = sys.argv[sys.argv.index("--before") + 1] if "--before" in sys.argv else None
        repeat = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
        cli(before, repeat)
        return
    rounds = int(sys.argv[sys.argv.index("--rounds") + 1]) if "--rounds" in sys.argv else 3
    boards = [(c, c.parse()) for c in cards()]
    fast_bfs(boards[0][1], compiled=False)  # warm the cached move tables
    t = time.perf_counter()
    kernel.warm_up()
    print(f"compiled kernel: ready in {time.perf_counter() - t:.1f} s (compile or load)")
    totals: dict[str, float] = {}
    for metric in ("moves", "steps"):
        best = {True: float("inf"), False: float("inf")}
        expanded = 0
        for _round in range(rounds):
            for compiled in (False, True):
                total, expanded = 0.0, 0
                for c, b in boards:
                    t = time.perf_counter()
                    r = fast_bfs(b, metric, compiled=compiled)
                    dt = time.perf_counter() - t
                    total += dt
                    expanded += r.stats.expanded
                    assert r.length == (c.moves if metric == "moves" else c.steps), c.number
                best[compiled] = min(best[compiled], total)
        for compiled, label in ((False, "Python loop"), (True, "compiled")):
            print(
                f"40 cards by {metric}, {label}: {best[compiled]:.3f} s, {expanded:,} expanded, "
                f"{expanded / best[compiled]:,.0f} nodes/s (best of {rounds})"
            )
        print(f"ratio compiled / Python loop ({metric}): {best[True] / best[False]:.3f}")
        totals[metric] = best[True]
        totals[metric + " python"] = best[False]
    for _card, b in boards:  # the same search: paths and counts
        for metric in ("moves", "steps"):
            one, other = (fast_bfs(b, metric, compiled=x) for x in (True, False))  # type: ignore[arg-type]
            assert one.actions == other.actions and one.stats.generated == other.stats.generated
    if "--cpp" in sys.argv:
        binary = build_cpp(Path(sys.argv[sys.argv.index("--cpp") + 1]))
        his = min(cpp_seconds(binary, [c.moves for c, _ in boards]) for _ in range(rounds))
        print(f"Fogleman's C++ (by moves): {his:.3f} s (best of {rounds})")
        print(
            f"ratio ours / his C++ (by moves): compiled {totals['moves'] / his:.3f}, "
            f"Python loop {totals['moves python'] / his:.3f}"
        )
    if "--engine" in sys.argv:
        for h in ("blocking", "strong"):
            total, expanded = 0.0, 0
            for c, b in boards:
                r = solve_board(b, algorithm="astar", heuristic=h)
                assert r.length == c.moves
                total += r.stats.seconds
                expanded += r.stats.expanded
            print(f"engine A* ({h}): {total:.2f} s, {expanded:,} expanded")


if __name__ == "__main__":
    main()
