"""Exhaustive depth-first search for knight's paths on small boards (bitboards).

Used where the answer must be exact: whether any open tour starts on a given
square, counting all tours (``searchlab knight count``), and finding the small
"structured" block tours of :mod:`~searchlab.puzzles.knight.blocks`.

Performance tricks: the visited set and each square's neighbourhood are Python
integers used as **bitboards** (``int.bit_count`` gives Warnsdorff degrees), and
a **dead-end prune**: after a move, a square next to the previous one that is
left with no unvisited neighbour can only be the last square of the path.
Exponential in the worst case; meant for boards of up to about 40 squares
(counting) or 100 squares (finding, with Warnsdorff ordering).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Iterator

from searchlab.search.limits import CancelToken

from .board import Board

CANCEL_EVERY = 1 << 14
"""How many nodes :func:`_search` visits between two looks at its cancel token."""


class NodeLimit(Exception):
    """The search visited more nodes than allowed."""


class Cancelled(Exception):
    """The search's cancel token was set."""


def neighbour_masks(board: Board) -> list[int]:
    """For each square index, the bitboard of the squares a knight reaches from it."""
    masks = []
    for r in range(board.rows):
        for c in range(board.cols):
            m = 0
            for rr, cc in board.moves(r, c):
                m |= 1 << (rr * board.cols + cc)
            masks.append(m)
    return masks


def _search(
    nb: list[int],
    start: int,
    *,
    last: int | None,
    first: int | None,
    closed: bool,
    on_path: Callable[[list[int]], bool],
    rank: list[int] | None,
    max_nodes: int | None,
    avoid: int = 0,
    cancel: CancelToken | None = None,
) -> None:
    """Depth-first enumeration of Hamiltonian paths from ``start``.

    ``on_path(path)`` is called for each complete path and returns ``True`` to stop;
    :class:`Cancelled` is raised within :data:`CANCEL_EVERY` nodes of ``cancel`` being set.
    ``last`` (a square that may only be visited last), ``first`` (the forced
    second square) and ``closed`` (the last square must neighbour ``start``)
    constrain the paths. ``rank`` orders the children by (Warnsdorff degree,
    rank); ``None`` keeps index order (cheaper, for exhaustive counts).
    """
    n = len(nb)
    full = (1 << n) - 1
    path = [start]
    nodes = 0
    last_bit = 0 if last is None else 1 << last
    start_nb = nb[start]

    def rec(cur: int, visited: int) -> bool:
        nonlocal nodes
        nodes += 1
        if max_nodes is not None and nodes > max_nodes:
            raise NodeLimit
        if cancel is not None and not nodes % CANCEL_EVERY and cancel.is_set():
            raise Cancelled
        if visited == full:
            if closed and not (start_nb >> cur) & 1:
                return False
            return on_path(path)
        free = full & ~visited
        cand = nb[cur] & free
        if len(path) == 1 and first is not None:
            cand &= 1 << first
        remaining = free.bit_count()
        if last_bit and remaining > 1:
            cand &= ~last_bit
        kids = []
        while cand:
            low = cand & -cand
            cand ^= low
            kids.append(low.bit_length() - 1)
        if rank is not None and len(kids) > 1:
            kids.sort(key=lambda v: (nb[v] & free).bit_count() * 4096 + rank[v])
        around = nb[cur] & free
        # The knight's graph is bipartite: the squares around cur are never next to v,
        # so v cannot serve them and the prune below is exact.
        for v in kids:
            after = free & ~(1 << v)
            # Dead-end prune: a square that loses cur as its last way in/out.
            others = around & ~(1 << v)
            ends = 0
            ok = True
            while others:
                low = others & -others
                others ^= low
                x = low.bit_length() - 1
                deg = (nb[x] & after).bit_count()
                if deg == 0:
                    ok = False
                    break
                if deg == 1:
                    ends += 1
            if not ok or ends > 1:
                continue
            path.append(v)
            if rec(v, visited | (1 << v)):
                return True
            path.pop()
        return False

    rec(start, (1 << start) | avoid)


def find_path(
    board: Board,
    start: tuple[int, int],
    *,
    first: tuple[int, int] | None = None,
    last: tuple[int, int] | None = None,
    closed: bool = False,
    max_nodes: int | None = None,
    seed: int | None = None,
    avoid: Iterable[tuple[int, int]] = (),
) -> list[tuple[int, int]] | None:
    """One knight's path covering ``board`` from ``start``, or ``None`` if none exists.

    With ``max_nodes``, raises :class:`NodeLimit` when the budget runs out (an
    answer of ``None`` is then never given without a complete search). Children
    are tried in Warnsdorff order with Roth's tie-break, randomised by ``seed``.
    """
    nb = neighbour_masks(board)
    n = board.cols
    rng = random.Random(seed)
    rank = []
    for r in range(board.rows):
        for c in range(n):
            d2 = (2 * r - board.rows + 1) ** 2 + (2 * c - n + 1) ** 2
            rank.append(-d2 * 16 + (rng.randrange(16) if seed is not None else 0))
    found: list[list[int]] = []

    def keep(path: list[int]) -> bool:
        found.append(list(path))
        return True

    _search(
        nb,
        start[0] * n + start[1],
        last=None if last is None else last[0] * n + last[1],
        first=None if first is None else first[0] * n + first[1],
        closed=closed,
        on_path=keep,
        rank=rank,
        max_nodes=max_nodes,
        avoid=sum(1 << (r * n + c) for r, c in set(avoid)),
    )
    if not found:
        return None
    return [divmod(i, n) for i in found[0]]


def open_tour_exists(board: Board, start: tuple[int, int]) -> bool:
    """Whether some open knight's tour of ``board`` starts on ``start`` (complete search)."""
    return find_path(board, start) is not None


def count_tours(board: Board, start: tuple[int, int] | None = None) -> int:
    """The number of directed open knight's tours of ``board``.

    A tour and its reverse count as two, and tours from every start square are
    added up (``start`` restricts the count to one start square). This is the
    convention of the published counts: 16 on 3×4, 164 on 4×5, 1,728 on 5×5
    (OEIS A165134 / A001230 family; Jelliss, "Knight's Tour Notes").
    Complete search: exponential, fine up to about 30 squares.
    """
    starts = None if start is None else [start[0] * board.cols + start[1]]
    return sum(n for _square, n in tours_by_start(board, starts))


def tours_by_start(
    board: Board, starts: Iterable[int] | None = None, *, cancel: CancelToken | None = None
) -> Iterator[tuple[int, int]]:
    """``(square, directed open tours from it)`` for each start square (index
    ``row * cols + col``; every square by default), one square's complete count at a
    time. Once ``cancel`` is set it stops, without the square under way: what it
    yielded is exact (:func:`count_tours` adds it up)."""
    nb = neighbour_masks(board)
    for s in range(board.size) if starts is None else starts:
        if cancel is not None and cancel.is_set():
            return
        if board.size == 1:
            yield s, 1
            continue
        total = 0

        def tally(path: list[int]) -> bool:
            nonlocal total
            total += 1
            return False

        try:
            _search(
                nb,
                s,
                last=None,
                first=None,
                closed=False,
                on_path=tally,
                rank=None,
                max_nodes=None,
                cancel=cancel,
            )
        except Cancelled:
            return
        yield s, total


def count_closed_tours(board: Board, *, cancel: CancelToken | None = None) -> int:
    """The number of closed knight's tours of ``board``, undirected (a cycle and its
    reverse count once, as OEIS A001230): the directed closed tours from square 0,
    halved. Complete search; raises :class:`Cancelled` when ``cancel`` is set."""
    if board.size < 3:
        return 0
    found = 0

    def tally(path: list[int]) -> bool:
        nonlocal found
        found += 1
        return False

    _search(
        neighbour_masks(board),
        0,
        last=None,
        first=None,
        closed=True,
        on_path=tally,
        rank=None,
        max_nodes=None,
        cancel=cancel,
    )
    return found // 2
