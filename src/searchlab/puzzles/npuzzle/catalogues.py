"""Catalogues of zero-aware partitions for the 24-puzzle (:mod:`.zpdb`): candidate members
and the catalogues chosen from them by quality over random boards.

A member is a partition of the tiles 1..24 into 6-tile patterns (goal cells, Korf's goal:
the blank on cell 0), taken plain or reflected through the main diagonal (the reflected
member reads the same tables on the transposed board: :func:`~.zpdb.views`). The
candidates are the seven partitions of Clausecker's "small" compound catalogue (the
public code of Clausecker & Reinefeld, SoCS 2019: github.com/clausecker/24puzzle,
``catalogues/small-compound.cat``; its ``small-t.cat`` adds each one's transpose, which
is our reflected member), written here as the patterns they list; the first is the
reflection of Korf & Felner's 6-6-6-6 (so it is written as 6-6-6-6 reflected, and reads
its tables). They need 14 tables of 6 tiles (90.5 MB each, four bits an entry).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from .partitions import PARTITIONS

if TYPE_CHECKING:
    from .zpdb import View

Pattern = tuple[int, ...]
Partition = tuple[Pattern, ...]

KF6666: Partition = PARTITIONS["6-6-6-6"]

SMALL: dict[str, Partition] = {
    "s1": ((1, 2, 5, 6, 10, 11), (3, 4, 7, 8, 9, 12), (13, 14, 18, 19, 23, 24),
           (15, 16, 17, 20, 21, 22)),
    "s2": ((1, 5, 6, 10, 11, 12), (2, 3, 4, 7, 8, 9), (13, 14, 15, 16, 17, 18),
           (19, 20, 21, 22, 23, 24)),
    "s3": ((1, 2, 5, 6, 10, 11), (3, 4, 7, 8, 9, 12), (13, 14, 15, 16, 17, 18),
           (19, 20, 21, 22, 23, 24)),
    "s4": ((1, 5, 6, 10, 15, 20), (2, 3, 4, 7, 8, 9), (11, 12, 16, 17, 21, 22),
           (13, 14, 18, 19, 23, 24)),
    "s5": ((1, 2, 5, 6, 10, 11), (3, 4, 9, 14, 19, 24), (7, 8, 12, 13, 18, 23),
           (15, 16, 17, 20, 21, 22)),
    "s6": ((1, 5, 6, 10, 15, 20), (2, 3, 4, 7, 8, 9), (11, 12, 13, 16, 17, 18),
           (14, 19, 21, 22, 23, 24)),
}  # fmt: skip
"""Partitions 1-6 of Clausecker's small compound catalogue (its partition 0 is
:data:`KF6666` reflected)."""


def mirror_pattern(pattern: Pattern) -> Pattern:
    """The pattern's reflection through the main diagonal of the 5x5 board, sorted."""
    return tuple(sorted((c % 5) * 5 + c // 5 for c in pattern))


def candidates() -> dict[str, Partition]:
    """Every candidate member by name: ``kf`` (6-6-6-6), ``kf+r`` (its reflection, the
    small catalogue's partition 0), and ``sN``, ``sN+r`` for :data:`SMALL`."""
    out: dict[str, Partition] = {}
    for name, part in {"kf": KF6666, **SMALL}.items():
        out[name] = part
        out[name + "+r"] = tuple(mirror_pattern(p) for p in part)
    return out


def tables() -> list[Pattern]:
    """The patterns whose tables are built: Korf & Felner's four, then the small
    catalogue's others that are not the reflection of one already listed (a pattern's
    reflection reads its table on the transposed board)."""
    out: list[Pattern] = list(KF6666)
    for part in SMALL.values():
        for p in part:
            if p not in out and mirror_pattern(p) not in out:
                out.append(p)
    return out


def member_views(
    partition: Partition, directory: Path | None = None, build: bool = True
) -> list[View]:
    """The views of a member: each pattern read from its own table if :func:`tables`
    lists it, else from its reflection's, reflected (:func:`~.zpdb.views`)."""
    from .zpdb import views

    owned = tables()
    out = []
    for p in partition:
        if p in owned:
            out += views(5, [p], False, directory, build)
        elif mirror_pattern(p) in owned:
            out += views(5, [mirror_pattern(p)], True, directory, build)
        else:
            raise ValueError(f"no table for the pattern {p}")
    return out


AUTO: tuple[str, ...] = ("s1", "s1+r", "s4+r", "s6")
"""The catalogue ``auto`` searches the 24-puzzle with: the greedy choice's first four
members, the fewest CPU seconds of the catalogues measured on #40 and #25
(docs/npuzzle.md, "The 24-puzzle's catalogue")."""


def auto_tables() -> list[Pattern]:
    """The patterns (of :func:`tables`) whose tables :data:`AUTO` reads, in build order."""
    owned = tables()
    known = candidates()
    out: list[Pattern] = []
    for name in AUTO:
        for p in known[name]:
            q = p if p in owned else mirror_pattern(p)
            if q not in out:
                out.append(q)
    return out


def auto_members(directory: Path | None = None, build: bool = False) -> list[list[View]]:
    """The views of :data:`AUTO`'s members (``FileNotFoundError`` when a table is missing
    and ``build`` is False)."""
    known = candidates()
    return [member_views(known[name], directory, build) for name in AUTO]
