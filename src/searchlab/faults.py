"""Faults of the environment, as one line that says what to do.

A full disk, a file another process keeps locked, a read-only place, a folder where a
file belongs, a damaged file: these are the machine's faults, not searchlab's bugs, so
they are reported as a one-line :class:`~searchlab.errors.InputError` (the CLI prints it
and exits with status 2, the web answers 4xx), never as "internal error". SQLite's
errors are told apart by their code (:func:`sqlite_fault`), the system's by ``errno``
(:func:`os_fault`). :func:`lock_holders` reads ``/proc/locks`` (Linux) to name the
process that holds a lock; elsewhere the message says "another process".

Standard library only; imported lazily by the CLI's error handler.
"""

from __future__ import annotations

import contextlib
import errno
import functools
import os
import sqlite3
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any, ParamSpec, TypeVar

from searchlab.durable import DiskError, LockHeldError, lock_wait
from searchlab.errors import InputError
from searchlab.i18n import _

BUSY_SECONDS = 30.0
"""How long a writer waits for another process's lock on a SQLite file before saying
who holds it (:data:`sqlite3.connect`'s ``timeout``), unless ``$SEARCHLAB_LOCK_WAIT``
says otherwise (:func:`busy_wait`)."""


def busy_wait() -> float:
    """Seconds a SQLite writer waits for another process's lock: ``$SEARCHLAB_LOCK_WAIT``
    when set, as for every lock of searchlab (:func:`searchlab.durable.lock_wait`), else
    :data:`BUSY_SECONDS`."""
    return lock_wait(BUSY_SECONDS)


_FULL = (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
_READ_ONLY = (errno.EROFS, errno.EACCES, errno.EPERM)
_IN_THE_WAY = (errno.EISDIR, errno.ENOTDIR, errno.EEXIST)
ENVIRONMENT_ERRNOS = frozenset((*_FULL, *_READ_ONLY, *_IN_THE_WAY, errno.EIO, errno.ENOENT))
"""``OSError`` numbers :func:`os_fault` explains (on a file the error names)."""


def lock_holders(path: str | Path) -> list[int]:
    """The processes holding a lock (``fcntl``/``flock``) on the file ``path``, from
    ``/proc/locks`` (empty where there is none, or the file is gone)."""
    try:
        st = os.stat(path)
        text = Path("/proc/locks").read_text(encoding="ascii", errors="replace")
    except OSError:
        return []
    device = f"{os.major(st.st_dev):02x}:{os.minor(st.st_dev):02x}:{st.st_ino}"
    pids: list[int] = []
    for line in text.splitlines():
        fields = line.replace("->", "").split()
        for i, field in enumerate(fields):
            if field == device and i > 0 and fields[i - 1].isdigit():
                pid = int(fields[i - 1])
                if pid not in pids and pid != os.getpid():
                    pids.append(pid)
    return pids


def holder_text(path: str | Path) -> str:
    """``pid 1234`` (or ``pids 1234, 5678``), else ``another process``."""
    pids = lock_holders(path)
    if not pids:
        return _("another process")
    return _("pid {pids}").format(pids=", ".join(str(p) for p in pids))


class DamagedRow(sqlite3.DatabaseError):
    """A row read back whose values are not of their column's kind (an integer that is
    text, a board that is a number): damage SQLite's own checks do not see."""


READ_FAULTS = (sqlite3.Error, UnicodeDecodeError)
"""What reading a damaged database raises: SQLite's errors, and text that is no longer
UTF-8 (raised as it is by Python's module for some reads, as SQLite's error for others)."""


def as_sqlite_error(exc: sqlite3.Error | UnicodeDecodeError) -> sqlite3.Error:
    """``exc`` as SQLite's error: text no longer UTF-8 is a :class:`DamagedRow`."""
    if isinstance(exc, UnicodeDecodeError):
        return DamagedRow(f"text that is not UTF-8 ({exc.reason})")
    return exc


def sqlite_code(exc: sqlite3.Error) -> int | None:
    """SQLite's primary result code of ``exc`` (``SQLITE_FULL``...), None if unknown."""
    code = getattr(exc, "sqlite_errorcode", None)
    return None if code is None else code & 0xFF


def sqlite_fault(
    path: str | Path, exc: sqlite3.Error | UnicodeDecodeError, damaged: str = ""
) -> InputError:
    """One line for SQLite's ``exc`` on the database ``path``: what happened and what to
    do (a :class:`~searchlab.durable.DiskError` for the place's faults, a
    :class:`~searchlab.durable.LockHeldError` for another process's lock). ``damaged``
    is the advice for a damaged file (the caller knows whether it can be rebuilt, or
    holds hours of work)."""
    path = Path(path)
    exc = as_sqlite_error(exc)
    code = sqlite_code(exc)
    text = str(exc)
    if path.is_dir():
        return DiskError(
            _("{path} is a folder where a database file belongs: move it away").format(path=path)
        )
    if code == sqlite3.SQLITE_FULL or "disk is full" in text:
        return DiskError(
            _(
                "{path}: the disk is full: free some space there (what was finished is "
                "kept) and run again"
            ).format(path=path)
        )
    if code in (sqlite3.SQLITE_BUSY, sqlite3.SQLITE_LOCKED) or "locked" in text:
        return LockHeldError(
            _(
                "{path} is locked by {who} (waited {seconds:.0f} s): wait for it to "
                "finish, or stop it, and run again"
            ).format(path=path, who=holder_text(path), seconds=busy_wait())
        )
    if code == sqlite3.SQLITE_READONLY or "readonly" in text:
        return DiskError(
            _(
                "{path} cannot be written (read-only: {reason}): make it and its folder "
                "writable, or choose another file"
            ).format(path=path, reason=text)
        )
    if (
        code in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
        or "malformed" in text
        or "Could not decode" in text
        or isinstance(exc, DamagedRow)
    ):
        advice = damaged or _("restore it from a copy")
        return InputError(
            _("{path} is damaged ({reason}): {advice}").format(
                path=path, reason=text, advice=advice
            )
        )
    if code == sqlite3.SQLITE_CANTOPEN:
        return DiskError(
            _(
                "{path} cannot be opened ({reason}): check that its folder exists and "
                "can be written"
            ).format(path=path, reason=text)
        )
    if code == sqlite3.SQLITE_IOERR:
        return DiskError(
            _(
                "{path}: the disk refused a read or write ({reason}): check the disk "
                "and its free space, and run again"
            ).format(path=path, reason=text)
        )
    return InputError(_("{path}: database error ({reason})").format(path=path, reason=text))


def os_fault(exc: OSError, path: str | Path | None = None) -> InputError | None:
    """One line for the system's ``exc`` on ``path`` (else the file ``exc`` names), when
    it is the environment's fault (:data:`ENVIRONMENT_ERRNOS`); ``None`` otherwise."""
    where = path if path is not None else exc.filename
    if where is None or exc.errno not in ENVIRONMENT_ERRNOS:
        return None
    reason = exc.strerror or str(exc)
    if exc.errno in _FULL:
        advice = _("free some space there and run again")
    elif exc.errno in _READ_ONLY:
        advice = _("make it writable or choose another place")
    elif exc.errno in _IN_THE_WAY:
        advice = _("something else is in the way: move it, or choose another place")
    elif exc.errno == errno.ENOENT:
        advice = _("check that its folder exists")
    else:
        advice = _("check the disk and run again")
    return DiskError(
        _("cannot use {path} ({reason}): {advice}").format(path=where, reason=reason, advice=advice)
    )


@contextlib.contextmanager
def sqlite_faults(path: str | Path, damaged: str = "") -> Iterator[None]:
    """Turn SQLite's errors inside the block into :func:`sqlite_fault` lines."""
    try:
        yield
    except READ_FAULTS as exc:
        fault = sqlite_fault(path, exc, damaged)
    else:
        return
    raise fault  # outside the handler: see guarded


_R = TypeVar("_R")
_P = ParamSpec("_P")


def guarded(method: Callable[_P, _R]) -> Callable[_P, _R]:
    """A method of a database object (one with a ``path``) whose SQLite errors become one
    line: the object's own ``_fault(exc)`` when it has one, else :func:`sqlite_fault`."""

    @functools.wraps(method)
    def run(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        try:
            return method(*args, **kwargs)
        except READ_FAULTS as exc:
            owner: Any = args[0]
            one_line = getattr(owner, "_fault", None)
            fault = one_line(exc) if one_line else sqlite_fault(owner.path, exc)
        # Raised outside the handler, so SQLite's error (and, through its traceback, the
        # method's frame and its unfinished cursor) is freed now: a connection closed
        # while a statement of its is unfinished stays open, holding the file's lock, a
        # leak for a long-lived process such as the web server.
        raise fault

    return run
