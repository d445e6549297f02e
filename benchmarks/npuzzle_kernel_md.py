"""Benchmark: IDA* with Manhattan distance and linear conflict, compiled vs before.

Usage: python benchmarks/npuzzle_kernel_md.py [IDS ...] [--all-lc] [--cli ID]
       [--before SRC [--rounds N]]

Issue 24, item 5. On Korf's 15-puzzle instances IDS (default 9 12 79 85 94:
under two million Manhattan nodes, so the pure-Python searches finish), runs in
one process, each side after its warm-up:

- Manhattan: the pure-Python :func:`~searchlab.puzzles.npuzzle.pure_search.ida_star`
  (what ``--algorithm idastar --heuristic manhattan`` ran before) against the
  compiled :func:`~searchlab.puzzles.npuzzle.kernel_md.ida_star_md_compiled`;
  the node counts must be equal, the CPU ratio is printed;
- linear conflict: the engine's IDA* on
  :class:`~searchlab.puzzles.npuzzle.problem.NPuzzleProblem` (what
  ``--heuristic linear_conflict`` ran before) against the compiled search.

``--all-lc`` then solves all 100 instances with the compiled linear-conflict
search (what ``auto`` does with an empty cache) and prints each one's length
(checked against the published one), nodes and CPU seconds, the total and the
slowest. ``--cli ID`` times ``searchlab npuzzle solve`` on instance ID as a whole
process with an empty cache (a fresh temporary cache directory).

``--before SRC`` times the compiled searches alone (Manhattan on IDS, linear conflict
on IDS and Korf's #1-#20) against another source tree ``SRC`` (its ``src`` folder,
e.g. an earlier commit's, from ``git archive``): each side in its own process after
its warm-up, alternately for ``--rounds`` rounds, the best CPU time of each side and
their ratio printed (issue 24: folding the Manhattan kernel into the one frame
machine may not slow it by more than 5%).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

from searchlab.puzzles.npuzzle import kernel_md
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.problem import NPuzzleProblem
from searchlab.puzzles.npuzzle.pure_search import ida_star
from searchlab.search import SearchResult, solve

KORF = {k.id: k for k in korf_instances()}


def timed(fn: Callable[[], SearchResult]) -> tuple[SearchResult, float]:
    t0 = time.process_time()
    result = fn()
    return result, time.process_time() - t0


def compare(ids: list[int]) -> None:
    kernel_md.warm_up()
    tot = {"py": 0.0, "md": 0.0, "eng": 0.0, "lc": 0.0}
    print("id  len  MD nodes     python s  compiled s  ratio |  LC nodes  engine s  compiled s")
    for i in ids:
        board = KORF[i].board
        a, ta = timed(lambda: ida_star(board, KORF_GOAL))  # noqa: B023
        b, tb = timed(
            lambda: kernel_md.ida_star_md_compiled(board, KORF_GOAL, linear_conflicts=False)  # noqa: B023
        )
        assert a.stats.generated == b.stats.generated and a.length == b.length
        problem = NPuzzleProblem(board, KORF_GOAL, "linear_conflict")
        c, tc = timed(lambda: solve(problem, "idastar"))  # noqa: B023
        d, td = timed(lambda: kernel_md.ida_star_md_compiled(board, KORF_GOAL))  # noqa: B023
        assert c.length == d.length == KORF[i].optimal_length
        for key, t in zip(tot, (ta, tb, tc, td), strict=True):
            tot[key] += t
        print(
            f"{i:>3} {b.length:>4} {b.stats.generated:>11,} {ta:>9.2f} {tb:>10.3f} "
            f"{ta / max(tb, 1e-9):>6.0f}x | {d.stats.generated:>9,} {tc:>8.2f} {td:>10.3f}"
        )
    print(
        f"total: Manhattan {tot['py']:.2f} s -> {tot['md']:.3f} s "
        f"({tot['py'] / tot['md']:.0f}x); linear conflict {tot['eng']:.2f} s -> "
        f"{tot['lc']:.3f} s ({tot['eng'] / tot['lc']:.0f}x) CPU"
    )


def all_lc() -> None:
    kernel_md.warm_up()
    total_nodes, total_cpu, worst = 0, 0.0, (0.0, 0)
    for inst in korf_instances():
        r, t = timed(lambda: kernel_md.ida_star_md_compiled(inst.board, KORF_GOAL))  # noqa: B023
        assert r.length == inst.optimal_length, inst.id
        total_nodes += r.stats.generated
        total_cpu += t
        worst = max(worst, (t, inst.id))
        print(f"{inst.id:>3} {r.length:>3} {r.stats.generated:>14,} {t:>8.2f} s", flush=True)
    print(
        f"Korf's 100, compiled linear conflict: {total_nodes:,} nodes, {total_cpu:.1f} CPU s "
        f"({total_nodes / total_cpu / 1e6:.1f} M nodes/s); slowest #{worst[1]} {worst[0]:.1f} s"
    )


def cli(ident: int) -> None:
    inst = KORF[ident]
    tiles = " ".join(str(t) for t in inst.board.tiles)
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "SEARCHLAB_CACHE_DIR": cache}
        launch = "import sys; from searchlab.cli.main import run; run()"
        cmd = [sys.executable, "-c", launch, "npuzzle", "solve"]
        cmd += ["--tiles", tiles, "--goal", "first", "--json"]
        t0 = time.perf_counter()
        out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=False)
        wall = time.perf_counter() - t0
        left = os.listdir(cache)
    print(
        f"searchlab npuzzle solve, Korf #{ident}, empty cache: exit {out.returncode}, "
        f"{wall:.2f} s whole process; cache afterwards: {left or 'empty'}"
    )
    if out.stderr.strip():
        print("stderr:", out.stderr.strip())


def timing(ids: list[int]) -> None:
    """Print the CPU seconds of the compiled Manhattan and linear-conflict searches."""
    kernel_md.warm_up()
    lc_ids = sorted(set(ids) | set(range(1, 21)))
    t_md = t_lc = 0.0
    for i in ids:
        board = KORF[i].board
        t_md += timed(
            partial(kernel_md.ida_star_md_compiled, board, KORF_GOAL, linear_conflicts=False)
        )[1]
    for i in lc_ids:
        t_lc += timed(partial(kernel_md.ida_star_md_compiled, KORF[i].board, KORF_GOAL))[1]
    print(json.dumps({"manhattan": t_md, "linear_conflict": t_lc}))


def before_after(ids: list[int], before: str, rounds: int) -> None:
    """Time :func:`timing` with the sources ``before`` and with these, alternately."""
    here = str(Path(__file__).resolve().parents[1] / "src")
    best: dict[str, dict[str, float]] = {"before": {}, "after": {}}
    for _ in range(rounds):
        for side, src in (("before", before), ("after", here)):
            env = {**os.environ, "PYTHONPATH": src}
            cmd = [sys.executable, __file__, *map(str, ids), "--timing"]
            out = subprocess.run(cmd, env=env, capture_output=True, text=True, check=True)
            for key, t in json.loads(out.stdout.splitlines()[-1]).items():
                best[side][key] = min(best[side].get(key, t), t)
    for key in best["after"]:
        b, a = best["before"][key], best["after"][key]
        print(f"{key}: before {b:.3f} s, after {a:.3f} s CPU (best of {rounds}): {a / b:.3f}x")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("ids", nargs="*", type=int, default=[9, 12, 79, 85, 94])
    parser.add_argument("--all-lc", action="store_true")
    parser.add_argument("--cli", type=int)
    parser.add_argument("--before", help="another source tree's src folder")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--timing", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.timing:
        timing(args.ids)
        return
    if args.before:
        before_after(args.ids, args.before, args.rounds)
        return
    if args.cli is not None:
        cli(args.cli)
        return
    compare(args.ids)
    if args.all_lc:
        all_lc()


if __name__ == "__main__":
    main()
