"""The limits travel as one typed record (:class:`~searchlab.search.options.LimitOptions`).

``solve_board`` used to take the limits as named keywords, which the family's solve
spelled out one by one from its record: either way in, A* and IDA* stop at the same
expansion with the same status and limit, and ``max_nodes`` stops A* alone (IDA*
stores only its path).
"""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.npuzzle.board import Instance, goal_board, parse_tiles
from searchlab.puzzles.npuzzle.family import solve as family_solve
from searchlab.puzzles.npuzzle.solvers import solve_board
from searchlab.search import SearchResult
from searchlab.search.options import LimitOptions

BOARD = parse_tiles("8 6 7 2 5 4 3 0 1")  # 31 moves: thousands of expansions
FULL = {a: solve_board(BOARD, algorithm=a) for a in ("astar", "idastar")}


def outcome(r: SearchResult) -> tuple[object, ...]:
    return r.status, r.limit, r.stats.expanded, r.stats.generated, r.length


def both_ways(algorithm: str, limits: LimitOptions) -> tuple[SearchResult, SearchResult]:
    direct = solve_board(BOARD, algorithm=algorithm, **limits)
    family = family_solve(Instance(BOARD, goal_board(3)), algorithm, None, **limits)
    return direct, family


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(("astar", "idastar")), st.integers(0, 16_000))
def test_max_expansions_stops_at_the_same_expansion_either_way(algorithm: str, k: int) -> None:
    direct, family = both_ways(algorithm, {"max_expansions": k})
    assert outcome(direct) == outcome(family)
    full = FULL[algorithm]
    if k < full.stats.expanded:
        assert (direct.status, direct.limit) == ("limit", "max_expansions")
        assert direct.stats.expanded == (max(k, 1) if algorithm == "astar" else k)
    else:
        assert direct.solved and direct.length == full.length


@settings(max_examples=15, deadline=None)
@given(st.sampled_from(("astar", "idastar")), st.integers(1, 20_000))
def test_max_nodes_stops_astar_only_either_way(algorithm: str, m: int) -> None:
    direct, family = both_ways(algorithm, {"max_nodes": m})
    assert outcome(direct) == outcome(family)
    if algorithm == "idastar":
        assert direct.solved and direct.length == FULL["idastar"].length
    else:
        assert direct.solved or (direct.status, direct.limit) == ("limit", "max_nodes")
