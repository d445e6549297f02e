"""Compiled cluster evaluation: the generator's inner loop, with Numba.

The generator scores every candidate board by the hardest position of its
cluster, which means enumerating the whole cluster (often tens of thousands of
positions) and searching it backwards from its solved positions, thousands of
times per puzzle. In plain Python that costs about 4.5 µs per position (the
profile of ``generate`` is 94% cluster enumeration); this module does the same
two breadth-first searches as
:func:`~searchlab.puzzles.rushhour.cluster.explore_cluster` and
:func:`~searchlab.puzzles.rushhour.cluster.distances_to_goal`
(:func:`cluster_summary`), and the search to the nearest solved position of
:func:`~searchlab.puzzles.rushhour.solver.fast_bfs` (:func:`distance`), compiled
by Numba (``cache=True``: compiled once per machine, then loaded from the cache
in a fraction of a second). Both follow breadth-first search with the goal test
on generation (Russell & Norvig, *AIMA* 4th ed., Figure 3.9); the backward one
starts from every solved position at once (multi-source BFS).

Encoding (the same as :mod:`~searchlab.puzzles.rushhour.packed`, so results are
identical): vehicle ``i``'s coordinate along its line is bits ``3i .. 3i+2`` of
one signed 64-bit int (at most :data:`MAX_VEHICLES` vehicles). The occupancy
of a position is two 64-bit bitboards, row-major (bit ``r*W + c``) and
column-major (bit ``c*H + r``), each the OR of one precomputed mask per
vehicle; a vehicle's free slides are read off the bits of its own row or column.

Performance tricks, all here: an open-addressing hash table (linear probing,
Fibonacci hashing, doubled at half load) maps positions to indices; the move
graph is stored once, in compressed sparse rows, during the forward search, so
the backward search only follows indices; arrays grow by doubling.

The Python implementation stays the reference (and serves boards with more
vehicles); ``tests/puzzles/rushhour/test_kernel.py`` checks that both agree.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
from numba import njit

from .model import Board, Vehicle

MAX_VEHICLES = 21
"""3 bits per vehicle in a signed 64-bit int."""

I64 = npt.NDArray[np.int64]

_FIB = -7046029254386353131  # 0x9E3779B97F4A7C15 as a signed 64-bit int


@njit(cache=True)
def _slot(s: int, bits: int) -> int:
    # Fibonacci hashing: the top ``bits`` bits of s times 2**64 / golden ratio
    return ((s * _FIB) >> (64 - bits)) & ((1 << bits) - 1)


@njit(cache=True)
def _rehash(states: I64, count: int, bits: int) -> I64:
    """A table of ``2**bits`` slots holding ``states[:count]``: slot ``h`` is the pair
    ``table[2h]`` (a state, or -1 when empty) and ``table[2h+1]`` (its index), side by
    side so that a probe touches one cache line."""
    table = np.full(2 << bits, -1, np.int64)
    mask = (1 << bits) - 1
    for k in range(count):
        h = _slot(states[k], bits)
        while table[2 * h] != -1:
            h = (h + 1) & mask
        table[2 * h] = states[k]
        table[2 * h + 1] = k
    return table


I8 = npt.NDArray[np.int8]


@njit(cache=True, nogil=True)
def _reach_table() -> I8:
    """``reach[limit, length, p, occ]`` = (lowest, highest) position a vehicle of ``length``
    at ``p`` on a line of ``limit`` cells with occupancy ``occ`` (its own cells included)
    can slide to: the free run around it, read once instead of cell by cell per move."""
    reach = np.zeros((9, 4, 8, 256, 2), np.int8)
    for lim in range(2, 9):
        for ln in range(2, 4):
            for p in range(lim - ln + 1):
                for occ in range(1 << lim):
                    lo = p
                    while lo > 0 and not (occ >> (lo - 1)) & 1:
                        lo -= 1
                    hi = p
                    while hi + ln < lim and not (occ >> (hi + ln)) & 1:
                        hi += 1
                    reach[lim, ln, p, occ, 0] = lo
                    reach[lim, ln, p, occ, 1] = hi
    return reach


_REACH: list[I8] = []


def reach_table() -> I8:
    """:func:`_reach_table`, computed once per process (what :func:`_cluster` reads)."""
    if not _REACH:
        _REACH.append(_reach_table())
    return _REACH[0]


NO_HORIZON = 1 << 30
"""The ``horizon`` of :func:`_cluster` that never stops a search (no cluster is that deep)."""


@njit(cache=True)
def _cluster(
    start: int,
    horiz: npt.NDArray[np.bool_],
    lsh: I64,
    lmask: I64,
    length: I64,
    limit: I64,
    mrow: I64,
    mcol: I64,
    reach: I8,
    base_row: int,
    base_col: int,
    goal: int,
    cap: int,
    nearest: bool,
    canonical: bool = False,
    detail: bool = False,
    horizon: int = NO_HORIZON,
) -> tuple[int, int, int, int, int]:
    """``(size, moves, hardest state, smallest state, moved)``; ``size`` is -1 past ``cap``.

    Forward breadth-first enumeration from ``start`` recording the move graph,
    then multi-source breadth-first search from every solved position over that
    graph (moves are reversible). ``moves`` is -1 when no position is solved.
    The hardest state is the first in breadth-first order among the farthest from
    a solved position; ``moved`` is 0.

    With ``nearest``, the forward search stops at the first solved position it
    generates and returns ``(positions generated, its distance, it, start, 0)``
    (distance -1 when there is none): breadth-first search with the goal test on
    generation, levels told apart by index (``level_end``). With ``horizon`` too, it
    stops before expanding a state ``horizon`` moves from the start: distance -1 then
    means none within ``horizon`` moves (the last level, often the largest, is never
    expanded when the question is only "fewer than ``horizon + 1`` moves?").

    With ``canonical``, the search gives up (``size`` -2, ``moves`` the positions
    generated so far) as soon as it generates a state smaller than ``start``: the
    cluster is then enumerated from its smallest state only (M. Fogleman's rule,
    which makes each cluster counted once with no shared memory between searches).
    With ``detail``, the hardest state is, among the farthest, the one with the
    smallest pair (horizontal cells, vertical cells) as row-major bitboards
    (Fogleman's order; needs ``W*H <= 63``), and ``moved`` has bit ``i`` set for each
    vehicle ``i`` moved along some optimal solution from it (every optimal solution is
    followed: the moves from a state at distance ``d`` to one at ``d - 1``, breadth-first
    from the hardest state, each state once; it stops when every vehicle is in).
    """
    n = horiz.shape[0]
    room = 1024
    states = np.empty(room, np.int64)
    first = np.empty(room + 1, np.int64)  # first[k]: where state k's edges start
    edges = np.empty(room * 4, np.int32)
    bits = 11
    states[0] = start
    count = 1
    table = _rehash(states, count, bits)
    mask = (1 << bits) - 1
    if nearest and start & 7 == goal:
        return 1, 0, start, start, 0
    if nearest and horizon <= 0:
        return 1, -1, start, start, 0
    level = 0
    level_end = 1  # states[level_end:] are one level deeper than states[k]
    ne = 0
    k = 0
    while k < count:
        if k == level_end:
            level += 1
            level_end = count
            if nearest and level >= horizon:
                return count, -1, start, start, 0
        s = states[k]
        first[k] = ne
        ro = base_row
        co = base_col
        for i in range(n):
            p = (s >> (3 * i)) & 7
            ro |= mrow[i, p]
            co |= mcol[i, p]
        for i in range(n):
            p = (s >> (3 * i)) & 7
            occ = ((ro if horiz[i] else co) >> lsh[i]) & lmask[i]
            unit = 1 << (3 * i)
            lo = reach[limit[i], length[i], p, occ, 0]
            left = p - lo
            slides = left + reach[limit[i], length[i], p, occ, 1] - p
            # nearest first to the left (p-1 down to lo), then to the right (p+1 up)
            for d in range(slides):
                q = p - 1 - d if d < left else p + 1 + d - left
                t = s + (q - p) * unit
                h = _slot(t, bits)
                while table[2 * h] != -1 and table[2 * h] != t:
                    h = (h + 1) & mask
                if table[2 * h] == -1:
                    if canonical and t < start:
                        return -2, count, start, start, 0
                    if count == states.shape[0]:
                        grown = np.empty(2 * count, np.int64)
                        grown[:count] = states
                        states = grown
                        grown_first = np.empty(2 * count + 1, np.int64)
                        grown_first[: k + 1] = first[: k + 1]
                        first = grown_first
                    states[count] = t
                    table[2 * h] = t
                    table[2 * h + 1] = count
                    j = count
                    count += 1
                    if nearest and t & 7 == goal:
                        return count, level + 1, t, start, 0
                    if 2 * count > mask:
                        bits += 1
                        table = _rehash(states, count, bits)
                        mask = (1 << bits) - 1
                else:
                    j = table[2 * h + 1]
                if not nearest:  # the move graph is only needed for the backward search
                    if ne == edges.shape[0]:
                        grown_edges = np.empty(2 * ne, np.int32)
                        grown_edges[:ne] = edges
                        edges = grown_edges
                    edges[ne] = j
                    ne += 1
        k += 1
        if count > cap:
            return -1, -1, start, start, 0
    first[count] = ne
    if nearest:
        return count, -1, start, start, 0

    dist = np.full(count, -1, np.int32)
    queue = np.empty(count, np.int32)
    tail = 0
    smallest = states[0]
    for k in range(count):
        if states[k] < smallest:
            smallest = states[k]
        if states[k] & 7 == goal:
            dist[k] = 0
            queue[tail] = k
            tail += 1
    head = 0
    while head < tail:
        k = queue[head]
        head += 1
        for e in range(first[k], first[k + 1]):
            j = edges[e]
            if dist[j] < 0:
                dist[j] = dist[k] + 1
                queue[tail] = j
                tail += 1
    best = 0
    for k in range(count):
        if dist[k] > dist[best]:
            best = k
    if not detail or dist[best] < 0:
        return count, int(dist[best]), states[best], smallest, 0
    best_h, best_v = _masks(states[best], horiz, mrow)
    for k in range(best + 1, count):
        if dist[k] == dist[best]:
            hm, vm = _masks(states[k], horiz, mrow)
            if hm < best_h or (hm == best_h and vm < best_v):
                best, best_h, best_v = k, hm, vm
    # every optimal solution from the hardest state: the moves that decrease the
    # distance, followed breadth-first from it (queue reused, each state once)
    moved = 0
    everyone = (1 << n) - 1
    seen = np.zeros(count, np.bool_)
    seen[best] = True
    queue[0] = best
    head = 0
    tail = 1
    while head < tail and moved != everyone:
        k = queue[head]
        head += 1
        for e in range(first[k], first[k + 1]):
            j = edges[e]
            if dist[j] == dist[k] - 1:
                diff = states[j] ^ states[k]
                i = 0
                while not (diff >> (3 * i)) & 7:
                    i += 1
                moved |= 1 << i
                if not seen[j]:
                    seen[j] = True
                    queue[tail] = j
                    tail += 1
    return count, int(dist[best]), states[best], smallest, moved


@njit(cache=True)
def _masks(s: int, horiz: npt.NDArray[np.bool_], mrow: I64) -> tuple[int, int]:
    """The row-major bitboards of the horizontal and of the vertical vehicles of ``s``."""
    hm = 0
    vm = 0
    for i in range(horiz.shape[0]):
        if horiz[i]:
            hm |= mrow[i, (s >> (3 * i)) & 7]
        else:
            vm |= mrow[i, (s >> (3 * i)) & 7]
    return hm, vm


def warm_up() -> None:
    """Compile the kernel now (:func:`cluster_summary` and :func:`shortest_path`), or load
    it from Numba's cache.

    Compiling takes a few seconds, once per machine (the cache lives next to this
    module, or in the user's cache directory when that is read-only); loading it
    afterwards about 0.2 s. :func:`~searchlab.puzzles.rushhour.generate.generate`
    calls this before starting its clock, so a time limit is all search time.
    """
    board = Board(4, 4, (Vehicle("A", 1, 0, 2, True),), frozenset())
    cluster_summary(board)
    shortest_path(board)


COMPILE_NOTICE_AFTER = 2.0
"""Seconds of warm-up after which :func:`prepare` says it is compiling (loading the
cached code takes about 0.2 s)."""


def prepare(
    warm: Callable[[], object],
    compiling: Callable[[], None],
    after: float = COMPILE_NOTICE_AFTER,
) -> None:
    """Run ``warm`` (a call that compiles compiled code, or loads it from Numba's
    on-disk cache), calling ``compiling()`` once if it has not finished after ``after``
    seconds: only the first call after an install (or an upgrade) compiles, a minute or
    two on a loaded machine, and a front end should say so meanwhile. The warm-up runs
    in a thread so that the notice can be shown while it works; its exception, if any,
    is raised here."""
    failure: list[BaseException] = []

    def run() -> None:
        try:
            warm()
        except BaseException as exc:  # re-raised in the caller's thread
            failure.append(exc)

    worker = threading.Thread(target=run, name="searchlab-numba-warm-up", daemon=True)
    worker.start()
    worker.join(after)
    if worker.is_alive():
        compiling()
        worker.join()
    if failure:
        raise failure[0]


def unpack(state: int, n: int) -> tuple[int, ...]:
    """The positions of ``n`` vehicles packed in ``state`` (3 bits each, vehicle 0 lowest)."""
    return tuple((state >> (3 * i)) & 7 for i in range(n))


def _signed(x: int) -> int:
    return x - (1 << 64) if x >= 1 << 63 else x


def cluster_summary(board: Board, max_states: int | None = None) -> tuple[int, int, int, int]:
    """``(size, moves, hardest, smallest)`` of the cluster of ``board``.

    ``size`` is the number of positions reachable from ``board`` (-1 when more than
    ``max_states``); ``moves`` the optimal number of moves of its hardest position (-1
    when no position of the cluster is solved); ``hardest`` that position and
    ``smallest`` the cluster's smallest position, both as packed states in the
    encoding of :class:`~searchlab.puzzles.rushhour.packed.Packed` for ``board``
    (the position is ``board.with_positions(unpack(state, len(board.vehicles)))``).
    The hardest position is the first one in breadth-first order from ``board``, as
    in the Python reference.

    Requires at most :data:`MAX_VEHICLES` vehicles and sides of at most 8 cells.
    O(N·b) time and memory for a cluster of N positions with b moves each.
    """
    return _run(board, max_states if max_states is not None else 1 << 62, nearest=False)


def distance(board: Board) -> int:
    """The optimal number of moves of ``board``, -1 when it cannot be solved.

    Breadth-first search with the goal test on generation, as
    :func:`~searchlab.puzzles.rushhour.solver.fast_bfs`, compiled; it stops at the
    first solved position. Same requirements as :func:`cluster_summary`.
    """
    return _run(board, 1 << 62, nearest=True)[1]


def fits(board: Board) -> bool:
    """Whether the compiled searches take ``board`` (:data:`MAX_VEHICLES`, sides of 8)."""
    return len(board.vehicles) <= MAX_VEHICLES and max(board.width, board.height) <= 8


Arrays = tuple[int, npt.NDArray[np.bool_], I64, I64, I64, I64, I64, I64, I8, int, int, int]
"""The leading arguments of :func:`_cluster` and :func:`_shortest` for one board."""


def _arrays(board: Board) -> Arrays:
    """``board`` as the compiled searches read it: start, the vehicles' lines, masks, walls
    and the goal (the arguments both take first, in their order)."""
    w, h = board.width, board.height
    n = len(board.vehicles)
    if not fits(board):
        raise ValueError(
            f"the compiled kernel takes at most {MAX_VEHICLES} vehicles and sides of 8 cells"
        )
    mrow = np.zeros((n, 8), np.int64)
    mcol = np.zeros((n, 8), np.int64)
    for i, v in enumerate(board.vehicles):
        lim = w if v.horizontal else h
        for p in range(lim - v.length + 1):
            r0, c0 = (v.row, p) if v.horizontal else (p, v.col)
            rb = cb = 0
            for k in range(v.length):
                r, c = (r0, c0 + k) if v.horizontal else (r0 + k, c0)
                rb |= 1 << (r * w + c)
                cb |= 1 << (c * h + r)
            mrow[i, p] = _signed(rb)
            mcol[i, p] = _signed(cb)
    base_row = base_col = 0
    for r, c in board.walls:
        base_row |= 1 << (r * w + c)
        base_col |= 1 << (c * h + r)
    vs = board.vehicles
    start = 0
    for i, v in enumerate(vs):
        start |= v.pos << (3 * i)
    return (
        start,
        np.array([v.horizontal for v in vs], np.bool_),
        np.array([v.row * w if v.horizontal else v.col * h for v in vs], np.int64),
        np.array([(1 << (w if v.horizontal else h)) - 1 for v in vs], np.int64),
        np.array([v.length for v in vs], np.int64),
        np.array([w if v.horizontal else h for v in vs], np.int64),
        mrow,
        mcol,
        reach_table(),
        _signed(base_row),
        _signed(base_col),
        board.goal_pos,
    )


def _run(board: Board, cap: int, nearest: bool) -> tuple[int, int, int, int]:
    size, moves, hardest, smallest, _ = _cluster(*_arrays(board), cap, nearest)
    return int(size), int(moves), int(hardest), int(smallest)


@njit(cache=True)
def _shortest(
    start: int,
    horiz: npt.NDArray[np.bool_],
    lsh: I64,
    lmask: I64,
    length: I64,
    limit: I64,
    mrow: I64,
    mcol: I64,
    reach: I8,
    base_row: int,
    base_col: int,
    goal: int,
    steps: bool,
) -> tuple[I64, int, int, int, int]:
    """``(path, generated, expanded, levels, widest)``: breadth-first search from ``start``
    to the first solved position generated (``path`` its states from ``start`` on, empty
    when there is none), ``levels`` the levels expanded and ``widest`` the most states
    generated in one level (the last one counted up to the goal).

    The forward search of :func:`_cluster` with ``nearest`` (the same hash table, the
    same order of successors: vehicle by vehicle, nearest slide first to the left, then
    to the right), which also keeps each state's parent; ``steps`` allows one-cell
    slides only. So its counts and its path are those of
    :func:`~searchlab.puzzles.rushhour.solver.fast_bfs` on the same board.
    """
    n = horiz.shape[0]
    room = 1024
    states = np.empty(room, np.int64)
    parent = np.empty(room, np.int64)
    bits = 11
    states[0] = start
    parent[0] = 0
    count = 1
    table = _rehash(states, count, bits)
    mask = (1 << bits) - 1
    levels = 1
    level_end = 1
    widest = 0
    k = 0
    while k < count:
        if k == level_end:
            widest = max(widest, count - level_end)
            levels += 1
            level_end = count
        s = states[k]
        ro = base_row
        co = base_col
        for i in range(n):
            p = (s >> (3 * i)) & 7
            ro |= mrow[i, p]
            co |= mcol[i, p]
        for i in range(n):
            p = (s >> (3 * i)) & 7
            occ = ((ro if horiz[i] else co) >> lsh[i]) & lmask[i]
            unit = 1 << (3 * i)
            left = p - reach[limit[i], length[i], p, occ, 0]
            right = reach[limit[i], length[i], p, occ, 1] - p
            if steps:
                left = min(left, 1)
                right = min(right, 1)
            for d in range(left + right):
                q = p - 1 - d if d < left else p + 1 + d - left
                t = s + (q - p) * unit
                h = _slot(t, bits)
                while table[2 * h] != -1 and table[2 * h] != t:
                    h = (h + 1) & mask
                if table[2 * h] != -1:
                    continue
                if count == states.shape[0]:
                    grown = np.empty(2 * count, np.int64)
                    grown[:count] = states
                    states = grown
                    grown_parent = np.empty(2 * count, np.int64)
                    grown_parent[:count] = parent
                    parent = grown_parent
                states[count] = t
                parent[count] = k
                table[2 * h] = t
                table[2 * h + 1] = count
                count += 1
                if t & 7 == goal:
                    widest = max(widest, count - level_end)
                    depth = 0
                    j = count - 1
                    while j:
                        depth += 1
                        j = parent[j]
                    path = np.empty(depth + 1, np.int64)
                    j = count - 1
                    for back in range(depth, -1, -1):
                        path[back] = states[j]
                        j = parent[j]
                    return path, count, k + 1, levels, widest
                if 2 * count > mask:
                    bits += 1
                    table = _rehash(states, count, bits)
                    mask = (1 << bits) - 1
        k += 1
    widest = max(widest, count - level_end)
    return np.empty(0, np.int64), count, count, levels, widest


def shortest_path(board: Board, steps: bool = False) -> tuple[list[int], int, int, int, int]:
    """:func:`_shortest` on ``board`` (which :func:`fits`, and is not solved): the states of
    a shortest solution by moves (or by one-cell ``steps``), from the start on, packed as
    :class:`~searchlab.puzzles.rushhour.packed.Packed` packs them (empty: no solution),
    then the positions generated, expanded, the levels expanded and the widest level.
    O(N·b) time and memory for the N positions within the solution's depth."""
    path, generated, expanded, levels, widest = _shortest(*_arrays(board), steps)
    return [int(x) for x in path], int(generated), int(expanded), int(levels), int(widest)
