"""The strip automaton (3×n, 4×n): exact existence for every n, and the tours it builds."""

from __future__ import annotations

import json
import math
from importlib import resources

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.knight import (
    Board,
    open_tour_exists,
    solve_tour,
    tour_array,
    tour_error,
    tour_verdict,
)
from searchlab.puzzles.knight.strip import (
    _pack,
    automaton,
    eventual_period,
    explore,
    prune,
    strip_cycle,
    strip_start_exists,
    strip_tour,
)

SMALL = [(3, n) for n in range(1, 9)] + [(4, n) for n in range(1, 7)]


@pytest.mark.parametrize(("k", "n"), SMALL)
def test_automaton_matches_exhaustive_search(k: int, n: int) -> None:
    board = Board(k, n)
    for r in range(k):
        for c in range(n):
            exists = open_tour_exists(board, (r, c))
            assert strip_start_exists(k, n, (r, c)) == exists, (r, c)
            path = strip_tour(k, n, (r, c))
            assert (path is not None) == exists
            if path is not None:
                assert tour_error(board, path, start=(r, c)) is None


@pytest.mark.parametrize("k", [3, 4])
def test_existence_rules_hold_for_every_n(k: int) -> None:
    """A finite computation that decides all n.

    A start on column j of k×n is the word T^a S_r T^b (a = j, b = n-1-j). The
    subsets T^a({init}) repeat from a0 with period p, so for a >= A0 = max(a0, 8)
    a and A0 + (a-A0) mod p2 (p2 = lcm(p, 2), which also keeps the parity the
    colour rule looks at) give the same subset and the same rule verdict. For
    each of the finitely many subsets G = S_r(T^a{init}), T^b(G) repeats from b0
    with period q: likewise b reduces below B0 + q2. Boards over 8 columns have no
    listed exception, and both reductions keep a, b >= 8. So checking every board
    with a < A0 + p2 and b < B0 + q2 checks all n.
    """
    aut = automaton(k)
    a0, p = eventual_period(k)
    a_top = max(a0, 8) + math.lcm(p, 2)
    subsets = [0]
    for _ in range(a_top):
        subsets.append(aut.step(subsets[-1], 0))
    b_top = 0
    for a in range(a_top):
        for r in range(k):
            b0, q = eventual_period(k, aut.step(subsets[a], 1 + r))
            b_top = max(b_top, max(b0, 8) + math.lcm(q, 2))
    for n in range(1, a_top + b_top + 1):
        board = Board(k, n)
        for r in range(k):
            for c in range(n):
                assert tour_verdict(board, (r, c)).exists == strip_start_exists(k, n, (r, c))


def test_closed_three_row_tours_exist_exactly_as_schwenk_says() -> None:
    for n in range(1, 40):
        path = strip_cycle(3, n, (1, n // 2))
        assert (path is not None) == tour_verdict(Board(3, n), (0, 0), closed=True).exists
        if path is not None:
            assert tour_error(Board(3, n), path, start=(1, n // 2), closed=True) is None


@settings(max_examples=60, deadline=None)
@given(st.sampled_from([3, 4]), st.integers(1, 2000), st.data(), st.booleans(), st.booleans())
def test_fast_default_on_thin_boards_any_length_any_start(
    k: int, n: int, data: st.DataObject, transpose: bool, closed: bool
) -> None:
    board = Board(n, k) if transpose else Board(k, n)
    start = (data.draw(st.integers(0, board.rows - 1)), data.draw(st.integers(0, board.cols - 1)))
    verdict = tour_verdict(board, start, closed=closed)
    res = solve_tour(board, start, closed=closed)
    assert res.status == ("solved" if verdict.exists else "impossible")
    if res.solved:
        assert tour_error(board, tour_array(res.states), start=start, closed=closed) is None


def test_stored_three_row_automata_match_a_fresh_build() -> None:
    text = resources.files("searchlab.puzzles.knight").joinpath("strip_automata.json").read_text()
    doc = json.loads(text)
    for key, closed in (("3", False), ("3c", True)):
        _, succ, acc = explore(3, closed)
        flat = prune(succ, acc)
        assert doc[key]["states"] == len(flat["accepting"])
        assert all(doc[key][name] == _pack(values) for name, values in flat.items())
