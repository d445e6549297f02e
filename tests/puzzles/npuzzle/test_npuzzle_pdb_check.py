"""The pattern databases' checksums (:mod:`searchlab.puzzles.npuzzle.pdb_check`): any
change is found by the whole CRC, a stamp lets a settled table be trusted on a ``stat``,
and a fresh one is always hashed."""

from __future__ import annotations

import time
import zlib
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab import checksum as pdb_check  # the sidecar code, shared since issue 31
from searchlab.durable import DiskError
from searchlab.puzzles.npuzzle.pdb_check import check, crc_of, discard, seal, sum_path


def later(monkeypatch: pytest.MonkeyPatch) -> None:
    """Make every file look settled (changed long ago), so stamps are recorded."""
    monkeypatch.setattr(pdb_check, "_now_ns", lambda: time.time_ns() + 10 * pdb_check.SETTLED_NS)


@settings(max_examples=80, deadline=None)
@given(
    data=st.binary(min_size=1, max_size=5000),
    where=st.floats(min_value=0, max_value=1, exclude_max=True),
    flip=st.integers(min_value=1, max_value=255),
)
def test_any_changed_byte_is_found(
    tmp_path_factory: pytest.TempPathFactory, data: bytes, where: float, flip: int
) -> None:
    path = tmp_path_factory.mktemp("crc") / "t.npy"
    path.write_bytes(data)
    seal(path)
    assert check(path) is None and check(path, full=True) is None
    i = int(where * len(data))
    changed = bytearray(data)
    changed[i] ^= flip
    with path.open("r+b") as f:
        f.write(changed)
    assert check(path, full=True) == "its checksum does not match"
    assert check(path) == "its checksum does not match"  # a fresh file is always hashed


@given(st.binary(max_size=3000), st.integers(min_value=1, max_value=3000))
def test_crc_in_steps_is_zlib_s(data: bytes, step: int) -> None:
    saved = pdb_check._CHUNK
    try:
        pdb_check._CHUNK = step
        assert crc_of(data) == zlib.crc32(data)
    finally:
        pdb_check._CHUNK = saved


def test_a_settled_table_is_trusted_on_its_stamp(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "t.npy"
    path.write_bytes(b"table" * 100)
    later(monkeypatch)
    seal(path)
    hashed: list[Path] = []
    real = pdb_check.crc_of_file

    def counting(p: Path) -> int:
        hashed.append(p)
        return real(p)

    monkeypatch.setattr(pdb_check, "crc_of_file", counting)
    assert check(path) is None and hashed == []  # a stat, no hashing
    assert check(path, full=True) is None and hashed == [path]
    path.write_bytes(b"TABLE" * 100)  # same size, new content, new change time
    assert check(path) == "its checksum does not match" and len(hashed) == 2


def test_a_fresh_table_is_hashed_until_settled(tmp_path: Path) -> None:
    path = tmp_path / "t.npy"
    path.write_bytes(b"x" * 64)
    seal(path)
    assert '"stamp": []' in sum_path(path).read_text()  # too fresh to trust on a stat


def test_what_cannot_be_trusted(tmp_path: Path) -> None:
    path = tmp_path / "t.npy"
    path.write_bytes(b"x" * 64)
    assert check(path) == "no checksum: made by an earlier version, or its build was stopped"
    seal(path)
    sum_path(path).write_text("[1, 2]")
    assert check(path) == "its checksum file is unreadable"
    seal(path)
    path.write_bytes(b"x" * 10)
    assert check(path) == "10 bytes where 64 were written"
    discard(path)
    assert not path.exists() and not sum_path(path).exists()
    path.mkdir()
    with pytest.raises(DiskError):
        check(path)
    with pytest.raises(DiskError):
        discard(path)
    with pytest.raises(FileNotFoundError):
        check(tmp_path / "missing.npy")
