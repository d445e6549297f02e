"""Benchmark: A*+IDA*'s frontier ties by state against ties by node number, in one run.

Usage: python benchmarks/npuzzle_astar_ida_order.py [IDS ...] [--astar-nodes N]
       [--catalogue MEMBERS] [--repeat R]

Runs A*+IDA* (:func:`searchlab.puzzles.npuzzle.astar_ida.astar_ida_zero`, the zero-aware
catalogue ``--catalogue``, default ``s1,s1+r,s4+r,s6``, with the 12-move automaton) on
Korf & Felner's 24-puzzle instances ``IDS`` (default 44 25 1), twice an instance,
alternating: "before", the frontier's ties on ``(f, h)`` broken by node number (the order
A* generated them: the lane's first version), and "after", broken by state
(:func:`~searchlab.puzzles.npuzzle.astar_ida.frontier_order`). Both visit the nodes of
each ``f`` in increasing ``h``, so the iterations that find nothing generate the same
nodes either way; their nodes per CPU second measure the cache's work, and the ratio
after/before is printed per instance and over all. The last iteration's nodes depend on
where the solution's frontier node falls among its ties (its rank is printed). Every
solution is replayed and its length compared with the published one (exit 1 otherwise).
The tables (about 780 MB) are built first if missing (``searchlab npuzzle pdb --build
auto --size 5``).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

import numpy as np

from korf24 import catalogue
from searchlab.puzzles.npuzzle import astar_ida, fsm
from searchlab.puzzles.npuzzle.board import apply_moves
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, korf24_instances


def by_node(idx: Any, g: Any, h: Any, k0: Any, k1: Any) -> Any:
    """The frontier order before: ``(f, h)``, then node number."""
    f = g.astype(np.int64) + h
    return idx[np.lexsort((idx, h, f))].astype(np.int64)


def run(
    ident: int, members: list[list[Any]], automaton: Any, cap: int, order: Any
) -> dict[str, Any]:
    """One A*+IDA* run of instance ``ident`` with the frontier order ``order``."""
    inst = {k.id: k for k in korf24_instances()}[ident]
    marks: list[tuple[int, float]] = []
    astar_ida.frontier_order = order
    cpu0 = time.process_time()
    result, parts = astar_ida.astar_ida_zero(
        inst.board, KORF24_GOAL, members, astar_nodes=cap, fsm=automaton,
        on_iteration=lambda _bound, nodes: marks.append((nodes, time.process_time())),
    )  # fmt: skip
    cpu = time.process_time() - cpu0
    if not result.solved or result.length != inst.optimal_length:
        published = inst.optimal_length
        sys.exit(f"#{ident}: {result.status}, length {result.length}, published {published}")
    if apply_moves(inst.board, list(result.actions))[-1] != KORF24_GOAL:
        sys.exit(f"#{ident}: the solution does not replay")
    done = sum(n for n, _ in marks)
    done_cpu = (marks[-1][1] - cpu0 - parts.astar_cpu) if marks else 0.0
    return {
        "nodes": result.stats.generated, "cpu": cpu, "done": done, "done_cpu": done_cpu,
        "rank": parts.found_rank, "frontier": parts.frontier, "astar_cpu": parts.astar_cpu,
    }  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("ids", nargs="*", type=int, default=[44, 25, 1])
    parser.add_argument("--astar-nodes", type=int, default=1_000_000)
    parser.add_argument("--catalogue", default="s1,s1+r,s4+r,s6")
    parser.add_argument("--repeat", type=int, default=1)
    args = parser.parse_args()
    members = catalogue(args.catalogue)
    automaton = fsm.load_fsm(12)
    after = astar_ida.frontier_order
    warm = korf24_instances()[39]
    astar_ida.astar_ida_zero(warm.board, KORF24_GOAL, members, astar_nodes=1000, fsm=automaton)
    print(f"A*+IDA*, {args.astar_nodes:,} nodes stored, zpdb {args.catalogue} + fsm-12")
    print(" id  ties     iterations done: nodes   cpu s  nodes/cpu s | total nodes  cpu s  rank")
    sums = {"node": [0, 0.0], "state": [0, 0.0]}
    for ident in args.ids:
        best: dict[str, dict[str, Any]] = {}
        for _ in range(args.repeat):
            for name, order in (("node", by_node), ("state", after)):
                r = run(ident, members, automaton, args.astar_nodes, order)
                if name not in best or r["done_cpu"] < best[name]["done_cpu"]:
                    best[name] = r
        for name in ("node", "state"):
            r = best[name]
            rate = r["done"] / max(r["done_cpu"], 1e-9)
            sums[name][0] += r["done"]
            sums[name][1] += r["done_cpu"]
            print(
                f"{ident:3d}  {name:5s}  {r['done']:>24,} {r['done_cpu']:7.1f} {rate:12,.0f} | "
                f"{r['nodes']:>11,} {r['cpu']:6.1f}  {r['rank']:,}/{r['frontier']:,}"
            )
        a, b = best["state"], best["node"]
        if a["done_cpu"] > 0 and b["done_cpu"] > 0:
            ratio = (a["done"] / a["done_cpu"]) / (b["done"] / b["done_cpu"])
            print(f"     after/before nodes/s {ratio:.2f}, total CPU {a['cpu'] / b['cpu']:.2f}")
    (nb, cb), (ns, cs) = sums["node"], sums["state"]
    if cb > 0 and cs > 0:
        print(f"all: completed iterations' nodes/s after/before {(ns / cs) / (nb / cb):.2f}")


if __name__ == "__main__":
    main()
