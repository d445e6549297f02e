"""Checksums of cached artifacts: written when a file is built, checked when it is read,
so a damaged file is rebuilt instead of giving wrong answers (a pattern database's wrong
"optimal", a converted puzzle database's missing rows).

A file ``f`` has a sidecar ``f.sum`` (a line of JSON) holding the CRC-32 of the whole
file (:func:`zlib.crc32`, about 3 GB/s: 0.09 s for a 256 MiB 6-tile table, where BLAKE2b
takes 0.31 s and SHA-256 0.15 s; measured with ``benchmarks/npuzzle_pdb_check.py``), its
size, and the *stamp* of the file when it was last found sound: device, inode, size, and
the modification and change times in nanoseconds.

Reading a file (:func:`check`) costs a ``stat`` and the sidecar when the stamp still
matches, and a full CRC otherwise: any write through the file system (in place, a
truncation, a copy, a new file under the name) changes the change time, which no
program can set back, so a file changed since it was last verified is verified again
before use. A stamp is recorded only once the file is :data:`SETTLED_NS` old (file
times have a coarse clock), so the first read after a build hashes the file.
``searchlab cache verify`` hashes every artifact whatever its stamp, which also finds
damage below the file system. The same design as git's index, which trusts a file whose
``stat`` data did not change, "racily clean" files excepted.

A file without a sidecar (an earlier version's, or a build stopped between the file and
its sidecar) cannot be verified and is treated as damaged: rebuilt.

First written for the pattern databases (:mod:`searchlab.puzzles.npuzzle.pdb_check`
re-exports it), shared by every family that caches a file.
"""

from __future__ import annotations

import contextlib
import json
import mmap
import os
import stat
import time
import zlib
from pathlib import Path

from searchlab.durable import DiskError, atomic_write, check_not_directory
from searchlab.i18n import N_, _

SUM_SUFFIX = ".sum"
"""The sidecar of file ``f`` is ``f`` plus this suffix."""
ALGORITHM = "crc32"
_CHUNK = 1 << 26  # 64 MiB a step: the GIL is released by zlib for each, memory stays small

NO_CHECKSUM = N_("no checksum: made by an earlier version, or its build was stopped")
MISMATCH = N_("its checksum does not match")
TRUNCATED = N_("{size:,} bytes where {expected:,} were written")
NOT_A_FILE = N_("not a regular file")
BAD_SUM = N_("its checksum file is unreadable")


def sum_path(path: Path) -> Path:
    """The sidecar holding ``path``'s checksum."""
    return path.with_name(path.name + SUM_SUFFIX)


def crc_of(data: memoryview | bytes) -> int:
    """The CRC-32 of ``data`` (:func:`zlib.crc32`, fed in 64 MiB steps)."""
    view = memoryview(data).cast("B")
    crc = 0
    for lo in range(0, len(view), _CHUNK):
        crc = zlib.crc32(view[lo : lo + _CHUNK], crc)
    return crc


def crc_of_file(path: Path) -> int:
    """The CRC-32 of the file at ``path``, read through a memory map (its pages are the
    operating system's file cache: a file just written or just used is not read from
    disk again)."""
    with path.open("rb") as f:
        if os.fstat(f.fileno()).st_size == 0:
            return 0
        with mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as mapped:
            view = memoryview(mapped)
            try:
                return crc_of(view)
            finally:
                view.release()


SETTLED_NS = 2_000_000_000
"""How old (in nanoseconds) a file's change time must be before its stamp is recorded.

File times come from a coarse clock (a few milliseconds on Linux, a second or two on
some file systems), so a write right after the CRC could leave the stamp unchanged;
recording only the stamps of files changed at least this long ago makes any later write
show (git's rule for "racily clean" files)."""


def _now_ns() -> int:
    return time.time_ns()


def _stamp(st: os.stat_result) -> list[int]:
    """The stamp of a file, or [] (never matching) while it is too fresh to record."""
    if _now_ns() - max(st.st_ctime_ns, st.st_mtime_ns) < SETTLED_NS:
        return []
    return [st.st_dev, st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns]


def _write_sum(path: Path, crc: int, size: int, stamp: list[int]) -> None:
    record = {ALGORITHM: crc, "bytes": size, "stamp": stamp}
    with atomic_write(sum_path(path)) as tmp:
        tmp.write_text(json.dumps(record) + "\n", encoding="ascii")


def seal(path: Path, crc: int | None = None) -> None:
    """Write the checksum sidecar of the file just written at ``path`` (its CRC is
    computed from the file unless given), with the file's current stamp."""
    if crc is None:
        crc = crc_of_file(path)
    st = path.stat()
    _write_sum(path, crc, st.st_size, _stamp(st))


def _read_sum(path: Path) -> dict[str, object] | None:
    try:
        record = json.loads(sum_path(path).read_text(encoding="ascii"))
    except FileNotFoundError:
        return None
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return record if isinstance(record, dict) else {}


def check(path: Path, full: bool = False) -> str | None:
    """Why the file at ``path`` cannot be trusted (one short translated phrase), or
    None when it is sound: its sidecar's size and CRC-32 match the file. The CRC is
    computed only when the file changed since it was last found sound (its stamp), or
    with ``full``; a sound file's new stamp is then recorded (where the cache can be
    written). ``path`` must exist (``FileNotFoundError`` otherwise); a folder there is a
    :class:`~searchlab.durable.DiskError`."""
    check_not_directory(path)
    st = path.stat()
    if not stat.S_ISREG(st.st_mode):
        return _(NOT_A_FILE)
    record = _read_sum(path)
    if record is None:
        return _(NO_CHECKSUM)
    crc, size = record.get(ALGORITHM), record.get("bytes")
    if not isinstance(crc, int) or not isinstance(size, int):
        return _(BAD_SUM)
    if size != st.st_size:
        return _(TRUNCATED).format(size=st.st_size, expected=size)
    stamp = _stamp(st)
    if not full and stamp and record.get("stamp") == stamp:
        return None
    if crc_of_file(path) != crc:
        return _(MISMATCH)
    stamp = _stamp(path.stat())
    if stamp and stamp != record.get("stamp"):
        with contextlib.suppress(DiskError, OSError):  # a read-only cache: hashed each time
            _write_sum(path, crc, size, stamp)
    return None


def discard(path: Path) -> None:
    """Remove the file at ``path`` and its sidecar (missing ones are fine); a folder
    in the file's place is a :class:`~searchlab.durable.DiskError` (never removed)."""
    check_not_directory(path)
    for p in (path, sum_path(path)):
        with contextlib.suppress(FileNotFoundError):
            p.unlink()
