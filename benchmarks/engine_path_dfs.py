"""Benchmark: the engine's path DFS and IDA* against their versions at a git revision.

Usage: python benchmarks/engine_path_dfs.py [--baseline REV] [--instances N] [--rounds R]

Loads ``src/searchlab/search/idastar.py`` and ``_path_dfs.py`` as they were at
``--baseline`` (default ``HEAD``) beside the working tree's, then times, in one
process and taking turns on each instance (so load from other jobs falls on both
alike), the generic IDA* (Manhattan distance) and a depth-limited pass (at the
depth 14) on ``--instances`` 8-puzzles of 22 to 27 moves. Each result's
cost is checked against the exact distance. Prints the seconds of each version
(the sum over instances of each one's fastest round) and the ratio now/baseline
(under 1: faster now).
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from searchlab.puzzles.npuzzle import exact_distance
from searchlab.puzzles.npuzzle.board import goal_board
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.problem import NPuzzleProblem
from searchlab.search import _path_dfs, idastar
from searchlab.search.limits import Budget
from searchlab.search.result import SearchStats

ROOT = Path(__file__).resolve().parents[1]


def load_at(rev: str, module: str, name: str, tmp: Path) -> ModuleType:
    """``src/searchlab/search/<module>.py`` as it was at ``rev``, imported as ``name``."""
    text = subprocess.run(
        ["git", "-C", str(ROOT), "show", f"{rev}:src/searchlab/search/{module}.py"],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    path = tmp / f"{name}.py"
    path.write_text(text)
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    mod = importlib.util.module_from_spec(spec)
    sys.modules[name] = mod
    spec.loader.exec_module(mod)
    return mod


def timed(fn: Any) -> tuple[float, Any]:
    t0 = time.perf_counter()
    out = fn()
    return time.perf_counter() - t0, out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--baseline", default="HEAD")
    ap.add_argument("--instances", type=int, default=12)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        old_ida = load_at(args.baseline, "idastar", "baseline_idastar", Path(tmp))
        old_dfs = load_at(args.baseline, "_path_dfs", "baseline_path_dfs", Path(tmp))
    boards = [random_instance(3, 22 + i % 6, seed=i) for i in range(args.instances)]
    keys = ("ida_new", "ida_old", "dls_new", "dls_old")
    best_times = [dict.fromkeys(keys, float("inf")) for _ in boards]
    for _ in range(args.rounds):
        for board, mins in zip(boards, best_times, strict=True):
            problem = NPuzzleProblem(board, goal_board(3), "manhattan")
            best = exact_distance(board)
            for key, fn in (("ida_new", idastar.ida_star), ("ida_old", old_ida.ida_star)):
                took, r = timed(functools.partial(fn, problem))
                assert r.cost == best, (key, r.cost, best)
                mins[key] = min(mins[key], took)
            for key, mod in (("dls_new", _path_dfs), ("dls_old", old_dfs)):
                run = functools.partial(
                    mod.path_dfs, problem, Budget(), SearchStats(), depth_limit=14
                )
                took, out = timed(run)
                assert out.found or out.cutoff, key
                mins[key] = min(mins[key], took)
    totals = {k: sum(m[k] for m in best_times) for k in keys}
    print(f"baseline {args.baseline}; {args.instances} 8-puzzles x {args.rounds} rounds")
    for algo in ("ida", "dls"):
        new, old = totals[f"{algo}_new"], totals[f"{algo}_old"]
        print(f"{algo:4} now {new:7.2f} s  baseline {old:7.2f} s  ratio {new / old:.3f}")


if __name__ == "__main__":
    main()
