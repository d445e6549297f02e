"""Benchmark: one shard of ``rushhour enumerate`` on this tree and on another, in one run.

Run: ``.venv/bin/python benchmarks/rushhour_shard.py [SHARD] [--before SRC] [--repeat N]``

``SHARD`` is a shard key (default ``6x6/w0/1-7-48``: 376,774 packed positions; the
side by side with M. Fogleman's C++ enumerator is ``benchmarks/rushhour_vs_cpp.py``).
Each run is a fresh process that loads (or compiles) the compiled walk first, outside
the timing, then reports the shard's CPU seconds. With ``--before SRC`` (another
checkout's ``src``) the two trees alternate, N rounds each (default 2), both see the
same load, and the script prints the ratio of the best CPU times and checks that both
found the same rows.
"""

from __future__ import annotations

import sys

from rushhour_ours import HERE, run_ours


def main() -> None:
    args = sys.argv[1:]
    before = args[args.index("--before") + 1] if "--before" in args else None
    repeat = int(args[args.index("--repeat") + 1]) if "--repeat" in args else 2
    keys = [a for a in args if "/" in a and not a.startswith("/")]
    key = keys[0] if keys else "6x6/w0/1-7-48"
    trees = {"this tree": HERE, **({"before": before} if before else {})}
    best: dict[str, dict[str, object]] = {}
    for _round in range(repeat):
        for name, src in trees.items():
            r = run_ours([key], src)
            r["rows"] = sorted(map(tuple, r["rows"]))  # type: ignore[call-overload]
            print(f"{name}: {key}: {r['cpu']:.2f} s CPU ({r['seconds']:.2f} s wall)", flush=True)
            if name not in best or float(r["cpu"]) < float(best[name]["cpu"]):  # type: ignore[arg-type]
                best[name] = r
    mine = best["this tree"]
    print(
        f"{key}: {mine['positions']:,} positions, {mine['states']:,} states, "
        f"{len(mine['rows']):,} puzzles"  # type: ignore[arg-type]
    )
    if before:
        old = best["before"]
        assert mine["rows"] == old["rows"], "the two trees found different rows"
        ratio = float(mine["cpu"]) / float(old["cpu"])  # type: ignore[arg-type]
        print(f"best CPU: this tree {mine['cpu']:.2f} s, before {old['cpu']:.2f} s")
        print(f"ratio this tree / before: {ratio:.2f} (same rows)")


if __name__ == "__main__":
    main()
