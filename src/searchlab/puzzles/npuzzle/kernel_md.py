"""Compiled IDA* (Numba) with Manhattan distance or linear conflict: no database needed.

:func:`ida_star_md_compiled` runs Korf's (1985) IDA* with incremental Manhattan
distance, the tree and the counts of
:func:`~searchlab.puzzles.npuzzle.pure_search.ida_star` without ``pdbs`` (the tests
assert equal ``generated``, ``expanded`` and ``iterations``), or with the
linear-conflict heuristic of
:func:`~searchlab.puzzles.npuzzle.heuristics.linear_conflict` (Hansson, Mayer &
Yung 1992, the admissible form: per line, the tiles that must leave it are the
line's length minus the longest increasing subsequence of their goal
positions). Memory is linear in the solution length; it is the solver for
boards whose pattern databases are not built (4x4, 5x5) and for larger ones.

Performance tricks:

- the one explicit, resumable frame machine of :mod:`.kernel`
  (:func:`~searchlab.puzzles.npuzzle.kernel.run_frames`, its ``_MD`` and ``_LC``
  specialisations: the code of the other heuristics compiled out);
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
from typing import Unpack

import numpy as np
import numpy.typing as npt

from searchlab.search import SearchResult, SearchStats
from searchlab.search.options import LimitOptions, limit_budget

from .board import Board
from .heuristics import (
    LC_MAX_SIZE,
    _removals,
    linear_conflict,
    manhattan,
)
from .kernel import _LC, _MD, delta_table, run_frames
from .pure_search import _result, _tables

I8 = npt.NDArray[np.int8]


def line_table(n: int) -> I8:
    """The linear conflicts of every line code of an ``n``-cell line: the number of its
    tiles to take out so the rest are in goal order (see
    :func:`~searchlab.puzzles.npuzzle.kernel._line_code`)."""
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
    fsm: npt.NDArray[np.int32] | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """IDA* with linear conflict (or Manhattan distance alone), compiled.

    Requires a solvable ``start`` (and, with ``linear_conflicts``, a side of at most
    :data:`LC_MAX_SIZE`). Returns an optimal solution (both heuristics are
    admissible), with Korf's counting conventions and the limits of
    :func:`~searchlab.puzzles.npuzzle.pure_search.ida_star` (checked every 65,536
    generated nodes; ``max_nodes`` counts generated nodes). With Manhattan
    distance its counts are :func:`~.pure_search.ida_star`'s on the same board; ``fsm``
    prunes by an automaton instead (:func:`~.kernel.ida_star_compiled`).
    """
    n = start.size
    if linear_conflicts and n > LC_MAX_SIZE:
        raise ValueError(f"linear conflicts are compiled for boards up to {LC_MAX_SIZE}x")
    budget = limit_budget(limits, stored_nodes=False)
    max_nodes = limits.get("max_nodes")
    stats = SearchStats()
    cells = n * n
    labels, md = _tables(start, goal)
    gb = goal.blank
    grow = np.array([-1 if lab == gb else lab // n for lab in range(cells)], dtype=np.int64)
    gcol = np.array([-1 if lab == gb else lab % n for lab in range(cells)], dtype=np.int64)
    pw = np.array([(n + 1) ** j for j in range(n)], dtype=np.int64)
    table = line_table(n) if linear_conflicts else np.zeros(1, dtype=np.int8)
    h_start = linear_conflict(start, goal) if linear_conflicts else manhattan(start, goal)
    path, limit = run_frames(
        _LC if linear_conflicts else _MD, start, goal, labels, h_start, h_start,
        (h_start, 0, 0), stats, budget, max_nodes, mdd=delta_table(md, cells), grow=grow,
        gcol=gcol, pw=pw, lct=table, fsm=fsm,
    )  # fmt: skip
    return _result("idastar", start, path, stats, budget, limit)


def warm_up() -> None:
    """Compile both variants now, or load them from Numba's cache (benchmarks call this
    before their clock)."""
    from .board import goal_board

    board = Board(3, (1, 2, 3, 4, 5, 6, 0, 7, 8))
    for lc in (False, True):
        ida_star_md_compiled(board, goal_board(3), linear_conflicts=lc)
