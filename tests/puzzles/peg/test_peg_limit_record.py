"""The limits travel as one typed record (:class:`~searchlab.search.options.LimitOptions`).

The dedicated solvers used to take the limits as named keywords while the family's
solve handed them a record: either way in, a search stops at the same expansion, with
the same status and limit.
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.peg import get_board, solve_fast, solve_min_moves
from searchlab.puzzles.peg.family import solve as family_solve
from searchlab.puzzles.peg.problem import Instance
from searchlab.search import SearchResult

BOARD = get_board("english")
START, TARGET = BOARD.start(), 1 << BOARD.hole("d4")
FULL = solve_fast(BOARD, START, TARGET)  # 528 expansions


def outcome(r: SearchResult) -> tuple[object, ...]:
    return r.status, r.limit, r.stats.expanded, r.length


@settings(max_examples=25, deadline=None)
@given(st.integers(0, FULL.stats.expanded + 50))
def test_fast_solver_stops_at_the_same_expansion_either_way(k: int) -> None:
    direct = solve_fast(BOARD, START, TARGET, max_expansions=k)
    family = family_solve(Instance(BOARD, START, TARGET), "fast", None, max_expansions=k)
    assert outcome(direct) == outcome(family)
    if k < FULL.stats.expanded:  # checked at every expansion, after counting it
        assert (direct.status, direct.limit) == ("limit", "max_expansions")
        assert direct.stats.expanded == max(k, 1)
    else:
        assert direct.solved and direct.length == FULL.length


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 3000))
def test_min_moves_stops_at_the_same_place_either_way(k: int) -> None:
    board = get_board("triangle5")
    direct = solve_min_moves(board, board.start(), max_expansions=k)
    family = family_solve(Instance(board, board.start(), None), "minmoves", None, max_expansions=k)
    assert outcome(direct) == outcome(family)
    assert direct.solved or (direct.status, direct.limit) == ("limit", "max_expansions")
