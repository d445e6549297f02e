"""Benchmark: the compiled pattern-database IDA* of this tree against another, alternately.

Run: ``.venv/bin/python benchmarks/npuzzle_pdb_speed.py --before SRC [--rounds N]
[--sets 7-8 6-6-3 6-6-6-6 k24:38]``

What a change to the frame machine (:mod:`searchlab.puzzles.npuzzle.kernel`) may not slow
(issue 34 item 7: no slower than before): :func:`~.kernel.ida_star_compiled`
with Korf's pruning of the move back and the reflection, on ``7-8`` (Korf's 100), ``6-6-3``
(Korf's instances 1 to 25), ``6-6-6-6`` (the three 64-move 24-puzzle walks of
``npuzzle_md_vs_cpp.py``) and ``k24:ID`` (Korf & Felner's 24-puzzle instance ID with
6-6-6-6, e.g. ``k24:38``, their fewest nodes: seconds of CPU). Each side runs in a
fresh process (``PYTHONPATH``, the kernel compiled or loaded and the tables mapped
before the clock; the tables must be cached: ``searchlab npuzzle pdb --build 7-8 --goal
first`` and the others), the sides alternate for ``--rounds`` rounds (default 3) so both
see the same load, every length is checked against the published (or Manhattan IDA*'s)
one and the node counts must be equal. Prints
per set each side's median CPU seconds and nodes per CPU second, and the ratio of the
medians, this tree / before.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent / "src")
WALK_LENGTHS = (56, 54, 52)
"""The optimal lengths of ``walks(3, 64, 1)`` (Manhattan IDA*, ``npuzzle_md_vs_cpp.py``)."""


def child(names: list[str]) -> None:
    """This process's side: ``{set: [nodes, CPU seconds]}`` on standard output."""
    sys.path.insert(0, str(Path(__file__).resolve().parent))
    from npuzzle_md_vs_cpp import walks
    from searchlab.puzzles.npuzzle import kernel
    from searchlab.puzzles.npuzzle.board import Board
    from searchlab.puzzles.npuzzle.korf import (
        KORF24_GOAL,
        KORF_GOAL,
        korf24_instances,
        korf_instances,
    )
    from searchlab.puzzles.npuzzle.solvers import pattern_databases

    kernel.warm_up()
    korf = [(k.board, k.optimal_length) for k in korf_instances()]
    sets = {
        "7-8": (KORF_GOAL, korf),
        "6-6-3": (KORF_GOAL, korf[:25]),
        "6-6-6-6": (
            KORF24_GOAL,
            [(Board(5, tuple(t)), n) for t, n in zip(walks(3, 64, 1), WALK_LENGTHS, strict=True)],
        ),
    }
    k24 = {f"k24:{k.id}": [(k.board, k.optimal_length)] for k in korf24_instances()}
    out = {}
    for name in names:
        goal, boards = (KORF24_GOAL, k24[name]) if name in k24 else sets[name]
        pdbs = pattern_databases(goal, "6-6-6-6" if name in k24 else name, build=False)
        kernel.ida_star_compiled(boards[0][0], goal, pdbs=pdbs, max_nodes=10)  # compiled
        cpu = 0.0
        nodes = 0
        for board, length in boards:
            t = time.process_time()
            r = kernel.ida_star_compiled(board, goal, pdbs=pdbs)
            cpu += time.process_time() - t
            if r.length != length:
                raise SystemExit(f"{name}: length {r.length}, expected {length}")
            nodes += r.stats.generated
        out[name] = [nodes, cpu]
    print(json.dumps(out))


def side(src: str, names: list[str]) -> dict[str, list[float]]:
    done = subprocess.run(
        [sys.executable, __file__, "--child", *names],
        env={**os.environ, "PYTHONPATH": src},
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(f"the tree {src} failed:\n{done.stderr[-2000:]}")
    rows: dict[str, list[float]] = json.loads(done.stdout.splitlines()[-1])
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", required=False)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--sets", nargs="+", default=["7-8", "6-6-3", "6-6-6-6"])
    parser.add_argument("--child", nargs="+")
    args = parser.parse_args()
    if args.child:
        child(args.child)
        return
    if not args.before:
        parser.error("--before SRC is required")
    trees = {"this tree": HERE, "before": args.before}
    runs: dict[str, list[dict[str, list[float]]]] = {t: [] for t in trees}
    for _round in range(args.rounds):
        for tree, src in trees.items():
            runs[tree].append(side(src, args.sets))
    for name in args.sets:
        nodes = {t: {r[name][0] for r in rs} for t, rs in runs.items()}
        if len(nodes["this tree"] | nodes["before"]) != 1:
            raise SystemExit(f"{name}: node counts differ: {nodes}")
        count = nodes["this tree"].pop()
        med = {t: statistics.median(r[name][1] for r in rs) for t, rs in runs.items()}
        print(f"{name}: {count:,.0f} nodes")
        for tree, cpu in med.items():
            every = ", ".join(f"{r[name][1]:.3f}" for r in runs[tree])
            print(f"  {tree:<10} median {cpu:7.3f} s CPU ({every}) {count / cpu:>12,.0f} nodes/s")
        print(f"  CPU, this tree / before (medians): {med['this tree'] / med['before']:.3f}")


if __name__ == "__main__":
    main()
