"""The two 8-puzzle assignment programs of the seeds, as stand-alone console scripts.

- ``puzzle8 <heuristic> <instance-file>`` (seed 001): A* with z, d, m or b.
- ``puzzle3x3heuristics`` (seed 002): a menu on standard input, the stack
  searches written to ``puzzle3x3heuristics.txt``.

Their standard output and output file are the seeds' exact Spanish formats;
errors are one English line on standard error (``<prog>: error: ...``) with
exit status 2, never a traceback. See ``docs/npuzzle-assignments.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

import click

from searchlab.cli.common import MAX_INPUT_BYTES, err_console, read_input, run_command
from searchlab.errors import InputError
from searchlab.puzzles.npuzzle.assignments.puzzle3x3 import OUTPUT_FILE, run_menu
from searchlab.puzzles.npuzzle.assignments.puzzle8 import (
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    solve_puzzle8,
)

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
PUZZLE8_USAGE = "usage: puzzle8 <heuristic> <instance-file>   (heuristic: z, d, m or b)"


@click.command(context_settings=CONTEXT)
@click.argument("heuristic", required=False, metavar="HEURISTIC")
@click.argument("instance", required=False, metavar="INSTANCE")
def puzzle8(heuristic: str | None, instance: str | None) -> None:
    """Solve the 8-puzzle in INSTANCE with A* (seed 001).

    HEURISTIC is z (zero), d (misplaced tiles), m (Manhattan distance) or b
    (distance of the blank). INSTANCE is a file with three rows of three
    numbers 0..8 (0 the blank). Prints the boards of a minimum-cost path to
    1 2 3 / 4 5 6 / 7 8 0, then the number of states opened and the time, or
    "No hay solución".
    """
    if heuristic is None or instance is None:
        missing = "a heuristic and an instance file" if heuristic is None else "an instance file"
        raise click.UsageError(f"missing {missing}")
    if heuristic not in PUZZLE8_HEURISTICS:
        raise click.UsageError(f"unknown heuristic {heuristic!r}")
    board = parse_instance(read_input(instance))
    click.echo(format_answer(solve_puzzle8(board, heuristic)), nl=False)


@click.command(context_settings=CONTEXT)
def puzzle3x3heuristics() -> None:
    """Run the 3x3 puzzle menu read from standard input (seed 002).

    Operations: 1 and nine numbers (a new start board), 2 (PIEZAS), 3 (SUMAS),
    4 (REGRESOS), 5 (exit). Writes puzzle3x3heuristics.txt in the current
    directory; goal 0 1 2 / 3 4 5 / 6 7 8.
    """
    try:
        out = open(OUTPUT_FILE, "w", encoding="ascii", newline="\n")  # noqa: SIM115
    except OSError as exc:
        raise InputError(f"{OUTPUT_FILE}: cannot write ({exc.strerror or exc})") from None
    with out:
        if sys.stdin is None:
            raise InputError("standard input is closed: type or pipe the menu in")
        if sys.stdin.isatty():
            err_console.print("reading the menu from standard input (end with 5)", markup=False)

        def warn(message: str) -> None:
            err_console.print(f"puzzle3x3heuristics: warning: {message}", markup=False)

        run_menu(words(sys.stdin), out, warn)


def words(stream: TextIO, max_bytes: int = MAX_INPUT_BYTES) -> Iterator[str]:
    """The words of ``stream`` as its lines arrive (so each menu operation is answered
    when typed, as in the seed), at most ``max_bytes`` of it (``/dev/zero`` is refused)."""
    seen = 0
    while True:
        try:
            line = stream.readline(65536)
        except UnicodeDecodeError:
            raise InputError("standard input is not text") from None
        if not line:
            return
        seen += len(line)
        if seen > max_bytes:
            raise InputError(f"standard input is larger than {max_bytes:,} bytes")
        yield from line.split()


def puzzle8_main(argv: Sequence[str] | None = None) -> int:
    """``puzzle8`` with ``argv``; returns the exit status."""
    return run_command(puzzle8, "puzzle8", argv, PUZZLE8_USAGE)


def puzzle3x3heuristics_main(argv: Sequence[str] | None = None) -> int:
    """``puzzle3x3heuristics`` with ``argv``; returns the exit status."""
    return run_command(puzzle3x3heuristics, "puzzle3x3heuristics", argv)


def puzzle8_run() -> None:
    """Console-script entry point of ``puzzle8``."""
    sys.exit(puzzle8_main())


def puzzle3x3heuristics_run() -> None:
    """Console-script entry point of ``puzzle3x3heuristics``."""
    sys.exit(puzzle3x3heuristics_main())
