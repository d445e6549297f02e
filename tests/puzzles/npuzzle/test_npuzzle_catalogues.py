"""The 24-puzzle's candidate members (:mod:`searchlab.puzzles.npuzzle.catalogues`): each a
partition of the tiles 1..24 into 6-tile patterns; every pattern of every member is read
from one of the 14 tables, itself or reflected; a member's reflection is its patterns'."""

from __future__ import annotations

from searchlab.puzzles.npuzzle.catalogues import KF6666, candidates, mirror_pattern, tables


def test_members_are_partitions_read_from_the_fourteen_tables() -> None:
    owned = tables()
    assert len(owned) == 14 and owned[:4] == list(KF6666)
    assert all(mirror_pattern(p) not in owned for p in owned)
    for name, part in candidates().items():
        assert sorted(c for p in part for c in p) == list(range(1, 25)), name
        assert all(len(p) == 6 for p in part)
        assert all(p in owned or mirror_pattern(p) in owned for p in part), name
        if not name.endswith("+r"):
            assert candidates()[name + "+r"] == tuple(mirror_pattern(p) for p in part)
    assert mirror_pattern(mirror_pattern((1, 2, 5, 6, 7, 12))) == (1, 2, 5, 6, 7, 12)
