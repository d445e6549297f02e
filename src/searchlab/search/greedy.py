"""Greedy best-first search."""

from __future__ import annotations

from typing import Any, Unpack

from searchlab.search.best_first import TieBreak, best_first_search
from searchlab.search.options import SearchOptions
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult


def greedy_best_first_search(
    problem: Problem[Any, Any],
    *,
    tie_break: TieBreak = "fifo",
    **options: Unpack[SearchOptions],
) -> SearchResult:
    """Greedy best-first graph search: expand the open node of least h.

    Complete on finite spaces (each state is stored once and never re-opened);
    **not optimal**: the solution's cost is reported but may exceed the minimum.

    Notes
    -----
    GREEDY-BEST-FIRST-SEARCH, Russell & Norvig, AIMA 4th ed., §3.5.1
    (BEST-FIRST-SEARCH with ``f = h``).
    """
    return best_first_search(
        problem,
        g_weight=0,
        h_weight=1,
        name="greedy",
        reopen=False,
        tie_break=tie_break,
        **options,
    )
