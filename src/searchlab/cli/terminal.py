"""Is this stream a terminal, how wide, styled or not: rich's answers, without importing
rich (importing it costs more than importing Click, which a one-move solve cannot afford;
see :mod:`searchlab.cli.stats_text`). The rules are rich's own (``Console.is_terminal``,
``TTY_COMPATIBLE``, ``FORCE_COLOR``, a dumb ``TERM``, ``COLUMNS``);
``tests/cli/test_stats_text.py`` checks them against rich."""

from __future__ import annotations

import os
import sys
from typing import TextIO


def is_terminal(stream: TextIO) -> bool | None:
    """Whether rich would treat ``stream`` as a terminal; ``None`` where only rich can
    tell (a Jupyter kernel, IDLE)."""
    if "ipykernel" in sys.modules or "idlelib" in sys.modules:
        return None
    environ = os.environ
    compatible = environ.get("TTY_COMPATIBLE", "")
    if compatible in ("0", "1"):
        return compatible == "1"
    if environ.get("FORCE_COLOR") is not None:
        return environ["FORCE_COLOR"] != ""
    try:
        return stream.isatty()
    except (AttributeError, ValueError, OSError):
        return False


def styled(stream: TextIO) -> bool | None:
    """Whether rich would style text on ``stream`` (bold, italic): a terminal whose
    ``TERM`` is not dumb. ``None``: see :func:`is_terminal`."""
    terminal = is_terminal(stream)
    if terminal is None:
        return None
    return terminal and os.environ.get("TERM", "").strip().lower() not in ("dumb", "unknown")


def terminal_width(dumb: bool = False) -> int:
    """The width rich gives a console: ``COLUMNS``, else 80 on a dumb terminal, else the
    size of the first of standard input, output and error that is a terminal, else 80."""
    columns = os.environ.get("COLUMNS", "")
    if columns.isdigit():
        return int(columns)
    if dumb:
        return 80
    for descriptor in (0, 1, 2):
        try:
            return os.get_terminal_size(descriptor).columns or 80
        except (AttributeError, ValueError, OSError):  # not a terminal
            continue
    return 80
