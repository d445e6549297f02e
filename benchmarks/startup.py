"""Benchmark: start-up of the ``searchlab`` command, as ratios to ``python -c "import click"``.

Usage: python benchmarks/startup.py [--repeat N]

Runs each command N times (default 7) in fresh processes and prints the best wall
time and its ratio to importing Click alone, measured in the same run. Targets
(issue 14): ``searchlab --help`` at most 2.5x, a small solve at most 4x.
"""

from __future__ import annotations

import argparse
import subprocess
import sys
import time
from pathlib import Path

BIN = Path(sys.executable).parent
COMMANDS = {
    'python -c "import click"': [sys.executable, "-c", "import click"],
    "searchlab --help": [str(BIN / "searchlab"), "--help"],
    "searchlab npuzzle solve (1 move)": [
        str(BIN / "searchlab"),
        "npuzzle",
        "solve",
        "--tiles",
        "1 2 3 4 5 6 7 0 8",
    ],
}
TARGETS = {"searchlab --help": 2.5, "searchlab npuzzle solve (1 move)": 4.0}


def best_of(argv: list[str], repeat: int) -> float:
    best = float("inf")
    for _ in range(repeat):
        t = time.perf_counter()
        subprocess.run(argv, stdout=subprocess.DEVNULL, check=True)
        best = min(best, time.perf_counter() - t)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    times = {name: best_of(argv, args.repeat) for name, argv in COMMANDS.items()}
    base = times['python -c "import click"']
    for name, seconds in times.items():
        ratio = seconds / base
        target = TARGETS.get(name)
        verdict = (
            ""
            if target is None
            else f" (target <= {target}x: {'met' if ratio <= target else 'MISSED'})"
        )
        print(f"{name:<36} {seconds * 1000:7.1f} ms  {ratio:5.2f}x{verdict}")


if __name__ == "__main__":
    main()
