"""Peg solitaire benchmarks (targets from issue 4; not timed tests).

Run: .venv/bin/python benchmarks/peg_solver.py [--quick]

Prints seconds and nodes for: the English central game, an impossibility
answer, every English single-vacancy -> single-peg problem the rule of three
allows (21 up to symmetry), triangle 5 from every vacancy, peak memory per
board, the standard game of every classic board, fewest moves (triangle5, the
English central game by levels, and how far the IDA* gets),
the English reachable-position count, and the seed's own A* (reimplemented
faithfully below) against searchlab's fast solver on the seed's problem, with
the ratio.
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass
from heapq import heappop, heappush

from searchlab.puzzles.peg import (
    count_levels,
    finishing_holes,
    get_board,
    solve_fast,
    solve_min_moves,
)
from searchlab.search.result import peak_memory_mb

# --- the seed's approach (seed 000, cell In[11]-In[12]), reimplemented faithfully ---
SeedBoard = list[list[int]]
SEED_DIRS = [(1, 0), (-1, 0), (0, 1), (0, -1)]


def seed_english_board() -> SeedBoard:
    layout = ["OOXXXOO", "OOXXXOO", "XXXXXXX", "XXX0XXX", "XXXXXXX", "OOXXXOO", "OOXXXOO"]
    return [[-1 if c == "O" else (0 if c == "0" else 1) for c in row] for row in layout]


def seed_moves(b: SeedBoard) -> list[tuple[tuple[int, int], tuple[int, int]]]:
    out = []
    for i in range(7):
        for j in range(7):
            if b[i][j] != 1:
                continue
            for di, dj in SEED_DIRS:
                i1, j1, i2, j2 = i + di, j + dj, i + 2 * di, j + 2 * dj
                if (
                    0 <= i2 < 7
                    and 0 <= j2 < 7
                    and b[i2][j2] != -1
                    and b[i1][j1] == 1
                    and b[i2][j2] == 0
                ):
                    out.append(((i, j), (i2, j2)))
    return out


def seed_apply(b: SeedBoard, m: tuple[tuple[int, int], tuple[int, int]]) -> SeedBoard:
    (i, j), (i2, j2) = m
    nb = [row[:] for row in b]
    nb[i][j] = 0
    nb[i + (i2 - i) // 2][j + (j2 - j) // 2] = 0
    nb[i2][j2] = 1
    return nb


def seed_pegs(b: SeedBoard) -> int:
    return sum(1 for i in range(7) for j in range(7) if b[i][j] == 1)


@dataclass
class SeedNode:
    board: SeedBoard
    g: int
    parent: int | None


def seed_astar(max_expansions: int = 50_000, timeout: float = 15.0) -> dict[str, object]:
    """The seed's A*: heap of (f, node index), best_g keyed by str(board), h = pegs - 1."""
    t0 = time.time()
    start = seed_english_board()
    nodes = [SeedNode(start, 0, None)]
    expanded = 0
    openpq: list[tuple[float, int]] = []
    heappush(openpq, (max(0, seed_pegs(start) - 1), 0))
    best_g = {str(start): 0}
    while openpq:
        if expanded >= max_expansions or time.time() - t0 > timeout:
            return {"found": False, "time": time.time() - t0, "expanded": expanded}
        _, idx = heappop(openpq)
        n = nodes[idx]
        expanded += 1
        if seed_pegs(n.board) == 1:
            return {"found": True, "time": time.time() - t0, "expanded": expanded, "depth": n.g}
        succs = []
        for m in seed_moves(n.board):
            nb = seed_apply(n.board, m)
            g2, k = n.g + 1, str(nb)
            if k not in best_g or g2 < best_g[k]:
                best_g[k] = g2
                succs.append((nb, g2))
        succs.sort(key=lambda t: t[1] + max(0, seed_pegs(t[0]) - 1))
        for nb, g2 in succs:
            nodes.append(SeedNode(nb, g2, idx))
            heappush(openpq, (g2 + max(0, seed_pegs(nb) - 1), len(nodes) - 1))
    return {"found": False, "time": time.time() - t0, "expanded": expanded}


def main() -> None:
    quick = "--quick" in sys.argv
    english = get_board("english")
    t = time.perf_counter()
    r = solve_fast(english, english.start(), 1 << english.hole("d4"))
    print(
        f"English central game: {r.status} {r.length} jumps, {r.stats.expanded:,} expanded, "
        f"{time.perf_counter() - t:.3f} s (target < 0.5 s)"
    )
    french = get_board("french")
    t = time.perf_counter()
    r = solve_fast(french, french.start(), 1 << french.default_vacancy)
    print(f"French central game: {r.status}, {time.perf_counter() - t:.4f} s (target < 0.1 s)")

    pairs = set()
    for v in range(english.size):
        for f in finishing_holes(english, english.full & ~(1 << v)):
            pairs.add(min((p[v], p[f]) for p in english.symmetries))
    worst = 0.0
    for v, f in sorted(pairs):
        t = time.perf_counter()
        r = solve_fast(english, english.full & ~(1 << v), 1 << f, time_limit=60)
        dt = time.perf_counter() - t
        worst = max(worst, dt)
        print(
            f"  vacate {english.hole_name(v)} finish {english.hole_name(f)}: {r.status} "
            f"{r.stats.expanded:>8,} expanded {dt:6.2f} s"
        )
    print(
        f"English single vacancy -> single peg, {len(pairs)} problems up to symmetry: "
        f"worst {worst:.2f} s (target < 5 s each)"
    )

    tri = get_board("triangle5")
    worst = 0.0
    for v in range(tri.size):
        t = time.perf_counter()
        solve_fast(tri, tri.full & ~(1 << v), None)
        worst = max(worst, time.perf_counter() - t)
    print(f"triangle5, every vacancy, one peg anywhere: worst {worst:.3f} s (target < 1 s)")

    # the standard game of every classic board (French and Diamond from the
    # centre are impossible by the class check; their classic starts are these)
    standard = [
        ("english", "d4", "d4"),
        ("wiegleb", "e5", "e5"),
        ("wiegleb", "e5", None),
        ("french", "c1", None),
        ("french", "d2", None),
        ("diamond", "e3", None),
        ("triangle6", "a1", None),
    ]
    for name, vacancy, fin in standard:
        b = get_board(name)
        t = time.perf_counter()
        target = None if fin is None else 1 << b.hole(fin)
        r = solve_fast(b, b.start([vacancy]), target, time_limit=10 if quick else 60)
        print(
            f"{name} vacate {vacancy} -> {fin or 'one peg anywhere'}: {r.status} {r.length} jumps "
            f"in {time.perf_counter() - t:.2f} s, {r.stats.expanded:,} expanded, "
            f"beam width {r.extra['beam_width'] or '-'}, memo {r.extra['memo_size']:,}"
            f"{' (full)' if r.extra['memo_full'] else ''}, peak RSS {peak_memory_mb():.0f} MiB"
        )

    tri = get_board("triangle5")
    r = solve_min_moves(tri, tri.start(), None)
    print(f"min moves, triangle5 from a1: {r.extra['move_count']} moves in {r.stats.seconds:.2f} s")
    r = solve_min_moves(english, english.start(), 1 << english.hole("d4"))
    print(
        f"min moves, English central game (bidirectional levels): {r.status} "
        f"{r.extra['move_count']} moves ({r.length} jumps), "
        f"{r.stats.generated:,} positions stored, "
        f"{r.stats.seconds:.1f} s, peak RSS {peak_memory_mb():.0f} MiB (published minimum: 18)"
    )
    r = solve_min_moves(
        english,
        english.start(),
        1 << english.hole("d4"),
        time_limit=10 if quick else 60,
        method="ida",
    )
    print(
        f"min moves, English central game (IDA*): {r.status}, proved > {r.stats.max_depth} "
        f"moves in {r.stats.seconds:.1f} s"
    )
    c = count_levels(english, english.start(), time_limit=10 if quick else None)
    print(
        f"count English: complete={c.complete} levels={len(c.total)} "
        f"{c.sum_total:,} positions, {c.sum_canonical:,} up to symmetry in {c.seconds:.1f} s, "
        f"peak RSS {peak_memory_mb():.0f} MiB (published 187,636,299 / 23,475,688)"
    )

    seed = seed_astar(max_expansions=5_000 if quick else 50_000, timeout=15.0)
    t = time.perf_counter()
    r = solve_fast(english, english.start(), None)
    ours = time.perf_counter() - t
    print(
        f"seed A* (pegs - 1), one peg anywhere: found={seed['found']} "
        f"{seed['expanded']:,} expanded in {seed['time']:.2f} s (stopped by its limit)"
    )
    print(
        f"searchlab fast solver, same problem: {r.status} {r.length} jumps in {ours:.3f} s; "
        f"ratio >= {float(seed['time']) / ours:.0f}x (the seed never finished)"
    )


if __name__ == "__main__":
    main()
