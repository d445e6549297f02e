"""Files that survive kills and power cuts: atomic writes, stale temporaries swept, free
space checked before a long build, and one builder at a time.

The rules every writer of a cached or saved artifact follows (SQLite's "atomic commit"
in miniature; POSIX ``rename(2)`` is atomic, and ``fsync(2)`` of the file and of its
folder is what makes the new name and its contents durable):

- :func:`atomic_write`: the artifact is written to a temporary file in the same folder
  (``.searchlab-tmp-<pid>-<token>-<name>``), flushed to disk, renamed over the final
  name, and the folder flushed too. A reader sees the old file or the new one, never
  half of one; a kill leaves at most the temporary file, which :func:`sweep_stale`
  removes once its writer is dead (the writer's pid is in the name).
- :func:`require_free_space`: a build whose size is known asks for the space first,
  instead of failing after the CPU is spent.
- :func:`build_lock`: an exclusive ``fcntl`` lock on ``<artifact>.lock``, so two
  processes that want the same artifact do not both build it; the second waits a while
  (then says which process holds the lock) and finds the artifact made.

Faults of the environment (no space, a read-only place, a directory where a file
belongs, a lock held too long) are one-line :class:`~searchlab.errors.InputError`
subclasses (:class:`DiskError`, :class:`LockHeldError`): the CLI prints them on one line
and exits with status 2, the web answers 4xx. Standard library only (Linux and macOS:
``fcntl``).
"""

from __future__ import annotations

import contextlib
import errno
import os
import re
import stat
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

from searchlab.errors import InputError, one_line
from searchlab.i18n import _

TEMP_PREFIX = ".searchlab-tmp-"
"""How every temporary file of :func:`atomic_write` starts: recognizable, hidden, and
followed by the writer's pid."""

_TEMP = re.compile(re.escape(TEMP_PREFIX) + r"(?P<pid>\d+)-")

LOCK_SUFFIX = ".lock"
"""The lock file of an artifact is its name plus this suffix (:func:`build_lock`)."""

ENVIRONMENT_ERRNOS = frozenset(
    {errno.ENOSPC, errno.EDQUOT, errno.EROFS, errno.EACCES, errno.EPERM, errno.EFBIG}
)
"""``OSError`` numbers that are the place's fault, not the program's: reported by
:func:`atomic_write` as one :class:`DiskError` line."""


class DiskError(InputError):
    """The disk refused: no space, read-only, no permission, a directory in the way."""


class LockHeldError(InputError):
    """Another process holds the lock of an artifact longer than the caller waits."""


def temp_name(path: Path, pid: int | None = None) -> Path:
    """The temporary file :func:`atomic_write` writes ``path`` through: same folder, the
    :data:`TEMP_PREFIX`, the writer's pid, a random token and ``path``'s own name last
    (so a writer that adds a suffix it expects, as :func:`numpy.save` adds ``.npy``,
    adds none)."""
    pid = os.getpid() if pid is None else pid
    import secrets  # (hashlib, hmac: loaded by the commands that write)

    return path.with_name(f"{TEMP_PREFIX}{pid}-{secrets.token_hex(4)}-{path.name}")


def writer_pid(name: str) -> int | None:
    """The pid in a temporary file's name (:func:`temp_name`), None if not one.

    A file the temporary one brings along (SQLite's ``-journal``) has the same prefix
    and the same pid."""
    m = _TEMP.match(name)
    return int(m["pid"]) if m else None


def pid_alive(pid: int) -> bool:
    """Whether process ``pid`` exists (on this machine); another user's counts."""
    if pid <= 0:
        return False
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def fsync_dir(folder: Path) -> None:
    """Flush ``folder``'s entries (a new name, a removed one) to disk. Systems that cannot
    open a folder for this (not Linux or macOS) are skipped."""
    try:
        fd = os.open(folder, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0))
    except OSError:
        return
    try:
        with contextlib.suppress(OSError):  # some file systems refuse: nothing more to do
            os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_file(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _disk_error(path: Path, exc: OSError) -> DiskError:
    """The one line for ``exc`` writing ``path``; the advice names
    ``SEARCHLAB_CACHE_DIR`` only for a file of the cache (not for a file the user
    named: a sheet, a report)."""
    reason = exc.strerror or str(exc)
    full = exc.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
    if not _in_cache(path):
        advice = (
            _("free some space there and run again")
            if full
            else _("make it writable or choose another place")
        )
    elif full:
        advice = _("free some space there or set SEARCHLAB_CACHE_DIR to another disk")
    else:
        advice = _("make it writable or set SEARCHLAB_CACHE_DIR to another directory")
    return DiskError(
        _("cannot write {path} ({reason}): {advice}").format(
            path=path, reason=reason, advice=advice
        )
    )


def _in_cache(path: Path) -> bool:
    """Whether ``path`` lies in searchlab's cache directory."""
    from searchlab.cache import cache_root

    try:
        return path.resolve().is_relative_to(cache_root().resolve())
    except (InputError, OSError, ValueError):
        return False


def is_special(path: Path) -> bool:
    """Whether ``path`` is an existing device, pipe or socket (what it points to, for a
    link), which :func:`atomic_write` writes in place instead of renaming over."""
    try:
        mode = path.stat().st_mode
    except (OSError, ValueError):
        return False
    return not (stat.S_ISREG(mode) or stat.S_ISDIR(mode))


def check_not_directory(path: Path) -> None:
    """A :class:`DiskError` when a folder sits where the file ``path`` belongs."""
    if path.is_dir() and not path.is_symlink():
        raise DiskError(
            _(
                "{path} is a folder where a file belongs: remove it "
                "(or run 'searchlab cache clear')"
            ).format(path=path)
            if _in_cache(path)
            else _("{path} is a folder: give a file name").format(path=path)
        )


SHORT_WRITE = re.compile(r"\d+ requested and \d+ written")
"""What NumPy's writers (``numpy.save``, ``ndarray.tofile``) raise, as an ``OSError``
without ``errno``, when the disk fills under them: a full disk, told as such."""


@contextlib.contextmanager
def atomic_write(path: Path | str) -> Iterator[Path]:
    """Write ``path`` atomically and durably: yields a temporary path in the same folder
    to write (with any writer: ``open``, :func:`numpy.save`, SQLite, a memory map), then
    on leaving flushes it to disk, renames it to ``path`` and flushes the folder.

    Guarantees: ``path`` is either untouched or wholly the new file, also after a kill or
    a power cut; if the block raises, the temporary file is removed and ``path`` left
    as it was. The folder is created if missing. An existing device or pipe
    (``/dev/null``) is written in place (:func:`is_special`): renaming over it would
    replace it with a file. An ``OSError`` of the place (no space,
    read-only, no permission: :data:`ENVIRONMENT_ERRNOS`) and a folder where ``path``
    belongs become one :class:`DiskError` line. A kill leaves the temporary file, named
    after this process (:func:`temp_name`), for :func:`sweep_stale`.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_write(folder / "a.txt") as tmp:
    ...     _ = tmp.write_text("hello")
    >>> (folder / "a.txt").read_text(), sorted(p.name for p in folder.iterdir())
    ('hello', ['a.txt'])
    """
    path = Path(path)
    check_not_directory(path)
    if is_special(path):  # a device or a pipe (``/dev/null``, ``/dev/stdout``): a rename
        try:  # would replace it with a file, so it is written in place
            yield path
        except OSError as exc:
            fault = _place_fault(path, exc)
            if fault is not None:
                raise fault from None
            raise
        return
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a folder that cannot be made is the place's fault
        raise _disk_error(path.parent, exc) from None
    tmp = temp_name(path)
    try:
        yield tmp
        _fsync_file(tmp)
        os.replace(tmp, path)
    except OSError as exc:
        fault = _place_fault(path, exc)
        if fault is not None:
            raise fault from None
        if isinstance(exc, IsADirectoryError):
            check_not_directory(path)
        raise
    finally:
        _remove_temporaries(tmp)
    fsync_dir(path.parent)


def _place_fault(path: Path, exc: OSError) -> DiskError | None:
    """The one line for ``exc`` met writing ``path`` when it is the place's fault
    (:data:`ENVIRONMENT_ERRNOS`, NumPy's short write counted as a full disk)."""
    if exc.errno is None and SHORT_WRITE.fullmatch(str(exc)):
        exc = OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    return _disk_error(path, exc) if exc.errno in ENVIRONMENT_ERRNOS else None


def _remove_temporaries(tmp: Path) -> None:
    """Remove ``tmp`` and the files named after it (a journal), if any are left."""
    with contextlib.suppress(OSError):
        for entry in tmp.parent.iterdir():
            if entry.name.startswith(tmp.name):
                with contextlib.suppress(OSError):
                    entry.unlink()


@contextlib.contextmanager
def atomic_open(path: Path | str, mode: str = "wb") -> Iterator[IO[Any]]:
    """:func:`atomic_write` for a writer that wants an open file: yields the temporary
    file opened with ``mode`` (``"wb"`` or ``"w"``, text in UTF-8), closed before the
    rename.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> with atomic_open(folder / "b.txt", "w") as f:
    ...     _ = f.write("line\\n")
    >>> (folder / "b.txt").read_text()
    'line\\n'
    """
    if mode not in ("wb", "w"):
        raise ValueError(f"atomic_open writes a new file: mode 'wb' or 'w', not {mode!r}")
    with atomic_write(path) as tmp:
        encoding = None if "b" in mode else "utf-8"
        with open(tmp, mode, encoding=encoding) as f:
            yield f


def sweep_stale(folder: Path | str) -> list[Path]:
    """Remove the temporary files (:func:`temp_name`) in ``folder`` whose writer is dead,
    and the lock files (:func:`build_lock`) a killed holder left; return what was removed.

    A living writer's files are kept (its pid answers), and a lock someone holds. Files
    that cannot be removed are skipped silently: sweeping is housekeeping, never a reason
    to fail.
    """
    folder = Path(folder)
    removed: list[Path] = []
    try:
        entries = list(folder.iterdir())
    except OSError:
        return removed
    alive: dict[int, bool] = {}
    for entry in entries:
        if entry.name.endswith(LOCK_SUFFIX):
            if _remove_unheld_lock(entry):
                removed.append(entry)
            continue
        pid = writer_pid(entry.name)
        if pid is None:
            continue
        if pid not in alive:
            alive[pid] = pid == os.getpid() or pid_alive(pid)
        if alive[pid]:
            continue
        try:
            if entry.is_dir() and not entry.is_symlink():
                import shutil

                shutil.rmtree(entry)
            else:
                entry.unlink()
        except OSError:
            continue
        removed.append(entry)
    return removed


def _remove_unheld_lock(lock: Path) -> bool:
    """Remove the lock file ``lock`` if nobody holds it (taken, then removed while held:
    :func:`build_lock`'s waiters then take the new file)."""
    import fcntl

    try:
        fd = os.open(lock, os.O_RDWR)
    except OSError:
        return False
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        if not _same_file(fd, lock):
            return False
        lock.unlink()
        return True
    except OSError:  # held (BlockingIOError), or not ours to remove
        return False
    finally:
        os.close(fd)


def free_space(folder: Path | str) -> int:
    """Bytes free for this user in ``folder``, or in its nearest existing ancestor."""
    here = Path(folder).absolute()
    while not here.exists() and here != here.parent:
        here = here.parent
    import shutil

    return shutil.disk_usage(here).free


def human_bytes(n: int) -> str:
    """``n`` bytes for a message: ``512 B``, ``1.5 KiB``, ``256.0 MiB``, ``2.1 GiB``."""
    value = float(n)
    for unit in ("B", "KiB", "MiB", "GiB"):
        if value < 1024 or unit == "GiB":
            return f"{int(value)} {unit}" if unit == "B" else f"{value:.1f} {unit}"
        value /= 1024
    raise AssertionError("unreachable")


def require_free_space(folder: Path | str, nbytes: int, what: str = "") -> None:
    """A one-line :class:`DiskError` when ``folder`` has fewer than ``nbytes`` free (plus
    a small margin for the file system's own blocks), before a write of known size.

    ``what`` (optional) names what would be written, for the message."""
    need = nbytes + (1 << 20)
    try:
        free = free_space(folder)
    except OSError:
        return  # nothing to measure: the write itself will say what is wrong
    if free >= need:
        return
    raise DiskError(
        _(
            "not enough free space in {folder}{what}: {need} needed, {free} free: free some "
            "space there or set SEARCHLAB_CACHE_DIR to another disk"
        ).format(
            folder=folder,
            what=f" ({what})" if what else "",
            need=human_bytes(need),
            free=human_bytes(free),
        )
    )


def notice(message: str) -> None:
    """Say ``message`` as one line of standard error: a fault found and dealt with (a
    damaged table rebuilt, a solve that fell back), which the answer on standard output
    does not show."""
    with contextlib.suppress(OSError, ValueError):  # no stderr left: the answer stands
        print(one_line(message), file=sys.stderr, flush=True)


def lock_wait(default: float) -> float:
    """How long :func:`build_lock` waits: ``SEARCHLAB_LOCK_WAIT`` seconds when set (the
    fault-injection tests hold a lock and want the answer soon), else ``default``."""
    try:
        value = float(os.environ.get("SEARCHLAB_LOCK_WAIT", ""))
    except ValueError:
        return default
    return value if value >= 0 else default


def lock_path(path: Path | str) -> Path:
    """The lock file of artifact ``path`` (:data:`LOCK_SUFFIX`)."""
    path = Path(path)
    return path.with_name(path.name + LOCK_SUFFIX)


def lock_holder(lock: Path) -> int | None:
    """The pid written in ``lock`` by its holder, None if unreadable."""
    try:
        text = lock.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isdigit() else None


@contextlib.contextmanager
def build_lock(
    path: Path | str,
    wait: float | None = None,
    on_wait: Callable[[int | None], None] | None = None,
    poll: float = 0.1,
) -> Iterator[None]:
    """Hold the exclusive build lock of artifact ``path`` (``<path>.lock``) for the block.

    If another process holds it, ``on_wait(pid)`` is called once (the holder's pid, None
    if not known) and the lock is tried every ``poll`` seconds for up to ``wait``
    seconds (None: :func:`lock_wait` of 60 seconds); then a :class:`LockHeldError` names
    the holder. The holder writes its pid in the lock file and removes the file when it
    is done (a waiter that locked the removed file tries again on the new one). The lock
    is the kernel's (``fcntl.flock``): it is released when the holder exits or is
    killed, so a dead builder never blocks the next (its file stays, unlocked).

    Use it as "lock, look again, build": the other process may have made the artifact
    while this one waited::

        with build_lock(path):
            if not usable(path):
                build(path)
    """
    import fcntl

    lock = lock_path(path)
    deadline = time.monotonic() + (lock_wait(60.0) if wait is None else wait)
    told = False
    while True:
        fd = _open_lock(lock)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            holder = lock_holder(lock)
            if not told and on_wait is not None:
                on_wait(holder)
            told = True
            if time.monotonic() >= deadline:
                raise LockHeldError(
                    _(
                        "{path} is being made by another process ({who}, lock {lock}): "
                        "wait for it to finish, or stop it and try again"
                    ).format(
                        path=Path(path).name,
                        who=_("pid {pid}").format(pid=holder)
                        if holder is not None
                        else _("pid unknown"),
                        lock=lock,
                    )
                ) from None
            time.sleep(poll)
            continue
        if _same_file(fd, lock):
            break
        os.close(fd)  # locked a file its holder had just removed: take the new one
    try:
        with contextlib.suppress(OSError):
            os.ftruncate(fd, 0)
            os.pwrite(fd, f"{os.getpid()}\n".encode("ascii"), 0)
        yield
    finally:
        with contextlib.suppress(OSError):
            lock.unlink()  # still held: a waiter that locked this file sees it gone
        os.close(fd)  # releases the lock


def _open_lock(lock: Path) -> int:
    try:
        lock.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:  # a folder that cannot be made is the place's fault
        raise _disk_error(lock.parent, exc) from None
    try:
        return os.open(lock, os.O_RDWR | os.O_CREAT, 0o644)
    except OSError as exc:
        if exc.errno in ENVIRONMENT_ERRNOS or isinstance(
            exc, (IsADirectoryError, NotADirectoryError)
        ):
            raise _disk_error(lock, exc) from None
        raise


def _same_file(fd: int, path: Path) -> bool:
    """Whether the open ``fd`` is still the file named ``path``."""
    try:
        st = os.stat(path)
    except OSError:
        return False
    mine = os.fstat(fd)
    return (st.st_dev, st.st_ino) == (mine.st_dev, mine.st_ino)
