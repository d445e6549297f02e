"""The puzzle database that ships with searchlab: every 6x6 puzzle without walls.

``rush6.txt.xz`` next to this module is ``searchlab rushhour export --size 6`` of the
complete no-wall 6x6 build (2,420 shards, 3.3 CPU hours; docs/rushhour.md), compressed
with ``xz -9e``: 476,118 lines of M. Fogleman's ``rush.txt`` format (optimal moves, the
36-character board, cluster size), hardest first, 2.6 MB instead of 21 MB.

Read with the standard library's :mod:`lzma`. Drawing a puzzle needs an index, so the
first use converts the file once into an SQLite :class:`~.database.PuzzleDatabase` in
searchlab's cache directory (about 3 s; ``searchlab cache clear`` deletes it and the
next use rebuilds it), named after the data's SHA-256 so that a new release's data
never meets an old conversion. The conversion checks the decompressed text against
:data:`SHA256` and :data:`ROWS`.

What is read back is verified, and heals (docs/reliability.md):

* the conversion is durable: written to a temporary file in the cache directory
  (after checking the free space), flushed to disk, renamed into place and the folder
  flushed (:func:`searchlab.durable.atomic_write`), and only then *sealed*: its CRC-32,
  size and stamp written last in a sidecar (:func:`searchlab.checksum.seal`);
* every use checks it (:func:`searchlab.checksum.check`: a ``stat`` and the sidecar
  when the file is unchanged since it was last verified, else the whole CRC, 12 ms),
  and ``searchlab cache verify`` checks the CRC and the row count whatever the stamp;
* a missing, unsealed or damaged conversion is converted again, under a lock so that
  two processes do not both pay for it (:func:`searchlab.durable.build_lock`), with one
  line on stderr when it was there but damaged; the temporary files of a conversion
  that was killed are swept first.
"""

from __future__ import annotations

import contextlib
import hashlib
import lzma
import time
from collections.abc import Iterator
from importlib.resources import as_file, files
from pathlib import Path

from searchlab.cache import cache_root, ensure_writable
from searchlab.checksum import check, discard, seal
from searchlab.durable import (
    DiskError,
    LockHeldError,
    atomic_write,
    build_lock,
    lock_wait,
    notice,
    require_free_space,
    sweep_stale,
)
from searchlab.errors import InputError
from searchlab.families.contract import Artifact
from searchlab.i18n import N_, _

from .database import PuzzleDatabase, Row

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
CONVERTED_BYTES = 36_003_840
"""The size of the converted database (SQLite 3.40; asked for, free, before converting)."""
LOCK_SECONDS = 120.0
"""How long a process waits for another's conversion (3 s) before saying who holds it."""
OLD_TEMPORARY_SECONDS = 600.0
"""A temporary file of an earlier version's conversion untouched this long is swept."""
MISSING = N_("missing")
ADVICE = N_("run 'searchlab cache verify', which converts it again")
"""What to do when the converted database fails while being read (after its check)."""


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
    resource = files(__package__).joinpath(FILE_NAME)
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
    """The converted database, verified (:func:`verified`); converted from the bundled
    file when absent, unsealed or damaged (:func:`heal`). An :class:`InputError` (one
    line) when the cache cannot be written, or another process converts it for longer
    than :data:`LOCK_SECONDS`."""
    path = cache_path()
    if verified(path) is not None:
        heal(path)
    return path


def verified(path: Path, full: bool = False) -> str | None:
    """Why the converted database at ``path`` cannot be trusted (one short translated
    phrase: missing, no checksum, its checksum does not match...), or None when it is
    sound (:func:`searchlab.checksum.check`; ``full``: the whole CRC whatever its stamp,
    and the rows counted)."""
    try:
        reason = check(path, full=full)
    except FileNotFoundError:
        return _(MISSING)
    if reason is None and full:
        try:
            with PuzzleDatabase(path) as db:
                rows = sum(db.strata(SIZE).values())
        except InputError as exc:
            return str(exc)
        if rows != ROWS:
            return _("{rows:,} rows where {expected:,} were written").format(
                rows=rows, expected=ROWS
            )
    return reason


def heal(path: Path, force: bool = False) -> None:
    """Convert the bundled data into ``path`` unless another process did while this one
    waited for the lock (``force``: whatever the stamp says, after a full check found it
    damaged); when a database was there, one stderr line says why it is converted again."""
    ensure_writable(path.parent)
    with build_lock(path, wait=lock_wait(LOCK_SECONDS)):
        reason = verified(path, full=force)
        if reason is None:  # converted by the process this one waited for
            return
        if path.exists() or path.is_symlink():
            notice(
                _(
                    "the converted 6x6 puzzle database {path} cannot be trusted ({reason}): "
                    "converting it again"
                ).format(path=path, reason=reason)
            )
        convert(path)


def sweep(folder: Path) -> None:
    """Remove what killed conversions left in ``folder``: this version's temporary files
    whose writer is dead (:func:`searchlab.durable.sweep_stale`), and an earlier version's
    (``rushhour-….tmp``) untouched for :data:`OLD_TEMPORARY_SECONDS`."""
    sweep_stale(folder)
    old = time.time() - OLD_TEMPORARY_SECONDS
    with contextlib.suppress(OSError):
        for leftover in folder.glob("rushhour-*.tmp"):
            with contextlib.suppress(OSError):
                if leftover.is_file() and leftover.stat().st_mtime < old:
                    leftover.unlink()


def convert(path: Path) -> None:
    """Write every bundled row into a new database at ``path``, durably and atomically
    (:func:`searchlab.durable.atomic_write`), then seal it (its checksum sidecar, written
    last). The caller holds the build lock; what killed conversions left is swept first
    and the space is checked before any work."""
    sweep(path.parent)
    require_free_space(path.parent, CONVERTED_BYTES, FILE_NAME)
    discard(path)
    try:
        with atomic_write(path) as tmp:
            db = PuzzleDatabase(tmp, create=True, fast=True)
            try:
                db.insert(SIZE, WALLS, rows(), SHARD)
            finally:
                db.close()
    except DiskError as exc:  # SQLite's words name the temporary file: name the place
        if isinstance(exc, LockHeldError):
            raise
        raise DiskError(
            _(
                "cannot convert the bundled 6x6 puzzles into {folder} (the disk is full or "
                "refused the write): free some space there or set SEARCHLAB_CACHE_DIR to "
                "another disk"
            ).format(folder=path.parent)
        ) from None
    seal(path)


def open_database() -> PuzzleDatabase:
    """The converted database opened for reading (:func:`database_path`); a read that
    fails all the same says to run ``searchlab cache verify``."""
    return PuzzleDatabase(database_path(), damaged=_(ADVICE))


def cache_artifacts() -> list[Artifact]:
    """The converted database as the family's cached artifact (capability *cached*:
    ``searchlab cache verify`` checks its whole CRC and its rows, and converts it again
    when damaged); none before the first use."""
    path = cache_path()
    if not (path.exists() or path.is_symlink()):
        return []

    def verify() -> str | None:
        try:
            return verified(path, full=True)
        except (InputError, OSError) as exc:
            return str(exc)

    return [Artifact(path.name, path, verify, lambda: heal(path, force=True))]
