"""Benchmark: what verifying the pattern databases costs a warm first solve (issue 31).

Usage: python benchmarks/npuzzle_pdb_check.py [--before SRC] [--repeat N]
       [--partition 6-6-3] [--tiles "..."] [--goal first]

Needs the partition's tables built in the cache (``SEARCHLAB_CACHE_DIR`` or the default:
``searchlab npuzzle pdb --build 6-6-3``). Prints:

1. the speed of candidate checksums over the largest cached table (CRC-32, Adler-32,
   BLAKE2b, SHA-256, in GB/s): the one chosen (CRC-32) costs 0.09 s a 256 MiB table;
2. the wall time of a *warm first solve* (a fresh process, the tables in the operating
   system's file cache; Korf's #1 by default) in three settings, best and median of
   ``--repeat`` runs taken in turn: ``before`` (the source tree ``--before SRC``, e.g.
   ``git worktree add /tmp/before main`` then ``--before /tmp/before/src``; skipped
   without it), ``verified`` (this tree: the tables' stamps match, a ``stat`` each) and
   ``changed`` (this tree after every table was changed since it was last verified: a
   whole CRC each, as after a copy), with the ratio of each to ``before``.

Target (issue 31): ``verified`` within 1.10x of ``before``.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import resource
import statistics
import subprocess
import sys
import time
import zlib
from collections.abc import Callable
from pathlib import Path

from searchlab.puzzles.npuzzle.pdb import cache_dir
from searchlab.puzzles.npuzzle.pdb_check import SUM_SUFFIX

HERE = Path(__file__).resolve().parent.parent / "src"
KORF1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
ENTRY = "from searchlab.cli.main import run; run()"
TARGET = 1.10


def checksum_speeds(table: Path) -> None:
    import mmap

    candidates: dict[str, Callable[[memoryview], object]] = {
        "crc32 (zlib)": zlib.crc32,
        "adler32 (zlib)": zlib.adler32,
        "blake2b": lambda b: hashlib.blake2b(b).digest(),
        "sha256": lambda b: hashlib.sha256(b).digest(),
    }
    with table.open("rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as m:
        view = memoryview(m)
        candidates["crc32 (zlib)"](view)  # pages in
        print(f"checksums over {table.name} ({len(view) / 2**20:,.0f} MiB):")
        for name, fn in candidates.items():
            best = min(_timed(fn, view) for _ in range(3))
            print(f"  {name:16s} {best:6.3f} s  {len(view) / best / 1e9:5.2f} GB/s")
        view.release()


def _timed(fn: Callable[[memoryview], object], data: memoryview) -> float:
    t0 = time.perf_counter()
    fn(data)
    return time.perf_counter() - t0


def forget_stamps(folder: Path) -> None:
    """Make every table look changed since it was verified (its stamp cleared)."""
    for side in folder.glob(f"*{SUM_SUFFIX}"):
        record = json.loads(side.read_text())
        record["stamp"] = []
        side.write_text(json.dumps(record))


def solve_seconds(src: Path, argv: list[str]) -> tuple[float, float]:
    """Wall and CPU (user + system) seconds of one solve in a fresh process."""
    env = {**os.environ, "PYTHONPATH": str(src)}
    t0 = time.perf_counter()
    c0 = resource.getrusage(resource.RUSAGE_CHILDREN)
    subprocess.run(
        [sys.executable, "-c", ENTRY, *argv], env=env, check=True, stdout=subprocess.DEVNULL
    )
    c1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    cpu = (c1.ru_utime - c0.ru_utime) + (c1.ru_stime - c0.ru_stime)
    return time.perf_counter() - t0, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--before", type=Path, help="the src folder of the version to compare")
    parser.add_argument("--repeat", type=int, default=7)
    parser.add_argument("--partition", default="6-6-3")
    parser.add_argument("--tiles", default=KORF1)
    parser.add_argument("--goal", default="first")
    args = parser.parse_args()
    folder = cache_dir()
    tables = sorted(folder.glob("pdb-*.npy"), key=lambda p: p.stat().st_size)
    if not tables:
        sys.exit(f"no table cached in {folder}: searchlab npuzzle pdb --build {args.partition}")
    checksum_speeds(tables[-1])
    argv = ["npuzzle", "solve", "--tiles", args.tiles, "--goal", args.goal]
    argv += ["--pdb", args.partition, "--json"]
    solve_seconds(HERE, argv)  # warm: the tables in the file cache, stamps recorded
    settings: dict[str, Callable[[], tuple[float, float]]] = {}
    if args.before is not None:
        before = args.before
        settings["before"] = lambda: solve_seconds(before, argv)
    settings["verified"] = lambda: solve_seconds(HERE, argv)

    def changed() -> tuple[float, float]:
        forget_stamps(folder)
        return solve_seconds(HERE, argv)

    settings["changed"] = changed
    times: dict[str, list[tuple[float, float]]] = {name: [] for name in settings}
    for _ in range(args.repeat):
        for name, run in settings.items():
            times[name].append(run())
    print(f"warm first solve ({' '.join(argv)}), {args.repeat} runs each:")
    base = {}
    if "before" in times:
        base = {i: statistics.median(t[i] for t in times["before"]) for i in (0, 1)}
    for name, runs in times.items():
        parts = []
        for i, what in ((0, "wall"), (1, "cpu")):
            median = statistics.median(t[i] for t in runs)
            best = min(t[i] for t in runs)
            ratio = f" ({median / base[i]:4.2f}x)" if base else ""
            parts.append(f"{what} best {best:6.3f} s median {median:6.3f} s{ratio}")
        print(f"  {name:9s} " + "   ".join(parts))
    if base:
        cpu = statistics.median(t[1] for t in times["verified"])
        verdict = "ok" if cpu <= TARGET * base[1] else "MISSED"
        print(f"target: verified within {TARGET:.2f}x of before (median cpu): {verdict}")


if __name__ == "__main__":
    main()
