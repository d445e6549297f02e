"""Zero-aware pattern databases (:mod:`searchlab.puzzles.npuzzle.zpdb`): the compiled
builder equals the plain breadth-first reference; the heuristic is admissible and
consistent against exact distances (every 3x3 board); it is never below the additive
table of the same partition, and equals the tables indexed by the blank's cell where
those start from the same region; a changed byte is refused on one line; one-bit tables
give the four-bit values. (The search with them: test_npuzzle_kernel_zpdb.py.)"""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from searchlab.puzzles.npuzzle.board import Board
from searchlab.puzzles.npuzzle.instances import _layers, _unpack
from searchlab.puzzles.npuzzle.partitions import PARTITIONS
from searchlab.puzzles.npuzzle.pdb import build_pdb
from searchlab.puzzles.npuzzle.zpdb import (
    View,
    catalogue_value,
    greedy_catalogue,
    load_zpdb,
    lookup_tables,
    random_boards,
    value,
    views,
    zpdb_path,
)
from searchlab.puzzles.npuzzle.zpdb_bits import bit_views, bits_path, root_value
from searchlab.puzzles.npuzzle.zpdb_build import build_zpdb, pack_nibbles
from searchlab.puzzles.npuzzle.zpdb_index import build_reference, entries, lookup, region_of

GOAL3 = tuple(range(9))  # Korf's goal on 3x3: the blank first
SPLIT3 = ((1, 2, 3, 4), (5, 6, 7, 8))


@pytest.mark.parametrize(
    ("size", "pattern", "blank"),
    [(3, (1, 2, 3), 0), (3, (4, 5, 6, 7), 0), (3, (1, 2, 5), 8), (3, (3, 6), 4), (4, (1, 4, 5), 0)],
)
def test_compiled_equals_reference(size: int, pattern: tuple[int, ...], blank: int) -> None:
    built = build_zpdb(size, pattern, blank)
    assert len(built) == entries(size, len(pattern))
    assert built.tolist() == build_reference(size, pattern, blank)
    packed = pack_nibbles(size, pattern, built)
    assert packed is not None and len(packed) == (len(built) + 1) // 2


@pytest.fixture(scope="module")
def views3() -> list[View]:
    """The 3x3 split's tables as the search reads them (four bits an entry)."""
    out = []
    for p in SPLIT3:
        table = pack_nibbles(3, p, build_zpdb(3, p, 0))
        assert table is not None
        out.append(View(p, GOAL3, p, table.tobytes(), True, lookup_tables(3, len(p))))
    return out


def exact3() -> dict[tuple[int, ...], int]:
    return {_unpack(s, 9): d for d, layer in enumerate(_layers(GOAL3)) for s in layer}


def test_admissible_and_consistent_on_every_3x3_board(views3: list[View]) -> None:
    """Every solvable 3x3 board: the sum is at most the exact distance, has its parity,
    and every move changes it by exactly one; the reference lookup agrees."""
    exact = exact3()
    h = {tiles: catalogue_value([views3], tiles) for tiles in exact}
    nbr = {0: (1, 3), 1: (0, 2, 4), 2: (1, 5), 3: (0, 4, 6), 4: (1, 3, 5, 7),
           5: (2, 4, 8), 6: (3, 7), 7: (4, 6, 8), 8: (5, 7)}  # fmt: skip
    for tiles, d in exact.items():
        assert h[tiles] <= d
        assert (d - h[tiles]) % 2 == 0
        b = tiles.index(0)
        for c in nbr[b]:
            child = list(tiles)
            child[b], child[c] = child[c], 0
            assert abs(h[tuple(child)] - h[tiles]) == 1
    assert h[GOAL3] == 0
    plain = [build_reference(3, p) for p in SPLIT3]
    for tiles in random.Random(2).sample(sorted(exact), 300):
        assert h[tiles] == sum(lookup(t, 3, p, tiles) for t, p in zip(plain, SPLIT3, strict=True))


def test_never_below_the_additive_table_and_equal_to_the_blank_indexed_one() -> None:
    """On the 15-puzzle's 3-3-3-3-3 partition: the additive table (blank anywhere) is a
    lower bound of every entry; the table indexed by the blank's cell (built from the
    goal placement with the blank anywhere, one region here) equals it entry by entry."""
    rng = random.Random(5)
    for pattern in PARTITIONS["3-3-3-3-3"][:2]:
        z = build_zpdb(4, pattern, 0).tolist()
        plain = build_pdb(4, pattern)
        blank = build_pdb(4, pattern, with_blank=True)
        for _ in range(3000):
            cells = rng.sample(range(16), 4)
            placed, b = cells[:3], cells[3]
            tiles = [99] * 16
            for g, c in zip(pattern, placed, strict=True):
                tiles[c] = g
            tiles[b] = 0
            mine = lookup(z, 4, pattern, tiles)
            radix = sum(c * 16**i for i, c in enumerate(placed))
            assert mine >= plain[radix]
            assert mine == blank[radix + b * 16**3]


def test_catalogue_max_is_at_least_each_member(tmp_path: Path) -> None:
    part = PARTITIONS["3-3-3-3-3"]
    plain = views(4, part, False, tmp_path)
    refl = views(4, part, True, tmp_path)
    for tiles in random_boards(4, 200, seed=1):
        both = catalogue_value([plain, refl], tiles)
        assert both == max(catalogue_value([plain], tiles), catalogue_value([refl], tiles))
    picked = greedy_catalogue({"a": [3, 5, 7], "b": [5, 3, 7], "c": [1, 1, 1]}, 3)
    assert [name for name, _ in picked] == ["a", "b"]
    tiny = greedy_catalogue({"a": [80, 82], "b": [82, 80]}, 2, 2.3676)  # eta about 1e-30
    assert sorted(name for name, _ in tiny) == ["a", "b"]


def test_a_changed_byte_is_refused_on_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    pattern = (1, 2, 3)
    load_zpdb(4, pattern, 0, directory=tmp_path)
    path = zpdb_path(4, pattern, 0, tmp_path)
    data = bytearray(path.read_bytes())
    data[-5] ^= 0x10
    path.write_bytes(data)
    capsys.readouterr()
    with pytest.raises(FileNotFoundError):
        load_zpdb(4, pattern, 0, directory=tmp_path, build=False)
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and path.name in err and "Traceback" not in err
    assert not path.exists()
    again = load_zpdb(4, pattern, 0, directory=tmp_path)  # rebuilt, and verified
    assert np.array_equal(again, pack_nibbles(4, pattern, build_zpdb(4, pattern, 0)))


def test_region_numbers_follow_lowest_cells() -> None:
    occ = sum(1 << c for c in (1, 3, 4))  # 3x3: cell 0 is cut off from the rest
    assert region_of(3, occ, 0) == 0
    assert region_of(3, occ, 2) == 1 == region_of(3, occ, 8)
    board = Board(3, GOAL3)
    assert board.blank == 0


def test_one_bit_tables_give_the_same_values_and_nodes(tmp_path: Path) -> None:
    """One bit an entry: the root's value by descent equals the four-bit table's (the
    search following the values move by move: test_npuzzle_kernel_zpdb.py)."""
    part = PARTITIONS["3-3-3-3-3"]
    four = [views(4, part, False, tmp_path), views(4, part, True, tmp_path)]
    one = [bit_views(4, part, False, tmp_path), bit_views(4, part, True, tmp_path)]
    for tiles in random_boards(4, 40, seed=3):
        where = [tiles.index(t) for t in range(16)]
        for fv, bv in zip(four[1], one[1], strict=True):
            placed = [bv.cellmap[where[x]] for x in bv.tiles]
            got = root_value(bv.table, bv.tables, bv.goal, placed, bv.cellmap[where[0]])
            assert got == value(fv, where, where[0])
    assert bits_path(4, part[0], 0, tmp_path).stat().st_size == 128 + (entries(4, 3) + 7) // 8


def test_zero_aware_tables_are_artifacts_that_heal(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """`searchlab cache verify` lists the four-bit and one-bit zero-aware tables (here a
    3x3 pattern), finds a changed byte, and heals each by building it again."""
    from searchlab.families import get
    from searchlab.puzzles.npuzzle.zpdb_bits import load_bits

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))
    load_bits(3, (1, 2, 3, 4), 0, None)
    cache = get("npuzzle").cache
    assert cache is not None and cache.artifacts is not None
    artifacts = {a.name: a for a in cache.artifacts()}
    assert sorted(artifacts) == [
        "npuzzle/zpdb-3x3-1_2_3_4-goal0-z1.npy",
        "npuzzle/zpdb-3x3-1_2_3_4-goal0-z4.npy",
    ]
    for artifact in artifacts.values():
        good = artifact.path.read_bytes()
        assert artifact.verify() is None
        data = bytearray(good)
        data[-1] ^= 0x01
        artifact.path.write_bytes(data)
        assert artifact.verify() == "its checksum does not match"
        assert artifact.heal is not None
        artifact.heal()
        assert artifact.verify() is None and artifact.path.read_bytes() == good
