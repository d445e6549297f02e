"""The dedicated optimal solver: breadth-first search over packed states.

Every move (or, with ``metric="steps"``, every one-cell step) costs 1, so
breadth-first search returns an optimal solution. The search runs over the
packed ints of :mod:`searchlab.puzzles.rushhour.packed` with the successor
generation inlined into the loop (no generator or tuple per node), and tests
the goal when a state is generated rather than expanded, which saves the whole
last layer.
"""

from __future__ import annotations

import sys
from itertools import pairwise
from typing import Literal, Unpack

from searchlab.i18n import _
from searchlab.search.limits import Budget
from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import LimitName, SearchResult, SearchStats
from searchlab.search.solve import engine_algorithms

from .model import Board, Move
from .packed import FIELD, Packed, decode, encode, move_between

Metric = Literal["moves", "steps"]
_KERNEL = f"{__package__}.kernel"


def fast_bfs(
    board: Board,
    metric: Metric = "moves",
    *,
    compiled: bool | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """An optimal solution of ``board`` by breadth-first search on packed states.

    Parameters
    ----------
    board : Board
        The start position.
    metric : "moves" or "steps"
        ``"moves"``: sliding one vehicle any distance costs 1 (the default);
        ``"steps"``: each one-cell slide costs 1.
    compiled : bool or None
        Search with the compiled kernel
        (:func:`~searchlab.puzzles.rushhour.kernel.shortest_path`, the same search and
        counts, about twenty times faster per position) instead of the Python loop.
        ``None`` (the default): when no limit, cancel token or progress callback is given
        and the kernel is already loaded in this process (its import loads Numba, a few
        tenths of a second a command would pay for a search of milliseconds). Boards
        the kernel does not take (:func:`~searchlab.puzzles.rushhour.kernel.fits`) are
        searched in Python.
    **limits
        The engine's limits, cancel token and progress callback
        (:class:`~searchlab.search.options.LimitOptions`), checked as the engine checks
        them: ``max_nodes`` counts the positions stored, tested after each layer.

    Returns
    -------
    SearchResult
        ``actions`` are :class:`~searchlab.puzzles.rushhour.model.Move` objects,
        ``states`` are the packed ints (decode them with :class:`Packed` or use
        :func:`searchlab.puzzles.rushhour.solve`, which returns boards).

    Notes
    -----
    Breadth-first graph search (Moore 1959; AIMA 4th ed., Fig. 3.9), with the
    early goal test. Time and memory O(b·N) and O(N) for the N positions of
    the start's cluster within the solution depth. Optimal because every edge
    costs 1.

    Examples
    --------
    >>> from searchlab.puzzles.rushhour.notation import parse_board
    >>> fast_bfs(parse_board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo")).length
    8
    """
    budget = limit_budget(limits)
    stats = SearchStats(generated=1)
    name = "bfs-packed"
    if board.is_solved():
        return _finish(name, board, [encode(board.positions())], stats, budget)
    if compiled is None:
        compiled = all(x is None for x in limits.values()) and _KERNEL in sys.modules
    if compiled:
        from . import kernel

        if kernel.fits(board):
            path, stats.generated, stats.expanded, stats.max_depth, stats.max_frontier = (
                kernel.shortest_path(board, metric == "steps")
            )
            if path:
                return _finish(name, board, path, stats, budget)
            budget.finish(stats)
            return SearchResult(name, "no_solution", stats=stats)
    pk = Packed(board)
    start = pk.start()
    goal = pk.goal
    base = pk.base
    chunks = pk.chunks
    rows = pk.step_rows if metric == "steps" else pk.move_rows
    parent: dict[int, int] = {start: start}
    frontier = [start]
    depth = 0
    limit: LimitName | None = None
    expanded = 0
    next_check = budget.next_check
    max_nodes_f = budget.max_nodes
    while frontier:
        depth += 1
        nxt: list[int] = []
        append = nxt.append
        for s in frontier:
            if expanded >= next_check:
                stats.expanded = expanded
                stats.generated = len(parent)
                limit = budget.check(stats)
                if limit is not None:
                    break
                next_check = budget.next_check
            expanded += 1
            occ = base
            for sh, tab in chunks:
                occ |= tab[(s >> sh) & 511]
            for psh, lsh, lbits, lmask, table in rows:
                for d in table[(((s >> psh) & FIELD) << lbits) | ((occ >> lsh) & lmask)]:
                    t = s + d
                    if t not in parent:
                        parent[t] = s
                        if t & FIELD == goal:
                            stats.expanded = expanded
                            stats.generated = len(parent)
                            stats.max_depth = depth
                            stats.max_frontier = max(stats.max_frontier, len(nxt) + 1)
                            path = [t]
                            while parent[path[-1]] != path[-1]:
                                path.append(parent[path[-1]])
                            path.reverse()
                            return _finish(name, board, path, stats, budget)
                        append(t)
        else:
            stats.max_frontier = max(stats.max_frontier, len(nxt))
            stats.max_depth = depth
            if len(parent) > max_nodes_f:
                limit = "max_nodes"
            if limit is None:
                frontier = nxt
                continue
        break
    stats.expanded = expanded
    stats.generated = len(parent)
    budget.finish(stats)
    if limit is not None:
        return SearchResult(name, "limit", stats=stats, limit=limit)
    return SearchResult(name, "no_solution", stats=stats)


def _finish(
    name: str, board: Board, path: list[int], stats: SearchStats, budget: Budget
) -> SearchResult:
    actions = [move_between(board, a, b) for a, b in pairwise(path)]
    budget.finish(stats)
    return SearchResult(name, "solved", actions, path, len(actions), stats)


ALGORITHM_CHOICES = (
    "fast",
    *engine_algorithms(provides=("predecessors",), exclude=("dfs", "iddfs", "backtrack")),
)
"""``fast`` is :func:`fast_bfs`; the others run through the generic engine (not ``dfs``,
``iddfs`` or ``backtrack``: their paths wander through thousands of positions)."""


def solve_board(
    board: Board,
    *,
    metric: Metric = "moves",
    algorithm: str = "fast",
    heuristic: str = "blocking",
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """Solve ``board`` with the packed breadth-first search or an engine algorithm.

    The result's ``states`` are :class:`Board` objects and its ``actions`` moves.
    ``algorithm="fast"`` (default) is :func:`fast_bfs`; any other name runs the engine
    on :class:`RushHourProblem` with ``heuristic`` (``"blocking"``, ``"strong"`` or
    ``"zero"``). Optimal for ``fast``, ``bfs``, ``ucs``, ``bibfs``, ``astar`` and
    ``idastar``. ``limits`` are the engine's
    (:class:`~searchlab.search.options.LimitOptions`), handed on unchanged.
    Raises :class:`InputError` for an unknown algorithm, heuristic or metric.
    """
    from searchlab.errors import InputError
    from searchlab.search.solve import solve

    from .heuristics import HEURISTICS
    from .problem import RushHourProblem

    if metric not in ("moves", "steps"):
        raise InputError(
            _("unknown metric {metric!r}; choose moves or steps").format(metric=metric)
        )
    if heuristic not in HEURISTICS:
        raise InputError(
            _("unknown heuristic {heuristic!r}; choose from {heuristics}").format(
                heuristic=heuristic, heuristics=", ".join(HEURISTICS)
            )
        )
    if algorithm == "fast":
        result = fast_bfs(board, metric, **limits)
    elif algorithm in ALGORITHM_CHOICES:
        problem = RushHourProblem(board, metric=metric, heuristic=heuristic)
        result = solve(problem, algorithm, **limits)
    else:
        raise InputError(
            _("unknown algorithm {algorithm!r}; choose from {algorithm_choices}").format(
                algorithm=algorithm, algorithm_choices=", ".join(ALGORITHM_CHOICES)
            )
        )
    # the boards from the positions alone (a Packed would build move tables for nothing)
    n = len(board.vehicles)
    result.states = [board.with_positions(decode(s, n)) for s in result.states]
    return result


def hint(board: Board, metric: Metric = "moves", **limits: Unpack[LimitOptions]) -> Move | None:
    """The first move of an optimal solution from ``board``.

    ``None`` when the board is already solved, has no solution, or the limits
    (:class:`~searchlab.search.options.LimitOptions`; ``time_limit`` is 10 seconds unless
    given) stopped the search first.

    >>> from searchlab.puzzles.rushhour.notation import parse_board
    >>> b = parse_board("oooooooooooooAABoooCCBoDoEoBoDoEFFoD")
    >>> hint(b) in b.legal_moves()
    True
    """
    given: LimitOptions = {"time_limit": 10.0, **limits}
    result = fast_bfs(board, metric, **given)
    return result.actions[0] if result.solved and result.actions else None
