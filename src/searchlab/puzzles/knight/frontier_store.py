"""Where the frontier count (:mod:`~searchlab.puzzles.knight.frontier`) keeps its
frontiers: in memory while they are small, otherwise in part files on disk read back
a chunk at a time, so that the memory a count uses is bounded by its budget and not
by the size of its frontier; and its checkpoints, one folder of part files per
saved cell (every finished column, and every long cell) behind a manifest.

A frontier is a list of :class:`Segment` (states of distinct keys across segments:
each holds one hash part of the keys). A checkpoint ``FILE`` is a JSON manifest
naming the folder ``FILE.cellNNN`` of its part files, each with its state count and
BLAKE2 checksum; the part files are written and fsynced before the manifest is
replaced (temporary file, fsync, rename, fsync of the folder), and the folder of the
previous checkpoint is removed only after that, so a crash at any moment leaves one
whole checkpoint. Work files of a count live in a folder named after its process;
what a dead process left is swept by the next count. One count at a time uses a
checkpoint (a lock file ``FILE.lock``).
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import json
import os
import shutil
import stat
import tempfile
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from searchlab.durable import fsync_dir
from searchlab.errors import InputError
from searchlab.i18n import _

MANIFEST_VERSION = 2


class CheckpointError(Exception):
    """A checkpoint could not be used (one line saying why)."""


class CheckpointBusy(Exception):
    """Another count (a live process) is using this checkpoint."""


def check_place(checkpoint: Path) -> None:
    """A one-line :class:`~searchlab.errors.InputError` unless ``checkpoint`` names a
    file that is a regular file or does not exist yet: a folder (``/``, ``/tmp``) or a
    device (``/dev/null``) would be found only at the first save, hours in, and a
    device would be replaced by the manifest (rename over it)."""
    try:
        kind = None if not checkpoint.name else checkpoint.lstat().st_mode
    except FileNotFoundError:
        return
    except OSError as exc:
        raise InputError(
            _("checkpoint {path}: {reason}").format(path=checkpoint, reason=exc.strerror or exc)
        ) from None
    if kind is None or stat.S_ISDIR(kind):
        raise InputError(
            _("checkpoint {path} is a folder: give a file name in it (e.g. {example})").format(
                path=checkpoint, example=checkpoint / "count.ckpt"
            )
        )
    if not stat.S_ISREG(kind):
        raise InputError(
            _("checkpoint {path} is not a regular file: give a file name").format(path=checkpoint)
        )


@contextlib.contextmanager
def locked(checkpoint: Path) -> Iterator[None]:
    """Holds the checkpoint's lock (``flock`` on ``FILE.lock``, released when the
    process ends, however it ends) for one count; :class:`CheckpointBusy` if another
    count holds it (two counts on one checkpoint would remove each other's files);
    first :func:`check_place`."""
    check_place(checkpoint)
    checkpoint.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(checkpoint.with_name(checkpoint.name + ".lock"), os.O_RDWR | os.O_CREAT, 0o644)
    try:
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            raise CheckpointBusy(str(checkpoint)) from None
        yield
    finally:
        os.close(fd)


@dataclass(slots=True)
class Segment:
    """``states`` frontier states with ``limbs``-limb counts: arrays in memory
    (``keys``, ``counts``) or the two files ``path + '.keys'`` and ``path + '.counts'``."""

    states: int
    limbs: int
    keys: np.ndarray | None = None
    counts: np.ndarray | None = None
    path: Path | None = None
    digest: str = ""

    @property
    def nbytes(self) -> int:
        """Bytes it takes (in memory or on disk)."""
        return self.states * 8 * (1 + self.limbs)

    def chunks(self, size: int) -> Iterator[tuple[np.ndarray, np.ndarray]]:
        """Its states, ``size`` at a time (files are read, not mapped: the memory
        held is one chunk)."""
        if self.keys is not None and self.counts is not None:
            for s in range(0, self.states, size):
                yield self.keys[s : s + size], self.counts[s : s + size]
            return
        assert self.path is not None
        with open(_keys(self.path), "rb") as fk, open(_counts(self.path), "rb") as fc:
            for s in range(0, self.states, size):
                n = min(size, self.states - s)
                keys = np.fromfile(fk, dtype=np.uint64, count=n)
                counts = np.fromfile(fc, dtype=np.uint64, count=n * self.limbs)
                if len(keys) != n or len(counts) != n * self.limbs:
                    raise OSError(f"frontier part {self.path} is shorter than recorded")
                yield keys, counts.reshape(n, self.limbs)

    def remove(self) -> None:
        """Deletes its files (if it has any)."""
        if self.path is not None:
            _keys(self.path).unlink(missing_ok=True)
            _counts(self.path).unlink(missing_ok=True)


def _keys(path: Path) -> Path:
    return path.with_name(path.name + ".keys")


def _counts(path: Path) -> Path:
    return path.with_name(path.name + ".counts")


def in_memory(keys: np.ndarray, counts: np.ndarray) -> Segment:
    """A segment holding (its own copy of) these states in memory."""
    return Segment(len(keys), counts.shape[1], keys.copy(), counts.copy())


def write(path: Path, keys: np.ndarray, counts: np.ndarray, durable: bool) -> Segment:
    """A segment of these states written to ``path``'s two files (fsynced if
    ``durable``), with their checksum."""
    h = hashlib.blake2b(digest_size=16)
    for target, data in ((_keys(path), keys), (_counts(path), counts)):
        data = np.ascontiguousarray(data)
        h.update(data.data)
        try:
            with open(target, "wb") as f:
                # file.write, not ndarray.tofile: on a full disk tofile raises an OSError
                # without errno ("N requested and M written"), which no one can explain.
                f.write(data.data)
                if durable:
                    f.flush()
                    os.fsync(f.fileno())
        except OSError as exc:  # name the file, so the fault is told in one line
            raise OSError(exc.errno, exc.strerror or str(exc), str(target)) from None
    return Segment(len(keys), counts.shape[1], path=path, digest=h.hexdigest())


def _file_digest(seg: Segment) -> str:
    assert seg.path is not None
    h = hashlib.blake2b(digest_size=16)
    for target in (_keys(seg.path), _counts(seg.path)):
        with open(target, "rb") as f:
            while block := f.read(1 << 24):
                h.update(block)
    return h.hexdigest()


def work_folder(checkpoint: Path | None) -> Path:
    """A new folder for a count's work files: next to its checkpoint, else in the
    system's temporary folder; named after this process (see :func:`sweep`)."""
    parent = checkpoint.parent if checkpoint is not None else Path(tempfile.gettempdir())
    stem = checkpoint.name if checkpoint is not None else "searchlab-knight"
    parent.mkdir(parents=True, exist_ok=True)
    return Path(tempfile.mkdtemp(prefix=f"{stem}.work-{os.getpid()}-", dir=parent))


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    return True


def sweep(checkpoint: Path | None) -> None:
    """Removes the work folders of dead counts (of this checkpoint, or of counts
    without one in the temporary folder) and a checkpoint's folders and temporary
    files its manifest does not name."""
    parent = checkpoint.parent if checkpoint is not None else Path(tempfile.gettempdir())
    stem = checkpoint.name if checkpoint is not None else "searchlab-knight"
    if not parent.is_dir():
        return
    for p in parent.glob(f"{stem}.work-*"):
        pid = p.name[len(stem) + 6 :].split("-", 1)[0]
        if pid.isdigit() and not _alive(int(pid)):
            shutil.rmtree(p, ignore_errors=True)
    if checkpoint is None:
        return
    named = _named_folder(checkpoint)
    for p in parent.glob(f"{stem}.cell*"):
        if p.name != named:
            shutil.rmtree(p, ignore_errors=True)
    for p in parent.glob(f"{stem}.*.tmp"):
        pid = p.name.split(".")[-2]
        if not (pid.isdigit() and _alive(int(pid))):
            p.unlink(missing_ok=True)


def _named_folder(checkpoint: Path) -> str | None:
    try:
        meta = json.loads(checkpoint.read_text())
        folder = meta["folder"]
        return folder if isinstance(folder, str) else None
    except (OSError, ValueError, KeyError, TypeError):
        return None


def checkpoint_folder(checkpoint: Path, done: int) -> Path:
    """The (new, empty) folder for the part files of the checkpoint after ``done``
    cells."""
    folder = checkpoint.with_name(f"{checkpoint.name}.cell{done:03d}")
    shutil.rmtree(folder, ignore_errors=True)
    folder.mkdir(parents=True)
    return folder


def save(checkpoint: Path, meta: dict[str, object], segments: list[Segment], folder: Path) -> None:
    """Makes the part files in ``folder`` (already written durably, with their
    checksums) the checkpoint: manifest replaced atomically, then the previous
    checkpoint's folder removed."""
    old = _named_folder(checkpoint)
    fsync_dir(folder)
    body = dict(meta)
    body["version"] = MANIFEST_VERSION
    body["folder"] = folder.name
    body["parts"] = [
        {"name": s.path.name, "states": s.states, "limbs": s.limbs, "digest": s.digest}
        for s in segments
        if s.path is not None
    ]
    text = json.dumps(body, sort_keys=True, indent=1)
    tmp = checkpoint.with_name(f"{checkpoint.name}.{os.getpid()}.tmp")
    try:
        with open(tmp, "w") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, checkpoint)
    except BaseException:
        tmp.unlink(missing_ok=True)
        raise
    fsync_dir(checkpoint.parent)
    if old is not None and old != folder.name:
        shutil.rmtree(checkpoint.parent / old, ignore_errors=True)


def load(checkpoint: Path, want: dict[str, object]) -> tuple[dict[str, object], list[Segment]]:
    """(manifest, segments on disk) of the checkpoint of this very count (``want``:
    the fields that must match), every part verified by size and checksum;
    :class:`CheckpointError` (one line) otherwise."""
    try:
        meta = json.loads(checkpoint.read_text())
        if not isinstance(meta, dict):
            raise TypeError("not an object")
        folder = checkpoint.parent / str(meta["folder"])
        segments = [
            Segment(
                int(p["states"]),
                int(p["limbs"]),
                path=folder / str(p["name"]),
                digest=str(p["digest"]),
            )
            for p in meta["parts"]
        ]
    except Exception as exc:  # any damage: unreadable, not JSON, fields missing
        raise CheckpointError(
            f"checkpoint {checkpoint} is damaged ({type(exc).__name__}); starting over"
        ) from None
    if any(meta.get(k) != v for k, v in {**want, "version": MANIFEST_VERSION}.items()):
        raise CheckpointError(f"checkpoint {checkpoint} is of another count; starting over")
    for seg in segments:
        assert seg.path is not None
        try:
            sizes = (_keys(seg.path).stat().st_size, _counts(seg.path).stat().st_size)
            good = sizes == (8 * seg.states, 8 * seg.states * seg.limbs) and (
                _file_digest(seg) == seg.digest
            )
        except OSError:
            good = False
        if not good:
            raise CheckpointError(f"checkpoint {checkpoint} fails its checksum; starting over")
    return meta, segments


def remove_folder(folder: Path | None) -> None:
    """Removes a work folder and what is in it."""
    if folder is not None:
        with contextlib.suppress(OSError):
            shutil.rmtree(folder)
