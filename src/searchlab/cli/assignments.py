"""The course's two 8-puzzle assignment programs, as stand-alone console scripts.

- ``puzzle8 <heuristic> <instance-file>`` (the 8-puzzle assignment): A* with z, d, m or b.
- ``puzzle3x3heuristics`` (the 3x3-puzzle assignment): a menu on standard input, the stack
  searches written to ``puzzle3x3heuristics.txt``.

Their standard output and output file are the assignments' exact Spanish formats;
errors are one line on standard error (``<prog>: error: ...``), in the language
of the locale or ``SEARCHLAB_LANG`` as every searchlab command, with exit status 2,
never a traceback. See ``docs/npuzzle-assignments.md``.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator, Sequence
from typing import TextIO

import click

from searchlab import i18n
from searchlab.cli.common import MAX_INPUT_BYTES, err_console, read_input, run_command
from searchlab.cli.localized import Command, use_language
from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.puzzles.npuzzle.assignments.puzzle3x3 import OUTPUT_FILE, run_menu
from searchlab.puzzles.npuzzle.assignments.puzzle8 import (
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    solve_puzzle8,
)

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}
PUZZLE8_USAGE = N_("usage: puzzle8 <heuristic> <instance-file>   (heuristic: z, d, m or b)")


@click.command(cls=Command, context_settings=CONTEXT)
@click.argument("heuristic", required=False, metavar="HEURISTIC")
@click.argument("instance", required=False, metavar="INSTANCE")
def puzzle8(heuristic: str | None, instance: str | None) -> None:
    """Solve the 8-puzzle in INSTANCE with A* (the course's 8-puzzle assignment).

    HEURISTIC is z (zero), d (misplaced tiles), m (Manhattan distance) or b
    (distance of the blank). INSTANCE is a file with three rows of three
    numbers 0..8 (0 the blank). Prints the boards of a minimum-cost path to
    1 2 3 / 4 5 6 / 7 8 0, then the number of states opened and the time, or
    "No hay solución".
    """
    if heuristic is None or instance is None:
        raise click.UsageError(
            _("missing a heuristic and an instance file")
            if heuristic is None
            else _("missing an instance file")
        )
    if heuristic not in PUZZLE8_HEURISTICS:
        raise click.UsageError(
            _("unknown heuristic {heuristic!r}").format(heuristic=heuristic[:40])
        )
    board = parse_instance(read_input(instance))
    click.echo(format_answer(solve_puzzle8(board, heuristic)), nl=False)


@click.command(cls=Command, context_settings=CONTEXT)
def puzzle3x3heuristics() -> None:
    """Run the 3x3 puzzle menu read from standard input (the course's 3x3 assignment).

    Operations: 1 and nine numbers (a new start board), 2 (PIEZAS), 3 (SUMAS),
    4 (REGRESOS), 5 (exit). Writes puzzle3x3heuristics.txt in the current
    directory; goal 0 1 2 / 3 4 5 / 6 7 8.
    """
    try:
        out = open(OUTPUT_FILE, "w", encoding="ascii", newline="\n")  # noqa: SIM115
    except OSError as exc:
        raise InputError(
            _("{path}: cannot write ({reason})").format(
                path=OUTPUT_FILE, reason=exc.strerror or exc
            )
        ) from None
    with out:
        if sys.stdin is None:
            raise InputError(_("standard input is closed: type or pipe the menu in"))
        if sys.stdin.isatty():
            err_console.print(_("reading the menu from standard input (end with 5)"), markup=False)

        def warn(message: str) -> None:
            err_console.print(
                _("puzzle3x3heuristics: warning: {message}").format(message=message),
                markup=False,
            )

        run_menu(words(sys.stdin), out, warn)


def words(stream: TextIO, max_bytes: int = MAX_INPUT_BYTES) -> Iterator[str]:
    """The words of ``stream`` as its lines arrive (so each menu operation is answered
    when typed, as in the assignment), at most ``max_bytes`` of it (``/dev/zero`` is refused).
    A byte-order mark before the first word (Windows Notepad's UTF-8) is skipped."""
    seen = 0
    first = True
    while True:
        try:
            line = stream.readline(65536)
        except UnicodeDecodeError:
            raise InputError(_("standard input is not text")) from None
        if not line:
            return
        if first:
            first = False
            line = line.removeprefix("\ufeff").removeprefix("\u00ef\u00bb\u00bf")
        seen += len(line)
        if seen > max_bytes:
            raise InputError(
                _("standard input is larger than {limit} bytes").format(limit=f"{max_bytes:,}")
            )
        yield from line.split()


def puzzle8_main(argv: Sequence[str] | None = None) -> int:
    """``puzzle8`` with ``argv``; returns the exit status. Errors are in the language of
    ``SEARCHLAB_LANG`` or the locale; the answer stays the assignment's Spanish."""
    use_language(i18n.detect(None))
    return run_command(puzzle8, "puzzle8", argv, _(PUZZLE8_USAGE))


def puzzle3x3heuristics_main(argv: Sequence[str] | None = None) -> int:
    """``puzzle3x3heuristics`` with ``argv``; returns the exit status (errors in the
    language of ``SEARCHLAB_LANG`` or the locale)."""
    use_language(i18n.detect(None))
    return run_command(puzzle3x3heuristics, "puzzle3x3heuristics", argv)


def puzzle8_run() -> None:
    """Console-script entry point of ``puzzle8``."""
    sys.exit(puzzle8_main())


def puzzle3x3heuristics_run() -> None:
    """Console-script entry point of ``puzzle3x3heuristics``."""
    sys.exit(puzzle3x3heuristics_main())
