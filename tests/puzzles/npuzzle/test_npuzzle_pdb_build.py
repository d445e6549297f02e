"""The compact builder (:mod:`searchlab.puzzles.npuzzle.pdb_build`) writes exactly the
packed tables of the byte builder, every placement, on small partitions: the 8-puzzle's
2x4 partition, patterns of 2, 3, 4 and 7 tiles on 3x3 (the checkerboard one with more
than four blank regions, held in the overflow words), and 3- and 5-tile patterns of the
15-puzzle; and the NumPy 0-1 breadth-first search's values on one of them."""

from __future__ import annotations

import math

import pytest

from searchlab.puzzles.npuzzle.kernel import build_ranked
from searchlab.puzzles.npuzzle.pdb import build_pdb_numpy, pack_ranked
from searchlab.puzzles.npuzzle.pdb_build import build_packed
from searchlab.puzzles.npuzzle.pdb_index import unrank


@pytest.mark.parametrize(
    ("size", "pattern"),
    [
        (3, (1, 2, 3, 4)),
        (3, (5, 6, 7, 8)),
        (3, (1, 2)),
        (3, (1, 2, 4)),
        (3, (1, 3, 5, 7)),
        (3, (1, 2, 3, 4, 5, 6, 7)),
        (4, (1, 2, 3)),
        (4, (1, 4, 5, 8, 9)),
        (4, (2, 3, 6, 7, 11)),
    ],
)
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
