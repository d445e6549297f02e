"""The fast peg solitaire solver: depth-first search over bitboards.

Performance tricks, where they live:

* **bitboards**: a position is an ``int``; a jump is legal when
  ``pos & need == need and not pos & dst`` and is applied with one XOR
  (:func:`_jump_table`).
* **position classes**: :func:`~searchlab.puzzles.peg.classes.impossibility_reason`
  rejects start/finish pairs in different de Bruijn classes before any search.
* **memo of dead positions** canonicalized under the symmetries of the board
  that fix the finish (:func:`make_canonical`, precomputed 12-bit tables per
  symmetry), bounded by ``max_memo`` entries (``memo_full`` says when the bound
  was hit; the search stays correct, only slower).
* **pagoda pruning**: the golden-ratio pagoda centred on the finish, updated
  incrementally per jump (:mod:`~searchlab.puzzles.peg.pagoda`).
* **endgame database**: the positions with a few pegs more than the finish that
  can still reach it (canonical under the same symmetries as the memo), found
  by a vectorised backward breadth-first search (reverse jumps, NumPy); the
  forward search stops as soon as it reaches that level, and is exact there.
  It starts small and grows to ``endgame_budget`` positions once the problem
  proves hard (:class:`Endgame`).
* **move order**: jumps from the holes farthest from the finish first (clear
  the edges, keep the pegs near the finish for the end).
* **vectorised beam search** (:mod:`~searchlab.puzzles.peg.beam`): on hard
  problems, NumPy level-by-level search keeping the most compact positions,
  meeting the endgame table; the Wiegleb, French and Diamond standard games
  are found in seconds this way.
"""

from __future__ import annotations

import itertools
import math
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from searchlab.puzzles.peg.beam import beam_search, unfold
from searchlab.puzzles.peg.board import Board, Jump
from searchlab.puzzles.peg.classes import finishing_holes, impossibility_reason
from searchlab.puzzles.peg.levels import (
    MAX_BITS,
    JumpMasks,
    LevelStopped,
    Positions,
    SymmetryTables,
    next_level,
)
from searchlab.puzzles.peg.pagoda import EPSILON, distance_pagoda, hole_distances
from searchlab.search.limits import CancelToken
from searchlab.search.result import SearchStats, peak_memory_mb

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

Canonical = Callable[[int], int]


@dataclass
class PegResult:
    """The answer of a peg solitaire solver.

    ``status`` is ``"solved"``, ``"impossible"`` (``reason`` says why; decided
    before any search), ``"no_solution"`` (the search was exhausted) or
    ``"limit"`` (``limit`` names it: ``time_limit``, ``max_expansions`` or
    ``cancelled``). ``jumps`` are ``(from, over, to)`` holes and
    ``positions`` the bitboards, start first (one more than ``jumps``).
    """

    board: Board
    start: int
    target: int | None
    status: str
    reason: str | None = None
    limit: str | None = None
    jumps: list[Jump] = field(default_factory=list)
    positions: list[int] = field(default_factory=list)
    stats: SearchStats = field(default_factory=SearchStats)
    memo_size: int = 0
    memo_full: bool = False
    endgame_positions: int = 0
    pruned: int = 0
    beam_width: int = 0

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    @property
    def length(self) -> int:
        """Number of jumps."""
        return len(self.jumps)

    @property
    def moves(self) -> list[str]:
        """The jumps as ``from-to`` names."""
        return [self.board.jump_name(j) for j in self.jumps]

    @property
    def move_count(self) -> int:
        """Number of moves, where consecutive jumps by the same peg count as one."""
        return move_count(self.jumps)

    def as_dict(self) -> dict[str, Any]:
        """The ``--json`` object: solved, status, reason, length, moves, move_count, states..."""
        stats = self.stats.as_dict()
        stats.update(
            memo_size=self.memo_size,
            memo_full=self.memo_full,
            endgame_positions=self.endgame_positions,
            pruned=self.pruned,
            beam_width=self.beam_width,
        )
        out: dict[str, Any] = {
            "solved": self.solved,
            "status": self.status,
            "length": self.length,
            "moves": self.moves,
            "move_count": self.move_count,
            "states": [
                [self.board.hole_name(i) for i in self.board.pegs(p)] for p in self.positions
            ],
            "stats": stats,
        }
        if self.reason is not None:
            out["reason"] = self.reason
        if self.limit is not None:
            out["limit"] = self.limit
        return out


def move_count(jumps: Sequence[Jump]) -> int:
    """Moves in a jump sequence: a jump by the peg that just landed continues the move."""
    count = 0
    last_to = -1
    for a, _, c in jumps:
        if a != last_to:
            count += 1
        last_to = c
    return count


class Stop(Exception):
    """Raised inside a search when a limit (or a restart) stops it."""

    def __init__(self, limit: str) -> None:
        self.limit = limit


def make_canonical(board: Board, perms: Sequence[Sequence[int]]) -> Canonical:
    """A function mapping a position to the least of its images under ``perms``.

    Uses one 4096-entry table per 12-bit chunk and symmetry, so a canonical form
    costs a few table look-ups per symmetry. The identity is always included.
    """
    perms = [p for p in perms if list(p) != list(range(board.size))]
    if not perms:
        return _identity
    chunks = math.ceil(board.size / 12)
    tables: list[list[list[int]]] = []
    for perm in perms:
        per_sym = []
        for k in range(chunks):
            table = [0] * 4096
            bits = [1 << perm[i] if i < board.size else 0 for i in range(12 * k, 12 * k + 12)]
            for v in range(1, 4096):
                low = v & -v
                table[v] = table[v ^ low] | bits[low.bit_length() - 1]
            per_sym.append(table)
        tables.append(per_sym)
    if chunks <= 4:
        quads = [tuple(t + [[0]] * (4 - len(t))) for t in tables]

        def canonical4(pos: int) -> int:
            a, b, c, d = pos & 4095, pos >> 12 & 4095, pos >> 24 & 4095, pos >> 36
            best = pos
            for t0, t1, t2, t3 in quads:
                img = t0[a] | t1[b] | t2[c] | (t3[d] if d else 0)
                if img < best:
                    best = img
            return best

        return canonical4

    def canonical(pos: int) -> int:
        parts = [pos >> (12 * k) & 4095 for k in range(chunks)]
        best = pos
        for per_sym in tables:
            img = 0
            for t, v in zip(per_sym, parts, strict=True):
                img |= t[v]
            best = min(best, img)
        return best

    return canonical


def _identity(pos: int) -> int:
    return pos


def start_run(
    board: Board,
    start: int,
    target: int | None,
    time_limit: float | None,
    max_expansions: int | None,
    cancel: CancelToken | None,
    progress: Callable[[SearchStats], None] | None,
) -> tuple[PegResult, Callable[[str], PegResult], Callable[[], None]]:
    """A fresh result, its ``finish(status)`` and the ``checkpoint()`` of the limits.

    ``checkpoint`` raises :class:`Stop` naming the limit hit (cancel, time,
    expansions) and reports progress; ``finish`` stamps time and memory.
    """
    t0 = time.perf_counter()
    stats = SearchStats()
    result = PegResult(board, start, target, "no_solution", stats=stats)
    deadline = None if time_limit is None else t0 + time_limit

    def finish(status: str) -> PegResult:
        result.status = status
        stats.seconds = time.perf_counter() - t0
        stats.peak_memory_mb = peak_memory_mb()
        return result

    def checkpoint() -> None:
        if cancel is not None and cancel.is_set():
            raise Stop("cancelled")
        if deadline is not None and time.perf_counter() > deadline:
            raise Stop("time_limit")
        if max_expansions is not None and stats.expanded >= max_expansions:
            raise Stop("max_expansions")
        if progress is not None:
            stats.seconds = time.perf_counter() - t0
            progress(stats)

    return result, finish, checkpoint


def stabilizer(board: Board, target: int | None) -> list[tuple[int, ...]]:
    """The symmetries of ``board`` that map the finish to itself (all for "one peg anywhere")."""
    if target is None:
        return list(board.symmetries)
    return [
        p for p in board.symmetries if board.position(p[i] for i in board.pegs(target)) == target
    ]


class Endgame:
    """Backward breadth-first search from the finishing positions, with reverse jumps.

    ``levels[k]`` holds the canonical form (``canonical``, the least image
    under ``perms``) of every position with ``k`` more pegs than the finish
    from which some finish is reachable. :meth:`grow` adds levels while the
    total stays within a budget of positions and below ``max_pegs`` pegs, so
    the solver can start with a small table and deepen it when the problem
    turns out hard. Boards of at most 64 holes use the vectorised NumPy levels
    (:func:`~searchlab.puzzles.peg.levels.next_level`), larger ones plain sets.
    Complexity: O(total * J) for J jumps.
    """

    def __init__(
        self,
        board: Board,
        finals: Sequence[int],
        max_pegs: int,
        canonical: Canonical,
        perms: Sequence[Sequence[int]],
    ) -> None:
        self.board = board
        self.canonical = canonical
        self.max_pegs = max_pegs
        self.pegs = min(p.bit_count() for p in finals)
        self.levels: list[set[int]] = [{canonical(f) for f in finals}]
        self.total = len(self.levels[0])
        self.exhausted = False
        self._last: Positions | None = None
        if board.size <= MAX_BITS:
            self._masks = JumpMasks.of(board, reverse=True)
            self._symmetry = SymmetryTables(board, perms)
            self._last = np.array(sorted(self.levels[0]), dtype=np.uint64)

    @property
    def vectorised(self) -> bool:
        """Whether the levels are built with NumPy (boards of at most 64 holes)."""
        return self._last is not None

    @property
    def symmetry(self) -> SymmetryTables:
        """The canonical-form tables (vectorised tables only)."""
        return self._symmetry

    def top_array(self) -> Positions:
        """The deepest level as a sorted ``uint64`` array (vectorised tables only)."""
        assert self._last is not None
        return self._last

    @property
    def top(self) -> int:
        """The deepest level: positions with ``top`` more pegs than the finish."""
        return len(self.levels) - 1

    def grow(self, budget: int, stop: Callable[[float], str | None] | None = None) -> None:
        """Add levels while the total stays within ``budget`` positions.

        A level is not built when its size, extrapolated from the growth of
        the last two, would overflow the budget.

        ``stop`` is passed to :func:`next_level` (it may raise
        :class:`~searchlab.puzzles.peg.levels.LevelStopped`).
        """
        while not self.exhausted and self.pegs < self.max_pegs:
            size, before = len(self.levels[-1]), len(self.levels[-2]) if self.top else 1
            if self.total + size * size / max(before, 1) > budget:
                return  # the next level would likely overflow: do not build it
            if self._last is not None:
                nxt_array = next_level(self._last, self._masks, self._symmetry, stop)
                size = len(nxt_array)
            else:
                nxt = self._python_level(budget - self.total)
                size = len(nxt)
            if size == 0:
                self.exhausted = True
            if size == 0 or self.total + size > budget:
                return
            if self._last is not None:
                self._last = nxt_array
                nxt = set(nxt_array.tolist())
            self.levels.append(nxt)
            self.total += size
            self.pegs += 1

    def _python_level(self, room: int) -> set[int]:
        """The next level with plain sets (boards over 64 holes); stops past ``room``."""
        nxt: set[int] = set()
        for q in self.levels[-1]:
            for a, b, c in self.board.jumps:
                if q >> c & 1 and not q >> a & 1 and not q >> b & 1:
                    nxt.add(self.canonical(q ^ ((1 << a) | (1 << b) | (1 << c))))
            if len(nxt) > room:
                break
        return nxt


def _jump_table(
    board: Board, order: Sequence[Jump], weights: list[float]
) -> list[tuple[int, int, int, float, Jump]]:
    out = []
    for j in order:
        a, b, c = j
        out.append(
            (
                (1 << a) | (1 << b),
                1 << c,
                (1 << a) | (1 << b) | (1 << c),
                weights[a] + weights[b] - weights[c],
                j,
            )
        )
    return out


def default_order(board: Board, target: int | None) -> list[Jump]:
    """Jumps sorted so that those starting farthest from the finish come first."""
    centre = board.default_vacancy if not target else board.pegs(target)[0]
    dist = hole_distances(board, centre)
    return sorted(board.jumps, key=lambda j: (-dist[j[0]], -dist[j[1]], j))


def portfolio(board: Board, target: int | None) -> list[list[Jump]]:
    """The jump orders the solver takes turns with (see :func:`solve_fast`).

    Far-from-the-finish first, far-from-the-centre first, and the row-major
    order mapped by each symmetry of the board (row-major from every corner).
    """
    centre = hole_distances(board, board.default_vacancy)
    natural = list(board.jumps)
    orders = [
        default_order(board, target),
        sorted(natural, key=lambda j: (-centre[j[0]], -centre[j[1]], j)),
    ]
    # row-major order seen from every corner and side: its images under the symmetries
    for perm in board.symmetries:
        rank = {(perm[a], perm[b], perm[c]): k for k, (a, b, c) in enumerate(natural)}
        orders.append(sorted(natural, key=rank.__getitem__))
    unique: list[list[Jump]] = []
    for o in orders:
        if o not in unique:
            unique.append(o)
    return unique


def solve_fast(
    board: Board,
    start: int,
    target: int | None = None,
    *,
    time_limit: float | None = None,
    max_expansions: int | None = None,
    max_memo: int = DEFAULT_MAX_MEMO,
    endgame_budget: int = DEFAULT_ENDGAME_BUDGET,
    cancel: CancelToken | None = None,
    progress: Callable[[SearchStats], None] | None = None,
    orders: Sequence[Sequence[Jump]] | None = None,
    restart_base: int = 500,
    grow_after: int = GROW_AFTER,
    beam: bool = True,
) -> PegResult:
    """Solve a peg solitaire problem: jumps from ``start`` to ``target``.

    Parameters
    ----------
    board, start : the board and the start bitboard.
    target : the finish bitboard, or None for "one peg anywhere".
    time_limit, max_expansions, cancel : limits (status ``"limit"`` when hit).
    max_memo : bound on the memo of dead positions.
    endgame_budget : positions the backward endgame table may store. It
        starts with at most :data:`FIRST_ENDGAME_BUDGET` positions and grows
        to ``endgame_budget`` after ``grow_after`` expansions.
    progress : called with :class:`SearchStats` every 4096 expansions.
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

    Guarantees: a returned solution is a legal jump sequence ending at the
    finish; ``"impossible"`` and ``"no_solution"`` are proofs (the pruning rules
    are sound). Complexity: exponential in the worst case; the memo bounds the
    work by the number of distinct positions (up to symmetry).

    References: Beasley, *The Ins and Outs of Peg Solitaire* (1985);
    G. I. Bell, "Solving triangular peg solitaire", J. Integer Sequences 11 (2008).

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("english")
    >>> r = solve_fast(b, b.start(), 1 << b.hole("d4"))
    >>> r.status, r.length
    ('solved', 31)
    """
    result, finish, checkpoint = start_run(
        board, start, target, time_limit, max_expansions, cancel, progress
    )
    stats = result.stats
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        result.reason = reason
        return finish("impossible")
    finals = [target] if target is not None else [1 << h for h in finishing_holes(board, start)]
    goal_pegs = finals[0].bit_count()
    start_pegs = start.bit_count()
    perms = stabilizer(board, target)
    canonical = make_canonical(board, perms)

    def level_stop(_done: float) -> str | None:
        try:
            checkpoint()
        except Stop as stop:
            return stop.limit
        return None

    endgame = Endgame(board, finals, start_pegs, canonical, perms)
    levels = endgame.levels
    try:
        endgame.grow(min(endgame_budget, FIRST_ENDGAME_BUDGET), level_stop)
    except LevelStopped as stopped:
        result.limit = stopped.limit
        return finish("limit")
    result.endgame_positions = endgame.total
    top_pegs = goal_pegs + endgame.top

    def descend(pos: int) -> None:
        """Append to the path the jumps from ``pos`` (in the endgame database) to a finish."""
        k = pos.bit_count() - goal_pegs
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

    path: list[Jump] = []
    if start_pegs <= top_pegs:
        if canonical(start) not in levels[start_pegs - goal_pegs]:
            return finish("no_solution")
        descend(start)
        return replay(result, path, finish)

    if target is not None:
        weights = distance_pagoda(board, board.pegs(target)[0])
        threshold = sum(weights[i] for i in board.pegs(target)) - EPSILON
    else:
        weights = [0.0] * board.size
        threshold = -1.0
    tables = [_jump_table(board, o, weights) for o in (orders or portfolio(board, target))]
    table = tables[0]
    run_budget = [0]
    dead: set[int] = set()
    top_set = levels[endgame.top]
    check_every = 4095

    def dfs(pos: int, pegs: int, pval: float) -> bool:
        # ``pegs`` > top_pegs here: the endgame level is tested by the caller
        key = canonical(pos)
        if key in dead:
            stats.duplicates += 1
            return False
        stats.expanded += 1
        if not stats.expanded & check_every:
            checkpoint()
        if stats.expanded == run_budget[0]:
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
                        descend(child)
                        return True
                    continue
                value = pval - delta
                if value < threshold:
                    result.pruned += 1
                    continue
                path.append(jump)
                if dfs(child, child_pegs, value):
                    return True
                path.pop()
        if len(dead) < max_memo:
            dead.add(key)
        else:
            result.memo_full = True
        return False

    beam_widths = (
        [BEAM_FIRST_WIDTH << 2 * k for k in range(BEAM_ROUNDS)]
        if endgame.vectorised and beam
        else []
    )
    pagodas = (
        [(weights, threshold)]
        if target is not None
        else [(distance_pagoda(board, f.bit_length() - 1), 1.0 - EPSILON) for f in finals]
    )

    def try_beam(width: int, seed: int) -> bool:
        goal = endgame.top_array()
        if not len(goal):
            return False
        found = beam_search(
            board,
            start,
            goal,
            top_pegs,
            endgame.symmetry,
            pagodas,
            width,
            seed=seed,
            stop=checkpoint,
        )
        if found is None:
            return False
        result.beam_width = width
        jumps, pos = unfold(board, start, found, canonical)
        path.clear()
        path.extend(jumps)
        descend(pos)
        return True

    stats.generated = 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, board.size + 200))
    pval = sum(weights[i] for i in board.pegs(start))
    found = False
    grown = endgame_budget <= FIRST_ENDGAME_BUDGET
    try:
        for run in itertools.count():
            if not grown and stats.expanded >= grow_after:
                # a hard problem: deepen the endgame table (dead positions stay dead)
                grown = True
                try:
                    endgame.grow(endgame_budget, level_stop)
                except LevelStopped as stopped:
                    raise Stop(stopped.limit) from None
                result.endgame_positions = endgame.total
                top_pegs = goal_pegs + endgame.top
                top_set = levels[endgame.top]
            if grown and beam_widths and run % len(tables) == 0:
                # between rounds of the portfolio: a vectorised beam, 4 times as wide each time
                found = try_beam(beam_widths.pop(0), run)
                if found:
                    break
            table = tables[run % len(tables)]
            run_budget[0] = 0
            if len(tables) > 1:
                run_budget[0] = stats.expanded + restart_base * 2 ** (run // len(tables))
            if not grown:
                run_budget[0] = min(run_budget[0] or grow_after, grow_after)
            path.clear()
            try:
                found = dfs(start, start_pegs, pval)
            except Stop as stop:
                if stop.limit != "restart":
                    raise
                stats.iterations += 1
                continue
            break
    except Stop as stop:
        result.limit = stop.limit
        result.memo_size = len(dead)
        return finish("limit")
    finally:
        sys.setrecursionlimit(limit)
    result.memo_size = len(dead)
    if not found:
        return finish("no_solution")
    return replay(result, path, finish)


def replay(result: PegResult, path: list[Jump], finish: Callable[[str], PegResult]) -> PegResult:
    pos = result.start
    positions = [pos]
    for a, b, c in path:
        pos ^= (1 << a) | (1 << b) | (1 << c)
        positions.append(pos)
    result.jumps = list(path)
    result.positions = positions
    return finish("solved")
