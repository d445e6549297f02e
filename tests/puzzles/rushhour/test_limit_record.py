"""The limits travel as one typed record (:class:`~searchlab.search.options.LimitOptions`).

The packed search used to take five named keywords while the family's solve handed it a
record: whichever way the limits come in (the solver itself, ``solve_board``, the
family's solve), a search stops at the same expansion, with the same status and limit,
and reports progress at the same counts.
"""

from __future__ import annotations

import threading
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.rushhour import cards, fast_bfs, solve_board
from searchlab.puzzles.rushhour.family import solve as family_solve
from searchlab.search import SearchResult, SearchStats
from searchlab.search.limits import CHECK_EVERY
from searchlab.search.options import LimitOptions

HARD = (30, 35, 39)  # a few thousand expansions each: past the first progress check
FULL = {n: fast_bfs(cards()[n].parse()) for n in HARD}


def three_ways(number: int, limits: LimitOptions) -> list[SearchResult]:
    return [way(number, limits) for way in WAYS]


WAYS: list[Callable[[int, LimitOptions], SearchResult]] = [
    lambda n, limits: fast_bfs(cards()[n].parse(), **limits),
    lambda n, limits: solve_board(cards()[n].parse(), **limits),
    lambda n, limits: family_solve(cards()[n].parse(), "fast", None, **limits),
]


def outcome(r: SearchResult) -> tuple[object, ...]:
    return r.status, r.limit, r.stats.expanded, r.stats.generated, r.length


@settings(max_examples=25, deadline=None)
@given(st.sampled_from(HARD), st.integers(0, 4200))
def test_max_expansions_stops_at_the_same_expansion_every_way(number: int, k: int) -> None:
    results = three_ways(number, {"max_expansions": k})
    assert len({outcome(r) for r in results}) == 1
    r, full = results[0], FULL[number]
    if k < full.stats.expanded:
        assert (r.status, r.limit, r.stats.expanded) == ("limit", "max_expansions", k)
    else:
        assert r.solved and r.length == full.length


@settings(max_examples=20, deadline=None)
@given(st.sampled_from(HARD), st.integers(1, 4500))
def test_max_nodes_trips_after_the_same_layer_every_way(number: int, m: int) -> None:
    results = three_ways(number, {"max_nodes": m})
    assert len({outcome(r) for r in results}) == 1
    r = results[0]
    assert r.solved or (r.status, r.limit) == ("limit", "max_nodes")
    if r.status == "limit":
        assert r.stats.generated > m


@settings(max_examples=10, deadline=None)
@given(st.sampled_from(HARD), st.booleans())
def test_cancel_and_progress_keep_their_cadence_every_way(number: int, cancel: bool) -> None:
    seen: list[list[int]] = []
    results = []
    for way in WAYS:
        token = threading.Event()
        if cancel:
            token.set()
        counts: list[int] = []

        def progress(stats: SearchStats, counts: list[int] = counts) -> None:
            counts.append(stats.expanded)

        results.append(way(number, {"cancel": token, "progress": progress}))
        seen.append(counts)
    assert len({outcome(r) for r in results}) == 1
    assert seen[0] == seen[1] == seen[2]
    r = results[0]
    if cancel:  # the token is read at the first check, before any progress report
        assert (r.status, r.stats.expanded, seen[0]) == ("cancelled", CHECK_EVERY, [])
    else:
        assert r.solved
        assert seen[0] == list(range(CHECK_EVERY, r.stats.expanded, CHECK_EVERY))
