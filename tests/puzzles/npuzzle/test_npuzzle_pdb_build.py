"""The compact builder (:mod:`searchlab.puzzles.npuzzle.pdb_build`) writes exactly the
packed tables of the byte builder, every placement, on small partitions: the 8-puzzle's
2x4 partition, patterns of 2, 3, 4 and 7 tiles on 3x3 (the checkerboard one with more
than four blank regions, held in the overflow words), and 3- and 5-tile patterns of the
15-puzzle; and the NumPy 0-1 breadth-first search's values on one of them. The same,
with the search started from the blank's goal region only (the shipped tables), against
the byte builder and against :func:`_blank_goal_reference`, which seeds the byte
builder's level step by hand; and the blank-anywhere tables never exceed those."""

from __future__ import annotations

import math
from collections.abc import Sequence
from pathlib import Path

import numpy as np
import numpy.typing as npt
import pytest

from searchlab.puzzles.npuzzle.kernel import _build_level, _rank, build_ranked
from searchlab.puzzles.npuzzle.pdb import (
    build_pdb_numpy,
    load_pdb,
    pack_ranked,
    pdb_path,
)
from searchlab.puzzles.npuzzle.pdb_build import build_packed
from searchlab.puzzles.npuzzle.pdb_index import unrank

SMALL = [
    (3, (1, 2, 3, 4)),
    (3, (5, 6, 7, 8)),
    (3, (1, 2)),
    (3, (1, 2, 4)),
    (3, (1, 3, 5, 7)),
    (3, (1, 2, 3, 4, 5, 6, 7)),
    (4, (1, 2, 3)),
    (4, (1, 4, 5, 8, 9)),
    (4, (2, 3, 6, 7, 11)),
]


def _region(size: int, pattern: Sequence[int], blank: int) -> set[int]:
    """The free cells of ``pattern``'s goal placement connected to the cell ``blank``."""
    occupied = set(pattern)
    region, todo = {blank}, [blank]
    while todo:
        r, c = divmod(todo.pop(), size)
        for rr, cc in ((r - 1, c), (r + 1, c), (r, c - 1), (r, c + 1)):
            cell = rr * size + cc
            if 0 <= rr < size and 0 <= cc < size and cell not in occupied | region:
                region.add(cell)
                todo.append(cell)
    return region


def _blank_goal_reference(size: int, pattern: Sequence[int], blank: int) -> npt.NDArray[np.uint8]:
    """The byte builder's search (its compiled level step, driven here) seeded by hand
    with the goal placement and the blank's goal region only: the ranked byte table."""
    cells = size * size
    k = len(pattern)
    free = cells - k
    total = math.perm(cells, k)
    words = np.zeros(total, dtype=np.uint32 if 3 * free <= 32 else np.uint64)
    dist = np.full(total, 255, dtype=np.uint8)
    goal = int(_rank(np.array(pattern, dtype=np.int64), k, cells))
    region = _region(size, pattern, blank)
    free_cells = [c for c in range(cells) if c not in set(pattern)]
    mask = sum(1 << j for j, c in enumerate(free_cells) if c in region)
    words[goal] = mask | (mask << free)
    dist[goal] = 0
    level = 0
    while True:
        expanded, _ = _build_level(level, 0, total, k, size, words, dist, np.zeros(0, np.uint8))
        if expanded == 0:
            return dist
        level += 1


@pytest.mark.parametrize(("size", "pattern"), SMALL)
def test_blank_goal_builds_equal_the_reference(size: int, pattern: tuple[int, ...]) -> None:
    table = _blank_goal_reference(size, pattern, 0)
    assert (build_ranked(size, pattern, blank=0) == table).all()
    reference = pack_ranked(size, pattern, table)
    compact = build_packed(size, pattern, blank=0)
    if reference is None:
        # 7 tiles on 3x3: with one other tile, some placements are never reached from
        # the blank's goal region (the 8-puzzle's parity), which no packed table holds
        assert compact is None and (table == 255).any()
        return
    assert compact is not None and compact.tobytes() == reference.tobytes()
    anywhere = build_packed(size, pattern)
    assert anywhere is not None
    # the same Manhattan distance under both: the nibbles order the values
    low = np.concatenate([anywhere & 15, anywhere >> 4])
    high = np.concatenate([compact & 15, compact >> 4])
    assert (low <= high).all()  # blank anywhere: never larger
    if len(_region(size, pattern, 0)) == size * size - len(pattern):
        assert (low == high).all()  # one region: the same table


def test_blank_goal_tables_have_their_own_cache_file(tmp_path: Path) -> None:
    old = pdb_path(3, (1, 2, 3, 4), tmp_path, ranked=True, packed=True)
    new = pdb_path(3, (1, 2, 3, 4), tmp_path, ranked=True, packed=True, blank=0)
    assert old != new
    table = load_pdb(3, (1, 2, 3, 4), directory=tmp_path, ranked=True, blank=0)
    assert new.exists() and not old.exists()
    reference = pack_ranked(3, (1, 2, 3, 4), _blank_goal_reference(3, (1, 2, 3, 4), 0))
    assert reference is not None and table.tobytes() == reference.tobytes()


@pytest.mark.parametrize(("size", "pattern"), SMALL)
def test_compact_build_equals_the_packed_byte_build(size: int, pattern: tuple[int, ...]) -> None:
    compact = build_packed(size, pattern)
    reference = pack_ranked(size, pattern, build_ranked(size, pattern))
    assert compact is not None and reference is not None
    assert compact.tobytes() == reference.tobytes()


def test_compact_build_holds_the_numpy_values() -> None:
    size, pattern = 3, (1, 3, 5, 7)  # the corners and the centre: five blank regions
    packed = build_packed(size, pattern)
    sparse = build_pdb_numpy(size, pattern)
    assert packed is not None
    cells = size * size
    for r in range(math.perm(cells, len(pattern))):
        placed = unrank(r, len(pattern), cells)
        md = sum(
            abs(c // size - g // size) + abs(c % size - g % size)
            for c, g in zip(placed, pattern, strict=True)
        )
        value = md + 2 * ((int(packed[r >> 1]) >> (4 * (r & 1))) & 15)
        assert value == sparse[sum(c * cells**i for i, c in enumerate(placed))]


def test_compact_build_declines_what_it_does_not_take() -> None:
    assert build_packed(5, (1, 2, 3)) is None  # 25 cells
    assert build_packed(4, (1,)) is None  # one tile
