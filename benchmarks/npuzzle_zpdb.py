"""Benchmark: zero-aware pattern databases (:mod:`searchlab.puzzles.npuzzle.zpdb`) against
the additive ones, on the 15-puzzle, measured as Clausecker & Reinefeld (2019) measure a
catalogue: the mean heuristic and ``eta = mean(b ** -h)`` over uniformly random solvable
boards, then IDA*'s nodes on Korf's instances.

Usage:
  python benchmarks/npuzzle_zpdb.py quality [--samples 20000] [--seed 1] [--heuristics ...]
  (the 24-puzzle's: --heuristics apdb6666,apdb6666+r,zpdb6666,zpdb6666+r)
  python benchmarks/npuzzle_zpdb.py nodes [--ids 1,11,21] [--heuristics zpdb78,apdb78,...]
  python benchmarks/npuzzle_zpdb.py catalogue [--samples 10000] [--size 8]

``catalogue`` measures the 24-puzzle's candidate members (each partition of
:mod:`searchlab.puzzles.npuzzle.catalogues`, plain and reflected) and picks a catalogue
greedily by ``eta`` (builds the 14 tables first if missing: about 100 CPU s and 2.9 GB
each, one at a time).

``quality`` prints, for each heuristic, its mean and ``eta`` (and ``eta`` relative to the
additive 7-8 table's), then the catalogue chosen greedily from the zero-aware members.
``nodes`` solves the given Korf instances (1-100) with each heuristic and prints nodes
generated (Korf's counting) and CPU seconds per instance and in total; every solution is
replayed and its length checked against Korf's. Both run in the compiled kernel (the
zero-aware ones :func:`~searchlab.puzzles.npuzzle.kernel_zpdb.ida_star_zero`, the
additive ones :func:`~searchlab.puzzles.npuzzle.kernel.ida_star_compiled`), compiled
before the clock, so nodes and CPU seconds compare (``--prune fsm``: both with the
pruning automaton; ``--ids-all``: all of Korf's 100).

Tables come from the cache (``$SEARCHLAB_CACHE_DIR`` or the user cache), built there if
missing: the zero-aware 7-8 takes minutes and 2.2 GB, the rest seconds.
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable, Sequence
from typing import Any

from searchlab.puzzles.npuzzle.kernel import ida_star_compiled
from searchlab.puzzles.npuzzle.kernel_zpdb import ida_star_zero
from searchlab.puzzles.npuzzle.korf import KORF24_GOAL, KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.partitions import PARTITIONS
from searchlab.puzzles.npuzzle.pdb_index import NIBBLE, THREE, rank, read3, table_format
from searchlab.puzzles.npuzzle.solvers import pattern_databases, replays
from searchlab.puzzles.npuzzle.zpdb import (
    BRANCHING_15,
    BRANCHING_24,
    catalogue_value,
    greedy_catalogue,
    mirror,
    quality,
    random_boards,
    views,
)
from searchlab.puzzles.npuzzle.zpdb_bits import bit_views

Tiles = Sequence[int]


def additive_value(pdbs: Sequence[tuple[Sequence[int], Any]], tiles: Tiles, reflect: bool) -> int:
    """The additive tables' sum for a board (Korf's goal), or its reflection's."""
    cells = len(tiles)
    n = math.isqrt(cells)
    m = mirror(n) if reflect else tuple(range(cells))
    where = [0] * cells
    for c, t in enumerate(tiles):
        where[t] = c
    total = 0
    for pattern, table in pdbs:
        cs = [m[where[m[g]]] for g in pattern]
        k = len(pattern)
        if len(table) in (cells**k, cells ** (k + 1)):  # mixed radix, maybe with the blank
            idx = sum(c * cells**i for i, c in enumerate(cs))
            if len(table) == cells ** (k + 1):
                idx += m[where[0]] * cells**k
            total += table[idx]
            continue
        r = rank(cs, cells)
        fmt = table_format(cells, pattern, table)
        md = sum(
            abs(c // n - g // n) + abs(c % n - g % n) for c, g in zip(cs, pattern, strict=True)
        )
        if fmt == NIBBLE:
            total += md + 2 * ((table[r >> 1] >> ((r & 1) << 2)) & 15)
        elif fmt == THREE:
            total += md + 2 * read3(table, r)
        else:
            total += table[r]
    return total


def heuristics(names: Sequence[str]) -> dict[str, Callable[[Tiles], int]]:
    """The heuristics ``names``, tables loaded (or built) once, only those needed."""
    loaded: dict[str, object] = {}

    def get(key: str) -> Any:
        if key not in loaded:
            part, kind = key.split(":")
            if kind == "apdb":
                goal = KORF24_GOAL if part == "6-6-6-6" else KORF_GOAL
                loaded[key] = pattern_databases(goal, part, with_blank=False)
            else:
                size = 5 if part == "6-6-6-6" else 4
                loaded[key] = views(size, PARTITIONS[part], kind == "zr")
        return loaded[key]

    def apdb(part: str, reflect: bool) -> Callable[[Tiles], int]:
        def h(t: Tiles) -> int:
            a = get(part + ":apdb")
            plain = additive_value(a, t, False)
            return max(plain, additive_value(a, t, True)) if reflect else plain

        return h

    def zpdb(*members: str) -> Callable[[Tiles], int]:
        return lambda t: catalogue_value([get(m) for m in members], t)

    known = {
        "apdb663": apdb("6-6-3", False),
        "apdb78": apdb("7-8", False),
        "apdb78+r": apdb("7-8", True),
        "zpdb663": zpdb("6-6-3:z"),
        "zpdb663+r": zpdb("6-6-3:z", "6-6-3:zr"),
        "zpdb78": zpdb("7-8:z"),
        "zpdb78+r": zpdb("7-8:z", "7-8:zr"),
        "zpdb78+r+663+r": zpdb("7-8:z", "7-8:zr", "6-6-3:z", "6-6-3:zr"),
        "apdb6666": apdb("6-6-6-6", False),
        "apdb6666+r": apdb("6-6-6-6", True),
        "zpdb6666": zpdb("6-6-6-6:z"),
        "zpdb6666+r": zpdb("6-6-6-6:z", "6-6-6-6:zr"),
    }
    return {n: known[n] for n in names}


def run_quality(samples: int, seed: int, names: list[str]) -> None:
    size = 5 if any("6666" in n for n in names) else 4
    b = BRANCHING_15 if size == 4 else BRANCHING_24
    boards = random_boards(size, samples, seed)
    hs = heuristics(names)
    cols: dict[str, list[int]] = {}
    for name, h in hs.items():
        t0 = time.process_time()
        cols[name] = [h(b) for b in boards]
        print(f"# {name}: {time.process_time() - t0:.1f} CPU s", flush=True)
    ref = quality(cols[names[0]], b)[1]
    print(f"{'heuristic':<16} {'mean h':>8} {'eta':>12} {'eta / ' + names[0]:>16}")
    for name, col in cols.items():
        mean, eta = quality(col, b)
        print(f"{name:<16} {mean:8.3f} {eta:12.4e} {eta / ref:16.3f}")
    members = {}
    for part in ("6-6-3", "7-8", "6-6-6-6"):
        if "zpdb" + part.replace("-", "") in names:
            for kind in ("z", "zr"):
                vs = views(size, PARTITIONS[part], kind == "zr")
                members[part + ":" + kind] = [catalogue_value([vs], b) for b in boards]
    print(f"greedy catalogue from {sorted(members)} (b = {b:.4f}):")
    for name, eta in greedy_catalogue(members, 4, b):
        print(f"  + {name:<12} eta {eta:.4e} ({eta / ref:.3f} of {names[0]})")


def run_catalogue(samples: int, seed: int, size_limit: int) -> None:
    """The 24-puzzle's candidate members (:func:`~.catalogues.candidates`) over ``samples``
    random boards: each one's mean and ``eta`` (against the additive 6-6-6-6), then the
    catalogue chosen greedily by ``eta`` (:func:`~.zpdb.greedy_catalogue`)."""
    from searchlab.puzzles.npuzzle.catalogues import candidates, member_views

    boards = random_boards(5, samples, seed)
    ref = quality([heuristics(["apdb6666"])["apdb6666"](b) for b in boards], BRANCHING_24)[1]
    cols: dict[str, list[int]] = {}
    print(f"{'member':<8} {'mean h':>8} {'eta / apdb6666':>15} {'CPU s':>6}")
    for name, part in candidates().items():
        t0 = time.process_time()
        member = member_views(part)
        cols[name] = [catalogue_value([member], b) for b in boards]
        mean, eta = quality(cols[name], BRANCHING_24)
        print(f"{name:<8} {mean:8.3f} {eta / ref:15.4f} {time.process_time() - t0:6.1f}",
              flush=True)  # fmt: skip
    print(f"greedy catalogue (b = {BRANCHING_24}, {samples} boards, seed {seed}):")
    for name, eta in greedy_catalogue(cols, size_limit, BRANCHING_24):
        print(f"  + {name:<8} eta {eta / ref:.4f} of apdb6666's")


def run_nodes(ids: list[int], names: list[str], prune: str) -> None:
    """Korf's instances ``ids`` with each heuristic, the compiled kernel for all (the
    additive tables by :func:`~.kernel.ida_star_compiled`, the zero-aware ones by
    :func:`~.kernel_zpdb.ida_star_zero`), compiled before the clock."""
    from searchlab.puzzles.npuzzle.fsm import load_fsm

    inst = {k.id: k for k in korf_instances()}
    p78 = PARTITIONS["7-8"]
    z = {
        "zpdb78": lambda: [views(4, p78, False)],
        "zpdb78+r": lambda: [views(4, p78, False), views(4, p78, True)],
        "zpdb78+r/1bit": lambda: [bit_views(4, p78, False), bit_views(4, p78, True)],
        "zpdb663": lambda: [views(4, PARTITIONS["6-6-3"], False)],
        "zpdb663+r": lambda: [
            views(4, PARTITIONS["6-6-3"], False),
            views(4, PARTITIONS["6-6-3"], True),
        ],
    }
    a = {
        "apdb78": ("7-8", False, True),
        "apdb78+r": ("7-8", True, True),
        "pdb663blank": ("6-6-3", False, True),
        "pdb663blank+r": ("6-6-3", True, True),
        "apdb663": ("6-6-3", False, False),
    }
    table = load_fsm() if prune == "fsm" else None
    members = {name: z[name]() for name in names if name in z}
    pdbs = {name: pattern_databases(KORF_GOAL, a[name][0], with_blank=a[name][2])
            for name in names if name in a}  # fmt: skip
    first = inst[ids[0]].board
    for name in names:  # compile (or load from Numba's cache) before the clock
        if name in z:
            ida_star_zero(first, KORF_GOAL, members[name], fsm=table, max_nodes=1)
        else:
            ida_star_compiled(first, KORF_GOAL, pdbs=pdbs[name], fsm=table, max_nodes=1)
    totals = {name: [0, 0.0] for name in names}
    print(f"{'id':>3} {'len':>3} " + " ".join(f"{n:>24}" for n in names))
    for i in ids:
        k = inst[i]
        row = []
        for name in names:
            t0 = time.process_time()
            if name in z:
                out = ida_star_zero(k.board, KORF_GOAL, members[name], fsm=table)
            else:
                reflect = a[name][1]
                out = ida_star_compiled(k.board, KORF_GOAL, pdbs=pdbs[name], reflect=reflect,
                                        fsm=table)  # fmt: skip
            cpu = time.process_time() - t0
            assert out.status == "solved" and replays(k.board, KORF_GOAL, out), (name, i)
            assert out.length == k.optimal_length, (name, i, out.length)
            totals[name][0] += out.stats.generated
            totals[name][1] += cpu
            row.append(f"{out.stats.generated:>14,} {cpu:8.2f}s")
        print(f"{i:>3} {k.optimal_length:>3} " + " ".join(f"{r:>24}" for r in row), flush=True)
    print("total   " + " ".join(f"{int(t[0]):>14,} {t[1]:8.2f}s" for t in totals.values()))
    for name, (nodes, cpu) in totals.items():
        print(f"# {name}: {nodes:,} nodes, {cpu:.2f} CPU s, {nodes / max(cpu, 1e-9) / 1e6:.2f} M "
              f"nodes per CPU s")  # fmt: skip


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    q = sub.add_parser("quality")
    q.add_argument("--samples", type=int, default=20000)
    q.add_argument("--seed", type=int, default=1)
    q.add_argument(
        "--heuristics", default="apdb78,apdb78+r,apdb663,zpdb663,zpdb663+r,zpdb78,zpdb78+r"
    )
    cat = sub.add_parser("catalogue")
    cat.add_argument("--samples", type=int, default=10000)
    cat.add_argument("--seed", type=int, default=1)
    cat.add_argument("--size", type=int, default=8, help="members at most")
    nd = sub.add_parser("nodes")
    nd.add_argument("--ids", default="1,11,21,31,41,51,61,71,81,91")
    nd.add_argument("--heuristics", default="apdb78,zpdb78,apdb78+r,zpdb78+r")
    nd.add_argument("--ids-all", action="store_true", help="all of Korf's 100")
    nd.add_argument("--prune", choices=("parent", "fsm"), default="parent")
    args = ap.parse_args()
    if args.cmd == "quality":
        run_quality(args.samples, args.seed, args.heuristics.split(","))
    elif args.cmd == "catalogue":
        run_catalogue(args.samples, args.seed, args.size)
    else:
        ids = list(range(1, 101)) if args.ids_all else [int(x) for x in args.ids.split(",")]
        run_nodes(ids, args.heuristics.split(","), args.prune)


if __name__ == "__main__":
    main()
