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

import contextlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from searchlab.search.limits import CancelToken

from . import frontier_store as store
from .board import Board
from .frontier_kernel import BASE, EMPTY, advance, compact, rehash
from .frontier_store import CheckpointBusy, CheckpointError, Segment

MAX_ROWS = 8
"""The frontier count takes boards whose shorter side has at most this many squares."""

CHUNK = 1 << 20
"""States per call of the compiled step (between two looks at Ctrl-C and progress)."""

LOAD = 0.8
"""A hash table is at most this full (linear probing)."""

MIN_SLOTS = 1024
"""The smallest hash table (a budget below this many slots is raised to it)."""

MAX_SLOTS = 2**32 - 1
"""The largest hash table (the kernel maps hashes onto fewer than 2**32 slots); a
larger budget builds the next frontier in more parts."""

MEMORY_FRACTION = 0.5
"""The default memory budget: this fraction of the memory available when the count
starts (``MemAvailable``; 4 GiB where that cannot be read)."""

SAVE_AFTER = 600.0
"""With a checkpoint, a cell is also saved (not only a column's last) once this many
seconds have passed since the last save: on an 8x8 board a cell takes 15-50 minutes,
and a stop would otherwise lose up to a column of them."""

__all__ = ["CheckpointBusy", "CheckpointError", "count", "default_memory"]


class Cancelled(Exception):
    """The count's cancel token was set (the last checkpoint, if any, is intact)."""


def default_memory() -> int:
    """Bytes: :data:`MEMORY_FRACTION` of the memory available now."""
    try:
        with open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("MemAvailable:"):
                    return int(int(line.split()[1]) * 1024 * MEMORY_FRACTION)
    except OSError:
        pass
    return 4 << 30


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
    mirrors: list[np.ndarray]


def plan(rows: int, cols: int) -> Plan:
    """The step plan for a board of ``rows`` ≤ 8 rows and ``cols`` columns, cells taken
    column by column (cell ``c * rows + r``).

    ``mirrors[x]``: after a cell that ends a column (not the last), the frontier
    position of each frontier cell's mirror image across the board's middle row (the
    top-bottom reflection); empty elsewhere. The symmetry trick: at a column's end the
    cells added so far are whole columns, so the reflection maps them, the cells to
    come and the knight's moves onto themselves, and a state and its mirror image have
    the same number of completions. The step keeps one of the two (the smaller key)
    with the sum of their counts: the frontier after each column is about halved, and
    so is the work of the cells that follow, with the count unchanged."""
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
    backs, keeps, rests, sizes, mirrors = [], [], [], [], []
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
        mirrors.append(_mirror(frontier, rows) if (x + 1) % rows == 0 and x < n - 1 else NO_MIRROR)
    if max(sizes, default=0) > 17:  # pragma: no cover - rows <= 8 gives at most 17
        raise ValueError("frontier wider than the key holds")
    return Plan(rows, cols, backs, keeps, rests, sizes, mirrors)


NO_MIRROR = np.zeros(0, dtype=np.int64)


def _mirror(frontier: list[int], rows: int) -> np.ndarray:
    """For each frontier position, the position of its cell's mirror image (same
    column, row ``rows - 1 - r``). The frontier after a whole column is closed under
    the reflection (a cell stays while it has a neighbour in a later column, which its
    image has too); asserted."""
    pos = {cell: p for p, cell in enumerate(frontier)}
    image = [pos[(cell // rows) * rows + rows - 1 - cell % rows] for cell in frontier]
    return np.array(image, dtype=np.int64)


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
    held at once; ``seconds`` and ``steps_resumed`` (cells skipped thanks to a
    checkpoint); ``largest_arrays``: the most bytes of frontier and hash table held in
    memory at once (bounded by the budget); ``most_parts``: the most parts one step
    was built in."""

    rows: int
    cols: int
    closed: bool
    undirected: int
    directed: int
    largest_frontier: int
    seconds: float
    steps_resumed: int = 0
    largest_arrays: int = 0
    most_parts: int = 1


Progress = Callable[[int, int, int, int, float], None]
"""``progress(cell, cells, column, states, memory_mb)`` after each cell (memory: the
frontier and hash table held in memory during that cell)."""


@dataclass(slots=True)
class _Budget:
    """How one count spends its memory (bytes): the frontier it reads, if in memory
    (it was built within a quarter of the budget); at most a quarter on the frontier it
    builds, when that is expected to fit (else it goes to disk); the rest on one hash
    table (growth included: a table grows only while the old and the new one fit
    together)."""

    memory: int
    peak: int = 0
    most_parts: int = 1

    def table_slots(self, width: int, held_in: int, out_in_memory: bool) -> int:
        room = self.memory - held_in - (self.memory // 4 if out_in_memory else 0)
        return max(MIN_SLOTS, min(MAX_SLOTS, room // width))

    def keeps(self, held: int, more: int) -> bool:
        return held + more <= self.memory // 4


def count(
    board: Board,
    closed: bool,
    *,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
    checkpoint: Path | None = None,
    on_checkpoint_note: Callable[[str], None] | None = None,
    memory: int | None = None,
) -> Count:
    """The exact number of closed (``closed``) or open knight's tours of ``board``.

    Memory: the frontier and the hash tables held in memory stay within ``memory``
    bytes (default :func:`default_memory`) whatever the frontier's size: a larger
    frontier is kept in part files on disk and read a chunk at a time, and a next
    frontier whose table would not fit is built in parts (each a pass over the
    frontier keeping only the keys of one hash part; a part that turns out too big is
    split in two and redone). With ``checkpoint``, the frontier is saved after every
    finished column, and after any cell begun ``SAVE_AFTER`` seconds after the last
    save (:mod:`~searchlab.puzzles.knight.frontier_store`: part files with
    checksums behind an atomically replaced manifest) and a count started again
    resumes from it; a checkpoint that is damaged or of another count is reported
    through ``on_checkpoint_note`` and ignored. Raises :class:`Cancelled` within one
    chunk of ``cancel`` being set.
    """
    t0 = time.perf_counter()
    rows, cols = orient(board)
    n = rows * cols
    if n == 1:
        return Count(rows, cols, closed, 0 if closed else 1, 0 if closed else 1, 1, 0.0)
    with contextlib.nullcontext() if checkpoint is None else store.locked(checkpoint):
        p = plan(rows, cols)
        budget = _Budget(default_memory() if memory is None else int(memory))
        want: dict[str, object] = {"rows": rows, "cols": cols, "closed": closed, "base": BASE}
        frontier = [store.in_memory(np.zeros(1, np.uint64), np.ones((1, 1), np.uint64))]
        sizes = [1]
        first = 0
        saved: Path | None = None  # the folder of the checkpoint in force (never removed here)
        if checkpoint is not None:
            store.sweep(checkpoint)
            if checkpoint.exists():
                try:
                    meta, frontier = store.load(checkpoint, want)
                    first = int(meta["done"])  # type: ignore[call-overload]
                    sizes = [int(v) for v in meta["sizes"]]  # type: ignore[attr-defined]
                    saved = checkpoint.parent / str(meta["folder"])
                except (CheckpointError, KeyError, TypeError, ValueError) as exc:
                    if on_checkpoint_note is not None:
                        on_checkpoint_note(
                            str(exc)
                            if isinstance(exc, CheckpointError)
                            else (f"checkpoint {checkpoint} is damaged; starting over")
                        )
                    frontier = [store.in_memory(np.zeros(1, np.uint64), np.ones((1, 1), np.uint64))]
                    sizes, first = [1], 0
        else:
            store.sweep(None)
        total = _run(p, closed, frontier, sizes, first, budget, cancel, progress, checkpoint, saved)
    if progress is not None:
        progress(n, n, cols, 0, 0.0)
    directed = 2 * total
    return Count(
        rows,
        cols,
        closed,
        total,
        directed,
        max(sizes),
        time.perf_counter() - t0,
        first,
        budget.peak,
        budget.most_parts,
    )


def _run(
    p: Plan,
    closed: bool,
    frontier: list[Segment],
    sizes: list[int],
    first: int,
    budget: _Budget,
    cancel: CancelToken | None,
    progress: Progress | None,
    checkpoint: Path | None,
    saved: Path | None,
) -> int:
    """The cells from ``first`` on, from ``frontier`` (``sizes``: the frontier's size
    before each cell so far; ``saved``: the folder of the checkpoint in force, whose
    parts are never removed here): the tours counted at the last cell. The counts
    are exact: a step that overflows is redone with one more 64-bit limb."""
    rows, n = p.rows, p.rows * p.cols
    work = store.work_folder(checkpoint)
    limbs = max([seg.limbs for seg in frontier], default=1)
    total = 0
    last_save = time.monotonic()
    try:
        for x in range(first, n):
            final = x == n - 1
            save_here = (
                checkpoint is not None
                and not final
                and ((x + 1) % rows == 0 or time.monotonic() - last_save >= SAVE_AFTER)
            )
            folder = (
                store.checkpoint_folder(checkpoint, x + 1)
                if checkpoint is not None and save_here
                else work
            )
            expect = _expect(sizes, x, rows)
            while True:
                nxt, result, overflow = _step(
                    p,
                    x,
                    frontier,
                    limbs,
                    final,
                    not closed,
                    cancel,
                    expect,
                    budget,
                    folder,
                    durable=save_here,
                )
                if not overflow:
                    break
                for seg in nxt:
                    seg.remove()
                limbs += 1
            if final:
                total = _to_int(result)
                break
            for seg in frontier:
                if seg.path is None or seg.path.parent != saved:
                    seg.remove()
            frontier = nxt
            sizes.append(sum(seg.states for seg in frontier))
            if progress is not None:
                progress(x + 1, n, x // rows + 1, sizes[-1], budget.peak / 2**20)
            if sizes[-1] == 0:
                break
            if save_here:
                assert checkpoint is not None
                store.save(
                    checkpoint,
                    {
                        "rows": p.rows,
                        "cols": p.cols,
                        "closed": closed,
                        "base": BASE,
                        "done": x + 1,
                        "sizes": sizes,
                        "limbs": limbs,
                    },
                    frontier,
                    folder,
                )
                saved = folder
                last_save = time.monotonic()
    finally:
        store.remove_folder(work)
    return total


def _expect(sizes: list[int], x: int, rows: int) -> int:
    """The expected size of the frontier after cell ``x`` (``sizes[x]`` is the one
    before it): the growth of the same row one column back (the frontier's shape
    repeats column by column), else of the cell before."""
    have = sizes[x] if x < len(sizes) else sizes[-1]
    if x - rows >= 0 and x - rows + 1 < len(sizes) and sizes[x - rows] > 0:
        growth = sizes[x - rows + 1] / sizes[x - rows]
    elif x >= 1 and sizes[x - 1] > 0:
        growth = sizes[x] / sizes[x - 1]
    else:
        growth = 2.0
    return int(have * min(max(growth, 0.5), 8.0) * 1.1) + 1


def _to_int(limbs: np.ndarray) -> int:
    return sum(int(v) << (64 * j) for j, v in enumerate(limbs.tolist()))


def _step(
    p: Plan,
    x: int,
    frontier: list[Segment],
    limbs: int,
    final: bool,
    apex: bool,
    cancel: CancelToken | None,
    expect: int,
    budget: _Budget,
    folder: Path,
    durable: bool,
) -> tuple[list[Segment], np.ndarray, bool]:
    """One cell: (the next frontier, the tours counted at the last cell, whether a
    count overflowed ``limbs`` limbs). The next frontier is built in hash parts, each
    in a table within the budget: first as many as the expected size needs, a part
    found too big split in two (keys of part ``i`` of ``k`` are those of parts ``i``
    and ``i + k`` of ``2k``). When the next frontier is expected to fit a quarter of
    the budget its parts are kept in memory (while they do), and the tables get the
    rest; otherwise they are written to ``folder`` (fsynced if ``durable``, and then
    always) and the tables get all but the frontier read from memory."""
    width = 8 * (1 + limbs)
    result = np.zeros(limbs, dtype=np.uint64)
    held_in = sum(seg.nbytes for seg in frontier if seg.path is None)
    out_in_memory = not durable and budget.keeps(0, expect * width)
    cap = budget.table_slots(width, held_in, out_in_memory)
    if final:
        overflow = _run_part(
            p, x, frontier, limbs, final, apex, result, cancel, MIN_SLOTS, MIN_SLOTS, 0, 1
        )[3]
        return [], result, overflow
    parts = max(1, -(-int(expect * 1.1) // int(LOAD * cap)))
    todo = [(i, parts) for i in range(parts)]
    out: list[Segment] = []
    held_out = 0
    while todo:
        part, k = todo.pop()
        budget.most_parts = max(budget.most_parts, k)
        start = min(cap, max(MIN_SLOTS, int(expect / k * 1.25 / LOAD) + 1))
        tkeys, tcounts, ok, overflow = _run_part(
            p, x, frontier, limbs, final, apex, result, cancel, start, cap, part, k
        )
        if overflow:
            return out, result, True
        if not ok:
            del tkeys, tcounts
            todo += [(part + k, 2 * k), (part, 2 * k)]
            continue
        budget.peak = max(budget.peak, held_in + held_out + tkeys.nbytes + tcounts.nbytes)
        m = compact(tkeys, tcounts)
        if m == 0:
            continue
        if out_in_memory and budget.keeps(held_out, m * width):
            out.append(store.in_memory(tkeys[:m], tcounts[:m]))
            held_out += m * width
            budget.peak = max(budget.peak, held_in + held_out + tkeys.nbytes + tcounts.nbytes)
        else:
            name = f"cell{x + 1:03d}-{part:05d}of{k:05d}"
            out.append(store.write(folder / name, tkeys[:m], tcounts[:m], durable))
        del tkeys, tcounts
    return out, result, False


def _run_part(
    p: Plan,
    x: int,
    frontier: list[Segment],
    limbs: int,
    final: bool,
    apex: bool,
    result: np.ndarray,
    cancel: CancelToken | None,
    slots: int,
    cap: int,
    part: int,
    parts: int,
) -> tuple[np.ndarray, np.ndarray, bool, bool]:
    """One pass over the frontier keeping the successors in ``part`` of ``parts``:
    (table keys, table counts, whether they fit ``cap`` slots, whether a count
    overflowed). The table starts with ``slots`` slots and grows (doubling, at most to
    ``cap``) while the old and new tables fit ``cap`` together."""
    m = p.sizes[x - 1] if x > 0 else 0
    tkeys = np.full(slots, EMPTY, dtype=np.uint64)
    tcounts = np.zeros((slots, limbs), dtype=np.uint64)
    filled = 0
    overflow = False
    for seg in frontier:
        for keys, counts in seg.chunks(CHUNK):
            s = 0
            while s < len(keys):
                if cancel is not None and cancel.is_set():
                    raise Cancelled
                s, filled, ov = advance(
                    keys,
                    counts,
                    s,
                    len(keys),
                    m,
                    p.backs[x],
                    p.keeps[x],
                    p.rests[x],
                    p.mirrors[x],
                    final,
                    apex,
                    tkeys,
                    tcounts,
                    filled,
                    int(LOAD * len(tkeys)),
                    result,
                    part,
                    parts,
                )
                overflow = overflow or bool(ov)
                if filled > int(LOAD * len(tkeys)):
                    grown = min(2 * len(tkeys), cap - len(tkeys))
                    if grown < len(tkeys) * 5 // 4:
                        return tkeys, tcounts, False, overflow
                    nkeys = np.full(grown, EMPTY, dtype=np.uint64)
                    ncounts = np.zeros((grown, limbs), dtype=np.uint64)
                    rehash(tkeys, tcounts, nkeys, ncounts)
                    tkeys, tcounts = nkeys, ncounts
    return tkeys, tcounts, True, overflow
