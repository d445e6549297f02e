"""Exceptions for bad user input, shared by every puzzle family and front end.

Parsers and solvers raise :class:`InputError` (or a subclass) with a
one-line, user-facing message; the CLI prints it and exits with status 2, the
web API answers 4xx with it. :func:`one_line` keeps any message short: a
9 MB bad token is quoted by its first few dozen characters, not echoed.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

TOKEN_CHARS = 40
"""The most characters of a user's token an error message quotes."""
LINE_CHARS = 400
"""The longest error line (the list of choices of a long menu fits)."""

_QUOTED = re.compile(r"""(?<!\w)(?:'([^'\n]*)'|"([^"\n]*)")(?!\w)""")
"""A quoted token: quotes paired from the left, an apostrophe inside a word (the
family's) neither opening nor closing one; so the text *between* two short quoted
tokens is never taken for a long one."""
_RUN = re.compile(r"[^\s…]{" + str(2 * TOKEN_CHARS + 1) + ",}")
"""An unbroken run to cut: never one already cut (its ``…``), so cutting is done once."""


def shorten(token: str, limit: int = TOKEN_CHARS) -> str:
    """``token`` cut to ``limit`` characters, with ``…`` and its full length when cut."""
    if len(token) <= limit:
        return token
    return f"{token[:limit]}… ({len(token):,} characters)"


def _shorten_quoted(match: re.Match[str]) -> str:
    quote = "'" if match[1] is not None else '"'
    token = match[1] if match[1] is not None else match[2]
    if "…" in token:  # already cut: one_line(one_line(m)) == one_line(m)
        return match[0]
    return quote + shorten(token) + quote


_NUMBERED = re.compile(r"(.*?)(\d+)")


def choices(names: Sequence[str]) -> str:
    """``names`` for a message, comma-separated, with each run of three or more
    consecutive numbered names written as its ends: ``card1, card2, ..., card40, walls``
    is ``card1…card40, walls`` (a menu of 40 cards stays a short line)."""
    parts: list[str] = []
    run: list[tuple[str, int, str]] = []

    def flush() -> None:
        if len(run) >= 3:
            parts.append(f"{run[0][2]}…{run[-1][2]}")
        else:
            parts.extend(name for _prefix, _n, name in run)
        run.clear()

    for name in names:
        m = _NUMBERED.fullmatch(name)
        if m and run and m[1] == run[-1][0] and int(m[2]) == run[-1][1] + 1:
            run.append((m[1], int(m[2]), name))
            continue
        flush()
        if m:
            run.append((m[1], int(m[2]), name))
        else:
            parts.append(name)
    flush()
    return ", ".join(parts)


def _shorten_run(match: re.Match[str]) -> str:
    run = match[0]
    colon = ":" if run.endswith(":") else ""  # "{path}: cannot write": the path's own length
    return shorten(run.removesuffix(":"), 2 * TOKEN_CHARS) + colon


def one_line(message: str) -> str:
    """``message`` as one short line: quoted tokens over :data:`TOKEN_CHARS` characters
    and unbroken runs over twice that are cut, line breaks become spaces, and the
    whole is at most :data:`LINE_CHARS` characters."""
    text = _QUOTED.sub(_shorten_quoted, message)
    text = _RUN.sub(_shorten_run, text)
    text = " ".join(text.splitlines())
    return text if len(text) <= LINE_CHARS else text[: LINE_CHARS - 1] + "…"


class InputError(ValueError):
    """Malformed or impossible input: a bad board, an unknown hole, a wrong size.

    Its text is :func:`one_line` of the message, however long the input it quotes."""

    def __str__(self) -> str:
        return one_line(super().__str__())


class OutOfTime(InputError):
    """A request that ran out of its time limit before its answer was found (an exact-depth
    board not found in time): a limit reached, not malformed input. Front ends that
    answer limits with exit status 1 catch it before :class:`InputError` (2)."""


class SolutionCheckError(RuntimeError):
    """A solver's answer failed its check: replayed from the start with the family's own
    move rules, it took an illegal move, did not reach the goal, or its reported length
    or cost differed from its moves (:meth:`searchlab.families.contract.Family.check`).

    An internal defect, never bad input: the CLI says so on one line and exits 1, the
    web player shows the line instead of a solution; the answer is never reported as
    ``solved``. A caller that can do better (solve again without a damaged pattern
    database, say) catches it. ``family``, ``algorithm`` and ``reason`` say what failed
    and why; its text is the whole message, one line, in the interface language."""

    def __init__(self, message: str, *, family: str = "", algorithm: str = "", reason: str = ""):
        super().__init__(message)
        self.family = family
        self.algorithm = algorithm
        self.reason = reason

    def __str__(self) -> str:
        return one_line(super().__str__())
