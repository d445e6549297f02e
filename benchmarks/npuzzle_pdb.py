"""Benchmark: ``searchlab npuzzle pdb`` from scratch, and Korf's 100 on the tables it built.

Runs the command exactly as a user does, in a child process with an empty
``$SEARCHLAB_CACHE_DIR`` (a temporary directory, deleted afterwards), and prints
its wall time, CPU time (user + system), peak resident memory (the child's
``ru_maxrss``) and the size of the databases it cached. With ``--korf`` a second
child then solves Korf's 100 instances on those tables (the compiled IDA* with
reflection, each length checked against the published one, the tables
memory-mapped from the cache as ``searchlab npuzzle solve`` maps them), and its peak
resident memory and CPU time are printed too. The load average is printed before
and after: the machine is shared.

Usage: python benchmarks/npuzzle_pdb.py [--partition 6-6-3] [--goal last|first] [--before]
       [--before-rev REV] [--korf]

``--before`` first runs the same command with the builder the partition had before
issue 24's compact one, then the command itself, and prints the ratios: for the
ranked partitions (7-8, 6-6-6-6) the byte-a-placement breadth-first search of
:func:`~searchlab.puzzles.npuzzle.kernel.build_ranked` packed afterwards by
:func:`~searchlab.puzzles.npuzzle.pdb.pack_ranked` (the compact
:func:`~searchlab.puzzles.npuzzle.pdb_build.build_packed` switched off); for the
mixed-radix ones (6-6-3, 5-5-5) the NumPy 0-1 breadth-first search
(:func:`~searchlab.puzzles.npuzzle.pdb.build_pdb_numpy`) instead of the compiled one.

``--before-rev REV`` runs the "before" command with the compact builder of the git
revision ``REV`` instead (its ``pdb_build.py``, from ``git show``, in place of today's
:func:`~searchlab.puzzles.npuzzle.pdb_build.build_packed`; both compiled and cached by
Numba before either is timed): the measure of a change to that builder. With either,
the two runs' cached tables are compared byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from searchlab.puzzles.npuzzle.pdb import RANKED

MAIN = "from searchlab.cli.main import main; sys.exit(main(sys.argv[1:]))"
BEFORE_RADIX = (
    "import sys; from searchlab.puzzles.npuzzle import kernel, pdb; "
    "kernel.build_radix = lambda size, pattern, progress=None, with_blank=False: "
    "pdb.build_pdb_numpy(size, pattern, progress, with_blank); " + MAIN
)
BEFORE_RANKED = (
    "import sys; from searchlab.puzzles.npuzzle import pdb_build; "
    "pdb_build.build_packed = lambda size, pattern, progress=None, blank=None: None; " + MAIN
)
KORF = (
    "import sys; from searchlab.puzzles.npuzzle import kernel; "
    "from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances; "
    "from searchlab.puzzles.npuzzle.solvers import pattern_databases; "
    "tables = pattern_databases(KORF_GOAL, sys.argv[1], build=False); "
    "sys.exit(sum(kernel.ida_star_compiled(k.board, KORF_GOAL, pdbs=tables).length "
    "!= k.optimal_length for k in korf_instances()))"
)

BEFORE_MODULE = "pdb_build_before"  # the builder of --before-rev, on the child's PYTHONPATH
BEFORE_REV = (
    f"import sys, {BEFORE_MODULE}; from searchlab.puzzles.npuzzle import pdb_build; "
    f"pdb_build.build_packed = {BEFORE_MODULE}.build_packed; " + MAIN
)
WARM = "build_packed(3, (1, 2, 3, 4), blank=0); build_packed(3, (1, 2, 3, 4))"

Figures = tuple[float, float, float]  # wall s, CPU s, peak MiB


def child(command: list[str], env: dict[str, str]) -> tuple[Figures, int]:
    """Run ``command``; its wall and CPU seconds, peak resident MiB and exit status."""
    t0 = time.perf_counter()
    proc = subprocess.Popen(command, env=env, stdout=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    cpu = usage.ru_utime + usage.ru_stime
    return (wall, cpu, usage.ru_maxrss / 1024), os.waitstatus_to_exitcode(status)


def digests(directory: str) -> dict[str, str]:
    """The SHA-256 of each file under ``directory``, by relative path."""
    out = {}
    for f in sorted(Path(directory).rglob("*")):
        if f.is_file():
            h = hashlib.sha256()
            with f.open("rb") as fh:
                while chunk := fh.read(1 << 24):
                    h.update(chunk)
            out[str(f.relative_to(directory))] = h.hexdigest()
    return out


def run(
    partition: str, goal: str, before: bool, korf: bool, before_path: str | None = None
) -> tuple[Figures, Figures | None, dict[str, str]]:
    """Build from an empty cache (and solve Korf's 100 on it): the figures of each, and
    the digests of the cached tables. ``before_path``: the directory holding the
    ``--before-rev`` builder (then the "before" run uses it)."""
    with tempfile.TemporaryDirectory(prefix="searchlab-pdb-") as cache:
        env = {**os.environ, "SEARCHLAB_CACHE_DIR": cache}
        if before and before_path is not None:
            env["PYTHONPATH"] = os.pathsep.join(filter(None, [before_path, env.get("PYTHONPATH")]))
            command = [sys.executable, "-c", BEFORE_REV]
        elif before:
            script = BEFORE_RANKED if partition in RANKED else BEFORE_RADIX
            command = [sys.executable, "-c", "import sys; " + script]
        else:
            command = [sys.executable, "-m", "searchlab"]
        command += ["npuzzle", "pdb", "--partition", partition, "--goal", goal]
        build, code = child(command, env)
        cached = sum(f.stat().st_size for f in Path(cache).rglob("*") if f.is_file())
        tables = digests(cache)
        print(
            f"  build: exit {code}, wall {build[0]:.1f} s, CPU {build[1]:.1f} s, "
            f"peak RSS {build[2]:,.0f} MiB, cached {cached / 2**20:,.1f} MiB",
            flush=True,
        )
        if not korf:
            return build, None, tables
        solve, code = child([sys.executable, "-c", KORF, partition], env)
        print(
            f"  Korf's 100: exit {code} (wrong lengths), wall {solve[0]:.1f} s, "
            f"CPU {solve[1]:.1f} s, peak RSS {solve[2]:,.0f} MiB",
            flush=True,
        )
        return build, solve, tables


def checkout_before(rev: str, directory: str) -> None:
    """Write the compact builder of git revision ``rev`` to ``directory`` as the module
    :data:`BEFORE_MODULE` and compile it (and today's) into Numba's cache."""
    root = Path(__file__).resolve().parent.parent
    source = subprocess.run(
        ["git", "show", f"{rev}:src/searchlab/puzzles/npuzzle/pdb_build.py"],
        cwd=root,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    (Path(directory) / f"{BEFORE_MODULE}.py").write_text(source)
    env = {**os.environ}
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [directory, env.get("PYTHONPATH")]))
    for module in (BEFORE_MODULE, "searchlab.puzzles.npuzzle.pdb_build"):
        warm = f"from {module} import build_packed; {WARM}"
        subprocess.run([sys.executable, "-c", warm], check=True, env=env)


def load() -> str:
    return "load average " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--partition", default="6-6-3")
    parser.add_argument("--goal", default="last")
    parser.add_argument("--before", action="store_true")
    parser.add_argument("--before-rev", help="the compact builder of this git revision before")
    parser.add_argument("--korf", action="store_true", help="then solve Korf's 100 (goal first)")
    args = parser.parse_args()
    goal = "first" if args.korf else args.goal
    before = args.before or args.before_rev is not None
    runs = [("before", True)] if before else []
    runs.append(("now", False))
    out = {}
    if args.korf:  # the search compiled and cached first, so no Korf child pays for compiling
        warm = "from searchlab.puzzles.npuzzle import kernel; kernel.warm_up((2, 3))"
        subprocess.run([sys.executable, "-c", warm], check=True)
    with tempfile.TemporaryDirectory(prefix="searchlab-before-") as before_dir:
        if args.before_rev is not None:
            checkout_before(args.before_rev, before_dir)
            print(f"before: the compact builder of {args.before_rev}")
        print(f"$ searchlab npuzzle pdb --partition {args.partition} --goal {goal}  (empty cache)")
        for name, old in runs:
            print(f"{name} ({load()}):", flush=True)
            path = before_dir if args.before_rev is not None else None
            out[name] = run(args.partition, goal, old, args.korf, path)
    print(f"done ({load()})")
    if before:
        (b0, k0, t0), (b1, k1, t1) = out["before"], out["now"]
        same = "identical" if t0 == t1 else "DIFFERENT"
        print(f"cached tables before and now: {same} byte for byte ({len(t1)} files)")
        print(
            f"ratio before/now, build: wall {b0[0] / b1[0]:.2f}x, CPU {b0[1] / b1[1]:.2f}x, "
            f"peak memory {b0[2] / b1[2]:.2f}x"
        )
        if k0 is not None and k1 is not None:
            print(
                f"ratio before/now, Korf's 100: CPU {k0[1] / k1[1]:.2f}x, "
                f"peak memory {k0[2] / k1[2]:.2f}x"
            )


if __name__ == "__main__":
    main()
