"""Benchmark: time a random sample of the shards of ``rushhour enumerate`` and estimate the
whole run.

Run: ``.venv/bin/python benchmarks/rushhour_enumerate.py [SIZE] [WALLS] [SAMPLE] [SEED]``

``WALLS`` is the exact number of walls of the shards sampled (0, 1 or 2). Each
sampled shard runs in this process (one core); the estimate of the whole
enumeration of that wall count is the ratio estimator: sampled seconds per packed
position times the number of packed positions (Fogleman's published count for
that board, up to ``WALLS`` walls, minus the count for ``WALLS - 1``), next to the
plain one (mean seconds per shard times the number of shards). Divide by the
number of workers for a cluster (the shards are independent; the spread of shard
costs is printed, the largest one bounds the tail).
"""

from __future__ import annotations

import random
import sys
import time

from searchlab.puzzles.rushhour.enumeration import FOGLEMAN_PACKED, run_shard, shards


def main() -> None:
    size = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    walls = int(sys.argv[2]) if len(sys.argv) > 2 else 0
    sample = int(sys.argv[3]) if len(sys.argv) > 3 else 20
    seed = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    every = [s for s in shards(size, walls) if s.walls == walls]
    chosen = sorted(random.Random(seed).sample(every, min(sample, len(every))))
    run_shard(shards(4, 0)[0])  # compile (or load) the kernel outside the timings
    seconds = positions = rows = states = 0.0
    costs = []
    t0 = time.perf_counter()
    for s in chosen:
        r = run_shard(s)
        costs.append(r.cpu)
        seconds += r.cpu
        positions += r.positions
        rows += len(r.rows)
        states += r.states
        print(
            f"{s.key}: {r.cpu:.2f} s CPU ({r.seconds:.2f} s), {r.positions:,} positions, "
            f"{r.clusters:,} clusters of {r.states:,} states, {r.abandoned:,} states in "
            f"searches given up, {r.tested:,} in minimality tests, {len(r.rows):,} puzzles",
            flush=True,
        )
    wall = time.perf_counter() - t0
    all_positions = FOGLEMAN_PACKED[(size, walls)] - FOGLEMAN_PACKED.get((size, walls - 1), 0)
    by_ratio = seconds / positions * all_positions if positions else float("nan")
    by_mean = seconds / len(chosen) * len(every)
    print(
        f"{size}x{size}, {walls} walls: {len(chosen)} of {len(every)} shards in {wall:.1f} s; "
        f"{positions / seconds:,.0f} positions/s, {states / seconds:,.0f} states/s; "
        f"shard seconds min {min(costs):.2f} median {sorted(costs)[len(costs) // 2]:.2f} "
        f"max {max(costs):.2f}"
    )
    print(
        f"estimate for all {len(every)} shards ({all_positions:,} positions), one core: "
        f"{by_ratio / 3600:.1f} h (per position), {by_mean / 3600:.1f} h (per shard); "
        f"about {rows / positions * all_positions:,.0f} puzzles"
    )


if __name__ == "__main__":
    main()
