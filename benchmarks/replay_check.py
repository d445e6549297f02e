"""What checking an answer costs: the replay of :meth:`Family.check` next to the solve.

Every solved answer is replayed from the start with the family's own move rules before
it is reported (docs/engine.md, "Every answer is checked"). This times the solve and
the check apart on the largest answers each family gives: a 2000x2000 knight's tour
(open and closed), Fogleman's hardest 6x6 Rush Hour puzzle (51 moves) and the last
card (by moves and by steps), a 24-puzzle 100 moves deep, peg solitaire's English
board, a 12-disk Hanoi tower (4,095 moves) and a 300x300 maze. It prints each
answer's length, the solve's and the check's seconds (best of ``--repeat``) and the
check's share of the whole.

Run: ``nice -n 19 .venv/bin/python benchmarks/replay_check.py [--repeat 3]``
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from searchlab import families
from searchlab.search.result import SearchResult

HARDEST = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM."
"""Fogleman's hardest 6x6 Rush Hour puzzle without walls (51 moves)."""


def walk_24(depth: int, seed: int) -> str:
    """A 24-puzzle ``depth`` random moves (no move undoing the last) from the goal."""
    n = 5
    tiles = [*range(1, n * n), 0]
    blank, last = n * n - 1, -1
    rng = random.Random(seed)
    for _ in range(depth):
        r, c = divmod(blank, n)
        options = [
            b
            for b, ok in ((blank - n, r > 0), (blank + n, r < n - 1), (blank - 1, c > 0))
            if ok and b != last
        ]
        if c < n - 1 and blank + 1 != last:
            options.append(blank + 1)
        nxt = rng.choice(options)
        tiles[blank], tiles[nxt] = tiles[nxt], tiles[blank]
        last, blank = blank, nxt
    return "\n".join(" ".join(str(t) for t in tiles[i : i + n]) for i in range(0, n * n, n))


def maze(side: int, seed: int) -> str:
    """An open ``side`` x ``side`` maze with a few random walls, S and G in the corners."""
    rng = random.Random(seed)
    rows = [["#" if rng.random() < 0.1 else "." for _ in range(side)] for _ in range(side)]
    rows[0][0], rows[-1][-1] = "S", "G"
    return "\n".join("".join(row) for row in rows)


CASES: list[tuple[str, str, str, str | None, dict[str, Any]]] = [
    ("knight 2000x2000 open", "knight", "2000x2000\nstart: 0,0\n", None, {}),
    ("knight 2000x2000 closed", "knight", "2000x2000\nstart: 0,0\nclosed\n", None, {}),
    ("rushhour hardest 6x6", "rushhour", HARDEST, None, {}),
    ("rushhour hardest, steps", "rushhour", HARDEST, None, {"metric": "steps"}),
    ("npuzzle 24, 100-move walk", "npuzzle", walk_24(100, 7), "greedy", {}),
    ("peg english", "peg", "board: english\n", None, {}),
    ("hanoi 12 disks", "hanoi", "disks: 12\n", None, {}),
    ("maze 300x300 astar", "maze", maze(300, 3), "astar", {}),
]


def best(repeat: int, fn: Callable[[], Any]) -> tuple[float, Any]:
    """The best wall-clock seconds of ``repeat`` calls, and the last call's value."""
    seconds, value = float("inf"), None
    for _ in range(repeat):
        t = time.perf_counter()
        value = fn()
        seconds = min(seconds, time.perf_counter() - t)
    return seconds, value


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--repeat", type=int, default=3)
    args = ap.parse_args()
    print(f"{'answer':28} {'moves':>10} {'solve s':>9} {'check s':>9} {'check %':>8}")
    for title, name, text, algorithm, options in CASES:
        family = families.get(name)
        instance = family.read(text)
        algorithm = algorithm or family.algorithms[0]
        solve = partial(family.solve, instance, algorithm, None, **options)
        solve_s, result = best(args.repeat, solve)
        assert isinstance(result, SearchResult) and result.solved, (title, result.status)
        check_s, _ = best(args.repeat, partial(family.check, instance, result))
        share = 100 * check_s / (solve_s + check_s)
        print(f"{title:28} {result.length:>10,} {solve_s:>9.4f} {check_s:>9.4f} {share:>7.1f}%")


if __name__ == "__main__":
    main()
