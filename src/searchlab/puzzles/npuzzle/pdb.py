"""Additive disjoint pattern databases (Korf & Felner 2002), built with NumPy or Numba
and cached.

A pattern is a set of goal cells; its tiles are the tiles whose goal is one of
those cells. The database stores, for every placement of the pattern tiles,
the fewest moves **of pattern tiles** needed to bring them home, the other
tiles being indistinguishable and their moves free. Because each move moves a
single tile, the values of disjoint patterns add up to an admissible
heuristic (Korf & Felner, "Disjoint pattern database heuristics", Artificial
Intelligence 134, 2002).

Layout (the performance trick): a placement is indexed by the mixed-radix
number ``sum(pos[i] * cells**i)`` over the pattern tiles in pattern order, so a
move of tile ``i`` from cell ``a`` to ``b`` changes the index by
``(b - a) * cells**i``: the IDA* solver updates it in O(1) without unranking.
The table is sparse (placements with two tiles on one cell stay 255) but needs
no ranking, e.g. 16**6 bytes = 16 MiB for a 6-tile pattern.

Building: a 0-1 breadth-first search over (placement, blank cell) states,
level by level in NumPy arrays (blank moves into a non-pattern cell cost 0,
moves of a pattern tile cost 1), then the minimum over blank cells.

Ranked layout (:data:`RANKED` partitions: 7-8, 6-6-6-6): a placement is
indexed by its :func:`~.pdb_index.rank`, ``perm(cells, k)`` entries with no blank and no
hole, e.g. 518,918,400 bytes for the 15-puzzle's 8-tile pattern where the
mixed-radix layout needs 16**8 = 4 GiB; the search recomputes the rank of the
one pattern a move changes. On boards of up to 16 cells those tables are built
straight into their packed form (:func:`pack_ranked`) by
:func:`~searchlab.puzzles.npuzzle.pdb_build.build_packed` (two bits a blank region,
about 0.95 GB for the 8-tile pattern, on two threads); on larger boards by the compiled
:func:`~searchlab.puzzles.npuzzle.kernel.build_ranked` (a word a placement), then
packed. A built table is returned memory-mapped from its cache file. The solvers
search with a three-bit copy made from the packed table (:func:`pack3_ranked`,
``load_pdb(..., pack3=True)``): the same values in three quarters of the memory.

Every cached table carries a checksum, checked when it is read (:mod:`.pdb_check`); a
damaged one is rebuilt, never searched with.
"""

from __future__ import annotations

import contextlib
import math
import os
import re
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from searchlab.cache import cache_root, ensure_writable
from searchlab.durable import (
    atomic_write,
    build_lock,
    lock_wait,
    notice,
    pid_alive,
    require_free_space,
    sweep_stale,
)
from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name

from .partitions import DEFAULT_PARTITION as DEFAULT_PARTITION
from .partitions import DEFAULTS as DEFAULTS
from .partitions import PARTITIONS as PARTITIONS
from .partitions import RANKED as RANKED
from .pdb_check import check, crc_of_file, discard, seal, sum_path
from .pdb_index import pack3_base, packed_length

if TYPE_CHECKING:  # NumPy loads when a database is built or read, not on import
    import numpy as np

Progress = Callable[[int, int], None]
"""``progress(states_done, states_total)`` callback while building."""


def cache_dir() -> Path:
    """Where databases are cached: ``$SEARCHLAB_CACHE_DIR`` or the user cache dir."""
    return cache_root() / folder_name(__name__)


def pdb_path(
    size: int,
    pattern: Sequence[int],
    directory: Path | None = None,
    with_blank: bool = False,
    ranked: bool = False,
    packed: bool = False,
    blank: int | None = None,
    pack3: bool = False,
) -> Path:
    """The cache file of the database of ``pattern`` (goal cells) on a ``size x size`` board
    (``packed``: the ranked table packed by :func:`pack_ranked`, ``-rank4``; ``pack3``:
    three bits an entry, :func:`pack3_ranked`, ``-rank3``; ``blank``: a ranked
    table searched from the blank's goal cell ``blank`` only, ``-goal<cell>`` in its
    name, where the tables of earlier versions, blank anywhere, have none)."""
    name = f"pdb-{size}x{size}-" + "_".join(str(c) for c in pattern)
    if ranked:
        if blank is not None:
            name += f"-goal{blank}"
        name += "-rank3.npy" if pack3 else "-rank4.npy" if packed else "-rank.npy"
    else:
        name += "-blank.npy" if with_blank else ".npy"
    return (directory or cache_dir()) / name


def table_length(
    size: int, k: int, with_blank: bool = False, ranked: bool = False, packed: bool = False
) -> int:
    """The number of bytes of a ``k``-tile database in a layout."""
    cells = size * size
    if ranked:
        return packed_length(cells, k) if packed else math.perm(cells, k)
    return int(cells ** (k + with_blank))


def build_pdb(
    size: int,
    pattern: Sequence[int],
    progress: Progress | None = None,
    with_blank: bool = False,
    ranked: bool = False,
    blank: int | None = None,
) -> np.ndarray:
    """Build the additive database of ``pattern`` (goal cells of its tiles).

    With ``ranked`` the table is indexed by :func:`~.pdb_index.rank` (``perm(cells, k)``
    entries, no blank, one byte an entry) and built by the compiled
    :func:`~searchlab.puzzles.npuzzle.kernel.build_ranked` (a breadth-first
    search over (placement, blank region) pairs: 2.6 GB and a few minutes for the
    15-puzzle's 8-tile pattern; :func:`load_pdb` builds the packed table of a board of
    up to 16 cells with :func:`~.pdb_build.build_packed` instead, in 0.95 GB).
    Otherwise the same compiled search, laid out in the mixed-radix index
    (:func:`~searchlab.puzzles.npuzzle.kernel.build_radix`; :func:`build_pdb_numpy`
    for boards it does not take). It returns a ``uint8`` array of length
    ``cells**k`` (``k = len(pattern)``), indexed by ``sum(pos[i] * cells**i)``;
    255 marks impossible placements.
    With ``with_blank`` the array keeps the blank's cell as a last digit
    (length ``cells**(k+1)``, index ``+ blank * cells**k``): the fewest
    pattern-tile moves given where the blank is, never smaller than the
    minimum over blank cells and still additive across disjoint patterns
    (each move still moves one tile of one pattern).
    Time and memory are O(cells**(k+1)) for the layout plus the ranked search's
    (a 6-tile pattern on 4x4 with the blank: 268 MB, seconds; NumPy's 0-1 BFS took
    1.6 GB and a minute).
    """
    cells = size * size
    k = len(pattern)
    if len(set(pattern)) != k or not all(0 <= c < cells for c in pattern) or k == 0:
        raise InputError(
            _("a pattern is a list of distinct cells of the {size}x{size} board").format(size=size)
        )
    if ranked:
        from .kernel import build_ranked

        return build_ranked(size, pattern, progress, blank=blank)
    if cells <= 32 and 3 * (cells - k) <= 64:
        from .kernel import build_radix

        return build_radix(size, pattern, progress, with_blank)
    return build_pdb_numpy(size, pattern, progress, with_blank)


def build_pdb_numpy(
    size: int,
    pattern: Sequence[int],
    progress: Progress | None = None,
    with_blank: bool = False,
) -> np.ndarray:
    """:func:`build_pdb`'s mixed-radix tables by a 0-1 breadth-first search in NumPy
    arrays (the method below): the reference the compiled builder is tested against,
    and the builder of patterns it does not take (more than 21 free cells)."""
    import numpy as np

    cells = size * size
    k = len(pattern)
    space = cells ** (k + 1)
    if space > 2**31:
        raise InputError(
            _("pattern of {k} tiles on {size}x{size} is too large to build").format(k=k, size=size)
        )
    total = math.perm(cells, k + 1)
    dist = np.full(space, 255, dtype=np.uint8)
    radix = np.array([cells**i for i in range(k)], dtype=np.int64)
    blank_w = cells**k
    goal_index = int(sum(c * cells**i for i, c in enumerate(pattern)))
    free = [c for c in range(cells) if c not in pattern]
    frontier = np.array([goal_index + c * blank_w for c in free], dtype=np.int64)
    dist[frontier] = 0
    done = 0
    nbr = np.full((4, cells), -1, dtype=np.int64)
    for c in range(cells):
        r, q = divmod(c, size)
        for d, (dr, dq) in enumerate(((-1, 0), (1, 0), (0, -1), (0, 1))):
            if 0 <= r + dr < size and 0 <= q + dq < size:
                nbr[d, c] = (r + dr) * size + q + dq
    level = 0
    while frontier.size:
        next_level: list[np.ndarray] = []
        while frontier.size:  # closure under free blank moves at this level
            done += frontier.size
            if progress is not None:
                progress(min(done, total), total)
            same_level: list[np.ndarray] = []
            for lo in range(0, frontier.size, _CHUNK):
                _expand(
                    frontier[lo : lo + _CHUNK],
                    nbr,
                    radix,
                    blank_w,
                    cells,
                    dist,
                    same_level,
                    next_level,
                )
            kids = _new_states(same_level, dist, frontier[:0])
            dist[kids] = level
            frontier = kids
        level += 1
        if not next_level:
            break
        kids = _new_states(next_level, dist, frontier[:0])
        dist[kids] = level
        frontier = kids
    if progress is not None:
        progress(total, total)
    if with_blank:
        return dist
    table: np.ndarray = dist.reshape(cells, cells**k).min(axis=0)
    return table


_CHUNK = 1 << 22


def _expand(
    frontier: np.ndarray,
    nbr: np.ndarray,
    radix: np.ndarray,
    blank_w: int,
    cells: int,
    dist: np.ndarray,
    same_level: list[np.ndarray],
    next_level: list[np.ndarray],
) -> None:
    """Append the children of ``frontier`` reached by a free blank move to ``same_level``
    and those reached by moving a pattern tile to ``next_level``."""
    blank = frontier // blank_w
    rest = frontier - blank * blank_w
    pos = (rest[:, None] // radix[None, :]) % cells
    for d in range(4):
        nb = nbr[d][blank]
        ok = nb >= 0
        if not ok.any():
            continue
        f, b_, nb_, p = frontier[ok], blank[ok], nb[ok], pos[ok]
        hit = p == nb_[:, None]
        moved = hit.any(axis=1)
        blank_step = (nb_ - b_) * blank_w
        free_kids = f[~moved] + blank_step[~moved]
        same_level.append(free_kids[dist[free_kids] == 255])
        tile_step = ((b_[moved] - nb_[moved])[:, None] * radix[None, :] * hit[moved]).sum(axis=1)
        tile_kids = f[moved] + blank_step[moved] + tile_step
        next_level.append(tile_kids[dist[tile_kids] == 255])


def _new_states(parts: list[np.ndarray], dist: np.ndarray, empty: np.ndarray) -> np.ndarray:
    """The distinct unvisited indices among ``parts`` (filter first, then sort and drop repeats)."""
    import numpy as np

    if not parts:
        return empty
    kids = np.concatenate(parts)
    kids = np.sort(kids[dist[kids] == 255])
    if kids.size > 1:
        kids = kids[np.concatenate(([True], kids[1:] != kids[:-1]))]
    return kids


def load_pdb(
    size: int,
    pattern: Sequence[int],
    progress: Progress | None = None,
    directory: Path | None = None,
    build: bool = True,
    with_blank: bool = False,
    ranked: bool = False,
    blank: int | None = None,
    pack3: bool = False,
) -> np.ndarray:
    """The database of ``pattern`` from the cache (memory-mapped, read-only), building
    and caching it if missing (then also returned memory-mapped: the resident pages are
    the ones a search touches). A ranked table is built packed by
    :func:`~.pdb_build.build_packed` where it can, else by :func:`build_pdb` and packed.

    With ``build=False`` a missing database raises ``FileNotFoundError``. ``blank``
    (ranked tables only): the blank's goal cell, the search starting from its region
    only (:func:`~.pdb_build.build_packed`); None: the blank anywhere. With ``pack3``
    a ranked table is returned three bits an entry (:func:`pack3_ranked`, its own cache
    file, made from the packed one once, in seconds, unless ``build=False``: then the
    packed one is returned).

    What is on disk is not trusted blindly (issue 31): a cached table is returned only
    once verified by its checksum (:func:`trusted`); one that cannot be trusted is said
    on stderr, removed and rebuilt. A build sweeps what dead builders left
    (:func:`sweep`), holds the table's build lock (a second process waits, then uses the
    table made: :data:`BUILD_WAIT`), asks for the free space the table needs before it
    starts, and writes the table with its checksum (:func:`write_table`).
    """
    import numpy as np

    k = len(pattern)
    if pack3 and ranked and not with_blank:
        path = pdb_path(size, pattern, directory, ranked=True, blank=blank, pack3=True)
        found = _load_pack3(path, size, pattern, build)
        if found is not None:
            return found
        four = load_pdb(size, pattern, progress, directory, build, False, True, blank)
        if not build or len(four) != packed_length(size * size, k):
            return four
        with _building(path):
            found = _load_pack3(path, size, pattern, build)  # made while this one waited
            if found is not None:
                return found
            ensure_writable(path.parent)
            require_free_space(path.parent, pack3_base(size * size, k), path.name)
            made = pack3_ranked(size, pattern, four, path)
        del four
        return made
    found = _cached(size, pattern, directory, with_blank, ranked, blank, build)
    if found is not None:
        return found
    path = pdb_path(size, pattern, directory, with_blank, ranked, ranked, blank)
    if not build:
        raise FileNotFoundError(path)
    with _building(path):
        found = _cached(size, pattern, directory, with_blank, ranked, blank, build)
        if found is not None:  # built by another process while this one waited
            return found
        ensure_writable(path.parent)  # before the build, not after a minute of it
        need = table_length(size, k, with_blank, ranked, packed=ranked)
        require_free_space(path.parent, need, path.name)
        compact = None
        if ranked and not with_blank:
            from .pdb_build import build_packed

            compact = build_packed(size, pattern, progress, blank)
        if compact is not None:
            table = compact
        else:
            table = build_pdb(size, pattern, progress, with_blank, ranked, blank)
            if ranked:
                packed_table = pack_ranked(size, pattern, table)
                if packed_table is not None:
                    table = packed_table
                else:
                    path = pdb_path(size, pattern, directory, with_blank, ranked, False, blank)
        save_table(path, table)
        del table  # resident no longer: the file's pages, mapped, are what a search touches
    mapped: np.ndarray = np.load(path, mmap_mode="r")
    return mapped


BUILD_WAIT = 1800.0
"""Seconds a build waits for another process building the same table (a 7-8 table takes
minutes) before saying which process holds it (``SEARCHLAB_LOCK_WAIT`` overrides)."""

UNTRUSTED_REBUILD = N_("{file} cannot be trusted ({reason}): rebuilding it")
UNTRUSTED_REMOVED = N_("{file} cannot be trusted ({reason}): removed (built again when needed)")
WAITING = N_("waiting for process {pid}, which is building {file}")


def distrust(
    path: Path, reason: str, rebuild: bool, removed: str = UNTRUSTED_REMOVED, partition: str = ""
) -> None:
    """Say on one line of stderr that the table at ``path`` cannot be trusted, and why,
    and remove it (with its sidecar): ``rebuild`` says it is being rebuilt, else
    ``removed`` (a template with ``{file}``, ``{reason}`` and maybe ``{partition}``)."""
    with contextlib.suppress(PermissionError):  # kept, unused: a rebuild says why it cannot
        discard(path)
    template = UNTRUSTED_REBUILD if rebuild else removed
    notice(_(template).format(file=path.name, reason=reason, partition=partition))


def trusted(
    path: Path,
    rebuild: bool,
    full: bool = False,
    removed: str = UNTRUSTED_REMOVED,
    partition: str = "",
) -> bool:
    """Whether a table is cached at ``path`` and verified (:func:`.pdb_check.check`,
    ``full``: its CRC whatever its stamp); one that cannot be trusted is removed and
    said (:func:`distrust`)."""
    if not os.path.lexists(path):
        return False
    try:
        reason = check(path, full)
    except FileNotFoundError:  # a dangling link, or removed meanwhile
        return False
    except PermissionError as exc:
        reason = exc.strerror or str(exc)
    if reason is None:
        return True
    distrust(path, reason, rebuild, removed, partition)
    return False


_LEGACY_TEMP = re.compile(r".*\.tmp(\d+)\.npy$")
"""The temporary files of earlier versions' writers (``<table>.tmp<pid>.npy``)."""


def sweep(directory: Path | None = None) -> list[Path]:
    """Remove the temporary files of table writers that died (this version's, named by
    :func:`~searchlab.durable.temp_name`, and earlier versions' ``.tmp<pid>.npy``);
    returns what was removed."""
    folder = directory or cache_dir()
    removed = sweep_stale(folder)
    with contextlib.suppress(OSError):
        for entry in folder.iterdir():
            m = _LEGACY_TEMP.fullmatch(entry.name)
            if m and not pid_alive(int(m[1])):
                with contextlib.suppress(OSError):
                    entry.unlink()
                    removed.append(entry)
    return removed


@contextlib.contextmanager
def _building(path: Path) -> Iterator[None]:
    """Hold the build lock of the table at ``path`` (saying once whom it waits for),
    after sweeping what dead builders left; a cache that cannot be written is said first
    (:func:`~searchlab.cache.ensure_writable`)."""
    ensure_writable(path.parent)
    sweep(path.parent)

    def on_wait(pid: int | None) -> None:
        notice(_(WAITING).format(pid=pid if pid is not None else "?", file=path.name))

    with build_lock(path, wait=lock_wait(BUILD_WAIT), on_wait=on_wait):
        yield


def _cached(
    size: int,
    pattern: Sequence[int],
    directory: Path | None,
    with_blank: bool,
    ranked: bool,
    blank: int | None,
    build: bool,
) -> np.ndarray | None:
    """The verified table of ``pattern`` from the cache, memory-mapped (a ranked one
    packed first, then a byte an entry), None if none is."""
    import numpy as np

    k = len(pattern)
    for packed in (True, False) if ranked else (False,):
        path = pdb_path(size, pattern, directory, with_blank, ranked, packed, blank)
        if not trusted(path, build):
            continue
        try:
            # Memory-mapped, not read: the pages are the operating system's file cache,
            # shared by every solve and every process, and only the ones a search
            # touches are read from disk.
            table: np.ndarray = np.load(path, mmap_mode="r")
        except (OSError, ValueError):
            continue
        if table.shape == (table_length(size, k, with_blank, ranked, packed),):
            return table
    return None


def pack_ranked(size: int, pattern: Sequence[int], table: np.ndarray) -> np.ndarray | None:
    """A ranked table in half the bytes, or None if it does not fit.

    Entry ``r`` keeps ``(value - md) / 2`` in four bits (the low half of byte
    ``r // 2`` for even ``r``), ``md`` being the Manhattan distance of the pattern's
    tiles in placement ``r``: a tile's moves have the parity of its Manhattan
    distance and are never fewer, so the difference is even and non-negative, and it
    is at most 30 in every table of :data:`PARTITIONS` (checked here: None
    otherwise). The search adds the Manhattan distance back
    (:func:`~searchlab.puzzles.npuzzle.kernel.value`), so the heuristic is the same,
    held in half the memory: 259 MB instead of 519 MB for the 15-puzzle's 8-tile
    pattern (Korf & Felner 2002 held theirs in 4 bits an entry too).
    """
    import numpy as np

    from .kernel import _pack

    out = np.zeros((len(table) + 1) // 2, dtype=np.uint8)
    goal = np.array(pattern, dtype=np.int64)
    ok = _pack(np.asarray(table), out, goal, size)
    return out if ok else None


def pack3_ranked(
    size: int, pattern: Sequence[int], packed: Any, path: Path | None = None
) -> np.ndarray:
    """The packed ranked table ``packed`` (:func:`pack_ranked`) in three bits an entry,
    the same values: 195 MB instead of 259 MB for the 15-puzzle's 8-tile pattern.

    Entry ``q = (value - md) / 2`` is at most 9 in the 15-puzzle's 7-8 tables (7 in
    the 7-tile one; at most 5 in the 24-puzzle's 6-6-6-6 tables): the few of 7 or more
    (27,113 of 518,918,400 for the 8-tile pattern) get the escape code 7 and a
    five-byte record in an exception list after the codes
    (:func:`~.pdb_index.read3` says how they are read). Values mod 3 (Breyer & Korf,
    "1.6-bit pattern databases", AAAI 2010) would need every move to change a table's
    value by at most one; in these tables (the fewest moves over every blank region, the
    real blank's region not known to the table) 3% of the moves change the 7-tile
    table's value by 3 to 7, 4% the 8-tile table's by 3 to 9
    (``benchmarks/npuzzle_pdb_moves.py``), so a child's value cannot be recovered from
    its parent's. With ``path`` the table is written there
    (through a memory-mapped file, :func:`write_table`) and returned memory-mapped.
    """
    import numpy as np

    from .kernel_pack3 import pack3
    from .pdb_index import pack3_base

    cells = size * size
    k = len(pattern)
    total = math.perm(cells, k)
    nib = np.frombuffer(packed, dtype=np.uint8)  # bytes, memory views and arrays alike
    base = pack3_base(cells, k)
    if path is None:
        out: np.ndarray = pack3(nib, total, base, lambda n: np.zeros(n, dtype=np.uint8))
        return out

    def write(tmp: Path) -> None:
        written = pack3(
            nib,
            total,
            base,
            lambda n: np.lib.format.open_memmap(tmp, mode="w+", dtype=np.uint8, shape=(n,)),
        )
        if isinstance(written, np.memmap):
            written.flush()
        del written

    write_table(path, write)
    mapped: np.ndarray = np.load(path, mmap_mode="r")
    return mapped


def _load_pack3(path: Path, size: int, pattern: Sequence[int], rebuild: bool) -> np.ndarray | None:
    """The verified three-bit table cached at ``path``, memory-mapped (None if missing,
    not one, or not to be trusted: then removed, ``rebuild`` saying it is remade)."""
    import numpy as np

    from .pdb_index import is_pack3

    if not trusted(path, rebuild):
        return None
    try:
        table: np.ndarray = np.load(path, mmap_mode="r")
    except (OSError, ValueError):
        return None
    ok = table.dtype == np.uint8 and table.ndim == 1 and is_pack3(size * size, pattern, table)
    return table if ok else None


def save_table(path: Path, table: np.ndarray) -> None:
    """Write ``table`` as a ``.npy`` file, atomically and durably, with its checksum
    (:func:`write_table`)."""
    import numpy as np

    write_table(path, lambda tmp: np.save(tmp, table))


def write_table(path: Path, write: Callable[[Path], None]) -> None:
    """Make the table at ``path`` with ``write(temporary_path)``: written through a
    temporary file, flushed and renamed (:func:`~searchlab.durable.atomic_write`), then
    its checksum sidecar (:func:`~.pdb_check.seal`), the CRC computed from the written
    file. The old sidecar goes first, so a kill in between leaves a table without one:
    rebuilt, never trusted."""
    sum_path(path).unlink(missing_ok=True)
    with atomic_write(path) as tmp:
        write(tmp)
        crc = crc_of_file(tmp)
    seal(path, crc)


def map_table(path: Path, length: int | None) -> memoryview | None:
    """The bytes of a cached ``uint8`` ``.npy`` table of ``length`` entries (None: any),
    memory-mapped read-only without importing NumPy (None if missing or not such a file).

    The performance trick for short solves: reading the ``.npy`` header by hand and
    mapping the file with :mod:`mmap` costs well under a millisecond, where importing
    NumPy costs 0.1-0.2 s of a process that should answer an easy board in 0.3 s.
    """
    import ast
    import mmap

    try:
        with path.open("rb") as f:
            head = f.read(12)
            if head[:6] != b"\x93NUMPY":
                return None
            if head[6] == 1:
                size, start = int.from_bytes(head[8:10], "little"), 10
            else:
                size, start = int.from_bytes(head[8:12], "little"), 12
            f.seek(start)
            header = ast.literal_eval(f.read(size).decode("latin1"))
            offset = start + size
            shape = header.get("shape") if isinstance(header, dict) else None
            if length is None and isinstance(shape, tuple) and len(shape) == 1:
                length = shape[0]
            if header != {"descr": "|u1", "fortran_order": False, "shape": (length,)}:
                return None
            mapped = mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ)
    except (OSError, ValueError, SyntaxError, IndexError):
        return None
    if length is None or len(mapped) != offset + length:
        return None
    return memoryview(mapped)[offset:]
