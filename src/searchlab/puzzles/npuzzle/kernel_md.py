"""Compiled IDA* (Numba) with Manhattan distance or linear conflict: no database needed.

:func:`ida_star_md_compiled` runs Korf's (1985) IDA* with incremental Manhattan
distance, the tree and the counts of
:func:`~searchlab.puzzles.npuzzle.fast.ida_star` without ``pdbs`` (the tests
assert equal ``generated``, ``expanded`` and ``iterations``), or with the
linear-conflict heuristic of
:func:`~searchlab.puzzles.npuzzle.heuristics.linear_conflict` (Hansson, Mayer &
Yung 1992, the admissible form: per line, the tiles that must leave it are the
line's length minus the longest increasing subsequence of their goal
positions). Memory is linear in the solution length; it is the solver for
boards whose pattern databases are not built (4x4, 5x5) and for larger ones.

Performance tricks:

- the explicit, resumable stack of :mod:`.kernel` (the same driver,
  :func:`~searchlab.puzzles.npuzzle.kernel.deepen`);
- Manhattan changes by ``delta[tile, from, to]``, one table read a child;
- **linear conflict, incrementally**: a vertical move keeps every column's
  order and only changes the row the tile leaves or enters, and only matters
  if that row is the tile's goal row (the mirror argument for horizontal
  moves). So a child costs at most one line code (``n`` board reads, each
  cell's digit its tile's goal position along the line plus one, 0 for the
  blank and foreign tiles, base ``n + 1``) and two reads of a table of the
  conflicts of every line code, ``(n + 1) ** n`` bytes (625 for the
  15-puzzle, 7,776 for the 24-puzzle).
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np
import numpy.typing as npt
from numba import njit

from searchlab.puzzles.npuzzle.board import Board, neighbours
from searchlab.puzzles.npuzzle.fast import ProgressFn, _result, _tables
from searchlab.puzzles.npuzzle.heuristics import (
    LC_MAX_SIZE,
    _removals,
    linear_conflict,
    manhattan,
)
from searchlab.puzzles.npuzzle.kernel import (
    _BEST,
    _BOUND,
    _DEPTH,
    _EXHAUSTED,
    _EXPANDED,
    _FOUND,
    _GENERATED,
    _NEXT_CHECK,
    _PAUSED,
    I64,
    deepen,
)
from searchlab.search import CancelToken, SearchResult, SearchStats
from searchlab.search.limits import Budget

I8 = npt.NDArray[np.int8]


@njit(cache=True)
def _line_code(board: I64, first: int, step: int, n: int, line: int, on: I64, at: I64) -> int:
    """The code of the line of ``n`` cells ``first, first + step, ...``: digit ``j`` (base
    ``n + 1``, cell ``j`` least significant) is ``at[label] + 1`` for a tile whose goal is
    on ``line`` (``on[label] == line``), else 0."""
    code = 0
    w = 1
    for j in range(n):
        lab = board[first + j * step]
        if on[lab] == line:
            code += (at[lab] + 1) * w
        w *= n + 1
    return code


@njit(cache=True)
def _search_md(
    regs: I64,
    fb: I64,
    fprev: I64,
    fi: I64,
    fcnt: I64,
    fh: I64,
    board: I64,
    moves: I64,
    nmoves: I64,
    delta: I64,
    lc: bool,
    n: int,
    blank: int,
    grow: I64,
    gcol: I64,
    pw: I64,
    table: I8,
) -> int:
    """The bounded depth-first search of :mod:`.kernel` with Manhattan distance (plus
    linear conflicts with ``lc``), resumable: same frames, registers and returns.

    ``board`` holds each cell's label (goal cell; ``blank`` the blank's), kept exact;
    ``grow``/``gcol`` a label's goal row and column (-1 for the blank), ``pw`` the
    powers of ``n + 1``, ``table`` the conflicts (tiles to remove) of a line code.
    """
    cells = n * n
    c2 = cells * cells
    bound = regs[_BOUND]
    while True:
        top = regs[_DEPTH]
        b = fb[top]
        i = fi[top]
        if i < 0:
            regs[_EXPANDED] += 1
            i = 0
            fcnt[top] = 0
        if i >= nmoves[b]:
            regs[_GENERATED] += fcnt[top]
            if top == 0:
                return _EXHAUSTED
            p = fprev[top]
            board[b] = board[p]
            board[p] = blank
            regs[_DEPTH] = top - 1
            continue
        fi[top] = i + 1
        nb = moves[b, i]
        if nb == fprev[top]:
            continue
        fcnt[top] += 1
        tile = board[nb]
        g1 = top + 1
        h = fh[top] + delta[tile * c2 + nb * cells + b]
        if lc:
            if nb - b == n or b - nb == n:  # vertical: only the tile's goal row changes
                line = grow[tile]
                rb = b // n
                rn = nb // n
                if line in (rb, rn):
                    code = _line_code(board, line * n, 1, n, line, grow, gcol)
                    dig = (gcol[tile] + 1) * pw[b % n]
                    new = code - dig if line == rn else code + dig
                    h += 2 * (table[new] - table[code])
            else:  # horizontal: only the tile's goal column changes
                line = gcol[tile]
                cb = b % n
                cn = nb % n
                if line in (cb, cn):
                    code = _line_code(board, line, n, n, line, gcol, grow)
                    dig = (grow[tile] + 1) * pw[b // n]
                    new = code - dig if line == cn else code + dig
                    h += 2 * (table[new] - table[code])
        if h == 0:
            regs[_GENERATED] += fcnt[top]
            fb[g1] = nb
            regs[_DEPTH] = g1
            return _FOUND
        f = g1 + h
        if f > bound:
            if f < regs[_BEST]:
                regs[_BEST] = f
            continue
        board[b] = tile
        board[nb] = blank
        fb[g1] = nb
        fprev[g1] = b
        fi[g1] = -1
        fh[g1] = h
        regs[_GENERATED] += fcnt[top]
        fcnt[top] = 0
        regs[_DEPTH] = g1
        if regs[_GENERATED] > regs[_NEXT_CHECK]:
            return _PAUSED


def line_table(n: int) -> I8:
    """The linear conflicts of every line code of an ``n``-cell line: the number of its
    tiles to take out so the rest are in goal order (see :func:`_line_code`)."""
    table = np.zeros((n + 1) ** n, dtype=np.int8)
    for code, digits in enumerate(itertools.product(range(n + 1), repeat=n)):
        # itertools.product varies the last digit fastest: cell j is digits[n - 1 - j]
        seq = [d - 1 for d in reversed(digits) if d]
        table[code] = _removals(seq)
    return table


def ida_star_md_compiled(
    start: Board,
    goal: Board,
    *,
    linear_conflicts: bool = True,
    time_limit: float | None = None,
    max_nodes: int | None = None,
    max_expansions: int | None = None,
    cancel: CancelToken | None = None,
    progress: ProgressFn | None = None,
) -> SearchResult:
    """IDA* with linear conflict (or Manhattan distance alone), compiled.

    Requires a solvable ``start`` (and, with ``linear_conflicts``, a side of at most
    :data:`LC_MAX_SIZE`). Returns an optimal solution (both heuristics are
    admissible), with Korf's counting conventions and the limits of
    :func:`~searchlab.puzzles.npuzzle.fast.ida_star` (checked every 65,536
    generated nodes; ``max_nodes`` counts generated nodes). With Manhattan
    distance its counts are :func:`~.fast.ida_star`'s on the same board.
    """
    n = start.size
    if linear_conflicts and n > LC_MAX_SIZE:
        raise ValueError(f"linear conflicts are compiled for boards up to {LC_MAX_SIZE}x")
    budget = Budget(max_expansions, time_limit, None, cancel, progress)
    stats = SearchStats()
    cells = n * n
    labels, md = _tables(start, goal)
    gb = goal.blank
    order = {"U": 0, "L": 1, "R": 2, "D": 3}
    moves = np.full((cells, 4), -1, dtype=np.int64)
    nmoves = np.zeros(cells, dtype=np.int64)
    for b, cs in enumerate(neighbours(n)):
        ms = sorted(cs, key=lambda mc: order[mc[0]])
        nmoves[b] = len(ms)
        for j, (_, nb) in enumerate(ms):
            moves[b, j] = nb
    mdt = np.array(md, dtype=np.int64).reshape(cells, cells)
    # delta[lab, nb, b]: Manhattan change when label `lab` slides from nb to b
    delta = (mdt[:, None, :] - mdt[:, :, None]).reshape(-1).copy()
    grow = np.array([-1 if lab == gb else lab // n for lab in range(cells)], dtype=np.int64)
    gcol = np.array([-1 if lab == gb else lab % n for lab in range(cells)], dtype=np.int64)
    pw = np.array([(n + 1) ** j for j in range(n)], dtype=np.int64)
    table = line_table(n) if linear_conflicts else np.zeros(1, dtype=np.int8)
    h_start = linear_conflict(start, goal) if linear_conflicts else manhattan(start, goal)
    board = np.array(labels, dtype=np.int64)
    blank0 = start.blank
    regs = np.zeros(6, dtype=np.int64)
    frames: list[Any] = []

    def begin(bound: int) -> I64:
        if not frames or bound + 2 > len(frames[0]):
            frames[:] = [np.zeros(2 * bound + 2, dtype=np.int64) for _ in range(5)]
        fb, fprev, fi, _fcnt, fh = frames
        fb[0], fprev[0], fi[0], fh[0] = blank0, -1, -1, h_start
        return fb  # type: ignore[no-any-return]

    def run() -> int:
        fb, fprev, fi, fcnt, fh = frames
        return _search_md(
            regs, fb, fprev, fi, fcnt, fh, board, moves, nmoves, delta,
            linear_conflicts, n, gb, grow, gcol, pw, table,
        )  # fmt: skip

    path, limit = deepen(regs, h_start, h_start, begin, run, stats, budget, max_nodes)
    return _result("idastar", start, path, stats, budget, limit)


def warm_up() -> None:
    """Compile both variants now, or load them from Numba's cache (benchmarks call this
    before their clock)."""
    from searchlab.puzzles.npuzzle.board import goal_board

    board = Board(3, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    for lc in (False, True):
        ida_star_md_compiled(board, goal_board(3), linear_conflicts=lc)
