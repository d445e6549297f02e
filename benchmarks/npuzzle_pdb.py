"""Benchmark: ``searchlab npuzzle pdb`` from scratch (the 15-puzzle's 6-6-3 databases).

Runs the command exactly as a user does, in a child process with an empty
``$SEARCHLAB_CACHE_DIR`` (a temporary directory, deleted afterwards), and prints
its wall time, CPU time (user + system), peak resident memory (the child's
``ru_maxrss``) and the size of the databases it cached.

Usage: python benchmarks/npuzzle_pdb.py [--partition 6-6-3] [--goal last|first]
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partition", default="6-6-3")
    parser.add_argument("--goal", default="last")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="searchlab-pdb-") as cache:
        env = {**os.environ, "SEARCHLAB_CACHE_DIR": cache}
        command = [sys.executable, "-m", "searchlab", "npuzzle", "pdb"]
        command += ["--partition", args.partition, "--goal", args.goal]
        t0 = time.perf_counter()
        child = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(child.pid, 0)
        wall = time.perf_counter() - t0
        child.returncode = os.waitstatus_to_exitcode(status)
        cached = sum(f.stat().st_size for f in Path(cache).rglob("*") if f.is_file())
    print(f"$ searchlab npuzzle pdb --partition {args.partition} --goal {args.goal}  (empty cache)")
    print(f"exit status   {child.returncode}")
    print(f"wall          {wall:.1f} s")
    print(f"CPU           {usage.ru_utime + usage.ru_stime:.1f} s")
    print(f"peak RSS      {usage.ru_maxrss / 1024:,.0f} MiB")
    print(f"cached        {cached / 2**20:,.0f} MiB")
    sys.exit(child.returncode)


if __name__ == "__main__":
    main()
