"""The processor's popcount in compiled code equals Python's count of set bits."""

from __future__ import annotations

import numpy as np
from hypothesis import given
from hypothesis import strategies as st
from numba import njit

from searchlab.puzzles.npuzzle.bitcount import popcount


@njit(cache=True)
def _count(x: int) -> int:
    return popcount(x)


@njit(cache=True)
def _count_u8(x: np.uint8) -> int:
    return popcount(x)


@given(st.integers(min_value=0, max_value=2**63 - 1))
def test_popcount_of_any_non_negative_int64(x: int) -> None:
    assert _count(x) == bin(x).count("1")


def test_popcount_at_the_edges_and_of_narrow_integers() -> None:
    for x in (0, 1, 2**62, 2**63 - 1, (1 << 25) - 1):
        assert _count(x) == bin(x).count("1")
    for x in (0, 1, 127, 128, 255):
        assert _count_u8(np.uint8(x)) == bin(x).count("1")
