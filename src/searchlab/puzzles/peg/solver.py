"""The fast peg solitaire solver: depth-first search over bitboards.

Performance tricks, where they live:

* **bitboards**: a position is an ``int``; a jump is legal when
  ``pos & need == need and not pos & dst`` and is applied with one XOR
  (:func:`~searchlab.puzzles.peg.ordering.jump_table`).
* **position classes**: :func:`~searchlab.puzzles.peg.classes.impossibility_reason`
  rejects start/finish pairs in different de Bruijn classes before any search.
* **memo of dead positions** canonicalized under the symmetries of the board
  that fix the finish (precomputed 12-bit tables per symmetry,
  :mod:`~searchlab.puzzles.peg.symmetry`), bounded by ``max_memo`` entries
  (``memo_full`` says when the bound was hit; the search stays correct, only slower).
* **pagoda pruning**: the golden-ratio pagoda centred on the finish, updated
  incrementally per jump (:mod:`~searchlab.puzzles.peg.pagoda`).
* **endgame database**: the positions with a few pegs more than the finish that
  can still reach it (canonical under the same symmetries as the memo), found
  by a vectorised backward breadth-first search (reverse jumps, NumPy); the
  forward search stops as soon as it reaches that level, and is exact there.
  It starts small and grows to ``endgame_budget`` positions once the problem
  proves hard (:class:`~searchlab.puzzles.peg.endgame.Endgame`).
* **move order**: jumps from the holes farthest from the finish first (clear
  the edges, keep the pegs near the finish for the end), taking turns among a
  portfolio of orders with restarts (:mod:`~searchlab.puzzles.peg.ordering`).
* **compiled passes** (:mod:`~searchlab.puzzles.peg.kernel`): the depth-first pass
  run by Numba, node for node the Python one, once the kernel is loaded in the
  process (``compiled``); a command keeps the Python pass and never loads Numba.
* **set-up made once per process**: the symmetry tables, the first endgame table and
  the portfolio's jump tables are kept for the next solve on the same board.
* **vectorised beam search** (:mod:`~searchlab.puzzles.peg.beam`): on hard
  problems, NumPy level-by-level search keeping the most compact positions,
  meeting the endgame table; the Wiegleb, French and Diamond standard games
  are found in seconds this way.
"""

from __future__ import annotations

import itertools
import sys
from collections.abc import Sequence
from typing import Unpack

import numpy as np
import numpy.typing as npt

from searchlab.search.options import LimitOptions
from searchlab.search.result import SearchResult

from .beam import beam_search, unfold
from .board import Board, Jump
from .classes import finishing_holes, impossibility_reason
from .endgame import Endgame
from .levels import LevelStopped
from .ordering import JumpRow, jump_table, portfolio_tables
from .pagoda import EPSILON, distance_pagoda
from .solver_run import PegRun, Stop
from .symmetry import (
    Canonical,
    make_canonical,
    non_identity,
    stabilizer,
)

_KERNEL = f"{__package__}.kernel"
DEFAULT_MAX_MEMO = 4_000_000
"""Dead positions remembered at most (about 100 bytes each in CPython)."""
DEFAULT_ENDGAME_BUDGET = 1_000_000
"""Positions the backward endgame search may store once a problem proves hard."""
FIRST_ENDGAME_BUDGET = 50_000
"""Positions of the endgame table built before the search starts."""
GROW_AFTER = 20_000
"""Expansions after which the endgame table grows to its full budget."""
BEAM_FIRST_WIDTH = 1_000
"""Width of the first vectorised beam tried on a hard problem (then quadrupled)."""
BEAM_ROUNDS = 5
"""Beams tried at most (widths 1,000 to 256,000), one per round of the portfolio."""


def solve_fast(
    board: Board,
    start: int,
    target: int | None = None,
    *,
    max_memo: int = DEFAULT_MAX_MEMO,
    endgame_budget: int = DEFAULT_ENDGAME_BUDGET,
    orders: Sequence[Sequence[Jump]] | None = None,
    restart_base: int = 500,
    grow_after: int = GROW_AFTER,
    beam: bool = True,
    compiled: bool | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """Solve a peg solitaire problem, from ``start`` to ``target``.

    Parameters
    ----------
    board, start : the board and the start bitboard.
    target : the finish bitboard, or None for "one peg anywhere".
    **limits : the engine's limits (:class:`~searchlab.search.options.LimitOptions`;
        status ``"limit"``, or ``"cancelled"``, when hit). ``time_limit``,
        ``max_expansions``, ``cancel`` and ``progress`` go through a
        :class:`~searchlab.search.limits.Budget`: expansions are checked at every one
        (the engine's ``next_check`` compare), and ``progress`` receives the
        :class:`~searchlab.search.result.SearchStats` at each check. ``max_nodes`` is
        the stored positions (endgame table and memo together) at which the search
        stops with limit ``"max_nodes"``; the endgame table is kept within it.
    max_memo : bound on the memo of dead positions (past it the search forgets, and
        goes on).
    endgame_budget : positions the backward endgame table may store. It
        starts with at most :data:`FIRST_ENDGAME_BUDGET` positions and grows
        to ``endgame_budget`` after ``grow_after`` expansions.
    orders : the jump orders to take turns with (default :func:`portfolio`).
        Round ``r`` runs each order for ``restart_base * 2**r`` expansions;
        the memo of dead positions is shared, so no proof is lost at a
        restart (a portfolio of restarts, as in Gomes et al. 2000).
    beam : once the problem proves hard (``grow_after`` expansions), try a
        vectorised beam search towards the endgame table before each round
        of the portfolio, widths :data:`BEAM_FIRST_WIDTH` quadrupling up to
        :data:`BEAM_ROUNDS` times (:mod:`~searchlab.puzzles.peg.beam`); it
        finds the classic boards' solutions in seconds, while the depth-first
        search keeps the proofs of impossibility.
    compiled : run the depth-first passes compiled (:mod:`~searchlab.puzzles.peg.kernel`,
        the same search node for node) instead of in Python, on boards of at most 63
        holes. ``None`` (the default): when the kernel is already loaded in the process
        (its import loads Numba, a few tenths of a second a command would pay for a
        search of milliseconds).

    Returns the engine's :class:`~searchlab.search.result.SearchResult`: ``actions`` are
    jumps ``(from, over, to)``, ``states`` the bitboards (see :mod:`.solver_run`).

    Guarantees: a returned solution is a legal jump sequence ending at the
    finish; ``"impossible"`` and ``"no_solution"`` are proofs (the pruning rules
    are sound). Complexity: exponential in the worst case; the memo bounds the
    work by the number of distinct positions (up to symmetry).

    References: Beasley, *The Ins and Outs of Peg Solitaire* (1985);
    G. I. Bell, "Solving triangular peg solitaire", J. Integer Sequences 11 (2008).

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("english")
    >>> r = solve_fast(b, b.start(), 1 << b.hole("d4"))
    >>> r.status, r.length, r.extra["move_count"]
    ('solved', 31, 18)
    """
    run = PegRun("fast", board, start, target, **limits)
    max_nodes = limits.get("max_nodes")
    if max_nodes is not None:
        endgame_budget = min(endgame_budget, max_nodes)
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        return run.finish("impossible", reason=reason)
    finals = [target] if target is not None else [1 << h for h in finishing_holes(board, start)]
    perms = stabilizer(board, target)
    canonical = make_canonical(board, perms)

    def level_stop(_done: float) -> str | None:
        try:
            run.checkpoint()
        except Stop as stop:
            return stop.limit
        return None

    endgame = Endgame(board, finals, start.bit_count(), canonical, perms)
    try:
        endgame.grow(min(endgame_budget, FIRST_ENDGAME_BUDGET), level_stop)
        if max_nodes is not None and endgame.total >= max_nodes:
            return run.finish("limit", limit="max_nodes")
    except LevelStopped as stopped:
        return run.finish("limit", limit=stopped.limit)
    run.endgame_positions = endgame.total
    if compiled is None:
        compiled = _KERNEL in sys.modules
    tabs = None
    if compiled and board.size <= 63 and endgame.vectorised:
        from .kernel import canonical_array

        tabs = canonical_array(board.size, non_identity(board, perms))
    search = DepthFirst(run, endgame, canonical, finals[0].bit_count(), max_memo, max_nodes, tabs)
    if start.bit_count() <= search.top_pegs:  # the start is in the endgame table's range
        if canonical(start) not in endgame.levels[start.bit_count() - search.goal_pegs]:
            return run.finish("no_solution")
        return run.finish("solved", search.descend(start, []))

    if target is not None:
        weights = distance_pagoda(board, board.pegs(target)[0])
        threshold = sum(weights[i] for i in board.pegs(target)) - EPSILON
        pagodas = [(weights, threshold)]
    else:
        weights = [0.0] * board.size
        threshold = -1.0
        pagodas = [(distance_pagoda(board, f.bit_length() - 1), 1.0 - EPSILON) for f in finals]
    tables = (
        [jump_table(board, o, weights) for o in orders]
        if orders
        else portfolio_tables(board, target, tuple(weights))
    )
    beam_widths = (
        [
            width
            for width in (BEAM_FIRST_WIDTH << 2 * k for k in range(BEAM_ROUNDS))
            if max_nodes is None or width <= max_nodes  # a beam stores its width
        ]
        if endgame.vectorised and beam
        else []
    )

    def try_beam(width: int, seed: int) -> list[Jump] | None:
        goal = endgame.top_array()
        if not len(goal):
            return None
        found = beam_search(
            board,
            start,
            goal,
            search.top_pegs,
            endgame.symmetry,
            pagodas,
            width,
            seed=seed,
            stop=run.checkpoint,
        )
        if found is None:
            return None
        run.beam_width = width
        jumps, pos = unfold(board, start, found, canonical)
        return search.descend(pos, list(jumps))

    run.stats.generated = 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, board.size + 200))
    pval = sum(weights[i] for i in board.pegs(start))
    path: list[Jump] | None = None
    grown = endgame_budget <= FIRST_ENDGAME_BUDGET
    try:
        for turn in itertools.count():
            if not grown and run.stats.expanded >= grow_after:
                # a hard problem: deepen the endgame table (dead positions stay dead)
                grown = True
                try:
                    endgame.grow(endgame_budget, level_stop)
                except LevelStopped as stopped:
                    raise Stop(stopped.limit) from None
                run.endgame_positions = endgame.total
                search.reach_endgame()
            if grown and beam_widths and turn % len(tables) == 0:
                # between rounds of the portfolio: a vectorised beam, 4 times as wide each time
                path = try_beam(beam_widths.pop(0), turn)
                if path is not None:
                    break
            restart_at = 0
            if len(tables) > 1:
                restart_at = run.stats.expanded + restart_base * 2 ** (turn // len(tables))
            if not grown:
                restart_at = min(restart_at or grow_after, grow_after)
            try:
                path = search.run_pass(
                    tables[turn % len(tables)], restart_at, start, pval, threshold
                )
            except Stop as stop:
                if stop.limit != "restart":
                    raise
                run.stats.iterations += 1
                continue
            break
    except Stop as stop:
        run.memo_size = search.memo_size
        return run.stopped(stop)
    finally:
        sys.setrecursionlimit(limit)
    run.memo_size = search.memo_size
    return run.finish("no_solution") if path is None else run.finish("solved", path)


class DepthFirst:
    """The depth-first search :func:`solve_fast` runs in passes, one per jump order.

    What the passes share lives here: the memo of dead positions (canonical forms,
    at most ``max_memo``), the endgame table's deepest level, which the search
    stops at. Each pass (:meth:`run_pass`) binds that state to local variables of
    a recursive closure (the hot loop reads only locals) and raises
    ``Stop("restart")`` after its expansion budget, so the portfolio moves on to
    the next order without losing any proof of a dead position.
    """

    __slots__ = (
        "canonical",
        "compiled",
        "dead",
        "endgame",
        "goal_pegs",
        "max_memo",
        "max_nodes",
        "run",
        "top_pegs",
        "top_set",
    )

    def __init__(
        self,
        run: PegRun,
        endgame: Endgame,
        canonical: Canonical,
        goal_pegs: int,
        max_memo: int,
        max_nodes: int | None = None,
        tabs: npt.NDArray[np.int64] | None = None,
    ) -> None:
        self.compiled = None if tabs is None else _Compiled(tabs)
        self.run = run
        self.max_nodes = max_nodes
        self.endgame = endgame
        self.canonical = canonical
        self.goal_pegs = goal_pegs
        self.max_memo = max_memo
        self.dead: set[int] = set()
        self.top_pegs = 0
        self.top_set: set[int] = set()
        self.reach_endgame()

    @property
    def memo_size(self) -> int:
        """Dead positions remembered."""
        return len(self.dead) if self.compiled is None else self.compiled.memo_size

    def reach_endgame(self) -> None:
        """Aim at the endgame table's deepest level (again, after it grew)."""
        self.top_pegs = self.goal_pegs + self.endgame.top
        self.top_set = self.endgame.levels[self.endgame.top]

    def memo_bound(self) -> tuple[int, bool]:
        """How many dead positions the memo may hold, and whether reaching that stops
        the search (the stored-node limit) rather than the memo growing (``max_memo``,
        the search goes on, forgetting), whichever comes first."""
        max_memo, node_limit = self.max_memo, False
        if self.max_nodes is not None and self.max_nodes - self.endgame.total <= max_memo:
            max_memo, node_limit = max(0, self.max_nodes - self.endgame.total), True
        return max_memo, node_limit

    def descend(self, pos: int, path: list[Jump]) -> list[Jump]:
        """``path`` extended with the jumps from ``pos`` (in the endgame table) to a finish."""
        board, canonical, levels = self.run.board, self.canonical, self.endgame.levels
        k = pos.bit_count() - self.goal_pegs
        while k > 0:
            for a, b, c in board.jumps:
                need = (1 << a) | (1 << b)
                if pos & need == need and not pos >> c & 1:
                    nxt = pos ^ (need | 1 << c)
                    if canonical(nxt) in levels[k - 1]:
                        path.append((a, b, c))
                        pos = nxt
                        break
            k -= 1
        return path

    def run_pass(
        self, table: list[JumpRow], restart_at: int, start: int, pval: float, threshold: float
    ) -> list[Jump] | None:
        """One depth-first pass from ``start`` trying jumps in ``table``'s order: the
        jumps to a finish, or ``None`` when the start is dead. Raises ``Stop("restart")``
        at ``restart_at`` expansions (0: never) and ``Stop(limit)`` at a limit.
        Pagoda pruning: a child whose pagoda value falls below ``threshold`` is cut."""
        if self.compiled is not None:
            return self.compiled.run_pass(self, table, restart_at, start, pval, threshold)
        run, stats, dead, canonical = self.run, self.run.stats, self.dead, self.canonical
        checkpoint, descend, budget = run.checkpoint, self.descend, run.budget
        top_pegs, top_set = self.top_pegs, self.top_set
        start_pegs = start.bit_count()
        path: list[Jump] = []
        max_memo, node_limit = self.memo_bound()

        def dfs(pos: int, pegs: int, pval: float) -> bool:
            # ``pegs`` > top_pegs here: the endgame level is tested by the caller
            key = canonical(pos)
            if key in dead:
                stats.duplicates += 1
                return False
            stats.expanded += 1
            if stats.expanded >= budget.next_check:
                checkpoint()
            if stats.expanded == restart_at:
                raise Stop("restart")
            depth = start_pegs - pegs + 1
            if depth > stats.max_depth:
                stats.max_depth = depth
            child_pegs = pegs - 1
            for need, dst, flip, delta, jump in table:
                if pos & need == need and not pos & dst:
                    stats.generated += 1
                    child = pos ^ flip
                    if child_pegs == top_pegs:
                        if canonical(child) in top_set:
                            path.append(jump)
                            descend(child, path)
                            return True
                        continue
                    value = pval - delta
                    if value < threshold:
                        run.pruned += 1
                        continue
                    path.append(jump)
                    if dfs(child, child_pegs, value):
                        return True
                    path.pop()
            if len(dead) < max_memo:
                dead.add(key)
            elif node_limit:
                raise Stop("max_nodes")
            else:
                run.memo_full = True
            return False

        return path if dfs(start, start_pegs, pval) else None


_Rows = tuple[
    npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.int64], npt.NDArray[np.float64]
]
"""A jump table as the kernel reads it: pegs needed, destination, flip, pagoda change."""


class _Compiled:
    """The compiled passes of one :class:`DepthFirst` (:func:`~.kernel._pass`): the memo
    of dead positions as the kernel's hash table, the frames, the tables as arrays."""

    __slots__ = ("memo", "memo_size", "regs", "rows", "tabs")

    def __init__(self, tabs: npt.NDArray[np.int64]) -> None:
        from . import kernel

        self.tabs = tabs
        self.memo = np.full(1 << 12, -1, dtype=np.int64)
        self.memo_size = 0
        self.regs = np.zeros(kernel.REGS, dtype=np.int64)
        self.rows: dict[int, _Rows] = {}

    def run_pass(
        self,
        search: DepthFirst,
        table: Sequence[JumpRow],
        restart_at: int,
        start: int,
        pval: float,
        threshold: float,
    ) -> list[Jump] | None:
        """:meth:`DepthFirst.run_pass`, compiled: the same search, node for node."""
        from . import kernel

        run, stats, regs = search.run, search.run.stats, self.regs
        arrays = self.rows.get(id(table))
        if arrays is None:
            need, dst, flip, delta, _ = zip(*table, strict=True)
            arrays = self.rows[id(table)] = (
                np.array(need, dtype=np.int64),
                np.array(dst, dtype=np.int64),
                np.array(flip, dtype=np.int64),
                np.array(delta, dtype=np.float64),
            )
        frames = start.bit_count() + 2
        spos = np.zeros(frames, dtype=np.int64)
        spval = np.zeros(frames, dtype=np.float64)
        srow = np.full(frames, -1, dtype=np.int64)
        spos[0], spval[0] = start, pval
        regs[:] = 0
        regs[kernel.EXPANDED], regs[kernel.GENERATED] = stats.expanded, stats.generated
        regs[kernel.DUPLICATES], regs[kernel.MAX_DEPTH] = stats.duplicates, stats.max_depth
        regs[kernel.PRUNED], regs[kernel.MEMO_FULL] = run.pruned, run.memo_full
        regs[kernel.MEMO_COUNT] = self.memo_size
        max_memo, node_limit = search.memo_bound()
        top = search.endgame.top_array().view(np.int64)
        top.flags.writeable = False  # one compiled signature: the kept tables are read-only
        while True:
            regs[kernel.NEXT_CHECK] = min(run.budget.next_check, 1 << 62)
            status, self.memo = kernel._pass(
                regs, self.memo, spos, spval, srow, *arrays, self.tabs, top,
                search.top_pegs, start.bit_count(), threshold, restart_at, max_memo, node_limit,
            )  # fmt: skip
            stats.expanded, stats.generated = (
                int(regs[kernel.EXPANDED]),
                int(regs[kernel.GENERATED]),
            )
            stats.duplicates, stats.max_depth = (
                int(regs[kernel.DUPLICATES]),
                int(regs[kernel.MAX_DEPTH]),
            )
            run.pruned, run.memo_full = int(regs[kernel.PRUNED]), bool(regs[kernel.MEMO_FULL])
            self.memo_size = int(regs[kernel.MEMO_COUNT])
            if status == kernel.PAUSED:
                run.checkpoint()
                continue
            if status == kernel.RESTART:
                raise Stop("restart")
            if status == kernel.MAX_NODES:
                raise Stop("max_nodes")
            if status == kernel.DEAD:
                return None
            path = [table[int(r)][4] for r in srow[: int(regs[kernel.SP]) + 1]]
            return search.descend(int(regs[kernel.CHILD]), path)
