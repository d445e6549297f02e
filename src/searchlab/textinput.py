"""Reading what a user gives: a board file or standard input, bounded and decoded.

Below every front end (the CLI reads FILE arguments with it, a family whose option is
"a board or a file" reads with it too); errors are one-line :class:`InputError` messages.
"""

from __future__ import annotations

import codecs
import sys
from typing import TYPE_CHECKING, NoReturn

from searchlab.errors import TOKEN_CHARS, InputError, shorten
from searchlab.i18n import _

if TYPE_CHECKING:
    from pathlib import Path


def _fail(message: str) -> NoReturn:
    raise InputError(message)


MAX_INPUT_BYTES = 10_000_000
"""The largest board file or standard input any command reads (every board fits in far less)."""


def read_input(path: str | Path, *, max_bytes: int = MAX_INPUT_BYTES) -> str:
    """The text of a user-supplied file ('-' for standard input), or a one-line error.

    Reads at most ``max_bytes`` (so ``/dev/zero`` or an endless pipe is refused, not
    swallowed), and reads text as people have it: UTF-8 with or without a byte-order
    mark (Windows Notepad), UTF-16 with its mark, else Latin-1; a file with NUL bytes
    otherwise is "not a text file".
    """
    where = _("standard input") if str(path) == "-" else shorten(str(path), 2 * TOKEN_CHARS)
    try:
        if str(path) == "-":
            if sys.stdin is None:
                _fail(_("standard input is closed: give a FILE"))
            stream = getattr(sys.stdin, "buffer", None)
            if stream is None:  # a text stream (tests, embedding): already decoded
                text = sys.stdin.read(max_bytes + 1)
                if len(text) > max_bytes:
                    _fail(too_large(where, max_bytes))
                return str(text)
            data = stream.read(max_bytes + 1)
        else:
            from pathlib import (
                Path,  # here, not at the top: pathlib costs a quick command ~3 ms of start-up
            )

            p = Path(path)
            if p.is_dir():
                _fail(_("{where}: is a directory, not a file").format(where=where))
            with p.open("rb") as f:
                data = f.read(max_bytes + 1)
    except InputError:
        raise
    except FileNotFoundError:
        _fail(_("{where}: no such file").format(where=where))
    except (OSError, ValueError) as exc:  # ValueError: a closed standard input
        reason = getattr(exc, "strerror", None) or exc
        _fail(_("{where}: cannot read ({reason})").format(where=where, reason=reason))
    if len(data) > max_bytes:
        _fail(too_large(where, max_bytes))
    return decode_text(data, where)


def names_a_file(name: str | Path, *, regular: bool = False) -> bool:
    """Whether ``name`` names something on disk (a file, directory, device or pipe; with
    ``regular``, a regular file); a name the system refuses (too long, a NUL byte) names
    nothing, where ``Path.exists`` and ``Path.is_file`` raise."""
    from pathlib import (
        Path,  # here, not at the top: pathlib costs a quick command ~3 ms of start-up
    )

    try:
        return Path(name).is_file() if regular else Path(name).exists()
    except (OSError, ValueError):
        return False


def too_large(where: str, max_bytes: int) -> str:
    """The error for an input over ``max_bytes``."""
    return _("{where}: input too large (over {limit} bytes)").format(
        where=where, limit=f"{max_bytes:,}"
    )


def decode_text(data: bytes, where: str) -> str:
    """Bytes as text: UTF-16 when it starts with a byte-order mark, UTF-8 (mark or not),
    else Latin-1; NUL bytes otherwise mean a binary file (a one-line error)."""
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        try:
            return data.decode("utf-16")
        except UnicodeDecodeError:
            _fail(_("{where}: not a text file (broken UTF-16)").format(where=where))
    if b"\x00" in data:
        _fail(_("{where}: not a text file").format(where=where))
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        return data.decode("latin-1")
