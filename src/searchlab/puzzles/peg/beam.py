"""Vectorised beam search towards an endgame table (NumPy), for the large boards.

The depth-first solver proves; this module *finds*. Every jump removes one
peg, so the search runs level by level: level ``k`` holds at most ``width``
positions with ``k`` fewer pegs than the start. A level's successors are made
for all its positions at once (one NumPy mask test and XOR per jump, as in
:mod:`~searchlab.puzzles.peg.levels`), put in canonical form under the
symmetries that fix the finish, deduplicated, pruned by pagoda functions, and
the ``width`` best by a compactness score are kept. As soon as a level reaches
the peg count of the backward endgame table's top level
(:class:`~searchlab.puzzles.peg.solver.Endgame`), its positions are looked up
there (a sorted-array search); a hit joins a forward path to a backward one.

Score (smaller is better): the number of orthogonal neighbour pairs of holes
with one peg and one empty hole (the boundary of the peg region: compact
positions, without isolated pegs, tend to be solvable), plus the pagoda
values' shortfall, with a little noise for diversity between runs.

Guarantees: a returned jump list is legal and ends in the endgame table (the
caller checks it by replay). Not complete: a beam that dies proves nothing;
the solver falls back to its exhaustive search. Complexity: O(L * J * width)
vectorised operations for L levels and J jumps.

Example: ``solve_fast(get_board("wiegleb"), board.start(["e5"]), 1 << board.hole("e5"))``
reaches it after 20,000 depth-first expansions and returns a 43-jump solution
in about a second.

Reference: beam search, B. T. Lowerre, *The HARPY speech recognition system*,
PhD thesis, CMU (1976).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np
import numpy.typing as npt

from .board import Board, Jump
from .levels import JumpMasks, Positions, SymmetryTables

_ZERO = np.uint64(0)
Floats = npt.NDArray[np.float64]


def hole_bits(level: Positions, size: int) -> npt.NDArray[np.uint8]:
    """The ``len(level) x size`` 0/1 matrix of pegs."""
    shifts = np.arange(size, dtype=np.uint64)
    return ((level[:, None] >> shifts) & np.uint64(1)).astype(np.uint8)


def neighbour_pairs(board: Board) -> tuple[npt.NDArray[np.intp], npt.NDArray[np.intp]]:
    """The pairs of holes next to each other along a jump line (each pair once)."""
    pairs = set()
    for a, b, c in board.jumps:
        pairs.add((min(a, b), max(a, b)))
        pairs.add((min(b, c), max(b, c)))
    left, right = zip(*sorted(pairs), strict=True)
    return np.array(left, dtype=np.intp), np.array(right, dtype=np.intp)


def beam_search(
    board: Board,
    start: int,
    goal_level: npt.NDArray[np.uint64],
    goal_pegs: int,
    symmetry: SymmetryTables,
    pagodas: Sequence[tuple[Sequence[float], float]],
    width: int,
    *,
    seed: int = 0,
    stop: Callable[[], None] | None = None,
) -> list[int] | None:
    """Canonical positions from ``canonical(start)`` to one of ``goal_level`` (or None).

    Parameters
    ----------
    goal_level : sorted canonical positions with ``goal_pegs`` pegs (the
        endgame table's top level).
    pagodas : ``(weights, threshold)`` pairs, one per possible finish; a
        position is kept when its pagoda value reaches the threshold for at
        least one of them (with one finish, that pagoda must hold).
    width : positions kept per level.
    stop : called once per level; may raise to stop the search.

    Returns the canonical positions of the path, start first.
    """
    masks = JumpMasks.of(board)
    left, right = neighbour_pairs(board)
    weights = np.array([w for w, _ in pagodas], dtype=np.float64).T  # size x k
    thresholds = np.array([t for _, t in pagodas], dtype=np.float64)
    rng = np.random.default_rng(seed)
    level = symmetry.canonical(np.array([start], dtype=np.uint64))
    levels: list[Positions] = [level]
    parents: list[npt.NDArray[np.intp]] = [np.zeros(1, dtype=np.intp)]
    pegs = start.bit_count()
    while pegs > goal_pegs and len(level):
        if stop is not None:
            stop()
        kids, who = [], []
        for need, empty, flip in zip(masks.need, masks.empty, masks.flip, strict=True):
            ok = np.flatnonzero(((level & need) == need) & ((level & empty) == _ZERO))
            if len(ok):
                kids.append(level[ok] ^ flip)
                who.append(ok)
        if not kids:
            return None
        child = symmetry.canonical(np.concatenate(kids))
        parent = np.concatenate(who)
        order = np.argsort(child, kind="stable")
        child, parent = child[order], parent[order]
        keep = np.ones(len(child), dtype=bool)
        keep[1:] = child[1:] != child[:-1]
        child, parent = child[keep], parent[keep]
        pegs -= 1
        if pegs == goal_pegs:
            at = np.searchsorted(goal_level, child)
            at[at == len(goal_level)] = 0
            hit = np.flatnonzero(goal_level[at] == child)
            if not len(hit):
                return None
            levels.append(child[hit[:1]])
            parents.append(parent[hit[:1]])
            break
        bits = hole_bits(child, board.size)
        values = bits.astype(np.float64) @ weights
        margin = (values - thresholds).max(axis=1)
        alive = margin >= -1e-9
        child, parent, bits, margin = child[alive], parent[alive], bits[alive], margin[alive]
        if len(child) > width:
            boundary = (bits[:, left] != bits[:, right]).sum(axis=1)
            score = boundary - 0.5 * np.minimum(margin, 2.0) + rng.random(len(child))
            best = np.argpartition(score, width)[:width]
            child, parent = child[best], parent[best]
        level = child
        levels.append(level)
        parents.append(parent)
    else:
        if pegs != goal_pegs:
            return None
    path = []
    i = 0
    for lv, par in zip(reversed(levels), reversed(parents), strict=True):
        path.append(int(lv[i]))
        i = int(par[i])
    path.reverse()
    return path


def unfold(
    board: Board, start: int, canonical_path: Sequence[int], canonical: Callable[[int], int]
) -> tuple[list[Jump], int]:
    """The actual jumps from ``start`` following a path of canonical positions.

    Each canonical position is reached from the current actual position by a
    jump whose result has that canonical form (one exists by symmetry).
    Returns the jumps and the last actual position.
    """
    pos = start
    jumps: list[Jump] = []
    for nxt in canonical_path[1:]:
        for a, b, c in board.jumps:
            need = (1 << a) | (1 << b)
            if pos & need == need and not pos >> c & 1:
                child = pos ^ (need | 1 << c)
                if canonical(child) == nxt:
                    jumps.append((a, b, c))
                    pos = child
                    break
        else:  # pragma: no cover - impossible by symmetry
            raise AssertionError("canonical path does not unfold")
    return jumps, pos
