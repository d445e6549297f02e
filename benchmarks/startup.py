"""Benchmark: start-up of the ``searchlab`` command, as ratios to ``python -c "import click"``.

Usage: python benchmarks/startup.py [--repeat N]

Runs each command N times (default 7) in fresh processes and prints the best wall
time and its ratio to importing Click alone, measured in the same run. Targets
(issue 14): ``searchlab --help`` at most 2.5x, a small solve at most 4x.

The last line is the per-call ratio of issue 23: a script that solves puzzles by
calling ``searchlab ... --json`` once per puzzle pays one process each time; it
prints the best time of one such call (Rush Hour card 1) against the 12 ms per
card of M. Fogleman's Go solver measured in that issue (40 cards, 0.48 s; Go not
needed here, the figure is quoted), and the share of the call spent importing
(``python -X importtime``).
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
JSON_CARD = [str(BIN / "searchlab"), "rushhour", "solve", "--card", "1", "--json"]
COMMANDS["searchlab npuzzle solve --json (1 move)"] = [
    *COMMANDS["searchlab npuzzle solve (1 move)"],
    "--json",
]
COMMANDS["searchlab rushhour solve --card 1 --json"] = JSON_CARD
TARGETS = {"searchlab --help": 2.5, "searchlab npuzzle solve (1 move)": 4.0}
GO_MS_PER_CARD = 12.0
"""Fogleman's Go program per Rush Hour card, as measured in issue 23 (quoted)."""


ENTRY = "from searchlab.cli.main import run; run()"


def import_seconds(argv: list[str]) -> float:
    """Seconds the process spends importing (the top-level entries of -X importtime)."""
    proc = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", ENTRY, *argv[1:]],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        check=True,
    )
    total = 0
    for line in proc.stderr.splitlines():
        parts = line.split("|")
        if len(parts) == 3 and not parts[2].startswith("  ") and parts[1].strip().isdigit():
            total += int(parts[1])
    return total / 1e6


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
        print(f"{name:<42} {seconds * 1000:7.1f} ms  {ratio:5.2f}x{verdict}")
    card = times["searchlab rushhour solve --card 1 --json"]
    share = import_seconds(JSON_CARD) / card
    print(
        f"per call: {card * 1000:.1f} ms a card = {card * 1000 / GO_MS_PER_CARD:.1f}x "
        f"Fogleman's Go ({GO_MS_PER_CARD:g} ms, quoted); imports {share:.0%} of the call"
    )


if __name__ == "__main__":
    main()
