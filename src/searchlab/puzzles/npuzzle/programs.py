"""The course's two 8-puzzle assignment programs, declared for the CLI to build.

- ``puzzle8 <heuristic> <instance-file>`` (the 8-puzzle assignment): A* with z, d, m or b.
- ``puzzle3x3heuristics`` (the 3x3-puzzle assignment): a menu on standard input, the stack
  searches written to ``puzzle3x3heuristics.txt``.

Their standard output and output file are the assignments' exact Spanish formats;
errors are one line on standard error (``<prog>: error: ...``), in the language
of the locale or ``SEARCHLAB_LANG`` as every searchlab command, with exit status 2,
never a traceback (:mod:`searchlab.cli.programs` runs them). See
``docs/npuzzle-assignments.md``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TextIO

from searchlab.errors import InputError
from searchlab.families.contract import Block, Option
from searchlab.families.programs import Program, UsageError
from searchlab.i18n import N_, _
from searchlab.textinput import MAX_INPUT_BYTES, read_input

from .assignments.puzzle3x3 import OUTPUT_FILE, run_menu
from .assignments.puzzle8 import (
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    solve_puzzle8,
)

PUZZLE8_USAGE = N_("usage: puzzle8 <heuristic> <instance-file>   (heuristic: z, d, m or b)")
# The help texts keep the indentation of the docstrings they were first written as:
# they are the catalog's message ids.
PUZZLE8_HELP = N_(
    """Solve the 8-puzzle in INSTANCE with A* (the course's 8-puzzle assignment).

    HEURISTIC is z (zero), d (misplaced tiles), m (Manhattan distance) or b
    (distance of the blank). INSTANCE is a file with three rows of three
    numbers 0..8 (0 the blank). Prints the boards of a minimum-cost path to
    1 2 3 / 4 5 6 / 7 8 0, then the number of states opened and the time, or
    "No hay solución".
    """
)
PUZZLE3X3_HELP = N_(
    """Run the 3x3 puzzle menu read from standard input (the course's 3x3 assignment).

    Operations: 1 and nine numbers (a new start board), 2 (PIEZAS), 3 (SUMAS),
    4 (REGRESOS), 5 (exit). Writes puzzle3x3heuristics.txt in the current
    directory; goal 0 1 2 / 3 4 5 / 6 7 8.
    """
)


def puzzle8(heuristic: str | None, instance: str | None) -> Iterator[Block]:
    """The 8-puzzle assignment: the answer for the board in file ``instance``."""
    if heuristic is None or instance is None:
        raise UsageError(
            _("missing a heuristic and an instance file")
            if heuristic is None
            else _("missing an instance file")
        )
    if heuristic not in PUZZLE8_HEURISTICS:
        raise UsageError(_("unknown heuristic {heuristic!r}").format(heuristic=heuristic[:40]))
    board = parse_instance(read_input(instance))
    yield format_answer(solve_puzzle8(board, heuristic)).removesuffix("\n")


def puzzle3x3heuristics(stdin: TextIO | None, note: Callable[[str], None]) -> Iterator[Block]:
    """The 3x3-puzzle assignment: the menu read from ``stdin``, its blocks written to
    :data:`OUTPUT_FILE` as each operation is read."""
    try:
        out = open(OUTPUT_FILE, "w", encoding="ascii", newline="\n")  # noqa: SIM115
    except OSError as exc:
        raise InputError(
            _("{path}: cannot write ({reason})").format(
                path=OUTPUT_FILE, reason=exc.strerror or exc
            )
        ) from None
    with out:
        if stdin is None:
            raise InputError(_("standard input is closed: type or pipe the menu in"))
        if stdin.isatty():
            note(_("reading the menu from standard input (end with 5)"))

        def warn(message: str) -> None:
            note(_("puzzle3x3heuristics: warning: {message}").format(message=message))

        run_menu(words(stdin), out, warn)
    yield from ()


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


PROGRAMS = (
    Program(
        "puzzle8",
        PUZZLE8_HELP,
        puzzle8,
        options=(
            Option("heuristic", "", kind=str, argument=True, metavar="HEURISTIC"),
            Option("instance", "", kind=str, argument=True, metavar="INSTANCE"),
        ),
        usage=PUZZLE8_USAGE,
    ),
    Program(
        "puzzle3x3heuristics",
        PUZZLE3X3_HELP,
        puzzle3x3heuristics,
        stdin=True,
        notes=True,
    ),
)
"""The programs this family ships (console scripts of pyproject.toml)."""
