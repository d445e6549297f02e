"""The puzzle database that ships with searchlab: every 6x6 puzzle without walls.

``rush6.txt.xz`` next to this module is ``searchlab rushhour export --size 6`` of the
complete no-wall 6x6 build (2,420 shards, 3.3 CPU hours; docs/rushhour.md), compressed
with ``xz -9e``: 476,118 lines of M. Fogleman's ``rush.txt`` format (optimal moves, the
36-character board, cluster size), hardest first, 2.6 MB instead of 21 MB.

Read with the standard library's :mod:`lzma`. Drawing a puzzle needs an index, so the
first use converts the file once into an SQLite :class:`~.database.PuzzleDatabase` in
searchlab's cache directory (about 2 s; ``searchlab cache clear`` deletes it and the
next use rebuilds it), named after the data's SHA-256 so that a new release's data
never meets an old conversion. The conversion checks the decompressed text against
:data:`SHA256` and :data:`ROWS` and is written to a temporary file renamed into place
only when complete, so two processes converting at once, or an interrupted one, never
leave a half-written database.
"""

from __future__ import annotations

import contextlib
import hashlib
import lzma
import os
import tempfile
from collections.abc import Iterator
from importlib.resources import as_file, files
from pathlib import Path

from searchlab.cache import cache_root, ensure_writable
from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.puzzles.rushhour.database import PuzzleDatabase, Row

SIZE = 6
"""The board side the bundled data covers."""
WALLS = 0
"""Its exact number of walls."""
FILE_NAME = "rush6.txt.xz"
ROWS = 476_118
"""Lines of the decompressed file: puzzles."""
SHA256 = "b6780a6be4a364d6b3c71609adb510aac4d08ec5472955cb504c3b83b7cc15ea"
"""Of the decompressed text (``xz -dc rush6.txt.xz | sha256sum``)."""
SHARD = "bundled"
"""The ``shard`` column of its rows in the converted database."""


def covers(size: int, walls: int) -> bool:
    """Whether the bundled data holds the puzzles of ``size`` with exactly ``walls`` walls."""
    return size == SIZE and walls == WALLS


def damaged(reason: str) -> InputError:
    return InputError(
        _("the bundled 6x6 puzzle data is damaged ({reason}): reinstall searchlab").format(
            reason=reason
        )
    )


def text() -> bytes:
    """The bundled file decompressed (21 MB), checked against :data:`SHA256` and
    :data:`ROWS`: an :class:`InputError` when it is not the text shipped."""
    resource = files("searchlab.puzzles.rushhour").joinpath(FILE_NAME)
    try:
        with as_file(resource) as path, lzma.open(path, "rb") as f:
            data = f.read()
    except (OSError, lzma.LZMAError, EOFError) as exc:
        raise damaged(f"{FILE_NAME}: {exc}") from None
    digest = hashlib.sha256(data).hexdigest()
    lines = data.count(b"\n")
    if digest != SHA256 or lines != ROWS:
        raise damaged(f"{lines:,} lines, SHA-256 {digest[:12]}")
    return data


def rows() -> Iterator[Row]:
    """Every row of the bundled file, in its order (hardest first), checked first
    (:func:`text`)."""
    for line in text().splitlines():
        moves, board, cluster = line.split()
        yield Row(int(moves), board.decode("ascii"), int(cluster))


def cache_path() -> Path:
    """Where the bundled data is kept as SQLite (it may not exist yet)."""
    return cache_root() / f"rushhour-{SIZE}x{SIZE}-w{WALLS}-{SHA256[:12]}.sqlite"


def database_path() -> Path:
    """The converted database, made once from the bundled file when absent
    (:func:`convert`); an :class:`InputError` when the cache cannot be written."""
    path = cache_path()
    if not path.is_file():
        convert(path)
    return path


def convert(path: Path) -> None:
    """Write every bundled row into a new database at ``path`` (through a temporary file
    in the same directory, renamed into place once checked and committed)."""
    ensure_writable(path.parent)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.stem, suffix=".tmp")
    os.close(fd)
    try:
        with PuzzleDatabase(tmp, create=True, fast=True) as db:
            db.insert(SIZE, WALLS, rows(), SHARD)
        os.replace(tmp, path)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
