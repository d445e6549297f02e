"""Exact counts of knight's tours by dynamic programming over a frontier.

Method (Knuth, TAOCP Vol. 4 Pre-Fascicle 8A, Algorithm E, "frontier-based search";
Pettersson 2014, "Enumerating Hamiltonian cycles"): the board's cells are added one
at a time, column by column along its long side (at most 8 rows, so a knight's edge
reaches at most two columns back). A *state* describes the frontier, the added cells
that still have edges to come: each one's degree (0, 1 or 2) and, for the path ends
(degree 1), which two of them end the same path. All the ways the partial edge sets
reach a state are merged into one count, so the work grows with the number of
states (at most ~10^8 for 8 rows), not with the number of tours (~10^13 on 8×8).

Requires: a board with at most :data:`MAX_ROWS` rows or columns. Guarantees: the
exact numbers of closed tours (Hamiltonian cycles of the knight's graph) and of
open tours (Hamiltonian paths: every tour that can be walked, whether or not its
ends are a knight's move apart). Open tours are counted as cycles through an
*apex*, a vertex joined to every cell: a Hamiltonian path of the board is exactly
a Hamiltonian cycle of the board plus the apex with the apex's two edges removed.

Rules of a step (adding cell ``x`` with 0, 1 or 2 edges to earlier neighbours on
the frontier, and in open mode maybe to the apex): an edge joins two path ends
(merging their paths) or a path end and a fresh cell; joining the two ends of one
path closes a cycle, allowed only at the last cell and only if it covers
everything; a cell that leaves the frontier must have degree 2; a staying cell
must still be able to reach degree 2 with the edges it has left (plus the apex's
free edges). Counts are exact integers of as many 64-bit limbs as needed (a step
whose counts overflow is redone one limb wider).
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from searchlab.puzzles.knight.board import Board
from searchlab.puzzles.knight.frontier_kernel import BASE, EMPTY, advance, compact, rehash
from searchlab.search.limits import CancelToken

MAX_ROWS = 8
"""The frontier count takes boards whose shorter side has at most this many squares."""

CHUNK = 1 << 20
"""States per call of the compiled step (between two looks at Ctrl-C and progress)."""

LOAD = 0.8
"""The hash table grows (doubles) when it is this full. It is sized from the previous
cell's growth, so that it rarely grows (growing holds two tables at once)."""

CHECKPOINT_VERSION = 1

TABLE_BYTES = 6 << 30
"""The largest hash table one step builds at once (6 GiB); a larger next frontier is
built in parts, each part a scan of the whole frontier keeping only its own keys."""


class Cancelled(Exception):
    """The count's cancel token was set (the last checkpoint, if any, is intact)."""


class CheckpointError(Exception):
    """A checkpoint could not be used (one line saying why)."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The steps of the count: for each cell (in order), the frontier positions of its
    earlier neighbours, the positions that stay after it, and their edges to come."""

    rows: int
    cols: int
    backs: list[np.ndarray]
    keeps: list[np.ndarray]
    rests: list[np.ndarray]
    sizes: list[int]


def plan(rows: int, cols: int) -> Plan:
    """The step plan for a board of ``rows`` ≤ 8 rows and ``cols`` columns, cells taken
    column by column (cell ``c * rows + r``)."""
    n = rows * cols
    nbrs: list[list[int]] = [[] for _ in range(n)]
    for c in range(cols):
        for r in range(rows):
            for dc, dr in ((1, 2), (1, -2), (2, 1), (2, -1), (-1, 2), (-1, -2), (-2, 1), (-2, -1)):
                cc, rr = c + dc, r + dr
                if 0 <= cc < cols and 0 <= rr < rows:
                    nbrs[c * rows + r].append(cc * rows + rr)
    leave = [max([j, *nbrs[j]]) for j in range(n)]
    frontier: list[int] = []
    backs, keeps, rests, sizes = [], [], [], []
    for x in range(n):
        pos = {cell: p for p, cell in enumerate(frontier)}
        back = [pos[j] for j in sorted(nbrs[x]) if j < x]
        work = [*frontier, x]
        keep = [p for p, cell in enumerate(work) if leave[cell] > x]
        rest = [sum(1 for k in nbrs[work[p]] if k > x) for p in keep]
        backs.append(np.array(back + [-1] * (4 - len(back)), dtype=np.int64))
        keeps.append(np.array(keep, dtype=np.int64))
        rests.append(np.array(rest, dtype=np.int64))
        frontier = [work[p] for p in keep]
        sizes.append(len(frontier))
    if max(sizes, default=0) > 17:  # pragma: no cover - rows <= 8 gives at most 17
        raise ValueError("frontier wider than the key holds")
    return Plan(rows, cols, backs, keeps, rests, sizes)


def orient(board: Board) -> tuple[int, int]:
    """(rows, columns) with the short side as rows (the frontier runs along the long
    side); ``ValueError`` if both sides exceed :data:`MAX_ROWS`."""
    rows, cols = sorted((board.rows, board.cols))
    if rows > MAX_ROWS:
        raise ValueError(f"both sides over {MAX_ROWS}")
    return rows, cols


@dataclass(slots=True)
class Count:
    """The result of a count. ``undirected``: Hamiltonian cycles (closed) or paths
    (open) of the knight's graph; ``directed``: each walked both ways (twice as many,
    except the one-square board's single path); ``largest_frontier``: the most states
    held at once; ``seconds`` and ``steps_resumed`` (cells skipped thanks to a checkpoint)."""

    rows: int
    cols: int
    closed: bool
    undirected: int
    directed: int
    largest_frontier: int
    seconds: float
    steps_resumed: int = 0


Progress = Callable[[int, int, int, int, float], None]
"""``progress(cell, cells, column, states, memory_mb)`` after each cell."""


def count(
    board: Board,
    closed: bool,
    *,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
    checkpoint: Path | None = None,
    on_checkpoint_note: Callable[[str], None] | None = None,
    table_bytes: int = TABLE_BYTES,
) -> Count:
    """The exact number of closed (``closed``) or open knight's tours of ``board``.

    With ``checkpoint``, the frontier is saved there after every finished column
    (atomically: temporary file, fsync, rename, fsync of the folder; with a BLAKE2
    checksum) and a count started again resumes from it; a checkpoint that is damaged
    or of another board is reported through ``on_checkpoint_note`` and ignored.
    Raises :class:`Cancelled` within one chunk of ``cancel`` being set. A step whose
    hash table would exceed ``table_bytes`` builds the next frontier in parts.
    """
    t0 = time.perf_counter()
    rows, cols = orient(board)
    n = rows * cols
    if n == 1:
        return Count(rows, cols, closed, 0 if closed else 1, 0 if closed else 1, 1, 0.0)
    p = plan(rows, cols)
    keys = np.zeros(1, dtype=np.uint64)
    counts = np.ones((1, 1), dtype=np.uint64)
    first = 0
    if checkpoint is not None and checkpoint.exists():
        try:
            first, keys, counts = load_checkpoint(checkpoint, rows, cols, closed)
        except CheckpointError as exc:
            if on_checkpoint_note is not None:
                on_checkpoint_note(str(exc))
            first = 0
            keys = np.zeros(1, dtype=np.uint64)
            counts = np.ones((1, 1), dtype=np.uint64)
    largest = len(keys)
    total = 0
    growth = 2.0
    for x in range(first, n):
        final = x == n - 1
        expect = int(len(keys) * min(max(growth, 1.0), 4.0) * 1.1) + 1
        while True:
            result = np.zeros(counts.shape[1], dtype=np.uint64)
            nkeys, ncounts, overflow = _step(
                p, x, keys, counts, final, not closed, result, cancel, expect, table_bytes
            )
            if not overflow:
                break
            counts = np.concatenate([counts, np.zeros((len(counts), 1), np.uint64)], axis=1)
        if final:
            total = _to_int(result)
            break
        before = len(keys)
        keys, counts = nkeys, ncounts
        del nkeys, ncounts
        growth = len(keys) / max(before, 1)
        largest = max(largest, len(keys))
        if progress is not None:
            mb = (keys.nbytes + counts.nbytes) / 2**20
            progress(x + 1, n, x // rows + 1, len(keys), mb)
        if len(keys) == 0:
            break
        if checkpoint is not None and (x + 1) % rows == 0 and x + 1 < n:
            save_checkpoint(checkpoint, rows, cols, closed, x + 1, keys, counts)
    if progress is not None:
        progress(n, n, cols, 0, 0.0)
    directed = 2 * total
    return Count(rows, cols, closed, total, directed, largest, time.perf_counter() - t0, first)


def _to_int(limbs: np.ndarray) -> int:
    return sum(int(v) << (64 * j) for j, v in enumerate(limbs.tolist()))


def _step(
    p: Plan,
    x: int,
    keys: np.ndarray,
    counts: np.ndarray,
    final: bool,
    apex: bool,
    result: np.ndarray,
    cancel: CancelToken | None,
    expect: int,
    table_bytes: int,
) -> tuple[np.ndarray, np.ndarray, bool]:
    """One cell: the next frontier (dense keys and counts) and whether a count
    overflowed. The next frontier is built in as many parts as keep each part's hash
    table (sized for ``expect`` entries in all) under ``table_bytes``."""
    width = 8 * (1 + counts.shape[1])
    parts = 1 if final else max(1, -(-int(expect * width / LOAD) // table_bytes))
    if parts == 1:
        tkeys, tcounts, filled, overflow = _step_part(
            p, x, keys, counts, final, apex, result, cancel, expect, 0, 1
        )
        if overflow or final:
            return np.zeros(0, np.uint64), np.zeros((0, counts.shape[1]), np.uint64), overflow
        dk, dc = compact(tkeys, tcounts, filled)
        return dk, dc, False
    # In parts: each part's states go to disk at once; the whole is mapped back (the page
    # cache holds what fits; the files are already unlinked, nothing is left behind).
    total = 0
    with (
        tempfile.TemporaryFile(prefix="searchlab-knight-") as fk,
        tempfile.TemporaryFile(prefix="searchlab-knight-") as fc,
    ):
        for part in range(parts):
            tkeys, tcounts, filled, overflow = _step_part(
                p, x, keys, counts, final, apex, result, cancel, expect // parts + 1, part, parts
            )
            if overflow:
                return np.zeros(0, np.uint64), np.zeros((0, counts.shape[1]), np.uint64), True
            dk, dc = compact(tkeys, tcounts, filled)
            del tkeys, tcounts
            dk.tofile(fk)
            dc.tofile(fc)
            total += len(dk)
            del dk, dc
        fk.flush()
        fc.flush()
        if total == 0:
            return np.zeros(0, np.uint64), np.zeros((0, counts.shape[1]), np.uint64), False
        nkeys = np.memmap(fk, dtype=np.uint64, mode="r", shape=(total,))
        ncounts = np.memmap(fc, dtype=np.uint64, mode="r", shape=(total, counts.shape[1]))
    return nkeys, ncounts, False


def _step_part(
    p: Plan,
    x: int,
    keys: np.ndarray,
    counts: np.ndarray,
    final: bool,
    apex: bool,
    result: np.ndarray,
    cancel: CancelToken | None,
    expect: int,
    part: int,
    parts: int,
) -> tuple[np.ndarray, np.ndarray, int, bool]:
    """One part of one cell: the hash table of the next frontier's keys in ``part``
    (keys, counts, entries) and whether a count overflowed."""
    m = p.sizes[x - 1] if x > 0 else 0
    bits = max(10, int(expect / LOAD).bit_length())
    tkeys = np.full(1 << bits, EMPTY, dtype=np.uint64)
    tcounts = np.zeros((1 << bits, counts.shape[1]), dtype=np.uint64)
    filled = 0
    overflow = False
    s = 0
    while s < len(keys):
        if cancel is not None and cancel.is_set():
            raise Cancelled
        stop = min(len(keys), s + CHUNK)
        s, filled, ov = advance(
            keys,
            counts,
            s,
            stop,
            m,
            p.backs[x],
            p.keeps[x],
            p.rests[x],
            final,
            apex,
            tkeys,
            tcounts,
            np.uint64(64 - bits),
            filled,
            int(LOAD * (1 << bits)),
            result,
            part,
            parts,
        )
        overflow = overflow or bool(ov)
        if filled > int(LOAD * (1 << bits)):
            bits += 1
            nkeys = np.full(1 << bits, EMPTY, dtype=np.uint64)
            ncounts = np.zeros((1 << bits, counts.shape[1]), dtype=np.uint64)
            rehash(tkeys, tcounts, nkeys, ncounts, np.uint64(64 - bits))
            tkeys, tcounts = nkeys, ncounts
    return tkeys, tcounts, filled, overflow


def _digest(keys: np.ndarray, counts: np.ndarray, meta: bytes) -> str:
    h = hashlib.blake2b(digest_size=16)
    h.update(meta)
    h.update(np.ascontiguousarray(keys).data)
    h.update(np.ascontiguousarray(counts).data)
    return h.hexdigest()


def save_checkpoint(
    path: Path,
    rows: int,
    cols: int,
    closed: bool,
    done: int,
    keys: np.ndarray,
    counts: np.ndarray,
) -> None:
    """Writes the frontier after ``done`` cells: temporary file, fsync, rename, fsync
    of the folder (a crash leaves the previous checkpoint or the new one, never half)."""
    meta = json.dumps(
        {
            "version": CHECKPOINT_VERSION,
            "rows": rows,
            "cols": cols,
            "closed": closed,
            "done": done,
            "limbs": int(counts.shape[1]),
            "states": len(keys),
            "base": BASE,
        },
        sort_keys=True,
    ).encode()
    digest = _digest(keys, counts, meta)
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "wb") as f:
            np.savez(
                f,
                meta=np.frombuffer(meta, dtype=np.uint8),
                digest=np.frombuffer(digest.encode(), dtype=np.uint8),
                keys=keys,
                counts=counts,
            )
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    dfd = os.open(path.parent, os.O_RDONLY)
    try:
        os.fsync(dfd)
    finally:
        os.close(dfd)


def load_checkpoint(
    path: Path, rows: int, cols: int, closed: bool
) -> tuple[int, np.ndarray, np.ndarray]:
    """(cells done, keys, counts) from a checkpoint of this very count, verified by its
    checksum; :class:`CheckpointError` (one line) otherwise."""
    try:
        with np.load(path, allow_pickle=False) as z:
            meta_b = z["meta"].tobytes()
            digest = z["digest"].tobytes().decode()
            keys = z["keys"]
            counts = z["counts"]
        meta = json.loads(meta_b)
    except Exception as exc:  # any damage: unreadable zip, missing array, bad JSON
        raise CheckpointError(
            f"checkpoint {path} is damaged ({type(exc).__name__}); starting over"
        ) from None
    want = {
        "rows": rows,
        "cols": cols,
        "closed": closed,
        "version": CHECKPOINT_VERSION,
        "base": BASE,
    }
    if any(meta.get(k) != v for k, v in want.items()):
        raise CheckpointError(f"checkpoint {path} is of another count; starting over")
    if (
        keys.dtype != np.uint64
        or counts.dtype != np.uint64
        or counts.ndim != 2
        or len(keys) != meta.get("states")
        or counts.shape != (len(keys), meta.get("limbs"))
        or _digest(keys, counts, meta_b) != digest
    ):
        raise CheckpointError(f"checkpoint {path} fails its checksum; starting over")
    return int(meta["done"]), keys, counts
