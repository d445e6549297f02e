"""Benchmark: ``searchlab npuzzle pdb`` from scratch (the 15-puzzle's 6-6-3 databases).

Runs the command exactly as a user does, in a child process with an empty
``$SEARCHLAB_CACHE_DIR`` (a temporary directory, deleted afterwards), and prints
its wall time, CPU time (user + system), peak resident memory (the child's
``ru_maxrss``) and the size of the databases it cached.

Usage: python benchmarks/npuzzle_pdb.py [--partition 6-6-3] [--goal last|first] [--before]

``--before`` runs the same command with the mixed-radix tables built by the NumPy
0-1 BFS (:func:`~searchlab.puzzles.npuzzle.pdb.build_pdb_numpy`, the builder before
issue 24) instead of the compiled one, then the command itself, and prints the ratios.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

BEFORE = (
    "import sys; from searchlab.puzzles.npuzzle import kernel, pdb; "
    "kernel.build_radix = lambda size, pattern, progress=None, with_blank=False: "
    "pdb.build_pdb_numpy(size, pattern, progress, with_blank); "
    "from searchlab.cli.main import main; sys.exit(main(sys.argv[1:]))"
)


def run(partition: str, goal: str, before: bool) -> tuple[float, float, float, int, int]:
    """Wall s, CPU s, peak MB, bytes cached and the exit status of one build."""
    with tempfile.TemporaryDirectory(prefix="searchlab-pdb-") as cache:
        env = {**os.environ, "SEARCHLAB_CACHE_DIR": cache}
        command = [sys.executable, "-c", BEFORE] if before else [sys.executable, "-m", "searchlab"]
        command += ["npuzzle", "pdb", "--partition", partition, "--goal", goal]
        t0 = time.perf_counter()
        child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - t0
        cached = sum(f.stat().st_size for f in Path(cache).rglob("*") if f.is_file())
    cpu = usage.ru_utime + usage.ru_stime
    return wall, cpu, usage.ru_maxrss / 1024, cached, os.waitstatus_to_exitcode(status)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partition", default="6-6-3")
    parser.add_argument("--goal", default="last")
    parser.add_argument("--before", action="store_true")
    args = parser.parse_args()
    runs = [("before (NumPy)", True)] if args.before else []
    runs.append(("now", False))
    out = {}
    print(f"$ searchlab npuzzle pdb --partition {args.partition} --goal {args.goal}  (empty cache)")
    for name, before in runs:
        wall, cpu, peak, cached, code = run(args.partition, args.goal, before)
        out[name] = (wall, cpu, peak)
        print(
            f"{name:>15}: exit {code}, wall {wall:.1f} s, CPU {cpu:.1f} s, "
            f"peak RSS {peak:,.0f} MB, cached {cached / 2**20:,.1f} MiB"
        )
    if args.before:
        (w0, c0, p0), (w1, c1, p1) = out["before (NumPy)"], out["now"]
        print(f"ratio: wall {w0 / w1:.1f}x, CPU {c0 / c1:.1f}x, peak memory {p0 / p1:.1f}x")


if __name__ == "__main__":
    main()
