"""Warnsdorff's rule with Roth's tie-break, repaired by Pósa rotations when it sticks.

The fast general-purpose tour finder: used for boards the block construction
(:mod:`~searchlab.puzzles.knight.blocks`) does not cover (odd×odd boards, 3×n,
4×n, small boards) and as its fallback.

Performance tricks, all in one tight loop:

* **padded board**: the board lives in a ``(rows+4) × (cols+4)`` byte array whose
  two-square border is marked visited, so the eight neighbours of a square are
  ``p + offset`` with no bounds test;
* **incremental degrees**: ``deg[v]`` (unvisited neighbours of ``v``) is
  decremented when the knight lands next to ``v``, so Warnsdorff's key costs one
  lookup instead of a neighbour scan;
* **precomputed tie-break table**: Roth's "farthest from the centre" as an
  integer rank per square (smaller is better), randomised on restarts;
* flat ``array('i')`` path and position index: no per-square Python objects.
"""

from __future__ import annotations

import random
from array import array

import numpy as np
import numpy.typing as npt

from searchlab.search.limits import Budget

from .board import KNIGHT_MOVES, Board

IntArray = npt.NDArray[np.int64]


class _Padded:
    """The padded representation of a board (see the module docstring)."""

    def __init__(self, board: Board) -> None:
        m, n = board.rows, board.cols
        self.board = board
        self.width = w = n + 4
        self.offsets = tuple(dr * w + dc for dr, dc in KNIGHT_MOVES)
        vis = np.ones((m + 4, w), dtype=np.uint8)
        vis[2:-2, 2:-2] = 0
        self.vis0 = vis.ravel()
        interior = 1 - vis
        deg = np.zeros_like(interior)
        for dr, dc in KNIGHT_MOVES:
            deg[2:-2, 2:-2] += interior[2 + dr : m + 2 + dr, 2 + dc : n + 2 + dc]
        self.deg0 = deg.ravel()
        rr, cc = np.indices((m + 4, w))
        d2 = (2 * (rr - 2) - (m - 1)) ** 2 + (2 * (cc - 2) - (n - 1)) ** 2
        self.rank0 = (int(d2.max()) - d2).ravel().astype(np.int64)

    def index(self, row: int, col: int) -> int:
        return (row + 2) * self.width + col + 2

    def to_rows_cols(self, path: array[int]) -> IntArray:
        p = np.frombuffer(path, dtype=np.int32).astype(np.int64)
        return np.stack([p // self.width - 2, p % self.width - 2], axis=1)


def warnsdorff_tour(
    board: Board,
    start: tuple[int, int],
    *,
    closed: bool = False,
    seed: int = 0,
    max_attempts: int = 20,
    budget: Budget | None = None,
) -> tuple[IntArray | None, dict[str, int]]:
    """An open (or closed) knight's tour from ``start``, or ``None`` if none was found.

    Warnsdorff's rule (move to the unvisited square with the fewest unvisited
    neighbours), ties broken by Roth's rule (farthest from the centre). When
    the walk sticks before covering the board, Pósa rotations repair it: with
    path ``v0..vk`` and a neighbour ``vi`` of ``vk``, the path
    ``v0..vi vk..vi+1`` ends at ``vi+1``, which may have unvisited neighbours;
    the walk then continues. For ``closed``, rotations continue on the full
    path until its end is a knight move from ``v0``. Each attempt is bounded;
    later attempts randomise the tie-break.

    Requires a tour to exist from ``start`` (check
    :func:`~searchlab.puzzles.knight.existence.tour_verdict` first); the answer
    is a heuristic one: ``None`` means "not found", never "impossible".

    Complexity: O(N) per attempt on large boards in practice (each step looks at
    8 squares); rotations cost O(length of the reversed tail).

    Limits: the time limit and cancel token of ``budget`` (an engine
    :class:`~searchlab.search.limits.Budget`, shared with the caller's retries; made
    from :func:`~searchlab.search.options.limit_budget` and the caller's limits),
    checked between attempts and after each stuck walk. ``None``: no limit.

    Returns ``(path, stats)``: an ``(N, 2)`` array of (row, col) and counters
    (``moves``, ``rotations``, ``attempts``).

    References: H. C. von Warnsdorff (1823); D. Squirrel and P. Cull, "A
    Warnsdorff-rule algorithm for knight's tours on square chessboards" (1996)
    and A. Roth's tie-break; L. Pósa, "Hamiltonian circuits in random graphs",
    Discrete Math. 14 (1976) for rotations.

    >>> path, _ = warnsdorff_tour(Board(5, 5), (0, 0))
    >>> len(path)
    25
    """
    pad = _Padded(board)
    stats = {"moves": 0, "rotations": 0, "attempts": 0}
    budget = budget or Budget()
    rng = random.Random(seed)
    for attempt in range(max_attempts):
        stats["attempts"] = attempt + 1
        rank = pad.rank0.copy()
        if attempt:
            rank = rank * 4 + np.asarray(
                np.random.default_rng(rng.randrange(2**32)).integers(0, 4 + 16 * attempt, len(rank))
            )
        path = _attempt(pad, pad.index(*start), closed, rank, rng, stats, budget)
        if path is not None:
            return pad.to_rows_cols(path), stats
        if budget.interrupted():
            break
    return None, stats


def _attempt(
    pad: _Padded,
    s: int,
    closed: bool,
    rank_np: IntArray,
    rng: random.Random,
    stats: dict[str, int],
    budget: Budget,
) -> array[int] | None:
    total = pad.board.size
    vis = bytearray(pad.vis0.tobytes())
    deg = array("i", pad.deg0.astype(np.int32).tobytes())
    rank = array("q", rank_np.tobytes())
    offs = pad.offsets
    pos = array("i", bytes(4 * len(vis)))
    path = array("i", [s])
    vis[s] = 1
    cur = s
    rotations_left = 10 * total + 1000  # rotations allowed in this attempt, counted in squares
    moves = 0
    while True:
        # Warnsdorff walk from the end of the path.
        while True:
            best = -1
            bd = 9
            br = 0
            for d in offs:
                v = cur + d
                if vis[v]:
                    continue
                dv = deg[v] - 1
                deg[v] = dv
                if dv < bd or (dv == bd and rank[v] < br):
                    bd = dv
                    br = rank[v]
                    best = v
            if best < 0:
                break
            vis[best] = 1
            pos[best] = len(path)
            path.append(best)
            cur = best
            moves += 1
        stats["moves"] += moves
        moves = 0
        length = len(path)
        if length == total and (not closed or total == 1 or _adjacent(cur, s, offs)):
            return path
        if budget.interrupted():
            return None
        # Stuck (or full but not closed): one Pósa rotation at the end.
        cands = []
        for d in offs:
            u = cur + d
            if vis[u] and pad.vis0[u] == 0:
                j = pos[u] if u != s else 0
                if j < length - 2:
                    cands.append(j)
        if not cands:
            return None
        good = [j for j in cands if _wanted(path[j + 1], vis, offs, s, length == total)]
        j = rng.choice(good or cands)
        tail = path[j + 1 :]
        tail.reverse()
        path[j + 1 :] = tail
        for k in range(j + 1, length):
            pos[path[k]] = k
        rotations_left -= length - j
        stats["rotations"] += 1
        if rotations_left < 0:
            return None
        cur = path[-1]  # rotations leave the visited set, hence the degrees, unchanged


def _adjacent(a: int, b: int, offs: tuple[int, ...]) -> bool:
    return (b - a) in offs


def _wanted(w: int, vis: bytearray, offs: tuple[int, ...], s: int, full: bool) -> bool:
    """Whether a rotation ending at ``w`` makes progress."""
    if full:
        return (s - w) in offs
    return any(not vis[w + d] for d in offs)
