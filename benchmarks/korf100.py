"""Benchmark: Korf's 100 random 15-puzzle instances, solved optimally with IDA*.

Usage: python benchmarks/korf100.py [IDS ...] [--heuristic pdb|manhattan]
       [--pdb 6-6-3|7-8|5-5-5|3-3-3-3-3] [--min-tables] [--no-reflect]
       [--easiest N] [--engine compiled|python|both] [--versus PARTITION]
       [--cli-runs N] [--dual] [--lookups] [--blank-anywhere]

IDS are instance numbers or ranges (``1-10 42``); default all 100. ``--easiest
N`` runs the N instances with the fewest Manhattan nodes instead. Prints per
instance the optimal length (checked against the published one), nodes
generated, seconds and nodes/s, then totals. The pattern databases are loaded
(or built once, then cached) before the clock starts; their load/build time is
printed separately. CPU seconds are printed beside wall seconds because the
machine may be shared. ``--engine`` picks the pattern-database search: the
compiled kernel (default, :mod:`searchlab.puzzles.npuzzle.kernel`, compiled or
loaded from Numba's cache before the clock starts), the pure-Python one, or
``both`` on each instance in turn (the node counts must be identical; the CPU
ratio is printed). With ``--heuristic manhattan`` the compiled search is
:mod:`searchlab.puzzles.npuzzle.kernel_md` (Manhattan distance alone, Korf's 1985
counts), which ``--engine python`` and ``both`` set beside the pure-Python IDA*.

With ``--pdb 7-8`` (build it first: ``searchlab npuzzle pdb --build 7-8 --goal
first``) it prints everything issue 15 asks of it: the total CPU seconds, the
peak resident memory of those solves (the tables memory-mapped), the node
ratio to ``--versus`` (default 6-6-3, run afterwards on the same instances with
the same compiled search) and the wall and CPU time of ``searchlab npuzzle
solve --pdb 7-8`` on the easiest instance as a whole process (``--cli-runs``
times, the best and the median).

``--lookups`` (issue 24, item 2) instead solves the instances with the compiled
kernel once per set of lookups, in one run: the board's alone, with its reflection
(the default), and with the dual lookup too (``dual=True``), printing for each the
nodes per instance beside Korf & Felner's, the total search CPU and the ratios to
the reflection-only run. The ranked tables (7-8) are searched from the goal with the
blank on its goal cell (the published tables' definition), with which the dual lookup
is not admissible: it is left out, and ``--dual`` refused. ``--blank-anywhere`` uses
the tables searched with the blank anywhere at the goal instead (the shipped ones
before issue 24's change, ``pattern_databases(..., blank_goal=False)``), with which
it is admissible, and with ``--lookups`` runs both kinds of tables in the same run.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

from searchlab.puzzles.npuzzle import kernel, kernel_md
from searchlab.puzzles.npuzzle.kernel_md import ida_star_md_compiled as md_compiled
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, KorfInstance, korf_instances
from searchlab.puzzles.npuzzle.pdb import PARTITIONS, RANKED
from searchlab.puzzles.npuzzle.pure_search import ida_star
from searchlab.puzzles.npuzzle.solvers import partition_size, pattern_databases
from searchlab.search import SearchResult

PUBLISHED = {"5-5-5": 3_090_405, "6-6-3": 617_555, "7-8": 136_288}
"""Nodes per instance, Korf & Felner (2002), as quoted by issue 15."""

PUBLISHED_78_REFLECTED = 36_710
"""Nodes per instance with 7-8 and the reflected lookup ("max of two lookups"),
as issue 24 quotes Korf & Felner."""

LOOKUPS = {
    "board": (False, False),
    "board + reflection": (True, False),
    "board + reflection + dual": (True, True),
    "board + dual": (False, True),
}
"""The sets of lookups ``--lookups`` compares: (reflect, dual)."""


def compare_lookups(
    chosen: list[KorfInstance], pdbs: Any, partition: str, anywhere: Any = None
) -> int:
    """Solve ``chosen`` once per set of :data:`LOOKUPS` (without the dual lookup if the
    tables are ranked, searched from the blank's goal region; and, with ``anywhere``
    tables, with all of them); print nodes, CPU and ratios."""
    rows = {}
    bad = 0
    runs = [
        (name, pdbs, flags)
        for name, flags in LOOKUPS.items()
        if not (flags[1] and partition in RANKED)
    ]
    if anywhere is not None:
        runs += [(f"blank-anywhere {name}", anywhere, flags) for name, flags in LOOKUPS.items()]
    for name, tables, (reflect, dual) in runs:
        nodes, cpu = 0, 0.0
        for inst in chosen:
            cpu0 = time.process_time()
            r = kernel.ida_star_compiled(
                inst.board, KORF_GOAL, pdbs=tables, reflect=reflect, dual=dual
            )
            cpu += time.process_time() - cpu0
            nodes += r.stats.generated
            bad += not (r.solved and r.length == inst.optimal_length)
        rows[name] = (nodes, cpu)
        print(
            f"{name:<38} {nodes:>13,} nodes, {nodes / len(chosen):>11,.0f} per instance, "
            f"{cpu:6.2f} s search CPU",
            flush=True,
        )
    base_nodes, base_cpu = rows["board + reflection"]
    for name, (nodes, cpu) in rows.items():
        print(
            f"{name:<38} against board + reflection: {base_nodes / max(nodes, 1):5.2f}x fewer "
            f"nodes, {base_cpu / max(cpu, 1e-9):5.2f}x less CPU"
        )
    if partition in PUBLISHED:
        print(
            f"published for {partition} (Korf & Felner 2002, as quoted by issues 15 and 24): "
            f"{PUBLISHED[partition]:,} nodes per instance"
            + (
                f"; {PUBLISHED_78_REFLECTED:,} with the reflected lookup"
                if partition == "7-8"
                else ""
            )
        )
    if bad:
        print(f"{bad} WRONG lengths", file=sys.stderr)
    return 1 if bad else 0


def manhattan_compiled(start: Any, goal: Any, **_lookups: Any) -> SearchResult:
    """The compiled Manhattan IDA* (kernel_md), called as the pattern-database searches
    are (their ``pdbs``, ``reflect`` and ``dual`` do not apply)."""
    return md_compiled(start, goal, linear_conflicts=False)


def parse_ids(specs: list[str]) -> list[int]:
    ids: list[int] = []
    for spec in specs:
        lo, _, hi = spec.partition("-")
        ids.extend(range(int(lo), int(hi or lo) + 1))
    return ids


def cli_timing(ident: int, tiles: str, runs: int) -> None:
    """Time ``searchlab npuzzle solve --pdb 7-8`` on one board as a whole process."""
    command = [sys.executable, "-m", "searchlab", "npuzzle", "solve", "--tiles", tiles]
    command += ["--goal", "first", "--pdb", "7-8"]
    walls, cpus = [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        child = subprocess.Popen(command, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        walls.append(time.perf_counter() - t0)
        cpus.append(usage.ru_utime + usage.ru_stime)
        if os.waitstatus_to_exitcode(status) != 0:
            print(f"the CLI failed on instance {ident}", file=sys.stderr)
            return
    print(
        f"CLI, instance {ident} (searchlab npuzzle solve --tiles ... --goal first --pdb 7-8), "
        f"{runs} runs: wall best {min(walls):.3f} s, median {statistics.median(walls):.3f} s; "
        f"CPU best {min(cpus):.3f} s, median {statistics.median(cpus):.3f} s"
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*")
    parser.add_argument("--heuristic", choices=("pdb", "manhattan"), default="pdb")
    parser.add_argument(
        "--pdb",
        "--partition",
        dest="partition",
        default="6-6-3",
        choices=[p for p in PARTITIONS if partition_size(p) == 4],
    )
    parser.add_argument("--versus", default=None, help="default: 6-6-3 when --pdb 7-8")
    parser.add_argument("--cli-runs", type=int, default=10)
    parser.add_argument(
        "--min-tables",
        action="store_true",
        help="databases minimised over the blank cell (16 MB each, weaker)",
    )
    parser.add_argument("--no-reflect", action="store_true")
    parser.add_argument("--dual", action="store_true", help="add the dual lookup")
    parser.add_argument("--blank-anywhere", action="store_true", help="see the docstring")
    parser.add_argument("--lookups", action="store_true", help="compare sets of lookups")
    parser.add_argument("--easiest", type=int)
    parser.add_argument("--engine", choices=("compiled", "python", "both"), default="compiled")
    args = parser.parse_args()
    if args.dual and args.partition in RANKED and not args.blank_anywhere:
        parser.error("the dual lookup is admissible with --blank-anywhere tables only")
    instances = korf_instances()
    if args.easiest:
        chosen = sorted(instances, key=lambda k: k.ida_md_nodes)[: args.easiest]
    else:
        wanted = set(parse_ids(args.ids)) if args.ids else {k.id for k in instances}
        chosen = [k for k in instances if k.id in wanted]
    pdbs = None
    engines: dict[str, Callable[..., SearchResult]] = {"python": ida_star}
    if args.heuristic == "pdb":
        t0 = time.perf_counter()
        pdbs = pattern_databases(KORF_GOAL, args.partition, with_blank=not args.min_tables)
        print(
            f"pattern databases {args.partition}: ready in {time.perf_counter() - t0:.1f} s "
            "(load, or build on first run)"
        )
        if args.engine != "python":
            t0 = time.perf_counter()
            kernel.warm_up()
            print(f"compiled kernel: ready in {time.perf_counter() - t0:.1f} s (compile or load)")
            engines["compiled"] = kernel.ida_star_compiled
    if args.blank_anywhere and pdbs is not None and args.partition in RANKED:
        anywhere = pattern_databases(KORF_GOAL, args.partition, blank_goal=False)
        if args.lookups:
            return compare_lookups(chosen, pdbs, args.partition, anywhere)
        pdbs = anywhere
    if args.lookups and pdbs is not None:
        return compare_lookups(chosen, pdbs, args.partition)
    if args.heuristic == "manhattan" and args.engine != "python":
        t0 = time.perf_counter()
        kernel_md.warm_up()  # solves a board (the goal itself would never reach the kernel)
        print(f"compiled kernel: ready in {time.perf_counter() - t0:.1f} s (compile or load)")
        engines["compiled"] = manhattan_compiled
    names = ["python", "compiled"] if args.engine == "both" else [args.engine]
    print(
        f"{'engine':>8} {'id':>3} {'opt':>4} {'len':>4} {'nodes':>13} {'seconds':>9} "
        f"{'cpu s':>8} {'nodes/cpu s':>11}"
    )
    nodes = dict.fromkeys(names, 0)
    wall = dict.fromkeys(names, 0.0)
    cpu_s = dict.fromkeys(names, 0.0)
    bad = 0
    for inst in chosen:
        counts = set()
        for name in names:
            cpu0 = time.process_time()
            r = engines[name](
                inst.board,
                KORF_GOAL,
                pdbs=pdbs,
                reflect=not args.no_reflect,
                dual=args.dual,
            )
            cpu = time.process_time() - cpu0
            s = r.stats
            ok = r.length == inst.optimal_length and r.solved
            bad += not ok
            counts.add((s.generated, s.expanded, s.iterations))
            nodes[name] += s.generated
            wall[name] += s.seconds
            cpu_s[name] += cpu
            print(
                f"{name:>8} {inst.id:>3} {inst.optimal_length:>4} {r.length:>4}"
                f"{'' if ok else ' WRONG'} {s.generated:>13,} {s.seconds:>9.2f} {cpu:>8.2f} "
                f"{s.generated / max(cpu, 1e-9):>11,.0f}",
                flush=True,
            )
        if len(counts) > 1:
            print(f"instance {inst.id}: the engines' node counts differ: {counts}")
            bad += 1
    count = len(chosen)
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    for name in names:
        print(
            f"total ({name}): {count} instances, {nodes[name]:,} nodes, {wall[name]:.1f} s wall, "
            f"{cpu_s[name]:.1f} s CPU, {nodes[name] / max(count, 1):,.0f} nodes/instance, "
            f"{nodes[name] / max(cpu_s[name], 1e-9):,.0f} nodes per CPU second"
        )
    if len(names) == 2:
        print(
            f"compiled / python: {cpu_s['python'] / max(cpu_s['compiled'], 1e-9):.1f}x less CPU, "
            "identical node counts" + ("" if bad else " on every instance")
        )
    print(f"peak resident memory {peak:.0f} MiB (the databases memory-mapped)")
    if args.heuristic == "pdb" and args.partition in PUBLISHED:
        print(
            f"published average for {args.partition} (Korf & Felner 2002, all 100): "
            f"{PUBLISHED[args.partition]:,} nodes/instance"
        )
    versus = args.versus or ("6-6-3" if args.partition == "7-8" else None)
    if versus and args.heuristic == "pdb":
        other = pattern_databases(KORF_GOAL, versus, with_blank=not args.min_tables)
        total = 0
        for inst in chosen:
            r = kernel.ida_star_compiled(
                inst.board,
                KORF_GOAL,
                pdbs=other,
                reflect=not args.no_reflect,
                dual=args.dual,
            )
            total += r.stats.generated
        main_nodes = nodes[names[-1]]
        print(
            f"{versus} on the same {count} instances: {total:,} nodes; "
            f"{args.partition} generates {total / max(main_nodes, 1):.1f}x fewer"
        )
    if args.partition == "7-8" and args.heuristic == "pdb" and args.cli_runs > 0:
        easiest = min(chosen, key=lambda k: k.ida_md_nodes)
        cli_timing(easiest.id, " ".join(map(str, easiest.board.tiles)), args.cli_runs)
    if bad:
        print(f"{bad} WRONG lengths or counts", file=sys.stderr)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
