"""searchlab.durable: atomic writes that a kill cannot tear, stale temporaries swept,
free space asked for first, one builder at a time."""

from __future__ import annotations

import doctest
import errno
import os
import signal
import stat
import subprocess
import sys
import textwrap
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab import durable
from searchlab.durable import (
    TEMP_PREFIX,
    DiskError,
    LockHeldError,
    atomic_open,
    atomic_write,
    build_lock,
    human_bytes,
    lock_path,
    require_free_space,
    sweep_stale,
    temp_name,
    writer_pid,
)
from searchlab.errors import InputError


def test_doctests() -> None:
    assert doctest.testmod(durable).failed == 0


def _dead_pid() -> int:
    """The pid of a process that has exited (and been reaped)."""
    proc = subprocess.Popen([sys.executable, "-c", "pass"])
    proc.wait()
    return proc.pid


NAMES = st.text(
    alphabet=st.characters(whitelist_categories=("L", "N"), whitelist_characters="-_.[]*"),
    min_size=1,
    max_size=30,
).filter(lambda s: s not in (".", "..") and not s.startswith(TEMP_PREFIX))


@settings(max_examples=60, deadline=None)
@given(name=NAMES, old=st.binary(max_size=300) | st.none(), new=st.binary(max_size=3000))
def test_atomic_write_leaves_the_new_file_only(
    tmp_path_factory: pytest.TempPathFactory, name: str, old: bytes | None, new: bytes
) -> None:
    folder = tmp_path_factory.mktemp("aw")
    path = folder / name
    if old is not None:
        path.write_bytes(old)
    with atomic_write(path) as tmp:
        assert tmp.parent == folder and writer_pid(tmp.name) == os.getpid()
        assert tmp.name.endswith(name)  # numpy.save adds no suffix of its own
        tmp.write_bytes(new)
        assert path.read_bytes() == old if old is not None else not path.exists()
    assert path.read_bytes() == new
    assert sorted(p.name for p in folder.iterdir()) == [name]


@settings(max_examples=40, deadline=None)
@given(name=NAMES, old=st.binary(max_size=300), new=st.binary(max_size=300))
def test_a_failed_write_leaves_the_old_file(
    tmp_path_factory: pytest.TempPathFactory, name: str, old: bytes, new: bytes
) -> None:
    folder = tmp_path_factory.mktemp("fail")
    path = folder / name
    path.write_bytes(old)
    with pytest.raises(RuntimeError), atomic_write(path) as tmp:
        tmp.write_bytes(new)
        Path(str(tmp) + "-journal").write_bytes(b"j")  # a companion file goes too
        raise RuntimeError("the writer failed")
    assert path.read_bytes() == old
    assert sorted(p.name for p in folder.iterdir()) == [name]


def test_atomic_open_text_and_bytes(tmp_path: Path) -> None:
    with atomic_open(tmp_path / "t.txt", "w") as f:
        f.write("ñandú\n")
    with atomic_open(tmp_path / "b.bin") as f:
        f.write(b"\x00\x01")
    assert (tmp_path / "t.txt").read_text(encoding="utf-8") == "ñandú\n"
    assert (tmp_path / "b.bin").read_bytes() == b"\x00\x01"
    with pytest.raises(ValueError), atomic_open(tmp_path / "x", "a"):
        pass


def test_the_place_s_faults_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))  # files of the cache
    (tmp_path / "table.npy").mkdir()
    with (
        pytest.raises(DiskError, match="folder where a file belongs"),
        atomic_write(tmp_path / "table.npy"),
    ):
        pass
    with pytest.raises(DiskError, match="No space left") as info, atomic_write(tmp_path / "x"):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert isinstance(info.value, InputError) and "\n" not in str(info.value)
    assert "SEARCHLAB_CACHE_DIR" in str(info.value)
    with pytest.raises(DiskError, match="writable"), atomic_write(tmp_path / "x"):
        raise OSError(errno.EROFS, os.strerror(errno.EROFS))
    (tmp_path / "file").write_text("")
    with pytest.raises(DiskError), atomic_write(tmp_path / "file" / "inside"):
        pass
    assert sorted(p.name for p in tmp_path.iterdir()) == ["file", "table.npy"]


def test_numpy_s_short_write_is_a_full_disk(tmp_path: Path) -> None:
    """``numpy.save`` and ``ndarray.tofile`` on a full disk raise an ``OSError`` without
    errno ("N requested and M written": seen on a 100 KB tmpfs); that is a full disk,
    one line, not an internal error. Another errno-less OSError is left alone."""
    with pytest.raises(DiskError, match="No space left"), atomic_write(tmp_path / "t.npy"):
        raise OSError("800000 requested and 12784 written")
    with pytest.raises(OSError, match="something else") as info, atomic_write(tmp_path / "u"):
        raise OSError("something else")
    assert not isinstance(info.value, DiskError)
    assert list(tmp_path.iterdir()) == []


def test_a_file_the_user_named_gets_no_cache_advice(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A sheet or a report outside the cache: free space there, or another place; the
    cache's variable is no help there."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    with (
        pytest.raises(DiskError, match="free some space there") as info,
        atomic_write(tmp_path / "sheet.html"),
    ):
        raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
    assert "SEARCHLAB_CACHE_DIR" not in str(info.value)
    with pytest.raises(DiskError, match="choose another place"), atomic_write(tmp_path / "r"):
        raise OSError(errno.EACCES, os.strerror(errno.EACCES))


def test_a_device_is_written_in_place_never_replaced(tmp_path: Path) -> None:
    """``--sheet /dev/null`` renamed a file over /dev/null (as root: the device gone).
    A device or a pipe is written in place; a regular file still atomically."""
    with atomic_write(os.devnull) as target:
        assert str(target) == os.devnull
        target.write_text("discarded")
    assert Path(os.devnull).is_char_device()
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    import threading

    got: list[bytes] = []
    reader = threading.Thread(target=lambda: got.append(fifo.read_bytes()))
    reader.start()
    with atomic_write(fifo) as target:
        target.write_bytes(b"through the pipe")
    reader.join(10)
    assert got == [b"through the pipe"] and stat.S_ISFIFO(fifo.stat().st_mode)


def test_read_only_folder(tmp_path: Path) -> None:
    if os.geteuid() == 0:
        pytest.skip("root writes anywhere")
    folder = tmp_path / "ro"
    folder.mkdir()
    folder.chmod(0o500)
    try:
        with pytest.raises(DiskError, match="writable"), atomic_write(folder / "x") as tmp:
            tmp.write_bytes(b"1")
    finally:
        folder.chmod(0o700)


WRITER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from searchlab.durable import atomic_write
    with atomic_write(Path(sys.argv[1])) as tmp:
        with open(tmp, "wb") as f:
            f.write(b"half")
            f.flush()
            print("writing", flush=True)
            time.sleep(60)
    """
)


def test_a_kill_leaves_the_old_file_and_a_temporary_that_is_swept(tmp_path: Path) -> None:
    path = tmp_path / "artifact.bin"
    path.write_bytes(b"old")
    proc = subprocess.Popen(
        [sys.executable, "-c", WRITER, str(path)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "writing\n"
    left = [p for p in tmp_path.iterdir() if p.name.startswith(TEMP_PREFIX)]
    assert len(left) == 1 and writer_pid(left[0].name) == proc.pid
    assert sweep_stale(tmp_path) == []  # its writer is alive: kept
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert path.read_bytes() == b"old"
    assert sweep_stale(tmp_path) == left
    assert sorted(p.name for p in tmp_path.iterdir()) == ["artifact.bin"]


def test_sweep_keeps_the_living_and_the_unrelated(tmp_path: Path) -> None:
    dead = _dead_pid()
    mine = temp_name(tmp_path / "a.npy")
    theirs = temp_name(tmp_path / "b.npy", pid=dead)
    journal = Path(str(temp_name(tmp_path / "c.sqlite", pid=dead)) + "-journal")
    folder = tmp_path / f"{TEMP_PREFIX}{dead}-dir"
    for p in (mine, theirs, journal, tmp_path / "keep.npy", tmp_path / ".searchlab-tmp-x"):
        p.write_bytes(b"")
    folder.mkdir()
    (folder / "inner").write_bytes(b"")
    assert sorted(sweep_stale(tmp_path)) == sorted([theirs, journal, folder])
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted(
        [mine.name, "keep.npy", ".searchlab-tmp-x"]
    )
    assert sweep_stale(tmp_path / "missing") == []


@given(st.integers(min_value=0, max_value=2**62))
def test_human_bytes_is_short(n: int) -> None:
    text = human_bytes(n)
    assert len(text) <= 16 and text.split()[1] in ("B", "KiB", "MiB", "GiB")


def test_require_free_space(tmp_path: Path) -> None:
    require_free_space(tmp_path, 1024)
    require_free_space(tmp_path / "not" / "yet", 1024)  # measured at the nearest ancestor
    with pytest.raises(DiskError, match="not enough free space") as info:
        require_free_space(tmp_path, 2**62, "a table")
    message = str(info.value)
    assert "\n" not in message and "a table" in message and "SEARCHLAB_CACHE_DIR" in message


HOLDER = textwrap.dedent(
    """
    import sys, time
    from searchlab.durable import build_lock
    with build_lock(sys.argv[1]):
        print("held", flush=True)
        time.sleep(float(sys.argv[2]))
    """
)


def _hold(path: Path, seconds: float) -> subprocess.Popen[str]:
    proc = subprocess.Popen(
        [sys.executable, "-c", HOLDER, str(path), str(seconds)], stdout=subprocess.PIPE, text=True
    )
    assert proc.stdout is not None and proc.stdout.readline() == "held\n"
    return proc


def test_a_held_lock_names_its_holder_after_the_wait(tmp_path: Path) -> None:
    path = tmp_path / "table.npy"
    proc = _hold(path, 60)
    try:
        seen: list[int | None] = []
        t0 = time.monotonic()
        with pytest.raises(LockHeldError) as info, build_lock(path, wait=0.3, on_wait=seen.append):
            pass
        assert time.monotonic() - t0 >= 0.3
        assert seen == [proc.pid]
        assert str(proc.pid) in str(info.value) and "\n" not in str(info.value)
        assert isinstance(info.value, InputError)
    finally:
        proc.kill()
        proc.wait()
    with build_lock(path, wait=0):  # a killed holder holds nothing
        assert lock_path(path).read_text().strip() == str(os.getpid())
    assert not lock_path(path).exists()  # removed by its last holder


def test_the_second_builder_waits_for_the_first(tmp_path: Path) -> None:
    path = tmp_path / "table.npy"
    proc = _hold(path, 0.5)
    seen: list[int | None] = []
    t0 = time.monotonic()
    with build_lock(path, wait=30, on_wait=seen.append):
        assert time.monotonic() - t0 >= 0.3  # it waited for the first one to finish
        assert lock_path(path).read_text().strip() == str(os.getpid())
    assert seen == [proc.pid]
    proc.wait()


COUNTER = textwrap.dedent(
    """
    import sys, time
    from pathlib import Path
    from searchlab.durable import build_lock
    path = Path(sys.argv[1])
    for _ in range(int(sys.argv[2])):
        with build_lock(path, wait=60, poll=0.001):
            n = int(path.read_text()) if path.exists() else 0
            time.sleep(0.002)
            path.write_text(str(n + 1))
    """
)


def test_builders_take_turns(tmp_path: Path) -> None:
    """Three processes incrementing one file under the lock lose no increment (the lock
    file is removed and made again between them)."""
    path = tmp_path / "count"
    procs = [subprocess.Popen([sys.executable, "-c", COUNTER, str(path), "30"]) for _ in range(3)]
    assert [p.wait() for p in procs] == [0, 0, 0]
    assert path.read_text() == "90"


def test_sweep_removes_a_killed_holder_s_lock_but_not_a_held_one(tmp_path: Path) -> None:
    held, left = tmp_path / "held.npy", tmp_path / "left.npy"
    proc = _hold(left, 60)
    proc.kill()
    proc.wait()
    assert lock_path(left).exists()  # a kill leaves the file (unlocked)
    holder = _hold(held, 60)
    try:
        assert sweep_stale(tmp_path) == [lock_path(left)]
        assert lock_path(held).exists()
    finally:
        holder.kill()
        holder.wait()


def test_lock_wait_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SEARCHLAB_LOCK_WAIT", "2.5")
    assert durable.lock_wait(60) == 2.5
    for junk in ("", "soon", "-1"):
        monkeypatch.setenv("SEARCHLAB_LOCK_WAIT", junk)
        assert durable.lock_wait(60) == 60


def test_notice_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    durable.notice("table damaged\nrebuilding it " + "x" * 1000)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("table damaged rebuilding it")


def test_a_folder_that_cannot_be_made_is_one_line(tmp_path: Path) -> None:
    place = Path("/proc/searchlab-cannot-be-here")
    with pytest.raises(DiskError), atomic_write(place / "x"):
        pass
    with pytest.raises(DiskError), build_lock(place / "x"):
        pass


def test_a_folder_in_the_lock_s_place(tmp_path: Path) -> None:
    lock_path(tmp_path / "t").mkdir()
    with pytest.raises(DiskError), build_lock(tmp_path / "t"):
        pass
