"""Benchmark: compiled Manhattan IDA* per node, side by side with E. Burns's C++ solver.

Run: ``.venv/bin/python benchmarks/npuzzle_md_vs_cpp.py [IDS ...] [--eaburns REPO]
[--walks N LENGTH SEED] [--before SRC] [--rounds N]``

Issue 34, item 7b. Runs :func:`~searchlab.puzzles.npuzzle.kernel_md.ida_star_md_compiled`
with Manhattan distance alone (``linear_conflicts=False``) on Korf's 15-puzzle instances
IDS (default 5 2 6 8 4: 11 to 63 million nodes each) and on ``--walks N LENGTH SEED``
24-puzzle boards (default 3 70 1: N random walks of LENGTH moves from the goal, seeded),
in a fresh process per tree (``PYTHONPATH``), the kernel loaded before the clock; CPU
seconds (the machine is shared), best of ``--rounds`` (default 3), rounds interleaved so
every side sees the same load.

``--eaburns REPO`` (a checkout, or a bare git directory, of github.com/eaburns/search)
builds his ``tiles/15md_solver`` and ``tiles/24md_solver`` (his Makefile, ``g++ -O3``;
``-include algorithm`` for today's compilers) under ``~/.cache/searchlab-bench/`` and
runs his ``idastar`` on the same boards: his "total raw cpu time" and "total nodes
generated" (ours count the root too: one more), his solution lengths checked against
ours. ``--before SRC`` (another checkout's ``src``) runs that tree too; its node counts
must be ours. Prints per side the nodes per CPU second and the ratios of CPU time per
node: this tree / before, this tree / his.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import time
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent / "src")
Tiles = list[int]


def walks(count: int, length: int, seed: int, n: int = 5) -> list[Tiles]:
    """``count`` boards ``length`` random blank moves from the goal (no immediate undo)."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        tiles = list(range(n * n))
        blank, prev = 0, -1
        for _ in range(length):
            r, c = divmod(blank, n)
            options = [
                rr * n + cc
                for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1))
                if 0 <= rr < n and 0 <= cc < n and rr * n + cc != prev
            ]
            nb = rng.choice(options)
            tiles[blank], tiles[nb] = tiles[nb], 0
            prev, blank = blank, nb
        out.append(tiles)
    return out


def child(boards: list[Tiles]) -> None:
    """This process's side: the kernel loaded, then each board solved (CPU seconds)."""
    from searchlab.puzzles.npuzzle import kernel_md
    from searchlab.puzzles.npuzzle.board import Board

    kernel_md.warm_up()
    rows = []
    for tiles in boards:
        n = int(len(tiles) ** 0.5)
        start = Board(n, tuple(tiles))
        t = time.process_time()
        goal = Board(n, tuple(range(n * n)))  # Korf's goal: the blank first
        r = kernel_md.ida_star_md_compiled(start, goal, linear_conflicts=False)
        rows.append([r.length, r.stats.generated, time.process_time() - t])
    print(json.dumps(rows))


def ours(src: str, boards: list[Tiles]) -> list[list[float]]:
    out = subprocess.run(
        [sys.executable, __file__, "--child", json.dumps(boards)],
        env={**os.environ, "PYTHONPATH": src},
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"the tree {src} failed:\n{out.stderr}")
    rows: list[list[float]] = json.loads(out.stdout)
    return rows


def build_eaburns(repo: Path) -> Path:
    """His tiles solvers, built once (his Makefile, g++)."""
    home = Path(os.environ.get("XDG_CACHE_HOME", Path.home() / ".cache"))
    where = home / "searchlab-bench" / "eaburns-search"
    if (where / "tiles" / "24md_solver").exists():
        return where
    shutil.rmtree(where, ignore_errors=True)
    if (repo / "tiles").is_dir():
        shutil.copytree(repo, where)
    else:  # a bare git directory (e.g. a mirror)
        where.mkdir(parents=True)
        tar = subprocess.run(
            ["git", "--git-dir", str(repo), "archive", "HEAD"], capture_output=True, check=True
        ).stdout
        subprocess.run(["tar", "-x", "-C", str(where)], input=tar, check=True)
    make = ["make", "CXX=g++ -include algorithm", "CC=gcc", "FLAGS=-w -g -O3"]
    for target in ("tiles/15md_solver", "tiles/24md_solver"):
        subprocess.run([*make, target], cwd=where, check=True, capture_output=True)
    return where


def his(where: Path, tiles: Tiles) -> list[float]:
    """His IDA* on one board: [length, nodes generated, CPU seconds]."""
    n = int(len(tiles) ** 0.5)
    at = [tiles.index(t) for t in range(n * n)]
    text = (
        f"{n} {n}\nstarting positions for each tile:\n"
        + "\n".join(map(str, at))
        + "\ngoal positions:\n"
        + "\n".join(map(str, range(n * n)))
        + "\n"
    )
    solver = where / "tiles" / f"{n * n - 1}md_solver"
    out = subprocess.run(
        [str(solver), "idastar"], input=text, capture_output=True, text=True, check=True
    ).stdout
    pairs = {}
    for line in out.splitlines():
        if line.startswith("#pair") and "\t" in line:
            head, value = line.split("\t", 1)
            pairs[head.removeprefix("#pair").strip().strip('"')] = value.strip().strip('"')
    return [
        int(pairs["final sol length"]) - 1,  # he counts the states of the path
        int(pairs["total nodes generated"]),
        float(pairs["total raw cpu time"]),
    ]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", type=int, default=[5, 2, 6, 8, 4])
    parser.add_argument("--eaburns", type=Path)
    parser.add_argument("--walks", nargs=3, type=int, default=[3, 70, 1])
    parser.add_argument("--before")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--child")
    args = parser.parse_args()
    if args.child is not None:
        child(json.loads(args.child))
        return
    from searchlab.puzzles.npuzzle.korf import korf_instances

    korf = {k.id: list(k.board.tiles) for k in korf_instances()}
    sets = {
        "15-puzzle": [korf[i] for i in args.ids],
        "24-puzzle": walks(*args.walks),
    }
    trees = {"this tree": HERE, **({"before": args.before} if args.before else {})}
    where = build_eaburns(args.eaburns) if args.eaburns else None
    for name, boards in sets.items():
        best: dict[str, list[list[float]]] = {}
        for _round in range(args.rounds):
            runs = {tree: ours(src, boards) for tree, src in trees.items()}
            if where is not None:
                runs["eaburns C++"] = [his(where, b) for b in boards]
            for side, rows in runs.items():
                kept = best.setdefault(side, rows)
                for k, row in enumerate(rows):
                    kept[k] = min(kept[k], row, key=lambda x: x[2])
        lengths = [row[0] for row in best["this tree"]]
        print(f"{name}: {len(boards)} boards, optimal lengths {lengths}")
        per_node = {}
        for side, rows in best.items():
            assert [row[0] for row in rows] == lengths, (side, rows)
            nodes = sum(row[1] for row in rows)
            cpu = sum(row[2] for row in rows)
            per_node[side] = cpu / nodes
            print(
                f"  {side:<12} {nodes:>13,.0f} nodes {cpu:8.3f} s CPU "
                f"{nodes / cpu:>13,.0f} nodes/s (best of {args.rounds} per board)"
            )
        if "before" in best:
            assert [r[1] for r in best["before"]] == [r[1] for r in best["this tree"]]
            ratio = per_node["this tree"] / per_node["before"]
            print(f"  CPU per node, this tree / before: {ratio:.3f}")
        if where is not None:
            ratio = per_node["this tree"] / per_node["eaburns C++"]
            print(f"  CPU per node, this tree / eaburns C++: {ratio:.3f}")


if __name__ == "__main__":
    main()
