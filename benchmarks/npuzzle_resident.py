"""Benchmark: resident memory and search CPU of IDA* on cached ranked databases, one child
process per table format, in one run on the same tables.

Each child does what ``searchlab npuzzle solve --pdb 7-8`` does: maps the cached tables
(:func:`~searchlab.puzzles.npuzzle.solvers.pattern_databases`, ``build=False``) and runs
the compiled IDA* with reflection on every instance (the search loaded from Numba's
cache, compiled first by a warm-up child). Its peak resident memory (``ru_maxrss``) and
CPU time (user + system) come from ``os.wait4``; it prints the total nodes and lengths,
which must be equal for every format (the same heuristic values). The formats are told
apart by giving each child a cache directory of links holding only that format's files:

- ``four``: four bits an entry (:func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked`), what
  the search read before issue 24's three-bit format;
- ``three``: three bits an entry (:func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked`),
  made from the four-bit files into a temporary directory if the cache has none.

The instances: for 7-8, Korf's 100 (each length checked against the published one);
for 6-6-6-6, four 24-puzzle boards from 120-move random walks from Korf's goal
(seeds 1-4, no move undoing the one before: Korf & Felner's 50 take minutes to hours).

Usage: python benchmarks/npuzzle_resident.py [--partition 7-8|6-6-6-6] [--blank-anywhere]
       [--cache DIR] [--rounds 2]

``--cache`` is the directory holding ``npuzzle/`` (default: ``$SEARCHLAB_CACHE_DIR`` or
the user cache); the tables must be built there (``searchlab npuzzle pdb --build 7-8
--goal first``); ``--blank-anywhere`` uses the tables searched with the blank anywhere
(``pattern_databases(..., blank_goal=False)``) instead of the shipped blank-goal ones.
The rounds alternate the formats; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from searchlab.cache import cache_root
from searchlab.puzzles.npuzzle.board import Board, neighbours
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pdb import PARTITIONS, RANKED, pack3_ranked, pdb_path
from searchlab.puzzles.npuzzle.solvers import partition_size, pattern_databases

WARM = "from searchlab.puzzles.npuzzle import kernel; kernel.warm_up((2, 4))"


def boards(partition: str) -> list[tuple[Board, int | None]]:
    """The instances of ``partition`` and their published optimal lengths (None: none)."""
    if partition == "7-8":
        return [(k.board, k.optimal_length) for k in korf_instances()]
    out: list[tuple[Board, int | None]] = []
    for seed in (1, 2, 3, 4):
        rng = random.Random(seed)
        tiles = list(KORF24_GOAL.tiles)
        b, prev = tiles.index(0), -1
        for _ in range(120):
            nb = rng.choice([c for _, c in neighbours(5)[b] if c != prev])
            tiles[b], tiles[nb] = tiles[nb], tiles[b]
            prev, b = b, nb
        out.append((Board(5, tuple(tiles)), None))
    return out


def run_child(partition: str, blank_goal: bool) -> None:
    """The child: solve ``partition``'s instances on the cached tables, print the total
    nodes, the lengths and the tables' bytes; exit with the number of wrong lengths."""
    from searchlab.puzzles.npuzzle.kernel import ida_star_compiled

    goal = KORF_GOAL if partition == "7-8" else KORF24_GOAL
    tables = pattern_databases(goal, partition, build=False, blank_goal=blank_goal)
    results = [(ida_star_compiled(b, goal, pdbs=tables), n) for b, n in boards(partition)]
    nodes = sum(r.stats.generated for r, _ in results)
    lengths = [r.length for r, _ in results]
    print(nodes, sum(lengths), [len(t) for _, t in tables])
    sys.exit(sum(not r.solved or (n is not None and r.length != n) for r, n in results))


def child(command: list[str], env: dict[str, str]) -> tuple[float, float, str, int]:
    """Run ``command``: its CPU seconds, peak resident MiB, output and exit status."""
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss / 1024, out.strip(), os.waitstatus_to_exitcode(status)


def link_dirs(cache: Path, tmp: Path, partition: str, blank: int | None) -> dict[str, Path]:
    """A cache directory per format, holding links to that format's files of ``partition``
    only (the three-bit ones made from the four-bit ones into ``tmp`` if missing)."""
    import numpy as np

    n = partition_size(partition)
    dirs = {}
    for fmt in ("four", "three"):
        d = tmp / fmt / "npuzzle"
        d.mkdir(parents=True)
        dirs[fmt] = d.parent
        for pattern in PARTITIONS[partition]:
            src4 = pdb_path(n, pattern, cache, ranked=True, packed=True, blank=blank)
            if not src4.exists():
                sys.exit(f"missing {src4}: run 'searchlab npuzzle pdb --build {partition}'")
            if fmt == "four":
                (d / src4.name).symlink_to(src4.resolve())
                continue
            src3 = pdb_path(n, pattern, cache, ranked=True, blank=blank, pack3=True)
            dst = d / src3.name
            if src3.exists():
                dst.symlink_to(src3.resolve())
            else:
                pack3_ranked(n, pattern, np.load(src4, mmap_mode="r"), dst)
    return dirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partition", choices=sorted(RANKED), default="7-8")
    parser.add_argument("--blank-anywhere", action="store_true")
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        run_child(args.partition, not args.blank_anywhere)
        return
    cache = (args.cache or cache_root()) / "npuzzle"
    blank = None if args.blank_anywhere else 0
    print(f"load average {os.getloadavg()[0]:.1f}; {args.partition}", flush=True)
    command = [sys.executable, __file__, "--child", "--partition", args.partition]
    command += ["--blank-anywhere"] if args.blank_anywhere else []
    with tempfile.TemporaryDirectory(prefix="searchlab-resident-") as tmp:
        dirs = link_dirs(cache, Path(tmp), args.partition, blank)
        subprocess.run([sys.executable, "-c", WARM], check=True)
        best: dict[str, tuple[float, float, str]] = {}
        for rnd in range(args.rounds):
            for fmt in ("four", "three") if rnd % 2 == 0 else ("three", "four"):
                env = {**os.environ, "SEARCHLAB_CACHE_DIR": str(dirs[fmt])}
                t0 = time.perf_counter()
                cpu, peak, out, wrong = child(command, env)
                wall = time.perf_counter() - t0
                print(
                    f"{fmt:5s} round {rnd + 1}: peak RSS {peak:.0f} MiB, CPU {cpu:.2f} s, "
                    f"wall {wall:.1f} s, nodes, total length and table bytes {out}, "
                    f"{'all solved' if wrong == 0 else f'{wrong} WRONG'}",
                    flush=True,
                )
                if fmt not in best or cpu < best[fmt][1]:
                    best[fmt] = (peak if fmt not in best else min(peak, best[fmt][0]), cpu, out)
    four, three = best["four"], best["three"]
    same = four[2].split()[:2] == three[2].split()[:2]
    print(
        f"three bits against four: peak RSS {four[0]:.0f} -> {three[0]:.0f} MiB "
        f"({four[0] / three[0]:.2f}x less), CPU {four[1]:.2f} -> {three[1]:.2f} s "
        f"({four[1] / three[1]:.2f}x), nodes and lengths {'identical' if same else 'DIFFERENT'}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
