"""The pattern partitions of the sliding-tile pattern databases (:mod:`.pdb`), apart from
the databases themselves: a command declares them as option choices and a solve checks
a board's size against them without loading the database code (its cache, checksums and
file handling: issue 34's start-up). :mod:`.pdb` re-exports them."""

from __future__ import annotations

PARTITIONS: dict[str, tuple[tuple[int, ...], ...]] = {
    "6-6-3": ((1, 2, 3), (4, 5, 8, 9, 12, 13), (6, 7, 10, 11, 14, 15)),
    "7-8": ((1, 2, 3, 4, 5, 6, 7), (8, 9, 10, 11, 12, 13, 14, 15)),
    "5-5-5": ((1, 4, 5, 8, 9), (2, 3, 6, 7, 11), (10, 12, 13, 14, 15)),
    "3-3-3-3-3": ((1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)),
    "6-6-6-6": (
        (1, 2, 5, 6, 7, 12),
        (3, 4, 8, 9, 13, 14),
        (10, 11, 15, 16, 20, 21),
        (17, 18, 19, 22, 23, 24),
    ),
}
"""Partitions of the goal cells other than the blank's (cell 0), for the 15-puzzle
(1..15) and the 24-puzzle (6-6-6-6, 1..24).

6-6-3 is the 15-puzzle's default (two 6-tile databases indexed by the blank's
cell too, 256 MiB each, built in about ten seconds by :func:`~.kernel.build_radix`);
7-8 is Korf & Felner's strongest (2002, Fig. 3: the top seven tiles and the bottom
eight), ranked, four bits an entry (:func:`pack_ranked`), built in a few minutes and
under 1 GB by :func:`~.pdb_build.build_packed`, searched three bits an entry
(:func:`pack3_ranked`); 5-5-5 is
weaker; 3-3-3-3-3 builds in a fraction of a second (tests, quick starts).
6-6-6-6 is Korf & Felner's partition of the 24-puzzle (2002, Fig. 4), ranked,
four tables of 122 MiB (half that packed)."""

RANKED = frozenset({"7-8", "6-6-6-6"})
"""Partitions whose tables are ranked (:func:`~.pdb_index.rank`, no blank in the index, one byte
an entry): the 8-tile table has 518,918,400 entries instead of 16**8 or 16**9."""

DEFAULTS = {4: "6-6-3", 5: "6-6-6-6"}
"""The partition used for each board size when none is named."""

DEFAULT_PARTITION = "6-6-3"
