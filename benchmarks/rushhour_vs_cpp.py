"""Benchmark: ``rushhour enumerate`` against M. Fogleman's C++ enumerator, side by side.

Run: ``.venv/bin/python benchmarks/rushhour_vs_cpp.py RUSH [SHARD ...] [--stratum PREFIX
[--sample N SEED]] [--lanes STRATUM] [--before SRC]``

``RUSH`` is a checkout (or a bare git directory) of github.com/fogleman/rush. Its
``cpp/`` is copied to ``~/.cache/searchlab-bench/rush-cpp-NxN-wW-pP``, its ``config.h``
set to the shard's board size and exact number of walls with one worker thread, and
built with his own ``Makefile`` (``make release``: ``-std=c++14 -flto -O3
-march=native -D NDEBUG``). One change to his code: when his row tables are built,
the entries the ``RUSH_SHARD`` environment variable (the rows a shard fixes: the exit
row, then the top rows) or ``RUSH_LANES`` (rows' lanes, see :func:`lane_shards`)
excludes are dropped, so the C++ program enumerates exactly the packed positions of
the work (both counts are printed and must agree) and its loops are his own.

Each ``SHARD`` (a key such as ``6x6/w0/1-7-48``, the default) runs once on each side,
in a fresh process: ours after loading the compiled walk (outside the timing,
``rushhour_ours.py``), his from ``main``. ``--stratum 6x6/w0/1`` runs every shard whose
key starts with it (e.g. one red-car column; ``--stratum 5x5/w1``: the whole board with
exactly one wall), ours in one process, his in one run with only the exit row fixed
(or nothing). The ratio is of CPU seconds (this machine is shared). Caveat: the two
programs call a different member of a cluster its *canonical* one (we the smallest
packed int, he the smallest bitboard pair), so a cluster may be searched to the end
in different shards; the packed positions of a shard, and every count over a whole
board, are the same. ``--lanes 6x6/w0/0:2,2/1:3`` (:func:`lane_shards`) runs a stratum
that is a union of whole clusters, so both must print the same puzzles: their rows
are compared, as on a whole board (exit status 1 unless identical). ``--before SRC``
(another checkout's ``src``) also runs that tree on the same work, after ours.
``--sample N SEED`` with ``--stratum`` runs N shards of the stratum drawn uniformly
(seeded), one job each, and prints the ratio of the summed CPU: since both programs'
totals over the stratum are sums over the same shards, that ratio estimates the whole
stratum's even though each shard's work differs between the two (``--stratum 6x6/w0
--sample 24 1``: the whole no-wall board, which takes hours each, from 24 shards).
"""

from __future__ import annotations

import os
import random
import re
import resource
import shutil
import subprocess
import sys
import time
from pathlib import Path

from rushhour_ours import HERE, run_ours

FILTER = r"""
#include <cstdlib>
#include <string>
// searchlab benchmark: the rows that RUSH_SHARD and RUSH_LANES allow ("y:...;y:...").
// RUSH_SHARD fixes row y to these pieces, "x.s," each (x its column, s its length);
// RUSH_LANES fixes row y's lane, its pieces in order along the row, "s," each for a
// vehicle and "wx," for a wall at column x. Applied once, to the row tables.
static std::string RowText(const PositionEntry &pe, bool exact) {
    std::vector<std::pair<int, int>> ps;
    for (const auto &piece : pe.Pieces())
        ps.emplace_back(piece.Position() % BoardSize, piece.Size());
    std::sort(ps.begin(), ps.end());
    std::string out;
    for (const auto &p : ps) {
        if (exact) out += std::to_string(p.first) + "." + std::to_string(p.second) + ",";
        else if (p.second == 1) out += "w" + std::to_string(p.first) + ",";
        else out += std::to_string(p.second) + ",";
    }
    return out;
}
static bool Allowed(const char *name, int y, const PositionEntry &pe, bool exact) {
    const char *spec = std::getenv(name);
    if (spec == nullptr) return true;
    const std::string all(spec);
    const std::string tag = std::to_string(y) + ":";
    size_t at = 0;
    while (at < all.size()) {
        size_t end = all.find(';', at);
        if (end == std::string::npos) end = all.size();
        const std::string part = all.substr(at, end - at);
        if (part.compare(0, tag.size(), tag) == 0)
            return part.substr(tag.size()) == RowText(pe, exact);
        at = end + 1;
    }
    return true;
}
"""

PRUNE = """    for (int y = 0; y < BoardSize; y++) {  // searchlab benchmark: see Allowed
        auto &es = m_RowEntries[y];
        es.erase(std::remove_if(es.begin(), es.end(), [y](const PositionEntry &pe) {
            return !Allowed("RUSH_SHARD", y, pe, true) || !Allowed("RUSH_LANES", y, pe, false);
        }), es.end());
    }
"""

PATCH = 2
"""The version of the patch above (part of the build's directory name, so a changed
patch is rebuilt rather than an older build reused)."""


def copy_cpp(rush: Path, where: Path) -> None:
    """His ``cpp/`` folder copied to ``where`` (replaced), from a checkout or a bare git
    directory (e.g. a mirror), through a temporary folder beside it."""
    shutil.rmtree(where, ignore_errors=True)
    where.parent.mkdir(parents=True, exist_ok=True)
    if (rush / "cpp").is_dir():
        shutil.copytree(rush / "cpp", where)
        return
    tar = subprocess.run(
        ["git", "--git-dir", str(rush), "archive", "HEAD", "cpp"], capture_output=True, check=True
    ).stdout
    tmp = where.parent / f"{where.name}-tmp"
    shutil.rmtree(tmp, ignore_errors=True)
    tmp.mkdir()
    subprocess.run(["tar", "-x", "-C", str(tmp)], input=tar, check=True)
    (tmp / "cpp").rename(where)
    tmp.rmdir()


def build(rush: Path, size: int, walls: int) -> Path:
    """His ``cpp/`` built for ``size`` and exactly ``walls`` walls, one worker."""
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    where = home / "searchlab-bench" / f"rush-cpp-{size}x{size}-w{walls}-p{PATCH}"
    binary = where / "bin" / "release" / "main"
    if binary.exists():
        return binary
    copy_cpp(rush, where)
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
    anchor = "    for (int i = 0; i < BoardSize; i++) {\n        std::stable_sort(m_RowEntries"
    assert source.count(anchor) == 1, "enumerator.cpp is not the one this patch knows"
    source = source.replace(anchor, PRUNE + anchor)
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


def lane(arrangement: list[tuple[int, int]]) -> str:
    """A row's *lane*: its pieces in order along it, ``s,`` for a vehicle of length
    ``s`` and ``wx,`` for a wall at column ``x`` (``RUSH_LANES``' notation). No move
    changes it: a horizontal vehicle slides within its row and passes neither another
    vehicle nor a wall, and walls never move."""
    return "".join(f"w{x}," if s == 1 else f"{s}," for x, s in sorted(arrangement))


def lane_shards(stratum: str) -> tuple[list[str], str]:
    """The shards of a lane stratum and its ``RUSH_LANES``.

    ``stratum`` is ``NxN/wW/ROW:LANE/...``, e.g. ``6x6/w0/0:2,2/1:3`` (row 0 holds two
    cars and nothing else, row 1 one truck: rows numbered from 0 at the top, lanes
    written as :func:`lane` writes them, without the trailing comma; ``-`` an empty
    row): every board with exactly W walls whose rows have these lanes. Lanes are
    invariant under moves, so the stratum is a union of whole clusters, which both
    programs enumerate completely whatever member of a cluster each calls canonical:
    the same rows, and each program's total is its cost on exactly this work. Only
    rows a shard fixes (the exit row and the top rows: ``depth``) may be named, so
    the stratum is a union of our shards."""
    from searchlab.puzzles.rushhour.enumeration import _levels, depth, exit_row, shards, tables

    board, walls_text, *parts = stratum.split("/")
    size, walls = int(board[0]), int(walls_text[1:])
    fixed = [exit_row(size), *(r for r in range(size) if r != exit_row(size))][: depth(size)]
    wanted: dict[int, str] = {}
    for part in parts:
        row, _, text = part.partition(":")
        if int(row) not in fixed:
            raise SystemExit(f"{stratum}: row {row} is not one a shard fixes ({fixed})")
        wanted[int(row)] = "".join(f"{t}," for t in text.split(",") if t not in ("", "-"))
    starts = tables(size, walls).lev_start
    levels = _levels(size, walls)

    def lanes_of(prefix: tuple[int, ...]) -> dict[int, str]:
        return {fixed[lv]: lane(levels[lv][e - int(starts[lv])][0]) for lv, e in enumerate(prefix)}

    chosen = [
        s.key
        for s in shards(size, walls)
        if s.walls == walls and all(lanes_of(s.prefix)[r] == text for r, text in wanted.items())
    ]
    return chosen, ";".join(f"{r}:{text}" for r, text in sorted(wanted.items()))


def run_cpp(binary: Path, env: dict[str, str]) -> tuple[dict[str, float], list[str]]:
    """His enumerator on the rows ``env`` allows (``RUSH_SHARD``, ``RUSH_LANES``): CPU
    and wall seconds and his counters (``inp`` packed positions, ``can`` canonical,
    ``slv`` solvable, ``min`` puzzles), and his output lines (one per puzzle: moves,
    board, cluster size, states by distance)."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    out = subprocess.run([str(binary)], env={**os.environ, **env}, capture_output=True, text=True)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    last = out.stderr.strip().splitlines()[-1].split()
    counts = {last[i + 1]: float(last[i]) for i in range(7, len(last) - 1, 2)}
    cpu = after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime
    return {"cpu": cpu, "seconds": wall, **counts}, out.stdout.splitlines()


Row = tuple[int, str, int]


def renamed(text: str) -> str:
    """A board's letters renamed in reading order after the red car's ``A`` ('o' empty,
    'x' walls): the database notation, whatever letters the text used."""
    names = {"A": "A"}
    out = []
    for ch in text:
        if ch in ".o":
            out.append("o")
        elif ch == "x":
            out.append("x")
        else:
            names.setdefault(ch, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"[len(names)])
            out.append(names[ch])
    return "".join(out)


def his_rows(lines: list[str]) -> tuple[set[Row], list[str]]:
    """His output lines as rows (moves, board renamed, cluster size), and the lines
    whose distance counts do not add up to the cluster size."""
    rows: set[Row] = set()
    wrong = []
    for line in lines:
        moves, board, states, counts = line.split()
        rows.add((int(moves), renamed(board), int(states)))
        by_distance = [int(c) for c in counts.split(",")]
        if sum(by_distance) != int(states) or len(by_distance) != int(moves) + 1:
            wrong.append(line)
    return rows, wrong


def same_rows(lines: list[str], ours: list[list[object]]) -> bool:
    """Print how his output ``lines`` and our rows compare, for work that is a union of
    whole clusters (both must find exactly the same puzzles); ``True`` when they do."""
    his, wrong = his_rows(lines)
    mine = {(int(m), str(b), int(c)) for m, b, c in ours}  # type: ignore[call-overload]
    common, only_his, only_ours = his & mine, sorted(his - mine), sorted(mine - his)
    ok = not only_his and not only_ours and not wrong and len(mine) == len(ours)
    print(
        f"  rows: {len(common):,} identical, only his {len(only_his):,}, only ours "
        f"{len(only_ours):,}, his distance counts add up: {'yes' if not wrong else 'NO'} "
        f"({'IDENTICAL' if ok else 'DIFFERENT'})",
        flush=True,
    )
    for row in only_his[:3]:
        print(f"  only his: {row}")
    for row in only_ours[:3]:
        print(f"  only ours: {row}")
    return ok


def main() -> None:
    args = sys.argv[1:]
    rush = Path(args.pop(0))
    flags = {"--stratum": 1, "--before": 1, "--lanes": 1, "--sample": 2}
    given = {
        f: args[args.index(f) + 1 : args.index(f) + 1 + k] for f, k in flags.items() if f in args
    }
    values = {v for vs in given.values() for v in vs}
    stratum = given["--stratum"][0] if "--stratum" in given else None
    keys = [a for a in args if "/" in a and a not in values] or (
        [] if stratum or "--lanes" in given else ["6x6/w0/1-7-48"]
    )
    trees = {"ours": HERE}
    if "--before" in given:
        trees["before"] = given["--before"][0]
    # (name, shard keys, his filter, whether the work is a union of whole clusters)
    jobs = [(k, [k], {"RUSH_SHARD": rows_spec(k)}, False) for k in keys]
    if stratum:
        from searchlab.puzzles.rushhour.enumeration import shards

        size, walls = int(stratum[0]), int(stratum.split("/")[1][1:])
        first = stratum.split("/")[2] if stratum.count("/") == 2 else None
        chosen = [
            s.key
            for s in shards(size, walls)
            if s.walls == walls and first in (None, str(s.prefix[0]))
        ]
        if "--sample" in given:  # a uniform sample of the stratum's shards, one job each
            count, seed = (int(x) for x in given["--sample"])
            chosen = sorted(random.Random(seed).sample(chosen, min(count, len(chosen))))
            jobs += [(k, [k], {"RUSH_SHARD": rows_spec(k)}, False) for k in chosen]
        else:  # "": the whole board, a union of whole clusters
            spec = rows_spec(chosen[0], 1) if first else ""
            jobs.append(
                (f"{stratum} ({len(chosen)} shards)", chosen, {"RUSH_SHARD": spec}, not first)
            )
    if "--lanes" in given:
        lanes = given["--lanes"][0]
        chosen, spec = lane_shards(lanes)
        jobs.append((f"{lanes} ({len(chosen)} shards)", chosen, {"RUSH_LANES": spec}, True))
    totals: dict[str, float] = {}
    identical = True
    for name, ks, env, whole in jobs:
        size, walls = int(ks[0][0]), int(ks[0].split("/")[1][1:])
        binary = build(rush, size, walls)
        cpp, lines = run_cpp(binary, env)
        print(
            f"{name}: C++ {cpp['cpu']:.2f} s CPU ({cpp['seconds']:.2f} s), packed positions "
            f"{int(cpp['inp']):,}, canonical clusters {int(cpp['can']):,}, solvable "
            f"{int(cpp['slv']):,}, puzzles {int(cpp['min']):,}",
            flush=True,
        )
        totals["C++"] = totals.get("C++", 0.0) + cpp["cpu"]
        for tree, src in trees.items():
            ours = run_ours(ks, src)
            cpu = float(ours["cpu"])  # type: ignore[arg-type]
            positions = int(ours["positions"])  # type: ignore[call-overload]
            rows: list[list[object]] = ours["rows"]  # type: ignore[assignment]
            totals[tree] = totals.get(tree, 0.0) + cpu
            same = "same" if positions == int(cpp["inp"]) else "DIFFERENT"
            print(
                f"{name}: {tree} {cpu:.2f} s CPU ({float(ours['seconds']):.2f} s), ratio to "  # type: ignore[arg-type]
                f"C++ {cpu / cpp['cpu']:.2f}; packed positions {positions:,} ({same}), "
                f"canonical clusters {int(ours['clusters']):,}, solvable "  # type: ignore[call-overload]
                f"{int(ours['solvable']):,}, puzzles {len(rows):,}",  # type: ignore[call-overload]
                flush=True,
            )
            if whole:
                identical = same_rows(lines, rows) and same == "same" and identical
    if len(jobs) > 1:  # the ratio of the sums: over a uniform sample, the stratum's ratio
        for tree in trees:
            print(
                f"all {len(jobs)} jobs: C++ {totals['C++']:.2f} s CPU, {tree} "
                f"{totals[tree]:.2f} s, ratio {totals[tree] / totals['C++']:.2f}"
            )
    sys.exit(0 if identical else 1)


if __name__ == "__main__":
    main()
