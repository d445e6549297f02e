"""Benchmark: the English board's first solution, in process, against two C++ solvers.

Run: ``.venv/bin/python benchmarks/peg_vs_cpp.py [--markus REPO] [--karlosp REPO]
[--before SRC] [--rounds N] [--calls N]``

Issue 34, item 7: :func:`~searchlab.puzzles.peg.solve_fast` on the English central game
(vacate d4, finish on d4) against the anchors, side by side in one run:

- ``--markus REPO``: a checkout (or a bare git directory) of github.com/MarkusThill/
  solitaire-diamond; its ``english.cpp`` (plain backtracking, one solution a process:
  its globals are not reset) is built with ``g++ -O2`` beside a small timing ``main``
  that calls his once; the best of ``--rounds`` processes is kept;
- ``--karlosp REPO``: github.com/karlosp/FastPegSolitaire; his ``main.cpp`` as it is
  (``g++ -O2 -std=c++2b``, his CMake's flags), which solves 1,000 times and prints the
  mean time of one solve.

Both are built under ``~/.cache/searchlab-bench/`` (once). Ours runs in fresh
processes (``PYTHONPATH`` the tree): the first call after the imports (what a script
that solves once pays) and the best and median of ``--calls`` calls after it (what
a process that solves again pays: the per-board set-up is made once). Every solution
is replayed jump by jump to the finish before it is counted. ``--before SRC`` (another
checkout's ``src``) runs the same on that tree, interleaved round by round so both
see the same load, checks its node counts and length are ours, and prints the
ratios. Times are wall seconds on a shared machine: run it at a quiet moment, and
compare within one run.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent / "src")
DRIVER = r"""
#include <chrono>
#include <cstdio>
int markus_main(int argc, char *argv[]);
int main(int argc, char *argv[]) {
    auto t = std::chrono::steady_clock::now();
    markus_main(argc, argv);
    std::chrono::duration<double> dt = std::chrono::steady_clock::now() - t;
    std::fprintf(stderr, "\nseconds %.9f\n", dt.count());
    return 0;
}
"""


def _bench_dir(name: str) -> Path:
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    return home / "searchlab-bench" / name


def _copy(repo: Path, files: list[str], where: Path) -> None:
    """``files`` of a checkout or a bare git directory, into ``where``."""
    where.mkdir(parents=True)
    if all((repo / f).exists() for f in files):
        for f in files:
            (where / f).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy(repo / f, where / f)
        return
    tar = subprocess.run(
        ["git", "--git-dir", str(repo), "archive", "HEAD", *files],
        capture_output=True,
        check=True,
    ).stdout
    subprocess.run(["tar", "-x", "-C", str(where)], input=tar, check=True)


def build_markus(repo: Path) -> Path:
    """His ``english.cpp`` (``main`` renamed) with the timing driver, ``-O2``."""
    where = _bench_dir("peg-markus")
    binary = where / "english"
    if binary.exists():
        return binary
    shutil.rmtree(where, ignore_errors=True)
    _copy(repo, ["english.cpp"], where)
    (where / "driver.cpp").write_text(DRIVER)
    subprocess.run(
        ["g++", "-O2", "-Dmain=markus_main", "-c", "english.cpp", "-o", "english.o"],
        cwd=where,
        check=True,
    )
    subprocess.run(
        ["g++", "-O2", "driver.cpp", "english.o", "-o", "english"], cwd=where, check=True
    )
    return binary


def build_karlosp(repo: Path) -> Path:
    """His ``main.cpp`` and header as they are, with his CMake's release flags."""
    where = _bench_dir("peg-karlosp")
    binary = where / "fps"
    if binary.exists():
        return binary
    shutil.rmtree(where, ignore_errors=True)
    _copy(repo, ["main.cpp", "src/FastPegSolitaire.hpp"], where)
    subprocess.run(
        ["g++", "-O2", "-std=c++2b", "-Isrc", "main.cpp", "-o", "fps"], cwd=where, check=True
    )
    return binary


def time_markus(binary: Path) -> float:
    """Seconds of his search in one process (run in a temporary folder: it writes moves.txt)."""
    with tempfile.TemporaryDirectory(prefix="peg-markus-") as tmp:
        out = subprocess.run([str(binary)], cwd=tmp, capture_output=True, text=True, check=True)
        moves = (Path(tmp) / "moves.txt").read_text().split()
    assert moves, "MarkusThill's program wrote no moves"
    return float(out.stderr.split("seconds")[-1])


def time_karlosp(binary: Path) -> float:
    """His mean seconds per solve (he solves 1,000 times in one process)."""
    out = subprocess.run([str(binary)], capture_output=True, text=True, check=True).stdout
    assert "Solved!" in out, "karlosp's program found no solution"
    line = next(x for x in out.splitlines() if x.startswith("Time:"))
    return float(line.split()[1].removesuffix("ms")) / 1000


def child(calls: int) -> None:
    """This process's side: import, solve once (cold), then ``calls`` times (warm)."""
    t = time.perf_counter()
    from searchlab.puzzles.peg import get_board, solve_fast

    imported = time.perf_counter() - t
    board = get_board("english")
    start, target = board.start(), 1 << board.hole("d4")
    times, result = [], None
    for _ in range(calls + 1):
        t = time.perf_counter()
        result = solve_fast(board, start, target)
        times.append(time.perf_counter() - t)
        assert result.status == "solved"
        pos = start
        for a, b, c in result.actions:  # replay: every jump legal, ending on the finish
            assert pos >> a & 1 and pos >> b & 1 and not pos >> c & 1, (a, b, c)
            pos ^= (1 << a) | (1 << b) | (1 << c)
        assert pos == target
    assert result is not None
    print(
        json.dumps(
            {
                "import": imported,
                "first": times[0],
                "warm": times[1:],
                "length": result.length,
                "expanded": result.stats.expanded,
                "generated": result.stats.generated,
            }
        )
    )


def ours(src: str, calls: int) -> dict[str, object]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", str(calls)],
        env={**os.environ, "PYTHONPATH": src},
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"the tree {src} failed:\n{out.stderr}")
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--markus", type=Path)
    parser.add_argument("--karlosp", type=Path)
    parser.add_argument("--before")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--calls", type=int, default=20)
    parser.add_argument("--child", type=int)
    args = parser.parse_args()
    if args.child is not None:
        child(args.child)
        return
    trees = {"this tree": HERE, **({"before": args.before} if args.before else {})}
    firsts: dict[str, list[float]] = {name: [] for name in trees}
    warms: dict[str, list[float]] = {name: [] for name in trees}
    counts: dict[str, tuple[object, ...]] = {}
    anchors: dict[str, list[float]] = {}
    binaries = {}
    if args.markus:
        binaries["MarkusThill C++ (one solve a process)"] = (build_markus(args.markus), time_markus)
    if args.karlosp:
        binaries["karlosp C++ (mean of 1,000 solves)"] = (build_karlosp(args.karlosp), time_karlosp)
    for _round in range(args.rounds):
        for name, src in trees.items():
            r = ours(src, args.calls)
            firsts[name].append(float(r["first"]))  # type: ignore[arg-type]
            warms[name].extend(r["warm"])  # type: ignore[arg-type]
            counts[name] = (r["length"], r["expanded"], r["generated"])
        for name, (binary, timer) in binaries.items():
            anchors.setdefault(name, []).append(timer(binary))
    for name in trees:
        length, expanded, generated = counts[name]
        best = min(warms[name])
        print(
            f"{name}: {length} jumps, {expanded:,} expanded, {generated:,} generated; "
            f"first call {min(firsts[name]) * 1000:.2f} ms, then best {best * 1000:.2f} ms, "
            f"median {statistics.median(warms[name]) * 1000:.2f} ms "
            f"({generated / best:,.0f} nodes/s)"  # type: ignore[operator]
        )
    if args.before:
        assert counts["this tree"] == counts["before"], counts
        print(
            "ratio this tree / before (same counts): first call "
            f"{min(firsts['this tree']) / min(firsts['before']):.3f}, then "
            f"{min(warms['this tree']) / min(warms['before']):.3f} (best), "
            f"{statistics.median(warms['this tree']) / statistics.median(warms['before']):.3f}"
            " (median)"
        )
    mine = min(warms["this tree"])
    for name, seconds in anchors.items():
        print(
            f"{name}: best {min(seconds) * 1000:.3f} ms; ours (after the first call) / it = "
            f"{mine / min(seconds):.2f}, ours (first call) / it = "
            f"{min(firsts['this tree']) / min(seconds):.1f}"
        )


if __name__ == "__main__":
    main()
