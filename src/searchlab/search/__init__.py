"""The generic search engine: one :class:`Problem` interface, many algorithms.

>>> from searchlab.search import Problem, solve

Every algorithm is a plain function in its own module, returns a
:class:`SearchResult` with :class:`SearchStats`, honours the limits
``max_expansions``, ``time_limit`` and ``max_nodes`` (status ``"limit"``), a
``cancel`` token and a ``progress`` callback, and reports to an optional
``observer``. See ``docs/engine.md`` for the guide.

Importing the package is light: each name is imported from its home module on first
use (:mod:`searchlab.lazy`), so a command that runs one algorithm never loads the
others (issue 34: start-up).
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from searchlab.search.astar import astar
    from searchlab.search.audit import (
        HeuristicAudit,
        SpaceTooLargeError,
        StateSpace,
        audit_heuristic,
        explore_space,
    )
    from searchlab.search.backtrack import backtracking_search
    from searchlab.search.best_first import TIE_BREAKS, best_first_search
    from searchlab.search.bfs import breadth_first_search
    from searchlab.search.bibfs import bidirectional_search
    from searchlab.search.dfs import depth_first_search
    from searchlab.search.dls import depth_limited_search
    from searchlab.search.events import Observer, SearchEvent
    from searchlab.search.greedy import greedy_best_first_search
    from searchlab.search.idastar import ida_star
    from searchlab.search.iddfs import iterative_deepening_search
    from searchlab.search.limits import Budget, CancelToken
    from searchlab.search.options import LimitOptions, SearchOptions
    from searchlab.search.problem import Problem, UnhashableStateError
    from searchlab.search.result import SearchResult, SearchStats, limit_phrase
    from searchlab.search.solve import (
        ALGORITHMS,
        INFORMED,
        OPTIMAL,
        REGISTRY,
        SHORTEST,
        Algorithm,
        engine_algorithms,
        solve,
    )
    from searchlab.search.ucs import uniform_cost_search
    from searchlab.search.wastar import weighted_astar

__all__ = [
    "ALGORITHMS",
    "INFORMED",
    "OPTIMAL",
    "REGISTRY",
    "SHORTEST",
    "TIE_BREAKS",
    "Algorithm",
    "Budget",
    "CancelToken",
    "HeuristicAudit",
    "LimitOptions",
    "Observer",
    "Problem",
    "SearchEvent",
    "SearchOptions",
    "SearchResult",
    "SearchStats",
    "SpaceTooLargeError",
    "StateSpace",
    "UnhashableStateError",
    "astar",
    "audit_heuristic",
    "backtracking_search",
    "best_first_search",
    "bidirectional_search",
    "breadth_first_search",
    "depth_first_search",
    "depth_limited_search",
    "engine_algorithms",
    "explore_space",
    "greedy_best_first_search",
    "ida_star",
    "iterative_deepening_search",
    "limit_phrase",
    "solve",
    "uniform_cost_search",
    "weighted_astar",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "astar": ("astar",),
        "audit": (
            "HeuristicAudit",
            "SpaceTooLargeError",
            "StateSpace",
            "audit_heuristic",
            "explore_space",
        ),
        "backtrack": ("backtracking_search",),
        "best_first": (
            "TIE_BREAKS",
            "best_first_search",
        ),
        "bfs": ("breadth_first_search",),
        "bibfs": ("bidirectional_search",),
        "dfs": ("depth_first_search",),
        "dls": ("depth_limited_search",),
        "events": (
            "Observer",
            "SearchEvent",
        ),
        "greedy": ("greedy_best_first_search",),
        "idastar": ("ida_star",),
        "iddfs": ("iterative_deepening_search",),
        "limits": (
            "Budget",
            "CancelToken",
        ),
        "options": (
            "LimitOptions",
            "SearchOptions",
        ),
        "problem": (
            "Problem",
            "UnhashableStateError",
        ),
        "result": (
            "SearchResult",
            "SearchStats",
            "limit_phrase",
        ),
        "solve": (
            "ALGORITHMS",
            "INFORMED",
            "OPTIMAL",
            "REGISTRY",
            "SHORTEST",
            "Algorithm",
            "engine_algorithms",
            "solve",
        ),
        "ucs": ("uniform_cost_search",),
        "wastar": ("weighted_astar",),
    },
)
