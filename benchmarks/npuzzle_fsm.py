"""Benchmark: duplicate pruning by automaton (Korf & Taylor 1996) against Korf's pruning
of the parent's move alone, in one run.

Usage: python benchmarks/npuzzle_fsm.py [--depth D ...] [--korf IDS] [--heuristic pdb|manhattan]
       [--partition 7-8] [--k24 IDS] [--repeat N] [--before SRC]

For each automaton (``--depth``: the longest forbidden strings, one table each, built
once and cached: :func:`searchlab.puzzles.npuzzle.fsm.load_fsm`) and for the parent-only
table, runs the compiled IDA* (:func:`searchlab.puzzles.npuzzle.kernel.ida_star_compiled`)
on Korf's 100 15-puzzle instances (``--korf``: a subset; ``--heuristic pdb`` the 7-8
databases with reflection, built if missing; ``manhattan`` the compiled Manhattan
search) and on some 24-puzzle instances of Korf & Felner (``--k24``, default the three
with the fewest published nodes, 6-6-6-6 with reflection; ``--k24 none`` skips them).
Every solution is replayed and its length compared with the published one (exit 1 on a
mismatch). Prints per configuration the nodes, search CPU seconds, nodes per CPU second
and the ratios against the parent-only search: nodes, CPU, and nodes/s. ``--repeat N``
runs each configuration N times, alternating, and keeps each one's least CPU (a shared
machine's noise). ``--before SRC`` also runs the parent-only search of another checkout's
``src`` (e.g. ``git archive main src | tar -x -C /tmp/before``) in a child process, each
round, for the cost of stepping the automaton against the parent check it replaced.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from typing import Any

from korf100 import parse_ids
from searchlab.puzzles.npuzzle import kernel, kernel_md
from searchlab.puzzles.npuzzle.board import Board, apply_moves
from searchlab.puzzles.npuzzle.korf import (
    KORF24_GOAL,
    KORF_GOAL,
    korf24_instances,
    korf_instances,
)
from searchlab.puzzles.npuzzle.solvers import pattern_databases


def pruning(table: Any) -> dict[str, Any]:
    """The search's keyword for ``table`` (None: the default, Korf's parent pruning)."""
    return {} if table is None else {"fsm": table}


def run(
    name: str,
    boards: list[tuple[int, Board, int]],
    goal: Board,
    solve: Any,
    table: Any,
) -> tuple[int, float, bool]:
    """Solve every board with ``table``; (nodes, CPU seconds, all optimal and replayed)."""
    nodes = 0
    ok = True
    cpu = 0.0
    for ident, board, published in boards:
        t0 = time.process_time()
        r = solve(board, goal, table)
        cpu += time.process_time() - t0
        nodes += r.stats.generated
        if r.length != published or apply_moves(board, list(r.actions))[-1] != goal:
            print(f"  {name} #{ident}: length {r.length}, published {published}", file=sys.stderr)
            ok = False
    return nodes, cpu, ok


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--depth", type=int, nargs="*", default=[12])
    parser.add_argument("--korf", nargs="*", default=None, help="ids of Korf's 100 (default all)")
    parser.add_argument("--heuristic", choices=("pdb", "manhattan"), default="pdb")
    parser.add_argument("--partition", default="7-8")
    parser.add_argument("--k24", nargs="*", default=None, help="24-puzzle ids, or 'none'")
    parser.add_argument("--repeat", type=int, default=1)
    parser.add_argument("--before", metavar="SRC", help="another checkout's src, parent only")
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()

    tables: dict[str, Any] = {"parent": None}
    if not args.child:
        from searchlab.puzzles.npuzzle import fsm

        for d in args.depth:
            t0 = time.process_time()
            tables[f"fsm-{d}"] = table = fsm.load_fsm(d)
            assert table is not None
            print(f"automaton, strings of up to {d} moves: {len(table):,} states "
                  f"(ready in {time.process_time() - t0:.1f} CPU s)")  # fmt: skip

    suites: list[tuple[str, list[tuple[int, Board, int]], Board, Any]] = []
    korf = korf_instances()
    ids = set(parse_ids(args.korf)) if args.korf else {k.id for k in korf}
    boards = [(k.id, k.board, k.optimal_length) for k in korf if k.id in ids]
    if args.heuristic == "pdb":
        pdbs = pattern_databases(KORF_GOAL, args.partition)
        kernel.warm_up()

        def solve15(b: Board, g: Board, t: Any) -> Any:
            return kernel.ida_star_compiled(b, g, pdbs=pdbs, **pruning(t))

        suites.append((f"Korf's 100 ({len(boards)}), {args.partition}", boards, KORF_GOAL, solve15))
    else:
        kernel_md.warm_up()

        def solve_md(b: Board, g: Board, t: Any) -> Any:
            return kernel_md.ida_star_md_compiled(b, g, linear_conflicts=False, **pruning(t))

        suites.append((f"Korf's 100 ({len(boards)}), Manhattan", boards, KORF_GOAL, solve_md))
    k24_ids = ["none"]
    if args.k24 != ["none"]:
        k24 = korf24_instances()
        if args.k24:
            chosen = set(parse_ids(args.k24))
        else:
            chosen = {k.id for k in sorted(k24, key=lambda k: _published(k))[:3]}
        boards24 = [(k.id, k.board, k.optimal_length) for k in k24 if k.id in chosen]
        k24_ids = [str(i) for i in sorted(chosen)]
        pdbs24 = pattern_databases(KORF24_GOAL, "6-6-6-6")
        kernel.warm_up((4,))

        def solve24(b: Board, g: Board, t: Any) -> Any:
            return kernel.ida_star_compiled(b, g, pdbs=pdbs24, **pruning(t))

        ids24 = " ".join(f"#{i}" for i, _, _ in boards24)
        suites.append((f"24-puzzle {ids24}, 6-6-6-6", boards24, KORF24_GOAL, solve24))

    if args.child:  # one round of the parent-only search, for --before
        print(
            json.dumps([run("before", bs, goal, solve, None)[:2] for _, bs, goal, solve in suites])
        )
        return 0
    child = [sys.executable, __file__, "--child", "--heuristic", args.heuristic]
    child += ["--partition", args.partition, "--korf", *sorted(map(str, ids))]
    child += ["--k24", *k24_ids]
    env = dict(os.environ)
    if args.before:
        here = os.path.dirname(os.path.abspath(__file__))
        env["PYTHONPATH"] = os.pathsep.join([os.path.abspath(args.before), here])
    bad = False
    best: list[dict[str, tuple[int, float]]] = [{} for _ in suites]
    for _ in range(args.repeat):
        for j, (_, bs, goal, solve) in enumerate(suites):
            for name, table in tables.items():
                nodes, cpu, ok = run(name, bs, goal, solve, table)
                bad |= not ok
                cpu = min(cpu, best[j].get(name, (0, cpu))[1])
                best[j][name] = (nodes, cpu)
        if args.before:
            out = subprocess.run(child, env=env, capture_output=True, text=True, check=True)
            for j, (nodes, cpu) in enumerate(json.loads(out.stdout.splitlines()[-1])):
                cpu = min(cpu, best[j].get("before", (0, cpu))[1])
                best[j]["before"] = (nodes, cpu)
    for (title, *_), got in zip(suites, best, strict=True):
        print(f"\n{title}: all optimal and replayed: {'yes' if not bad else 'NO'}")
        print("| pruning | nodes | CPU s | nodes/CPU s | nodes ratio | CPU ratio | nodes/s ratio |")
        print("|---|---|---|---|---|---|---|")
        n0, c0 = got["parent"]
        for name, (nodes, cpu) in got.items():
            rate = nodes / max(cpu, 1e-9)
            print(
                f"| {name} | {nodes:,} | {cpu:.2f} | {rate:,.0f} | {n0 / nodes:.2f}x fewer | "
                f"{c0 / max(cpu, 1e-9):.2f}x less | {rate / (n0 / max(c0, 1e-9)):.2f} |",
                flush=True,
            )
    return 1 if bad else 0


def _published(k: Any) -> int:
    """Korf & Felner's nodes for an instance (a checkout before they were bundled: its id)."""
    return int(getattr(k, "published_nodes", k.id))


if __name__ == "__main__":
    sys.exit(main())
