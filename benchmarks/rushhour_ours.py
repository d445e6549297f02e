"""Our enumerator on a list of shards, in a fresh process: what the Rush Hour benchmarks time.

Run (as the benchmarks do, with the tree to measure on ``PYTHONPATH``):
``python benchmarks/rushhour_ours.py SHARD ...``; or import :func:`run_ours`, which
starts that process. The process loads (or compiles) the compiled walk first, outside
the timing, then runs each shard with ``run_shard`` and prints one JSON object: the
sums over the shards of the CPU and wall seconds, packed positions, clusters searched
to the end, solvable ones and their states, and every row as ``[moves, board, cluster
size]``. Only ``run_shard`` and ``shards`` are used, so an older tree (``--before
SRC``) runs the same child.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

HERE = str(Path(__file__).resolve().parent.parent / "src")
"""This tree's sources (the default tree to measure)."""


def run_ours(keys: list[str], src: str = HERE) -> dict[str, object]:
    """The shards ``keys`` (one board size and wall count) run by the tree ``src`` in a
    fresh process: the sums and rows described above."""
    out = subprocess.run(
        [sys.executable, __file__, *keys],
        env={**os.environ, "PYTHONPATH": src},
        capture_output=True,
        text=True,
    )
    if out.returncode:
        raise SystemExit(f"our enumerator failed on {keys[:3]}...:\n{out.stderr}")
    result: dict[str, object] = json.loads(out.stdout)
    return result


def main() -> None:
    from searchlab.puzzles.rushhour.enumeration import run_shard, shards

    keys = sys.argv[1:]
    size, walls = int(keys[0][0]), int(keys[0].split("/")[1][1:])
    every = {s.key: s for s in shards(size, walls)}
    run_shard(shards(4, 0)[0])  # load or compile the walk outside the timing
    sums: dict[str, float] = {"cpu": 0.0, "seconds": 0.0}
    sums.update(dict.fromkeys(("positions", "clusters", "solvable", "states"), 0))
    rows: list[tuple[int, str, int]] = []
    for key in keys:
        r = run_shard(every[key])
        for name in sums:
            sums[name] += getattr(r, name)
        rows += [(x.moves, x.board, x.cluster_size) for x in r.rows]
    print(json.dumps({**sums, "rows": rows}))


if __name__ == "__main__":
    main()
