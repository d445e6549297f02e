"""Fewest moves by bidirectional breadth-first search over *moves*, with NumPy.

A *move* is one or more consecutive jumps by the same peg. Let ``F[n]`` be the
positions reachable from the start in ``n`` moves but no fewer, and ``B[n]``
those from which the finish is reachable in ``n`` moves but no fewer (the
"calculation by levels" of G. I. Bell's peg solitaire pages). Both are
computed level by level over canonical positions (least image under the
symmetries fixing the start and the finish), each level one vectorised pass:

* **one move, vectorised**: every first jump of every position at once (one
  mask test and XOR per jump over the level); the results are grouped by the
  hole where the moving peg landed, and each group is extended by the jumps
  starting from that hole, round after round, until no chain continues. Every
  prefix of a chain is itself a move, so all of them are successors.
* **backward moves** are chains of reverse jumps by one peg (a reverse jump
  from ``c`` over ``b`` to ``a`` puts pegs on ``a, b`` and empties ``c``).
* **pruning**: forward, the golden-ratio pagoda of the finish (a position
  whose value is below the finish's cannot reach it); backward, the same test
  on complements (``Q`` is reachable from ``S`` only if the complement of
  ``S`` is reachable from the complement of ``Q``). Only dead positions are
  removed, so the distances of the others are unchanged.
* **symmetry**: 12-bit chunk tables (:class:`~searchlab.puzzles.peg.levels.SymmetryTables`).

Exactness: any solution with ``L`` moves passes, after ``i`` moves, through a
position ``X`` with ``d_F(X) <= i`` and ``d_B(X) <= L - i``, and every common
position ``X`` of ``F[i]`` and ``B[j]`` gives a solution of at most ``i + j``
moves. So the minimum is the least ``i + j`` over intersecting levels, and it
is certain as soon as that least sum is at most the number of levels built on
both sides together.

Complexity: O(J * R) vectorised operations and O(R log R) sorting for the R
positions stored on both sides. The English central game needs 18 moves
(Bergholt 1912; Beasley 1964 proved it minimal), found here with 9 levels on
each side.

References
----------
J. D. Beasley, *The Ins and Outs of Peg Solitaire*, OUP 1985, ch. 6; G. I.
Bell, "Diagonal peg solitaire", INTEGERS 7 (2007), #G01 (level calculations by
moves, forward and backward).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from .board import Board, Jump
from .levels import Positions, SymmetryTables, check_size, sorted_unique
from .pagoda import EPSILON, distance_pagoda

_ZERO = np.uint64(0)
_CHUNK = 1 << 16
Floats = npt.NDArray[np.float64]


@dataclass(frozen=True)
class MoveMasks:
    """Jumps (forward or reverse) as masks, grouped by the hole the moving peg leaves."""

    need: npt.NDArray[np.uint64]
    empty: npt.NDArray[np.uint64]
    flip: npt.NDArray[np.uint64]
    src: tuple[int, ...]
    dst: tuple[int, ...]
    by_src: dict[int, list[int]]

    @staticmethod
    def of(board: Board, *, reverse: bool = False) -> MoveMasks:
        need, empty, flip, src, dst = [], [], [], [], []
        by_src: dict[int, list[int]] = {}
        for k, (a, b, c) in enumerate(board.jumps):
            ab, cc = (1 << a) | (1 << b), 1 << c
            need.append(cc if reverse else ab)
            empty.append(ab if reverse else cc)
            flip.append(ab | cc)
            s, d = (c, a) if reverse else (a, c)
            src.append(s)
            dst.append(d)
            by_src.setdefault(s, []).append(k)
        return MoveMasks(
            np.array(need, dtype=np.uint64),
            np.array(empty, dtype=np.uint64),
            np.array(flip, dtype=np.uint64),
            tuple(src),
            tuple(dst),
            by_src,
        )


def move_successors(level: Positions, masks: MoveMasks) -> Positions:
    """Every position one move (a chain of jumps by one peg) from ``level``, sorted, distinct."""
    groups: dict[int, list[Positions]] = {}
    for k in range(len(masks.src)):
        ok = ((level & masks.need[k]) == masks.need[k]) & ((level & masks.empty[k]) == _ZERO)
        if ok.any():
            groups.setdefault(masks.dst[k], []).append(level[ok] ^ masks.flip[k])
    out: list[Positions] = []
    while groups:
        nxt: dict[int, list[Positions]] = {}
        for hole, parts in groups.items():
            arr = sorted_unique(np.concatenate(parts))
            out.append(arr)
            for k in masks.by_src.get(hole, ()):
                ok = ((arr & masks.need[k]) == masks.need[k]) & ((arr & masks.empty[k]) == _ZERO)
                if ok.any():
                    nxt.setdefault(masks.dst[k], []).append(arr[ok] ^ masks.flip[k])
        groups = nxt
    if not out:
        return np.zeros(0, dtype=np.uint64)
    return sorted_unique(np.concatenate(out))


class PagodaTables:
    """Pagoda values of ``uint64`` positions by 12-bit chunk tables (any-of several pagodas)."""

    def __init__(self, board: Board, pagodas: Sequence[tuple[Sequence[float], float]]) -> None:
        self.chunks = (board.size + 11) // 12
        values = np.arange(4096)
        self.tables: list[tuple[list[Floats], float]] = []
        for weights, threshold in pagodas:
            per = []
            for k in range(self.chunks):
                t = np.zeros(4096)
                for i in range(12):
                    h = 12 * k + i
                    if h < board.size:
                        t += ((values >> i) & 1) * weights[h]
                per.append(t)
            self.tables.append((per, threshold))

    def alive(self, level: Positions, *, complement: int = 0) -> npt.NDArray[np.bool_]:
        """Whether some pagoda's value (of ``level ^ complement``) reaches its threshold."""
        if not self.tables:
            return np.ones(len(level), dtype=bool)
        pos = level ^ np.uint64(complement)
        idx = [
            ((pos >> np.uint64(12 * k)) & np.uint64(4095)).astype(np.intp)
            for k in range(self.chunks)
        ]
        ok = np.zeros(len(level), dtype=bool)
        for per, threshold in self.tables:
            total = sum((t[i] for t, i in zip(per, idx, strict=True)), np.zeros(len(level)))
            ok |= total >= threshold
        return ok


def contains(sorted_level: Positions, values: Positions) -> npt.NDArray[np.bool_]:
    """Membership of ``values`` in a sorted array."""
    if len(sorted_level) == 0:
        return np.zeros(len(values), dtype=bool)
    at = np.searchsorted(sorted_level, values)
    at[at == len(sorted_level)] = 0
    found: npt.NDArray[np.bool_] = sorted_level[at] == values
    return found


class Side:
    """One direction of the search: its levels (canonical, sorted) and how to extend them."""

    def __init__(
        self,
        roots: Positions,
        masks: MoveMasks,
        symmetry: SymmetryTables,
        pagoda: PagodaTables,
        complement: int,
    ) -> None:
        self.masks, self.symmetry, self.pagoda, self.complement = (
            masks,
            symmetry,
            pagoda,
            complement,
        )
        self.levels: list[Positions] = [sorted_unique(symmetry.canonical(roots))]
        self.exhausted = False

    @property
    def depth(self) -> int:
        return len(self.levels) - 1

    @property
    def stored(self) -> int:
        return sum(len(lv) for lv in self.levels)

    def grow(self, stop: Callable[[int], None] | None = None) -> Positions:
        """Build the next level (positions first reached after one more move)."""
        last = self.levels[-1]
        parts = []
        for lo in range(0, len(last), _CHUNK):
            succ = move_successors(last[lo : lo + _CHUNK], self.masks)
            succ = succ[self.pagoda.alive(succ, complement=self.complement)]
            parts.append(sorted_unique(self.symmetry.canonical(succ)))
            if stop is not None:
                stop(len(last[lo : lo + _CHUNK]))
        nxt = sorted_unique(np.concatenate(parts)) if parts else np.zeros(0, dtype=np.uint64)
        for lv in self.levels:
            nxt = nxt[~contains(lv, nxt)]
        self.levels.append(nxt)
        if len(nxt) == 0:
            self.exhausted = True
        return nxt


def single_moves(board: Board, pos: int, *, reverse: bool = False) -> list[tuple[list[Jump], int]]:
    """Every move from ``pos`` as (its jumps, the resulting position); reverse moves if asked."""
    out: list[tuple[list[Jump], int]] = []

    def chain(p: int, hole: int, jumps: list[Jump]) -> None:
        for a, b, c in board.jumps:
            src, dst = (c, a) if reverse else (a, c)
            if hole >= 0 and src != hole:
                continue
            has, lacks = (
                ((1 << c), (1 << a) | (1 << b)) if reverse else ((1 << a) | (1 << b), 1 << c)
            )
            if p & has == has and not p & lacks:
                q = p ^ has ^ lacks
                step = [*jumps, (a, b, c)]
                out.append((step, q))
                chain(q, dst, step)

    chain(pos, -1, [])
    return out


def bidirectional_min_moves(
    board: Board,
    start: int,
    finals: Sequence[int],
    perms: Sequence[Sequence[int]],
    *,
    stop: Callable[[int], None] | None = None,
    on_level: Callable[[str, int, int], None] | None = None,
    on_bound: Callable[[int], None] | None = None,
) -> tuple[list[Jump] | None, int]:
    """The jumps of a solution with the fewest moves from ``start`` to one of ``finals``.

    ``perms`` are symmetries fixing ``start`` and the set of ``finals``.
    ``stop(expanded)`` is called after every chunk of ``expanded`` positions
    and may raise to abort;
    ``on_level(side, depth, size)`` reports each level built and
    ``on_bound(moves)`` each new proof that ``moves`` moves are too few. Returns
    ``(jumps, moves)``, or ``(None, moves_proved_too_few)`` when no solution
    exists.

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("triangle5")
    >>> jumps, moves = bidirectional_min_moves(b, b.start(), [1 << 0], [])
    >>> moves, len(jumps)
    (10, 13)
    """
    check_size(board)
    symmetry = SymmetryTables(board, perms)
    forward_pagodas = [
        (distance_pagoda(board, f.bit_length() - 1), _value(board, f, f.bit_length() - 1))
        for f in finals
    ]
    vacant = board.full & ~start
    backward_pagodas = (
        [
            (
                distance_pagoda(board, vacant.bit_length() - 1),
                _value(board, vacant, vacant.bit_length() - 1),
            )
        ]
        if vacant
        else []
    )
    fwd = Side(
        np.array([start], dtype=np.uint64),
        MoveMasks.of(board),
        symmetry,
        PagodaTables(board, forward_pagodas),
        0,
    )
    bwd = Side(
        np.array(sorted(finals), dtype=np.uint64),
        MoveMasks.of(board, reverse=True),
        symmetry,
        PagodaTables(board, backward_pagodas),
        board.full,
    )
    best: tuple[int, int, int, int] | None = None  # (moves, i, j, position)

    def meet(i: int, j: int) -> None:
        nonlocal best
        a, b = fwd.levels[i], bwd.levels[j]
        if best is not None and i + j >= best[0]:
            return
        common = a[contains(b, a)] if len(a) <= len(b) else b[contains(a, b)]
        if len(common):
            best = (i + j, i, j, int(common[0]))

    meet(0, 0)
    while best is None or best[0] > fwd.depth + bwd.depth:
        grow_fwd = not fwd.exhausted and (
            bwd.exhausted or len(fwd.levels[-1]) <= len(bwd.levels[-1])
        )
        if fwd.exhausted and bwd.exhausted:
            break
        side = fwd if grow_fwd else bwd
        level = side.grow(stop)
        if on_level is not None:
            on_level("forward" if grow_fwd else "backward", side.depth, len(level))
        if grow_fwd:
            for j in range(bwd.depth + 1):
                meet(fwd.depth, j)
        else:
            for i in range(fwd.depth + 1):
                meet(i, bwd.depth)
        if best is None and (fwd.exhausted or bwd.exhausted):
            return None, fwd.depth + bwd.depth
        if on_bound is not None:
            on_bound(
                fwd.depth + bwd.depth
                if best is None
                else min(best[0], fwd.depth + bwd.depth + 1) - 1
            )
    if best is None:
        return None, fwd.depth + bwd.depth
    moves, i, j, meeting = best
    return _unfold(board, start, fwd, bwd, i, j, meeting, symmetry), moves


def _value(board: Board, position: int, centre: int) -> float:
    weights = distance_pagoda(board, centre)
    return sum(weights[h] for h in board.pegs(position)) - EPSILON


def _canonical1(symmetry: SymmetryTables, pos: int) -> int:
    return int(symmetry.canonical(np.array([pos], dtype=np.uint64))[0])


def _unfold(
    board: Board,
    start: int,
    fwd: Side,
    bwd: Side,
    i: int,
    j: int,
    meeting: int,
    symmetry: SymmetryTables,
) -> list[Jump]:
    """The jumps of the solution through ``meeting`` (canonical, in F[i] and B[j])."""
    # canonical chain start -> meeting, found backwards with reverse moves
    chain = [meeting]
    for k in range(i - 1, -1, -1):
        for _, q in single_moves(board, chain[-1], reverse=True):
            c = _canonical1(symmetry, q)
            if contains(fwd.levels[k], np.array([c], dtype=np.uint64))[0]:
                chain.append(c)
                break
    chain.reverse()
    jumps: list[Jump] = []
    pos = start
    for want in chain[1:]:
        for step, q in single_moves(board, pos):
            if _canonical1(symmetry, q) == want:
                jumps += step
                pos = q
                break
    for k in range(j - 1, -1, -1):
        for step, q in single_moves(board, pos):
            if contains(bwd.levels[k], np.array([_canonical1(symmetry, q)], dtype=np.uint64))[0]:
                jumps += step
                pos = q
                break
    return jumps
