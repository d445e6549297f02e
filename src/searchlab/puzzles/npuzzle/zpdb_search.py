"""IDA* with a catalogue of zero-aware pattern databases (:mod:`.zpdb`), in plain Python:
the reference search that measures the tables' node counts (the compiled kernel does not
read them yet).

It counts as :func:`~.pure_search.ida_star` does (Korf 1985): the blank's moves tried
up, left, right, down, never undoing the last one; every child generated counts, an
iteration stops as soon as a goal is generated, the root counts once. With tables whose
values equal the additive tables' (the 6-6-3 partition's, indexed by the blank's cell
there: zero-aware already) it generates the same nodes (the tests check it).

Incremental: a move moves one tile, so only the tables following that tile rank their
placement again; every table reads its entry again (the blank, so its region, moved).
The catalogue's members are summed in order, and a child is pruned as soon as one
member's sum reaches past the bound.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .board import Board, neighbours
from .zpdb import View
from .zpdb_bits import root_value
from .zpdb_index import order_rank

_INF = 1 << 30


@dataclass
class ZResult:
    """A search's answer: the blank's cells after each move (None if not solved within
    ``max_nodes``), and Korf's counts."""

    path: list[int] | None
    generated: int
    expanded: int
    iterations: int


def _state(v: View, where: Sequence[int]) -> tuple[int, int, int, int]:
    """``(occupied set, entry without the region, md, -1)`` of a view's tiles (the last
    field: the value, kept for one-bit tables only)."""
    m = v.cellmap
    t = v.tables
    n = t.size
    placed = [m[where[x]] for x in v.tiles]
    occ = 0
    for c in placed:
        occ |= 1 << c
    r = order_rank(placed, occ)
    md = 0
    if v.packed or v.bits:
        md = sum(
            abs(c // n - g // n) + abs(c % n - g % n) for c, g in zip(placed, v.goal, strict=True)
        )
    return occ, t.base[occ] + r * t.nreg[occ], md, -1


def ida_star_views(
    start: Board, members: Sequence[Sequence[View]], max_nodes: int | None = None
) -> ZResult:
    """An optimal solution of ``start`` (Korf's goal: blank on cell 0, tile ``c`` on
    cell ``c``) by IDA* with the maximum over ``members`` (partitions' views) of their
    sums, or None past ``max_nodes`` generated. Requires a solvable ``start`` and an
    admissible catalogue (each member a partition of the tiles 1..cells-1)."""
    n = start.size
    cells = n * n
    board = list(start.tiles)
    where = [0] * cells
    for c, t in enumerate(board):
        where[t] = c
    order = {"U": 0, "L": 1, "R": 2, "D": 3}
    moves = [[nb for _, nb in sorted(cs, key=lambda mc: order[mc[0]])] for cs in neighbours(n)]
    flat = [v for member in members for v in member]
    spans = []
    i = 0
    for member in members:
        spans.append(range(i, i + len(member)))
        i += len(member)
    following: list[list[int]] = [[] for _ in range(cells)]
    for vi, v in enumerate(flat):
        for t in v.tiles:
            following[t].append(vi)
    maps = [v.cellmap for v in flat]
    labels = [v.tables.label for v in flat]
    tabs = [v.table for v in flat]
    packed = [v.packed for v in flat]
    bits = [v.bits for v in flat]
    gen = [0, 0]  # generated, expanded
    best = [_INF]
    path: list[int] = []
    limit = max_nodes if max_nodes is not None else _INF

    def h_of(st: list[tuple[int, int, int, int]], blank: int, g: int, bound: int) -> int:
        """The catalogue's value, or a member's sum as soon as one passes the bound."""
        top = 0
        for span in spans:
            s = 0
            for vi in span:
                occ, bp, md, v = st[vi]
                if v >= 0:
                    s += v
                    continue
                e = bp + labels[vi][occ * cells + maps[vi][blank]]
                if packed[vi]:
                    s += md + 2 * ((tabs[vi][e >> 1] >> ((e & 1) << 2)) & 15)
                else:
                    s += tabs[vi][e]
            if g + s > bound:
                return s
            top = max(top, s)
        return top

    def search(b: int, prev: int, g: int, bound: int, st: list[tuple[int, int, int, int]]) -> bool:
        gen[1] += 1
        g1 = g + 1
        cnt = 0
        for nb in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            t = board[nb]
            where[t] = b
            st2 = st
            if following[t]:
                st2 = list(st)
                for vi in following[t]:
                    occ, bp, md, _ = new = _state(flat[vi], where)
                    if bits[vi]:  # the value one up or down, told by the bit (mod 4)
                        v = st[vi][3]
                        e = bp + labels[vi][occ * cells + maps[vi][nb]]
                        m4 = (md + 2 * ((tabs[vi][e >> 3] >> (e & 7)) & 1)) & 3
                        new = (occ, bp, md, v + 1 if m4 == (v + 1) & 3 else v - 1)
                    st2[vi] = new
            h = h_of(st2, nb, g1, bound)
            if h == 0:
                gen[0] += cnt
                path.append(nb)
                return True
            f = g1 + h
            if f > bound:
                if f < best[0]:
                    best[0] = f
                where[t] = nb
                continue
            board[b], board[nb] = t, 0
            path.append(nb)
            gen[0] += cnt
            cnt = 0
            if gen[0] > limit:
                return False
            if search(nb, b, g1, bound, st2):
                return True
            path.pop()
            board[b], board[nb] = 0, t
            where[t] = nb
        gen[0] += cnt
        return False

    blank0 = where[0]
    st0 = [_state(v, where) for v in flat]
    for vi, v in enumerate(flat):
        if v.bits:
            placed = [v.cellmap[where[x]] for x in v.tiles]
            value = root_value(v.table, v.tables, v.goal, placed, v.cellmap[blank0])
            st0[vi] = (*st0[vi][:3], value)
    bound = h_of(st0, blank0, 0, _INF)
    iterations = 0
    solved = bound == 0
    while not solved:
        iterations += 1
        if iterations == 1:
            gen[0] += 1  # the root, once
        if search(blank0, -1, 0, bound, st0):
            solved = True
            break
        if gen[0] > limit or best[0] >= _INF:
            break
        bound, best[0] = best[0], _INF
    return ZResult(path if solved else None, gen[0], gen[1], iterations)


def replay(start: Board, path: Sequence[int]) -> tuple[int, ...]:
    """The board after moving the blank along ``path`` (each a neighbour of the last)."""
    tiles = list(start.tiles)
    b = tiles.index(0)
    n = start.size
    for nb in path:
        if abs(nb - b) not in (1, n) or (abs(nb - b) == 1 and nb // n != b // n):
            raise ValueError("not a move")
        tiles[b], tiles[nb] = tiles[nb], 0
        b = nb
    return tuple(tiles)
