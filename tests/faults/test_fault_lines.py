"""The one line of each environmental fault (searchlab.faults), and the CLI's handler that
prints an ``OSError`` on a named file as one line with exit 2 (never "internal error")."""

from __future__ import annotations

import errno
import os
import sqlite3
from pathlib import Path

import click
import pytest

from searchlab.cli.exits import run_command
from searchlab.durable import DiskError, LockHeldError
from searchlab.errors import InputError
from searchlab.faults import lock_holders, os_fault, sqlite_fault
from tests.faults.conftest import holder


@pytest.mark.parametrize(
    ("code", "words"),
    [
        (errno.ENOSPC, "free some space"),
        (errno.EDQUOT, "free some space"),
        (errno.EROFS, "writable"),
        (errno.EACCES, "writable"),
        (errno.EISDIR, "in the way"),
        (errno.ENOTDIR, "in the way"),
        (errno.EIO, "check the disk"),
    ],
)
def test_each_place_fault_is_one_line_with_what_to_do(code: int, words: str) -> None:
    fault = os_fault(OSError(code, os.strerror(code), "/data/run.sqlite"))
    assert isinstance(fault, DiskError)
    line = str(fault)
    assert "\n" not in line and "/data/run.sqlite" in line and words in line


def test_a_program_error_is_not_called_the_place_s() -> None:
    assert os_fault(OSError(errno.EBADF, "Bad file descriptor", "/x")) is None
    assert os_fault(OSError(errno.ENOSPC, "No space left")) is None  # no file named


@pytest.mark.parametrize(
    ("message", "code", "kind", "words"),
    [
        ("database or disk is full", sqlite3.SQLITE_FULL, DiskError, "disk is full"),
        ("database is locked", sqlite3.SQLITE_BUSY, LockHeldError, "locked by"),
        ("attempt to write a readonly database", sqlite3.SQLITE_READONLY, DiskError, "read-only"),
        ("database disk image is malformed", sqlite3.SQLITE_CORRUPT, InputError, "damaged"),
        ("file is not a database", sqlite3.SQLITE_NOTADB, InputError, "damaged"),
        ("unable to open database file", sqlite3.SQLITE_CANTOPEN, DiskError, "cannot be opened"),
        ("disk I/O error", sqlite3.SQLITE_IOERR, DiskError, "refused"),
    ],
)
def test_each_sqlite_fault_is_one_line(
    tmp_path: Path, message: str, code: int, kind: type[InputError], words: str
) -> None:
    exc = sqlite3.OperationalError(message)
    exc.sqlite_errorcode = code
    fault = sqlite_fault(tmp_path / "r.sqlite", exc)
    assert isinstance(fault, kind)
    assert "\n" not in str(fault) and words in str(fault) and "r.sqlite" in str(fault)


def test_a_lock_s_holder_is_named(tmp_path: Path) -> None:
    path = tmp_path / "held"
    path.write_text("")
    code = (
        "import fcntl, os, time\n"
        f"fd = os.open({str(path)!r}, os.O_RDWR)\n"
        "fcntl.lockf(fd, fcntl.LOCK_EX)\n"
        "print('held', flush=True)\n"
        "time.sleep(600)\n"
    )
    with holder(code) as other:
        assert lock_holders(path) == [other.pid]
    assert lock_holders(path) == []


@pytest.mark.parametrize("code", [errno.ENOSPC, errno.EROFS, errno.EISDIR])
def test_the_cli_prints_a_place_fault_as_one_line_exit_2(
    code: int, capsys: pytest.CaptureFixture[str]
) -> None:
    @click.command()
    def writes() -> None:
        raise OSError(code, os.strerror(code), "/data/out.txt")

    assert run_command(writes, "searchlab", []) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("searchlab: error: ")
    assert "/data/out.txt" in err and "internal error" not in err
