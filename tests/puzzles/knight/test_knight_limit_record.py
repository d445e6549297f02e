"""The limits travel as one typed record (:class:`~searchlab.search.options.SearchOptions`).

``solve_tour`` used to take the limits as named keywords and Warnsdorff's walks either
those or a budget, while the family's solve handed them a record: either way in, the
backtracking stops at the same expansion with the same status and limit.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.knight import Board, solve_tour
from searchlab.puzzles.knight.family import solve as family_solve
from searchlab.puzzles.knight.views import Instance
from searchlab.search import SearchResult


def outcome(r: SearchResult) -> tuple[object, ...]:
    return r.status, r.limit, r.stats.expanded, len(r.actions)


@settings(max_examples=25, deadline=None)
@given(
    st.integers(5, 7),
    st.integers(0, 6),
    st.integers(0, 6),
    st.booleans(),
    st.integers(0, 60),
)
def test_backtrack_stops_at_the_same_expansion_either_way(
    n: int, row: int, col: int, closed: bool, k: int
) -> None:
    start = (row % n, col % n)
    direct = solve_tour(Board(n, n), start, closed=closed, algorithm="backtrack", max_expansions=k)
    family = family_solve(Instance(Board(n, n), start, closed), "backtrack", None, max_expansions=k)
    assert outcome(direct) == outcome(family)
    if direct.status == "limit":
        assert direct.limit == "max_expansions" and direct.stats.expanded == k
    else:
        assert direct.status in ("solved", "impossible")
