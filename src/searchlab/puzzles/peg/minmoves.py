"""Fewest moves, where consecutive jumps by the same peg count as one move.

:func:`solve_min_moves` uses, on boards of at most 64 holes, the bidirectional
breadth-first search by moves of :mod:`~searchlab.puzzles.peg.movelevels`
(the English central game's 18 moves in about 10 s), and otherwise (or with
``method="ida"``) the IDA* described here.

A *move* is one or more consecutive jumps by one peg. The state is the
position plus the hole where the last jump landed (the peg that may continue
its move for free); a jump by that peg costs 0, any other jump costs 1.

Lower bound (admissible): a peg on a hole that no jump passes over (the
corners of the English board, say) can only leave it by jumping itself, and
one move moves one peg, so every such peg other than the one that may
continue, or one resting on the finishing hole, needs a move of its own.

Performance tricks, where they live: a **transposition table** keyed by
(position, last hole) remembering the largest move budget proven too small
(bounded by ``max_memo`` entries), **pagoda pruning** as in the fast solver,
the **position-class** check before any search, and free continuations tried
first.

Scope of the IDA*: exact (a returned answer is minimal and an exhausted search
is a proof) on every board, but the running time grows fast: triangles of side
5 take a fraction of a second; on the English central game it proves only
about 14 moves too few in a minute.

References: R. E. Korf, "Depth-first iterative-deepening", Artificial
Intelligence 27 (1985); J. D. Beasley, *The Ins and Outs of Peg Solitaire*
(1985), ch. 6 (the 18-move solution and its minimality).
"""

from __future__ import annotations

import sys
from typing import Unpack

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.options import LimitOptions
from searchlab.search.result import SearchResult

from .board import Board, Jump
from .classes import finishing_holes, impossibility_reason
from .levels import MAX_BITS, check_size
from .movelevels import bidirectional_min_moves
from .pagoda import EPSILON, distance_pagoda
from .solver_run import PegRun, Stop
from .symmetry import stabilizer

DEFAULT_MAX_TABLE = 4_000_000
DEFAULT_MAX_POSITIONS = 20_000_000
"""Positions the levels method may store (measured: 24M stored peaked at 1.2 GB RSS)."""


def unjumpable_holes(board: Board) -> int:
    """The holes no jump passes over, as a bitboard (a peg there must move itself)."""
    over = 0
    for _a, b, _c in board.jumps:
        over |= 1 << b
    return board.full & ~over


def solve_min_moves(
    board: Board,
    start: int,
    target: int | None = None,
    *,
    max_memo: int = DEFAULT_MAX_TABLE,
    method: str = "auto",
    max_positions: int = DEFAULT_MAX_POSITIONS,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """A solution with the fewest moves (consecutive jumps by one peg = one move).

    ``target`` None means one peg anywhere. Returns the engine's
    :class:`~searchlab.search.result.SearchResult` (see :mod:`.solver_run`) whose
    ``extra["move_count"]`` is minimal when ``status == "solved"``; ``"limit"``
    when a limit stopped it, ``"no_solution"`` when no jump sequence reaches
    the finish at all, ``"impossible"`` when the class check rejects the pair.
    In every case ``stats.max_depth`` is the largest number of moves proved
    too few (a lower bound on the answer minus one).

    ``method``: ``"levels"`` is the bidirectional breadth-first search by
    moves over canonical positions (:mod:`~searchlab.puzzles.peg.movelevels`,
    NumPy, boards of at most 64 holes; ``max_positions`` bounds the positions
    stored on both sides, ``max_expansions`` the positions expanded); ``"ida"`` the
    IDA* below; ``"auto"`` (default) levels when the board fits 64 bits.

    ``limits`` are the engine's (:class:`~searchlab.search.options.LimitOptions`):
    ``time_limit``, ``max_expansions``, ``cancel`` and ``progress`` through one
    :class:`~searchlab.search.limits.Budget`; ``max_nodes`` bounds the positions
    both methods store (the levels' sides, the IDA*'s transposition table).

    Complexity: exponential; each IDA* iteration is a depth-first search
    bounded by the transposition table. The levels method stores each
    position within the minimum's reach once.

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("triangle5")
    >>> solve_min_moves(b, b.start()).extra["move_count"]
    10
    """
    run = PegRun("minmoves", board, start, target, **limits)
    max_nodes = limits.get("max_nodes")
    stats = run.stats
    checkpoint, tracker = run.checkpoint, run.budget
    if max_nodes is not None:  # the stored-node limit bounds both methods' tables
        max_positions = min(max_positions, max_nodes)
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        return run.finish("impossible", reason=reason)
    if method not in ("auto", "levels", "ida"):
        raise InputError(
            _("unknown min-moves method {method!r}: auto, levels or ida").format(method=method)
        )
    if method == "levels" or (method == "auto" and board.size <= MAX_BITS):
        return _by_levels(run, max_positions)
    corners = unjumpable_holes(board)
    if target is not None:
        keep = target & corners if target.bit_count() == 1 else 0
        weights = distance_pagoda(board, board.pegs(target)[0])
        threshold = sum(weights[i] for i in board.pegs(target)) - EPSILON
    else:
        keep = 0
        weights = [0.0] * board.size
        threshold = -1.0
    jumps = [
        (
            (1 << a) | (1 << b),
            1 << c,
            (1 << a) | (1 << b) | (1 << c),
            a,
            c,
            (a, b, c),
            weights[a] + weights[b] - weights[c],
        )
        for a, b, c in board.jumps
    ]
    goal_pegs = 1 if target is None else target.bit_count()
    table: dict[tuple[int, int], int] = {}
    # past max_memo entries the table forgets (and the search goes on); at the stored-node
    # limit, if that comes first, the search stops
    node_limit = max_nodes is not None and max_nodes <= max_memo
    table_cap = max_nodes if max_nodes is not None and node_limit else max_memo
    path: list[Jump] = []
    cut = [False]

    def is_goal(pos: int) -> bool:
        return pos.bit_count() == 1 if target is None else pos == target

    def bound(pos: int, last: int) -> int:
        free = (1 << last) if last >= 0 else 0
        need = (pos & corners & ~free & ~keep).bit_count()
        if target is None and need and not (pos & free & corners):
            need -= 1  # the final peg may rest on such a hole
        return need

    def search(pos: int, last: int, budget: int, pval: float) -> bool:
        if is_goal(pos):
            return True
        if pos.bit_count() <= goal_pegs:
            return False
        if bound(pos, last) > budget:
            cut[0] = True
            return False
        key = (pos, last)
        if table.get(key, -1) >= budget:
            stats.duplicates += 1
            return False
        stats.expanded += 1
        if stats.expanded >= tracker.next_check:
            checkpoint()
        for free_pass in (True, False):
            for need, dst, flip, a, c, jump, delta in jumps:
                if (a == last) != free_pass or pos & need != need or pos & dst:
                    continue
                cost = 0 if free_pass else 1
                if cost > budget:
                    cut[0] = True
                    continue
                value = pval - delta
                if value < threshold:
                    run.pruned += 1
                    continue
                stats.generated += 1
                path.append(jump)
                if search(pos ^ flip, c, budget - cost, value):
                    return True
                path.pop()
        if len(table) < table_cap or key in table:
            table[key] = budget
        elif node_limit:
            raise Stop("max_nodes")
        else:
            run.memo_full = True
        return False

    stats.generated = 1
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, board.size + 200))
    pval = sum(weights[i] for i in board.pegs(start))
    budget = max(bound(start, -1), 1 if not is_goal(start) else 0)
    try:
        while True:
            cut[0] = False
            path.clear()
            stats.iterations += 1
            if search(start, -1, budget, pval):
                break
            if not cut[0]:
                run.memo_size = len(table)
                return run.finish("no_solution")
            stats.max_depth = budget  # proved: no solution within ``budget`` moves
            budget += 1
    except Stop as stop:
        run.memo_size = len(table)
        return run.stopped(stop)
    finally:
        sys.setrecursionlimit(limit)
    run.memo_size = len(table)
    return run.finish("solved", list(path))


def _by_levels(run: PegRun, max_positions: int) -> SearchResult:
    """:func:`solve_min_moves` by bidirectional levels of moves (see its docstring)."""
    board, start, target, stats = run.board, run.start, run.target, run.stats
    check_size(board)
    finals = [target] if target is not None else [1 << h for h in finishing_holes(board, start)]
    perms = [
        p
        for p in stabilizer(board, target)
        if board.position(p[i] for i in board.pegs(start)) == start
    ]

    def stop(expanded: int) -> None:
        stats.expanded += expanded
        run.checkpoint()

    def on_level(_side: str, _depth: int, size: int) -> None:
        stats.generated += size
        stats.iterations += 1
        if stats.generated > max_positions:
            raise Stop("max_nodes")

    def proved(moves: int) -> None:
        stats.max_depth = moves

    try:
        jumps, moves = bidirectional_min_moves(
            board, start, finals, perms, stop=stop, on_level=on_level, on_bound=proved
        )
    except Stop as stop_:
        return run.stopped(stop_)
    run.memo_size = stats.generated
    if jumps is None:
        stats.max_depth = moves
        return run.finish("no_solution")
    stats.max_depth = moves - 1
    return run.finish("solved", jumps)
