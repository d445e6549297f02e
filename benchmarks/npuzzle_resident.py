"""Benchmark: Korf's 100 with the 7-8 databases, resident memory and search CPU, one child
process per table format, in one run on the same cached tables.

Each child does what ``searchlab npuzzle solve --pdb 7-8`` does: maps the cached tables
(:func:`~searchlab.puzzles.npuzzle.solvers.pattern_databases`, ``build=False``) and runs
the compiled IDA* with reflection on all 100 instances (the search loaded from Numba's
cache, compiled first by a warm-up child), checking every length against the published
one. Its peak resident memory (``ru_maxrss``) and CPU time (user + system) come from
``os.wait4``; it prints the total nodes, which must be equal for every format (the same
heuristic values). The formats are told apart by giving each child a cache directory of
links holding only that format's files:

- ``four``: four bits an entry (:func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked`), what
  the search read before issue 24's three-bit format;
- ``three``: three bits an entry (:func:`~searchlab.puzzles.npuzzle.pdb.pack3_ranked`),
  made from the four-bit files into a temporary directory if the cache has none.

Usage: python benchmarks/npuzzle_resident.py [--cache DIR] [--rounds 2]

``--cache`` is the directory holding ``npuzzle/`` (default: ``$SEARCHLAB_CACHE_DIR`` or
the user cache); the 7-8 tables must be built there (``searchlab npuzzle pdb --build 7-8
--goal first``). The rounds alternate the formats; the load average is printed.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from searchlab.cache import cache_root
from searchlab.puzzles.npuzzle.korf import KORF_GOAL
from searchlab.puzzles.npuzzle.pdb import PARTITIONS, pack3_ranked, pdb_path

CHILD = (
    "import sys; from searchlab.puzzles.npuzzle import kernel; "
    "from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances; "
    "from searchlab.puzzles.npuzzle.solvers import pattern_databases; "
    "tables = pattern_databases(KORF_GOAL, '7-8', build=False); "
    "rs = [(kernel.ida_star_compiled(k.board, KORF_GOAL, pdbs=tables), k.optimal_length) "
    "for k in korf_instances()]; "
    "print(sum(r.stats.generated for r, _ in rs), [len(t) for _, t in tables]); "
    "sys.exit(sum(r.length != n for r, n in rs))"
)
WARM = "from searchlab.puzzles.npuzzle import kernel; kernel.warm_up((2,))"


def child(command: list[str], env: dict[str, str]) -> tuple[float, float, str, int]:
    """Run ``command``: its CPU seconds, peak resident MiB, output and exit status."""
    proc = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, text=True)
    assert proc.stdout is not None
    out = proc.stdout.read()
    _, status, usage = os.wait4(proc.pid, 0)
    cpu = usage.ru_utime + usage.ru_stime
    return cpu, usage.ru_maxrss / 1024, out.strip(), os.waitstatus_to_exitcode(status)


def link_dirs(cache: Path, tmp: Path) -> dict[str, Path]:
    """A cache directory per format, holding links to that format's 7-8 files only (the
    three-bit ones made from the four-bit ones into ``tmp`` if missing)."""
    import numpy as np

    dirs = {}
    for fmt in ("four", "three"):
        d = tmp / fmt / "npuzzle"
        d.mkdir(parents=True)
        dirs[fmt] = d.parent
        for pattern in PARTITIONS["7-8"]:
            src4 = pdb_path(4, pattern, cache, ranked=True, packed=True, blank=0)
            if not src4.exists():
                sys.exit(f"missing {src4}: run 'searchlab npuzzle pdb --build 7-8 --goal first'")
            if fmt == "four":
                (d / src4.name).symlink_to(src4.resolve())
                continue
            src3 = pdb_path(4, pattern, cache, ranked=True, blank=0, pack3=True)
            dst = d / src3.name
            if src3.exists():
                dst.symlink_to(src3.resolve())
            else:
                pack3_ranked(4, pattern, np.load(src4, mmap_mode="r"), dst)
    return dirs


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cache", type=Path, default=None)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    cache = (args.cache or cache_root()) / "npuzzle"
    print(f"load average {os.getloadavg()[0]:.1f}; goal {KORF_GOAL.tiles}", flush=True)
    with tempfile.TemporaryDirectory(prefix="searchlab-resident-") as tmp:
        dirs = link_dirs(cache, Path(tmp))
        env = dict(os.environ)
        subprocess.run([sys.executable, "-c", WARM], env=env, check=True)
        best: dict[str, tuple[float, float, str]] = {}
        for rnd in range(args.rounds):
            for fmt in ("four", "three") if rnd % 2 == 0 else ("three", "four"):
                env = {**os.environ, "SEARCHLAB_CACHE_DIR": str(dirs[fmt])}
                t0 = time.perf_counter()
                cpu, peak, out, wrong = child([sys.executable, "-c", CHILD], env)
                wall = time.perf_counter() - t0
                print(
                    f"{fmt:5s} round {rnd + 1}: peak RSS {peak:.0f} MiB, CPU {cpu:.2f} s, "
                    f"wall {wall:.1f} s, nodes and table bytes {out}, "
                    f"{'all 100 optimal' if wrong == 0 else f'{wrong} WRONG'}",
                    flush=True,
                )
                if fmt not in best or cpu < best[fmt][1]:
                    best[fmt] = (peak if fmt not in best else min(peak, best[fmt][0]), cpu, out)
    four, three = best["four"], best["three"]
    same = four[2].split()[0] == three[2].split()[0]
    print(
        f"three bits against four: peak RSS {four[0]:.0f} -> {three[0]:.0f} MiB "
        f"({four[0] / three[0]:.2f}x less), CPU {four[1]:.2f} -> {three[1]:.2f} s "
        f"({four[1] / three[1]:.2f}x), nodes {'identical' if same else 'DIFFERENT'}; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
