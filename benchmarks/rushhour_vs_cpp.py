"""Benchmark: ``rushhour enumerate`` against M. Fogleman's C++ enumerator, side by side.

Run: ``.venv/bin/python benchmarks/rushhour_vs_cpp.py RUSH [SHARD ...] [--stratum PREFIX
[--sample N SEED]] [--before SRC]``

``RUSH`` is a checkout (or a bare git directory) of github.com/fogleman/rush. Its
``cpp/`` is copied to ``~/.cache/searchlab-bench/rush-cpp-NxN-wW``, its ``config.h``
set to the shard's board size and exact number of walls with one worker thread, and
built with his own ``Makefile`` (``make release``: ``-std=c++14 -flto -O3
-march=native -D NDEBUG``). One change to his code: the rows a shard fixes (the exit
row, then the top rows) are read from the ``RUSH_SHARD`` environment variable and
every other arrangement of those rows is skipped, so the C++ program enumerates
exactly the packed positions of the shard (both counts are printed and must agree).

Each ``SHARD`` (a key such as ``6x6/w0/1-7-48``, the default) runs once on each side,
in a fresh process: ours after loading the compiled walk (outside the timing), his
from ``main``. ``--stratum 6x6/w0/1`` runs every shard whose key starts with it
(e.g. one red-car column; ``--stratum 5x5/w1``: the whole board with exactly one
wall), ours through :func:`run_shard` in one process, his in one run with only the
exit row fixed (or nothing). The ratio is of CPU seconds (this machine is
shared). Caveat: the two programs call a different member of a cluster its
*canonical* one (we the smallest packed int, he the smallest bitboard pair), so a
cluster may be searched to the end in different shards; the packed positions of a
shard, and every count over a whole board, are the same. ``--before SRC`` (another
checkout's ``src``) also runs that tree on the same work, after ours. ``--sample N
SEED`` with ``--stratum`` runs N shards of the stratum drawn uniformly (seeded), one
job each, and prints the ratio of the summed CPU: since both programs' totals over the
stratum are sums over the same shards, that ratio estimates the whole stratum's even
though each shard's work differs between the two (``--stratum 6x6/w0 --sample 24 1``:
the whole no-wall board, which takes hours each, from 24 shards).
"""

from __future__ import annotations

import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

CHILD = """
import json, sys
from searchlab.puzzles.rushhour.enumeration import run_shard, shards
keys = sys.argv[1:]
size, walls = int(keys[0][0]), int(keys[0].split("/")[1][1:])
every = {s.key: s for s in shards(size, walls)}
run_shard(shards(4, 0)[0])  # load or compile the walk outside the timing
out = {"cpu": 0.0, "positions": 0, "clusters": 0, "solvable": 0, "rows": 0}
for key in keys:
    r = run_shard(every[key])
    out["cpu"] += r.cpu
    out["positions"] += r.positions
    out["clusters"] += r.clusters
    out["solvable"] += r.solvable
    out["rows"] += len(r.rows)
print(json.dumps(out))
"""

FILTER = r"""
#include <cstdlib>
#include <string>
// searchlab benchmark: RUSH_SHARD="y:x.s,x.s;y:..." fixes rows y to these pieces
static bool Allowed(int y, const PositionEntry &pe) {
    const char *spec = std::getenv("RUSH_SHARD");
    if (spec == nullptr) return true;
    const std::string all(spec);
    const std::string tag = std::to_string(y) + ":";
    size_t at = 0;
    while (at < all.size()) {
        size_t end = all.find(';', at);
        if (end == std::string::npos) end = all.size();
        const std::string part = all.substr(at, end - at);
        if (part.compare(0, tag.size(), tag) == 0) {
            std::string mine;
            std::vector<std::pair<int, int>> ps;
            for (const auto &piece : pe.Pieces())
                ps.emplace_back(piece.Position() % BoardSize, piece.Size());
            std::sort(ps.begin(), ps.end());
            for (const auto &p : ps)
                mine += std::to_string(p.first) + "." + std::to_string(p.second) + ",";
            return part.substr(tag.size()) == mine;
        }
        at = end + 1;
    }
    return true;
}
"""


def build(rush: Path, size: int, walls: int) -> Path:
    """His ``cpp/`` built for ``size`` and exactly ``walls`` walls, one worker."""
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    where = home / "searchlab-bench" / f"rush-cpp-{size}x{size}-w{walls}"
    binary = where / "bin" / "release" / "main"
    if binary.exists():
        return binary
    if where.exists():
        shutil.rmtree(where)
    where.parent.mkdir(parents=True, exist_ok=True)
    if (rush / "cpp").is_dir():
        shutil.copytree(rush / "cpp", where)
    else:  # a bare git directory (e.g. a mirror)
        tar = subprocess.run(
            ["git", "--git-dir", str(rush), "archive", "HEAD", "cpp"],
            capture_output=True,
            check=True,
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(where.parent)], input=tar, check=True)
        (where.parent / "cpp").rename(where)
    config = (where / "src" / "config.h").read_text()
    for name, value in {
        "BoardSize": size,
        "PrimaryRow": (size - 1) // 2,
        "MinPieceSize": 1 if walls else 2,
        "MinWalls": walls,
        "MaxWalls": walls,
        "NumWorkers": 1,
    }.items():
        config = re.sub(rf"const int {name} = \d+;", f"const int {name} = {value};", config)
    (where / "src" / "config.h").write_text(config)
    source = (where / "src" / "enumerator.cpp").read_text()
    source = source.replace('#include "config.h"\n', '#include "config.h"\n' + FILTER, 1)
    source = source.replace(
        "for (const auto &pe : m_RowEntries[PrimaryRow]) {",
        "for (const auto &pe : m_RowEntries[PrimaryRow]) {\n"
        "        if (!Allowed(PrimaryRow, pe)) continue;",
    )
    source = source.replace(
        "for (const auto &pe : m_RowEntries[y]) {",
        "for (const auto &pe : m_RowEntries[y]) {\n        if (!Allowed(y, pe)) continue;",
    )
    (where / "src" / "enumerator.cpp").write_text(source)
    subprocess.run(["make", "release"], cwd=where, check=True, capture_output=True)
    return binary


def rows_spec(key: str, lines: int | None = None) -> str:
    """``RUSH_SHARD`` for a shard key: each fixed row's pieces as ``x.length``."""
    from searchlab.puzzles.rushhour.enumeration import _levels, exit_row, tables

    size, walls = int(key[0]), int(key.split("/")[1][1:])
    prefix = [int(x) for x in key.split("/")[2].split("-") if x]
    starts = tables(size, walls).lev_start
    rows = [exit_row(size), *(r for r in range(size) if r != exit_row(size))]
    parts = []
    for lv, e in enumerate(prefix[:lines]):
        arrangement, _, _ = _levels(size, walls)[lv][e - int(starts[lv])]
        parts.append(f"{rows[lv]}:" + "".join(f"{x}.{s}," for x, s in sorted(arrangement)))
    return ";".join(parts)


def run_cpp(binary: Path, spec: str) -> tuple[dict[str, float], list[str]]:
    """His enumerator on the rows ``spec`` fixes: CPU and wall seconds and his counters
    (``inp`` packed positions, ``can`` canonical, ``slv`` solvable, ``min`` puzzles),
    and his output lines (one per puzzle: moves, board, cluster size, states by
    distance)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run(
        [str(binary)], env={**os.environ, "RUSH_SHARD": spec}, capture_output=True, text=True
    )
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last = out.stderr.strip().splitlines()[-1].split()
    counts = {last[i + 1]: float(last[i]) for i in range(7, len(last) - 1, 2)}
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"cpu": cpu, "seconds": wall, **counts}, out.stdout.splitlines()


def run_ours(keys: list[str], src: str) -> dict[str, float]:
    out = subprocess.run(
        [sys.executable, "-c", CHILD, *keys],
        env={**os.environ, "PYTHONPATH": src},
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, float] = json.loads(out.stdout)
    return result


def main() -> None:
    args = sys.argv[1:]
    rush = Path(args.pop(0))
    stratum = args[args.index("--stratum") + 1] if "--stratum" in args else None
    before = args[args.index("--before") + 1] if "--before" in args else None
    options = {stratum, before}
    keys = [a for a in args if "/" in a and a not in options] or (
        [] if stratum else ["6x6/w0/1-7-48"]
    )
    trees = {"ours": str(Path(__file__).resolve().parent.parent / "src")}
    if before:
        trees["before"] = before
    jobs: list[tuple[str, list[str], str]] = [(k, [k], rows_spec(k)) for k in keys]
    if stratum:
        from searchlab.puzzles.rushhour.enumeration import shards

        size, walls = int(stratum[0]), int(stratum.split("/")[1][1:])
        first = stratum.split("/")[2] if stratum.count("/") == 2 else None
        chosen = [
            s.key
            for s in shards(size, walls)
            if s.walls == walls and first in (None, str(s.prefix[0]))
        ]
        if "--sample" in args:  # a uniform sample of the stratum's shards, one job each
            at = args.index("--sample")
            count, seed = int(args[at + 1]), int(args[at + 2])
            chosen = sorted(random.Random(seed).sample(chosen, min(count, len(chosen))))
            jobs += [(k, [k], rows_spec(k)) for k in chosen]
        else:
            spec = rows_spec(chosen[0], 1) if first else ""  # "": the whole board
            jobs.append((f"{stratum} ({len(chosen)} shards)", chosen, spec))
    totals: dict[str, float] = {}
    for name, ks, spec in jobs:
        size, walls = int(ks[0][0]), int(ks[0].split("/")[1][1:])
        binary = build(rush, size, walls)
        cpp, _ = run_cpp(binary, spec)
        print(
            f"{name}: C++ {cpp['cpu']:.2f} s CPU ({cpp['seconds']:.2f} s), packed positions "
            f"{int(cpp['inp']):,}, canonical clusters {int(cpp['can']):,}, solvable "
            f"{int(cpp['slv']):,}, puzzles {int(cpp['min']):,}",
            flush=True,
        )
        totals["C++"] = totals.get("C++", 0.0) + cpp["cpu"]
        for tree, src in trees.items():
            ours = run_ours(ks, src)
            totals[tree] = totals.get(tree, 0.0) + ours["cpu"]
            same = "same" if int(ours["positions"]) == int(cpp["inp"]) else "DIFFERENT"
            print(
                f"{name}: {tree} {ours['cpu']:.2f} s CPU, ratio to C++ "
                f"{ours['cpu'] / cpp['cpu']:.2f}; packed positions {int(ours['positions']):,} "
                f"({same}), canonical clusters {int(ours['clusters']):,}, solvable "
                f"{int(ours['solvable']):,}, puzzles {int(ours['rows']):,}",
                flush=True,
            )
    if len(jobs) > 1:  # the ratio of the sums: over a uniform sample, the stratum's ratio
        for tree in trees:
            print(
                f"all {len(jobs)} jobs: C++ {totals['C++']:.2f} s CPU, {tree} "
                f"{totals[tree]:.2f} s, ratio {totals[tree] / totals['C++']:.2f}"
            )


if __name__ == "__main__":
    main()
