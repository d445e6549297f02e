"""Closed tours of any size by divide and conquer: structured block tours, merged.

The construction follows Parberry's divide-and-conquer idea (I. Parberry, "An
efficient algorithm for the knight's tour problem", Discrete Applied Math. 73
(1997) 251-260), with its own block shapes and joints:

* the board is cut into a grid of blocks whose sides come from a few sizes
  (5..11; one side of every block even, so each block has a closed tour);
* each block gets a precomputed closed tour (``block_tours.json``) that is
  **structured**: it contains the moves (3,0)-(1,1) and (1,1)-(0,3) at its
  top-left corner (every closed tour contains the two moves out of each corner);
* two neighbouring blocks are joined by deleting one move in each and adding
  two moves across the boundary. Left block A, right block B, A's width w, in
  block-local coordinates: delete A's corner move (0,w-1)-(2,w-2) and B's move
  (1,1)-(3,0), add (0,w-1)-(1,w+1) and (2,w-2)-(3,w) in A's coordinates. The
  vertical joint is the transpose: A's corner move (h-1,0)-(h-2,2) and the
  lower block's (1,1)-(0,3). Joining along a spanning tree of the block grid
  (the top row left to right, then each column downwards) uses every deleted
  move once, so the result is one Hamiltonian cycle.

Everything is vectorised with NumPy: the successor array of all block cycles
is written one block shape at a time, the joints are O(1) each, and the tour
order comes from **pointer jumping** (list ranking in O(N log N) vectorised
work, O(N) memory: a few int64 arrays of N entries, about 200 MB at 2000×2000).
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

import numpy as np
import numpy.typing as npt

from .board import Board
from .exhaustive import NodeLimit, find_path

IntArray = npt.NDArray[np.int64]

EVEN_PIECES = (6, 8)
ANY_PIECES = (6, 7, 8, 9)
BLOCK_SHAPES = tuple((a, b) for a in range(5, 12) for b in (6, 8, 10))
"""Block shapes (rows, cols) with a stored structured tour (and their transposes)."""


def pieces(length: int, even: bool) -> list[int]:
    """Cut a side of ``length`` squares into block sides.

    ``even`` asks for even pieces only (``length`` must be even). Sides up to 11
    stay whole; longer ones are cut into pieces from (6, 8) or (6, 7, 8, 9).
    """
    if length <= 11:
        return [length]
    choices = EVEN_PIECES if even else ANY_PIECES
    out: list[int] = []
    rest = length
    while rest > 16:
        out.append(8)
        rest -= 8
    # 9 <= rest <= 16: finish with two pieces, or give back an 8 and finish with two or three.
    for extra in (0, 8):
        if extra:
            out.pop()
            rest += extra
        for a in choices:
            for b in choices:
                if a + b == rest:
                    return [*out, a, b]
                for c in choices:
                    if a + b + c == rest:
                        return [*out, a, b, c]
    raise AssertionError(f"cannot cut {length}")  # pragma: no cover - all lengths covered


def find_structured_tour(rows: int, cols: int, *, max_nodes: int = 400_000) -> list[int] | None:
    """A closed tour of a rows×cols block containing (3,0)-(1,1)-(0,3), as square indices.

    The cycle starts at (1,1), then (0,3), and ends at (3,0). Depth-first search
    with Warnsdorff ordering and randomised restarts; ``None`` if not found.
    """
    board = Board(rows, cols)
    for seed in (None, *range(8)):
        try:
            path = find_path(
                board,
                (1, 1),
                first=(0, 3),
                last=(3, 0),
                closed=True,
                max_nodes=max_nodes,
                seed=seed,
            )
        except NodeLimit:
            continue
        if path is not None:
            return [r * cols + c for r, c in path]
    return None


def generate_block_tours() -> dict[str, list[int]]:
    """Search a structured tour for every shape of :data:`BLOCK_SHAPES` (slow: minutes)."""
    table: dict[str, list[int]] = {}
    for rows, cols in BLOCK_SHAPES:
        tour = find_structured_tour(rows, cols)
        if tour is None:
            t = find_structured_tour(cols, rows)
            if t is not None:
                tour = [(i % rows) * cols + i // rows for i in t]
        if tour is not None:
            table[f"{rows}x{cols}"] = tour
    return table


@cache
def block_tours(kind: str = "tours") -> dict[tuple[int, int], IntArray]:
    """The stored block tours, keyed by (rows, cols), transposes included.

    ``kind="tours"``: structured tours (usable as blocks); ``"plain"``: closed
    tours of shapes that have no structured one, usable only as a whole board.
    """
    text = resources.files(__package__).joinpath("block_tours.json").read_text()
    table: dict[tuple[int, int], IntArray] = {}
    for key, tour in json.loads(text)[kind].items():
        rows, cols = (int(x) for x in key.split("x"))
        arr = np.asarray(tour, dtype=np.int64)
        table[rows, cols] = arr
        r, c = np.divmod(arr, cols)
        table.setdefault((cols, rows), c * rows + r)
    return table


def can_construct(board: Board) -> bool:
    """Whether :func:`construct_closed_tour` covers ``board``."""
    m, n = board.rows, board.cols
    if min(m, n) < 5 or (m % 2 and n % 2):
        return False
    rows_p, cols_p = _cut(m, n)
    if len(rows_p) == 1 and len(cols_p) == 1:
        return (m, n) in block_tours() or (m, n) in block_tours("plain")
    shapes = block_tours()
    return all((h, w) in shapes for h in set(rows_p) for w in set(cols_p))


def _cut(m: int, n: int) -> tuple[list[int], list[int]]:
    if m % 2 == 0:
        return pieces(m, True), pieces(n, False)
    return pieces(m, False), pieces(n, True)


def construct_closed_tour(board: Board, start: tuple[int, int] = (0, 0)) -> IntArray:
    """A closed knight's tour of ``board`` starting at ``start``, as an (N, 2) array.

    Requires :func:`can_construct` (both sides >= 5, not both odd). O(N log N)
    vectorised time (pointer jumping), O(N) memory, no per-square Python objects.

    >>> tour = construct_closed_tour(Board(12, 14), (3, 4))
    >>> tour.shape, tour[0].tolist()
    ((168, 2), [3, 4])
    """
    m, n = board.rows, board.cols
    if not can_construct(board):
        raise ValueError(f"no block construction for {board}")
    shapes = {**block_tours("plain"), **block_tours()}
    rows_p, cols_p = _cut(m, n)
    r0 = np.concatenate([[0], np.cumsum(rows_p)[:-1]]).astype(np.int64)
    c0 = np.concatenate([[0], np.cumsum(cols_p)[:-1]]).astype(np.int64)
    nbr, nbc = len(rows_p), len(cols_p)
    # Local cycle data per shape: square indices in cycle order and each square's successor.
    local: dict[tuple[int, int], tuple[IntArray, IntArray]] = {}
    for h in set(rows_p):
        for w in set(cols_p):
            cyc = shapes[h, w]
            succ = np.empty_like(cyc)
            succ[cyc] = np.roll(cyc, -1)
            local[h, w] = cyc, succ

    def fwd(h: int, w: int, a: tuple[int, int], b: tuple[int, int]) -> bool:
        """Whether the shape's stored cycle goes a -> b."""
        return bool(local[h, w][1][a[0] * w + a[1]] == b[0] * w + b[1])

    # Orientation of every block (1 = reversed), propagated along the spanning tree.
    orient = np.zeros((nbr, nbc), dtype=np.int64)
    for j in range(1, nbc):
        ha, wa, wb = rows_p[0], cols_p[j - 1], cols_p[j]
        pa = fwd(ha, wa, (0, wa - 1), (2, wa - 2)) ^ bool(orient[0, j - 1])
        orient[0, j] = pa ^ fwd(ha, wb, (3, 0), (1, 1))
    for i in range(1, nbr):
        for j in range(nbc):
            ha, hb, w = rows_p[i - 1], rows_p[i], cols_p[j]
            pa = fwd(ha, w, (ha - 1, 0), (ha - 2, 2)) ^ bool(orient[i - 1, j])
            orient[i, j] = pa ^ fwd(hb, w, (0, 3), (1, 1))
    # Successor array of the disjoint block cycles, one (shape, orientation) group at a time.
    nxt = np.empty(m * n, dtype=np.int64)
    bi, bj = np.meshgrid(np.arange(nbr), np.arange(nbc), indexing="ij")
    hs = np.asarray(rows_p)[bi]
    ws = np.asarray(cols_p)[bj]
    base = r0[bi] * n + c0[bj]
    for (h, w), (cyc, _) in local.items():
        lr, lc = np.divmod(cyc, w)
        glob = lr * n + lc
        for o in (0, 1):
            sel = (hs == h) & (ws == w) & (orient == o)
            if not sel.any():
                continue
            g = base[sel][:, None] + (glob if o == 0 else glob[::-1])[None, :]
            nxt[g] = np.roll(g, -1, axis=1)

    # Joints.
    def sq(bi_: int, bj_: int, r: int, c: int) -> int:
        return int((r0[bi_] + r) * n + c0[bj_] + c)

    for j in range(1, nbc):
        wa = cols_p[j - 1]
        a1, a2 = sq(0, j - 1, 0, wa - 1), sq(0, j - 1, 2, wa - 2)
        b1, b2 = sq(0, j, 1, 1), sq(0, j, 3, 0)
        _join(nxt, a1, a2, b1, b2)
    for i in range(1, nbr):
        ha = rows_p[i - 1]
        for j in range(nbc):
            a1, a2 = sq(i - 1, j, ha - 1, 0), sq(i - 1, j, ha - 2, 2)
            b1, b2 = sq(i, j, 1, 1), sq(i, j, 0, 3)
            _join(nxt, a1, a2, b1, b2)
    order = _cycle_order(nxt, start[0] * n + start[1])
    return np.stack(np.divmod(order, n), axis=1)


def _join(nxt: IntArray, a1: int, a2: int, b1: int, b2: int) -> None:
    """Replace moves a1-a2 and b1-b2 of two cycles by a1-b1 and a2-b2 (one cycle)."""
    if nxt[a1] == a2:
        assert nxt[b2] == b1, "block orientation mismatch"
        nxt[a1], nxt[b2] = b1, a2
    else:
        assert nxt[a2] == a1 and nxt[b1] == b2, "block orientation mismatch"
        nxt[a2], nxt[b1] = b2, a1


def _cycle_order(nxt: IntArray, start: int) -> IntArray:
    """The squares of the Hamiltonian cycle ``nxt`` in order from ``start`` (pointer jumping)."""
    size = len(nxt)
    pred = np.empty_like(nxt)
    pred[nxt] = np.arange(size)
    tail = int(pred[start])
    succ = nxt.copy()
    succ[tail] = tail
    dist = np.ones(size, dtype=np.int64)
    dist[tail] = 0
    step = 1
    while step < size:
        dist += dist[succ]
        succ = succ[succ]
        step *= 2
    order = np.empty(size, dtype=np.int64)
    order[size - 1 - dist] = np.arange(size)
    return order
