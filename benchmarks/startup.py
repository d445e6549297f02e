"""Benchmark: start-up of the ``searchlab`` command, as ratios to ``python -c "import click"``.

Usage: python benchmarks/startup.py [--repeat N] [--before BIN]

Runs each command N times (default 15) in fresh processes, the commands taking turns so
that a load change on a shared machine falls on all of them alike, and prints the
median wall time, the median CPU time (user + system: what the process itself spent,
steadier than wall time when other processes share the cores) and the ratio of each
to importing Click alone. Targets (issue 34): ``searchlab --help`` and the human
output of a one-move sliding-tile solve and of Rush Hour card 1 at most 1.5x, judged on
the CPU ratio (on an idle machine the two ratios agree; on a shared one wall time
counts the other processes too).

Python's bytecode cache is on for the runs (``PYTHONDONTWRITEBYTECODE`` is dropped and
one warm-up run writes it), as on a user's machine; without it every run compiles
searchlab's sources and measures the compiler.

With ``--before BIN`` (the ``bin`` folder of another install's environment, such as
``../main/.venv/bin``), that install's ``searchlab`` commands take their turns too, and
each searchlab line is followed by a ``before`` line: a change measured against what it
changes in one run, under the same load.

The last lines are the per-call figures of issue 23: a script that solves puzzles by
calling ``searchlab ... --json`` once per puzzle pays one process each time; they give
the median time of one such call (Rush Hour card 1) against the 12 ms per card of M.
Fogleman's Go solver measured in that issue (quoted), and the share of the call that
is imports: the median CPU time of a process that only imports the modules the call
ends up loading (read from ``sys.modules`` at its exit), less bare Python's start, over
the call's CPU time less the same.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
SEARCHLAB = str(BIN / "searchlab")
ONE_MOVE = [SEARCHLAB, "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8"]
JSON_CARD = [SEARCHLAB, "rushhour", "solve", "--card", "1", "--json"]
CLICK = 'python -c "import click"'
COMMANDS = {
    CLICK: [sys.executable, "-c", "import click"],
    "searchlab --help": [SEARCHLAB, "--help"],
    "searchlab npuzzle solve (1 move)": ONE_MOVE,
    "searchlab rushhour solve --card 1": JSON_CARD[:-1],
    "searchlab npuzzle solve --json (1 move)": [*ONE_MOVE, "--json"],
    "searchlab rushhour solve --card 1 --json": JSON_CARD,
}
TARGETS = {
    "searchlab --help": 1.5,
    "searchlab npuzzle solve (1 move)": 1.5,
    "searchlab rushhour solve --card 1": 1.5,
}
GO_MS_PER_CARD = 12.0
"""Fogleman's Go program per Rush Hour card, as measured in issue 23 (quoted)."""
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}


def timed(argv: list[str]) -> tuple[float, float]:
    """Wall and CPU seconds (user + system) of one run of ``argv``."""
    start = time.perf_counter()
    proc = subprocess.Popen(argv, stdout=subprocess.DEVNULL, env=ENV)
    _pid, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{' '.join(argv)} failed")
    return wall, usage.ru_utime + usage.ru_stime


def medians(commands: dict[str, list[str]], repeat: int) -> dict[str, tuple[float, float]]:
    """Median wall and CPU seconds of each command, run in turns ``repeat`` times."""
    runs: dict[str, list[tuple[float, float]]] = {name: [] for name in commands}
    for argv in commands.values():  # warm-up: bytecode written, files in the page cache
        timed(argv)
    for _ in range(repeat):
        for name, argv in commands.items():
            runs[name].append(timed(argv))
    return {
        name: (statistics.median(w for w, _c in r), statistics.median(c for _w, c in r))
        for name, r in runs.items()
    }


def loaded_modules(argv: list[str]) -> list[str]:
    """The modules a ``searchlab`` call has loaded when it exits."""
    code = (
        "import atexit, json, sys\n"
        "atexit.register(lambda: print(json.dumps(sorted(sys.modules)), file=sys.stderr))\n"
        "from searchlab.cli.main import run\n"
        "run()\n"
    )
    proc = subprocess.run(
        [sys.executable, "-c", code, *argv[1:]],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        env=ENV,
        check=True,
    )
    return [m for m in json.loads(proc.stderr.splitlines()[-1]) if m != "__main__"]


def import_only(modules: list[str]) -> list[str]:
    """A process that imports ``modules`` and does nothing else, the way the ``searchlab``
    program does (``searchlab.cli.run``: the CLI loaded with the garbage collector paused,
    then frozen), so that the share compares like with like."""
    code = (
        "import gc, importlib\n"
        "gc.disable()\n"
        "import searchlab.cli.main\n"
        "gc.freeze()\n"
        "gc.enable()\n"
        f"for name in {modules!r}:\n"
        "    try:\n"
        "        importlib.import_module(name)\n"
        "    except Exception:\n"
        "        pass\n"
    )
    return [sys.executable, "-c", code]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=15)
    parser.add_argument("--before", type=Path, help="another environment's bin folder")
    args = parser.parse_args()
    before = (
        {}
        if args.before is None
        else {
            f"{name} (before)": [str(args.before / "searchlab"), *argv[1:]]
            for name, argv in COMMANDS.items()
            if name != CLICK
        }
    )
    commands = {
        **COMMANDS,
        **before,
        "python (nothing)": [sys.executable, "-c", "pass"],
        "imports of the --json card call": import_only(loaded_modules(JSON_CARD)),
    }
    times = medians(commands, args.repeat)
    base_wall, base_cpu = times[CLICK]
    print(f"{'median of ' + str(args.repeat):<42} {'wall':>9} {'ratio':>6} {'cpu':>9} {'ratio':>6}")
    for name in COMMANDS:
        for label in (name, f"{name} (before)"):
            if label not in times:
                continue
            wall, cpu = times[label]
            ratio, cpu_ratio = wall / base_wall, cpu / base_cpu
            target = TARGETS.get(label)
            verdict = (
                ""
                if target is None
                else f"  (target <= {target}x: {'met' if cpu_ratio <= target else 'MISSED'})"
            )
            shown = label if label == name else "  before"
            print(
                f"{shown:<42} {wall * 1000:6.1f} ms {ratio:5.2f}x "
                f"{cpu * 1000:6.1f} ms {cpu_ratio:5.2f}x{verdict}"
            )
    card, card_cpu = times["searchlab rushhour solve --card 1 --json"]
    bare = times["python (nothing)"][1]
    imports = times["imports of the --json card call"][1]
    share = (imports - bare) / (card_cpu - bare)
    print(
        f"per call: {card * 1000:.1f} ms a card = {card * 1000 / GO_MS_PER_CARD:.1f}x "
        f"Fogleman's Go ({GO_MS_PER_CARD:g} ms, quoted); beyond Python's own start "
        f"({bare * 1000:.1f} ms CPU), imports are {share:.0%} of the call"
    )


if __name__ == "__main__":
    main()
