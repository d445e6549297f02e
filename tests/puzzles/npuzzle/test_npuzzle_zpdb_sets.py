"""The region tables a search reads (:mod:`searchlab.puzzles.npuzzle.zpdb_sets`), made a
set each: row for row the builder's tables over every bit mask, and the plain-Python
layout's bases, regions and labels."""

from __future__ import annotations

import itertools
import math

import pytest

from searchlab.puzzles.npuzzle.zpdb_build import region_tables
from searchlab.puzzles.npuzzle.zpdb_index import colex_rank, layout, region_of
from searchlab.puzzles.npuzzle.zpdb_sets import set_tables


@pytest.mark.parametrize(("size", "k"), [(2, 1), (3, 1), (3, 4), (3, 8), (4, 3), (4, 7), (4, 8)])
def test_rows_equal_the_builders_tables(size: int, k: int) -> None:
    nreg, label, base, sets, total = region_tables(size, k)
    t = set_tables(size, k)
    cells = size * size
    assert t.total == total
    assert t.base.tolist() == base[sets].tolist()
    assert t.nreg.tolist() == nreg[sets].tolist()
    assert t.lab.tolist() == label.view("uint8").reshape(-1, cells)[sets].reshape(-1).tolist()


@pytest.mark.parametrize(("size", "k"), [(3, 2), (3, 5), (4, 4)])
def test_rows_equal_the_reference_layout(size: int, k: int) -> None:
    bases, total = layout(size, k)
    t = set_tables(size, k)
    cells = size * size
    assert t.total == total
    for combo in itertools.combinations(range(cells), k):
        occ = sum(1 << c for c in combo)
        s = colex_rank(list(combo))
        assert (int(t.base[s]), int(t.nreg[s])) == bases[occ]
        for c in range(cells):
            want = 255 if c in combo else region_of(size, occ, c)
            assert t.lab[s * cells + c] == want


def test_colex_rank_numbers_the_sets_in_mask_order() -> None:
    combos = sorted(itertools.combinations(range(9), 4), key=lambda cs: sum(1 << c for c in cs))
    assert [colex_rank(list(cs)) for cs in combos] == list(range(math.comb(9, 4)))
    assert colex_rank([5, 1, 3]) == colex_rank([1, 3, 5])


def test_the_tables_are_read_only() -> None:
    t = set_tables(3, 3)
    with pytest.raises(ValueError, match="read-only"):
        t.base[0] = 1
    with pytest.raises(ValueError, match="at most 62"):
        set_tables(3, 9)
