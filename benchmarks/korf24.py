"""Benchmark: Korf & Felner's 50 random 24-puzzle instances, IDA* with the 6-6-6-6 databases.

Usage: python benchmarks/korf24.py [IDS ...] [--easiest N] [--time-limit SECONDS]
       [--no-reflect]

IDS are instance numbers or ranges (``25 40 1-3``); ``--easiest N`` runs the N
instances with the shortest published optimal solutions instead (default: the
easiest 3). Each instance runs the compiled IDA*
(:func:`searchlab.puzzles.npuzzle.kernel.ida_star_compiled`) with the additive
6-6-6-6 databases and their reflection (Korf & Felner 2002), under a time limit
per instance (default 600 s); a progress line (iteration bound, nodes, nodes/s)
goes to stderr every few seconds; Ctrl-C stops the current instance and prints
what was done. The databases are built first if missing (``searchlab npuzzle pdb
--build 6-6-6-6``, minutes). Prints per instance the status, the length found
against the published optimum, nodes generated, CPU seconds and nodes per CPU
second.
"""

from __future__ import annotations

import argparse
import resource
import sys
import threading
import time

from korf100 import parse_ids  # the sibling script (this folder is on sys.path)
from searchlab.puzzles.npuzzle import kernel
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, korf24_instances
from searchlab.puzzles.npuzzle.solvers import pattern_databases
from searchlab.search import SearchStats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--easiest", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--no-reflect", action="store_true")
    args = parser.parse_args()
    instances = korf24_instances()
    if args.ids:
        wanted = set(parse_ids(args.ids))
        chosen = [k for k in instances if k.id in wanted]
    else:
        chosen = sorted(instances, key=lambda k: (k.optimal_length, k.id))[: args.easiest]
    t0 = time.perf_counter()

    def built(done: int, total: int) -> None:
        print(f"\rbuilding the 6-6-6-6 databases: {done / total:6.1%}", end="", file=sys.stderr)

    pdbs = pattern_databases(KORF24_GOAL, "6-6-6-6", built)
    print(f"pattern databases 6-6-6-6: ready in {time.perf_counter() - t0:.1f} s (load or build)")
    t0 = time.perf_counter()
    kernel.warm_up((4,))
    print(f"compiled kernel: ready in {time.perf_counter() - t0:.1f} s (compile or load)")
    print(
        f"{'id':>3} {'opt':>4} {'len':>4} {'status':>8} {'nodes':>16} {'cpu s':>9} "
        f"{'nodes/cpu s':>12}"
    )
    cancel = threading.Event()
    last = [0.0]

    def progress(stats: SearchStats) -> None:
        if stats.seconds - last[0] >= 5:
            last[0] = stats.seconds
            print(
                f"  ... {stats.seconds:7.0f} s, {stats.generated:,} nodes, "
                f"{stats.generated / max(stats.seconds, 1e-9):,.0f} nodes/s",
                file=sys.stderr,
                flush=True,
            )

    bad = 0
    for inst in chosen:
        last[0] = 0.0
        cpu0 = time.process_time()
        try:
            r = kernel.ida_star_compiled(
                inst.board,
                KORF24_GOAL,
                pdbs=pdbs,
                reflect=not args.no_reflect,
                time_limit=args.time_limit,
                cancel=cancel,
                progress=progress,
            )
        except KeyboardInterrupt:
            print("interrupted", file=sys.stderr)
            break
        cpu = time.process_time() - cpu0
        s = r.stats
        status = r.status if r.solved else f"{r.limit}"
        if r.solved and r.length != inst.optimal_length:
            status, bad = "WRONG", bad + 1
        print(
            f"{inst.id:>3} {inst.optimal_length:>4} {r.length if r.solved else '-':>4} "
            f"{status:>8} {s.generated:>16,} {cpu:>9.1f} {s.generated / max(cpu, 1e-9):>12,.0f}",
            flush=True,
        )
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MiB (the databases memory-mapped)")
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
