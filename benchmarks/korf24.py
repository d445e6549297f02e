"""Benchmark: Korf & Felner's 50 random 24-puzzle instances, IDA* with the 6-6-6-6 databases.

Usage: python benchmarks/korf24.py [IDS ...] [--easiest N] [--all] [--time-limit SECONDS]
       [--no-reflect] [--results FILE] [--table]

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

Resumable (issue 24, item 4): each instance's outcome is appended to ``--results``
(JSON lines, default ``korf24-results.jsonl``) as soon as it ends: id, status,
length, published length, nodes, CPU seconds, time limit, heuristic. Instances
already solved there are skipped, so ``--all`` can be re-run (or killed and
re-run) until every one is solved; an instance stopped by its time limit is
tried again. ``--table`` prints the Markdown table of all 50 from that file
(each one's best record: solved, or the most nodes searched) and exits.
"""

from __future__ import annotations

import argparse
import json
import resource
import sys
import threading
import time
from pathlib import Path
from typing import Any

from korf100 import parse_ids  # the sibling script (this folder is on sys.path)
from searchlab.puzzles.npuzzle import kernel
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, Korf24Instance, korf24_instances
from searchlab.puzzles.npuzzle.solvers import pattern_databases
from searchlab.search import SearchStats


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--easiest", type=int, default=3)
    parser.add_argument("--time-limit", type=float, default=600.0)
    parser.add_argument("--no-reflect", action="store_true")
    parser.add_argument("--all", action="store_true", help="all 50, easiest first")
    parser.add_argument("--results", type=Path, default=Path("korf24-results.jsonl"))
    parser.add_argument("--table", action="store_true")
    args = parser.parse_args()
    instances = korf24_instances()
    records = read_results(args.results)
    if args.table:
        print_table(instances, records)
        return 0
    if args.ids:
        wanted = set(parse_ids(args.ids))
        chosen = [k for k in instances if k.id in wanted]
    else:
        chosen = sorted(instances, key=lambda k: (k.optimal_length, k.id))
        chosen = chosen if args.all else chosen[: args.easiest]
    done = {i for i, r in records.items() if r["status"] == "solved"}
    if done & {k.id for k in chosen}:
        print(f"already solved in {args.results}, skipped: {sorted(done & {k.id for k in chosen})}")
    chosen = [k for k in chosen if k.id not in done]
    heuristic = "6-6-6-6" + ("" if args.no_reflect else " + reflection")
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
        record = {
            "id": inst.id,
            "status": "solved" if status == "solved" else status,
            "length": r.length if r.solved else None,
            "published": inst.optimal_length,
            "nodes": s.generated,
            "cpu_s": round(cpu, 1),
            "time_limit_s": args.time_limit,
            "heuristic": heuristic,
            "finished": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()),
        }
        with args.results.open("a", encoding="utf-8") as out:
            out.write(json.dumps(record) + "\n")
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak resident memory {peak:.0f} MiB (the databases memory-mapped)")
    return 1 if bad else 0


def read_results(path: Path) -> dict[int, dict[str, Any]]:
    """Each instance's best record in ``path``: a solved one, else the most nodes."""
    best: dict[int, dict[str, Any]] = {}
    if not path.exists():
        return best
    for line in path.read_text(encoding="utf-8").splitlines():
        if not line.strip():
            continue
        rec = json.loads(line)
        old = best.get(rec["id"])
        if old is None or (rec["status"] == "solved", rec["nodes"]) > (
            old["status"] == "solved",
            old["nodes"],
        ):
            best[rec["id"]] = rec
    return best


def print_table(instances: list[Korf24Instance], records: dict[int, dict[str, Any]]) -> None:
    """The Markdown table of all 50 instances and each one's state."""
    print("| # | published | state | length | nodes | CPU s |")
    print("|---|---|---|---|---|---|")
    for inst in instances:
        rec = records.get(inst.id)
        if rec is None:
            print(f"| {inst.id} | {inst.optimal_length} | not run | | | |")
            continue
        state = (
            rec["status"]
            if rec["status"] == "solved"
            else (f"stopped by {rec['status']} ({rec['time_limit_s']:.0f} s)")
        )
        length = rec["length"] if rec["length"] is not None else ""
        print(
            f"| {inst.id} | {inst.optimal_length} | {state} | {length} | "
            f"{rec['nodes']:,} | {rec['cpu_s']} |"
        )


if __name__ == "__main__":
    sys.exit(main())
