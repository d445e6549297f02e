"""Speed of the frontier count in states per CPU second (issue 33), in memory and
under a memory budget (frontiers on disk, steps in parts).

Run: .venv/bin/python benchmarks/knight_frontier_speed.py [WxH] [--open] [--memory GB] [--base N]

States: the frontier states expanded (the sum of the frontier sizes over the cells).
``--base N`` prints the ratio against N states per CPU second measured before a change
(run this same file with ``PYTHONPATH`` set to the old ``src`` to get N; interleave
the runs on a shared machine: CPU seconds are fair, wall time is printed too).
"""

from __future__ import annotations

import sys
import time

from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.frontier import count


def main(argv: list[str]) -> int:
    size = next((a for a in argv if "x" in a and not a.startswith("-")), "6x8")
    rows, cols = (int(v) for v in size.split("x"))
    closed = "--open" not in argv
    memory = None
    base = None
    if "--memory" in argv:
        memory = int(float(argv[argv.index("--memory") + 1]) * 2**30)
    if "--base" in argv:
        base = float(argv[argv.index("--base") + 1])
    count(Board(4, 4), closed)  # compile (or load the compiled kernel) first
    states = [1]

    def seen(cell: int, cells: int, column: int, n: int, mb: float) -> None:
        states[0] += n

    kwargs = {} if memory is None else {"memory": memory}
    wall, cpu = time.perf_counter(), time.process_time()
    got = count(Board(rows, cols), closed, progress=seen, **kwargs)  # type: ignore[arg-type]
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    rate = states[0] / cpu
    line = (
        f"{size} {'closed' if closed else 'open'} memory={memory or 'default'}: "
        f"{got.undirected:,} undirected, {states[0]:,} states, {cpu:.1f} CPU s "
        f"({wall:.1f} s wall), {rate:,.0f} states/CPU s, "
        f"arrays {got.largest_arrays / 2**20:.1f} MB, at most {got.most_parts} parts"
    )
    if base is not None:
        line += f", ratio {rate / base:.3f} against {base:,.0f}"
    print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
