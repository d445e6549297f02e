"""The cached pattern databases as the family's artifacts (capability *cached*:
``searchlab cache verify`` lists them, checks each by its whole checksum and rebuilds
the damaged ones).

A table's file name says how to rebuild it (:func:`~.pdb.pdb_path`): board size,
pattern, and layout (``-blank``: mixed radix with the blank; ``-goal<cell>``: searched
from that blank cell; ``-rank4``/``-rank3``: ranked, four or three bits an entry;
``-rank``: ranked, a byte an entry, which is rebuilt four bits an entry); the zero-aware
tables (:mod:`.zpdb`: ``zpdb-...-goal<cell>-z4``/``-z8``, four bits or a byte an entry,
and ``-z1``, one bit, :mod:`.zpdb_bits`) likewise.
"""

from __future__ import annotations

import re
from pathlib import Path

from searchlab.durable import DiskError
from searchlab.families.contract import Artifact
from searchlab.i18n import N_, _

from .pdb import cache_dir, load_pdb, pdb_path, sweep
from .pdb_check import check, discard

_NAME = re.compile(r"pdb-(\d+)x\1-(\d+(?:_\d+)*)(?:-goal(\d+))?(-rank3|-rank4|-rank|-blank)?\.npy")
_ZNAME = re.compile(r"zpdb-(\d+)x\1-(\d+(?:_\d+)*)-goal(\d+)-z([148])\.npy")
MISSING = N_("missing")


def _rebuild(size: int, pattern: tuple[int, ...], kind: str, blank: int | None) -> Path:
    """Build the table described by a file name again; returns where it now lives."""
    ranked = kind.startswith("-rank")
    pack3 = kind == "-rank3"
    with_blank = kind == "-blank"
    load_pdb(size, pattern, with_blank=with_blank, ranked=ranked, blank=blank, pack3=pack3)
    return pdb_path(size, pattern, None, with_blank, ranked, ranked, blank, pack3)


def _artifact(path: Path) -> Artifact | None:
    m = _NAME.fullmatch(path.name)
    if m is None:
        return None
    size = int(m[1])
    pattern = tuple(int(c) for c in m[2].split("_"))
    blank = int(m[3]) if m[3] is not None else None
    kind = m[4] or ""
    if kind != "-blank" and not kind.startswith("-rank") and blank is not None:
        return None
    successor = pdb_path(size, pattern, path.parent, kind == "-blank", True, True, blank)

    def verify() -> str | None:
        return _verdict(successor if kind == "-rank" and not path.exists() else path)

    def heal() -> None:
        discard(path)
        _rebuild(size, pattern, kind, blank)

    rebuildable = 2 <= size <= 5 and all(0 <= c < size * size for c in pattern)
    return Artifact(f"{path.parent.name}/{path.name}", path, verify, heal if rebuildable else None)


def _verdict(path: Path) -> str | None:
    """None when the table at ``path`` passes its full check, else why not (one line)."""
    try:
        return check(path, full=True)
    except FileNotFoundError:
        return _(MISSING)
    except (DiskError, OSError) as exc:
        return str(exc)


def _zero_artifact(path: Path) -> Artifact | None:
    """A zero-aware table's artifact (its rebuild: :func:`~.zpdb.load_zpdb`, or for one
    bit an entry :func:`~.zpdb_bits.load_bits`)."""
    m = _ZNAME.fullmatch(path.name)
    if m is None:
        return None
    size, blank, kind = int(m[1]), int(m[3]), m[4]
    pattern = tuple(int(c) for c in m[2].split("_"))

    def verify() -> str | None:
        return _verdict(path)

    def heal() -> None:
        from .zpdb import load_zpdb
        from .zpdb_bits import load_bits

        discard(path)
        if kind == "1":
            load_bits(size, pattern, blank, path.parent)
        else:
            load_zpdb(size, pattern, blank, directory=path.parent)

    cells = size * size
    rebuildable = 3 <= size <= 5 and all(0 < c < cells for c in pattern) and blank < cells
    return Artifact(f"{path.parent.name}/{path.name}", path, verify, heal if rebuildable else None)


def cache_artifacts() -> list[Artifact]:
    """The pattern databases in the cache now (after sweeping what dead builders left),
    each with its :func:`~.pdb_check.check` by whole CRC and its rebuild."""
    folder = cache_dir()
    if not folder.is_dir():
        return []
    sweep(folder)
    found = [_artifact(p) for p in sorted(folder.glob("pdb-*.npy"))]
    found += [_zero_artifact(p) for p in sorted(folder.glob("zpdb-*.npy"))]
    return [a for a in found if a is not None]
