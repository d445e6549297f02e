"""The effective branching factor solves N + 1 = 1 + b + ... + b^d."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchlab.records.ebf import effective_branching_factor


def test_book_example() -> None:
    # AIMA 3rd ed. §3.6.1: depth 5 with 52 nodes gives b* = 1.92.
    b = effective_branching_factor(52, 5)
    assert b is not None and round(b, 2) == 1.92


@given(st.floats(1.0, 6.0), st.integers(1, 20))
def test_inverts_the_tree_size(b: float, d: int) -> None:
    n = sum(b**i for i in range(1, d + 1))  # nodes below the root: N = b + ... + b^d
    got = effective_branching_factor(n, d)
    assert got == pytest.approx(b, rel=1e-6)


def test_path_only_gives_one() -> None:
    assert effective_branching_factor(7, 7) == pytest.approx(1.0, abs=1e-6)


@pytest.mark.parametrize(("n", "d"), [(10, 0), (-1, 3), (float("nan"), 3)])
def test_undefined(n: float, d: int) -> None:
    assert effective_branching_factor(n, d) is None
