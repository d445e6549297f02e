"""Zero-aware additive pattern databases (ZPDBs) for the sliding-tile puzzles, cached and
verified, their lookup, and catalogues of partitions taken at their maximum.

What we follow (Clausecker & Reinefeld, "Zero-Aware Pattern Databases with 1-Bit
Compression for Sliding Tile Puzzles", SoCS 2019; the zero-aware tables were introduced
in Clausecker's "Notes on the Construction of Pattern Databases", ZIB-Report 17-59, 2017;
the quality measure in his "The Quality of Heuristic Functions for IDA*", ZIB-Report
20-17). We could read the paper's abstract and the authors' public code description
(github.com/clausecker/24puzzle, README), not the full text, so no section numbers are
given: what follows is the abstract's four contributions as we implement them.

- **the table** ("zero-aware additive pattern databases"): Korf & Felner's additive table
  stores, for each placement of a pattern's tiles, the fewest moves of those tiles with
  the blank anywhere (the minimum over the blank's positions). A zero-aware table keeps
  the blank's position too, but only up to what the pattern can tell of it: the
  connected region of the cells the pattern's tiles leave free, because the blank moves
  inside its region without moving a pattern tile, at no cost. An entry is a (placement,
  region) pair; its value is never below the additive table's and the tables of a
  partition still add up (each move moves one tile, counted by one pattern only), and
  each move changes exactly one pattern's value by exactly one, so the sum is
  consistent.
- **the build**: a breadth-first search by cost from the goal placement with the blank's
  goal region, every abstract move costing one (:mod:`.zpdb_build`).
- **the index**: dense over (placement, region) pairs (:mod:`.zpdb_index`; the paper's
  own index, a combinatorial rank with the region, differs in layout, not in content).
- **compression**: a value is ``md + 2q`` (``md`` the pattern tiles' Manhattan distance,
  whose parity every move of a pattern tile flips), so ``q`` is stored, four bits an
  entry (:func:`~.zpdb_build.pack_nibbles`), or the paper's one bit an entry, ``q mod 2``
  (:mod:`.zpdb_bits`: a child's value is its parent's plus or minus one, told by that
  bit, and the root's value is recovered by a descent).
- **catalogues** ("effective collections of pattern databases"): the heuristic is the
  maximum, over a catalogue of partitions, of each partition's sum; the catalogue is
  chosen by its quality over random states, here greedily by ``eta = mean(b ** -h)``
  over uniformly random solvable boards (the Korf-Reid-Edelkamp prediction: IDA*'s
  nodes at a threshold are proportional to it, ``b`` the brute-force branching factor,
  2.1304 on the 15-puzzle with parent pruning), reported with the mean ``h``
  (:func:`quality`, :func:`greedy_catalogue`). A partition's reflection through the
  main diagonal (Korf & Felner's reflection) is a catalogue member that needs no table
  of its own: the board is transposed and its tiles renamed, then looked up in the
  same tables (:func:`views`).

Tables are cached like the additive ones (:mod:`.pdb`): one file a pattern, written
atomically with its checksum and verified when read (a damaged one is said on one line
of stderr and removed, then rebuilt or refused); a catalogue is built table by table, so
an interrupted build resumes at the first table missing.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .pdb import Progress, _building, cache_dir, save_table, trusted
from .zpdb_index import colex_rank, order_rank

if TYPE_CHECKING:
    import numpy as np


def entries(size: int, k: int) -> int:
    """The number of entries of a ``k``-tile table on an ``size x size`` board (the
    plain-Python :func:`~.zpdb_index.entries` counted fast, compiled: imported here, so
    that a board answered without tables never imports Numba)."""
    from .zpdb_sets import set_tables

    return set_tables(size, k).total


BRANCHING_15 = 2.1304
"""The 15-puzzle's asymptotic branching factor with the parent not regenerated (Korf,
Reid & Edelkamp 2001; blank in the middle cells' ratio, 2.1304)."""


BRANCHING_24 = 2.3676
"""The 24-puzzle's (Korf, Reid & Edelkamp 2001)."""


def zpdb_path(
    size: int, pattern: Sequence[int], blank_goal: int, directory: Path | None = None,
    packed: bool = True,
) -> Path:  # fmt: skip
    """The cache file of the zero-aware table of ``pattern`` (goal cells) on a
    ``size x size`` board whose goal has the blank on ``blank_goal`` (``-z4``: four bits
    an entry; ``-z8``: a byte)."""
    name = f"zpdb-{size}x{size}-" + "_".join(str(c) for c in pattern) + f"-goal{blank_goal}"
    return (directory or cache_dir()) / (name + ("-z4.npy" if packed else "-z8.npy"))


def _cached(size: int, pattern: Sequence[int], blank_goal: int, directory: Path | None,
            rebuild: bool) -> np.ndarray | None:  # fmt: skip
    for packed in (True, False):
        path = zpdb_path(size, pattern, blank_goal, directory, packed)
        if not trusted(path, rebuild):
            continue  # nothing imported for a missing table: a board without tables stays light
        import numpy as np

        total = entries(size, len(pattern))
        try:
            table: np.ndarray = np.load(path, mmap_mode="r")
        except (OSError, ValueError):
            continue
        if table.dtype == np.uint8 and table.shape == ((total + 1) // 2 if packed else total,):
            return table
    return None


def load_zpdb(
    size: int,
    pattern: Sequence[int],
    blank_goal: int = 0,
    progress: Progress | None = None,
    directory: Path | None = None,
    build: bool = True,
) -> np.ndarray:
    """The zero-aware table of ``pattern`` from the cache (memory-mapped, verified by its
    checksum first), built and cached if missing (``build=False``: ``FileNotFoundError``).
    Four bits an entry (:func:`~.zpdb_build.pack_nibbles`) when every entry fits, else a
    byte; :func:`is_packed` tells which."""
    found = _cached(size, pattern, blank_goal, directory, build)
    if found is not None:
        return found
    path = zpdb_path(size, pattern, blank_goal, directory)
    if not build:
        raise FileNotFoundError(path)
    import numpy as np

    from .zpdb_build import build_zpdb, pack_nibbles

    with _building(path):
        found = _cached(size, pattern, blank_goal, directory, build)
        if found is not None:
            return found
        from searchlab.durable import require_free_space

        require_free_space(path.parent, entries(size, len(pattern)), path.name)
        table = build_zpdb(size, pattern, blank_goal, progress)
        packed = pack_nibbles(size, pattern, table)
        if packed is None:
            path = zpdb_path(size, pattern, blank_goal, directory, packed=False)
        else:
            table = packed
        save_table(path, table)
        del table, packed
    mapped: np.ndarray = np.load(path, mmap_mode="r")
    return mapped


def load_derived(
    size: int, pattern: Sequence[int], blank_goal: int, directory: Path | None, build: bool,
    path: Path, nbytes: int, convert: Callable[[np.ndarray], np.ndarray],
) -> np.ndarray:  # fmt: skip
    """A table made from the four-bit table of ``pattern`` (``convert(four)``: ``nbytes``
    bytes), cached at ``path``: memory-mapped and verified (:func:`~.pdb.trusted`: a
    damaged one is said and made again), else made (the four-bit table built first if
    missing) when ``build``, else ``FileNotFoundError``. The one-bit tables
    (:mod:`.zpdb_bits`) and the tables by cell digits (:mod:`.zpdb_radix`) are made so."""
    import numpy as np

    def cached() -> np.ndarray | None:
        if not trusted(path, build):
            return None
        table: np.ndarray = np.load(path, mmap_mode="r")
        return table if table.shape == (nbytes,) and table.dtype == np.uint8 else None

    found = cached()
    if found is not None:
        return found
    if not build:
        raise FileNotFoundError(path)
    four = load_zpdb(size, pattern, blank_goal, directory=directory)
    if not is_packed(size, pattern, four):
        raise ValueError("the table does not fit four bits an entry")
    with _building(path):
        if cached() is None:
            from searchlab.durable import require_free_space

            require_free_space(path.parent, nbytes, path.name)
            save_table(path, convert(four))
    mapped: np.ndarray = np.load(path, mmap_mode="r")
    return mapped


def is_packed(size: int, pattern: Sequence[int], table: Any) -> bool:
    """Whether ``table`` holds four bits an entry (else a byte), told by its length."""
    total = entries(size, len(pattern))
    return len(table) == (total + 1) // 2 != total


@dataclass(frozen=True)
class Tables:
    """What a lookup needs besides the tables, for ``k``-tile patterns of an
    ``size x size`` board: for each occupied set, by its colex rank
    (:func:`~.zpdb_sets.colex_rank`), its first entry and number of regions, and each
    cell's region (``label[s * cells + c]``), as memory views (their items are Python
    ints)."""

    size: int
    k: int
    base: Any
    nreg: Any
    label: Any


@lru_cache(maxsize=4)
def lookup_tables(size: int, k: int) -> Tables:
    """The :class:`Tables` of ``k``-tile patterns (from :func:`~.zpdb_sets.set_tables`:
    a row per set of ``k`` cells, made in a fraction of a second)."""
    from .zpdb_sets import set_tables

    t = set_tables(size, k)
    return Tables(size, k, memoryview(t.base.data), memoryview(t.nreg.data),
                  memoryview(t.lab.data))  # fmt: skip


@dataclass(frozen=True)
class View:
    """One table as a catalogue member sees it: the tiles it follows (in pattern order),
    the cell map applied to their cells and the blank's (identity, or the reflection),
    the pattern's goal cells, the table, whether packed (four bits an entry), its
    :class:`Tables`, and whether the table holds one bit an entry (:mod:`.zpdb_bits`:
    then ``packed`` is False and :func:`value` does not read it); ``radix``, if not None,
    the same table by cell digits (:mod:`.zpdb_radix`), which the compiled search reads
    instead."""

    tiles: tuple[int, ...]
    cellmap: tuple[int, ...]
    goal: tuple[int, ...]
    table: Any
    packed: bool
    tables: Tables
    bits: bool = False
    radix: Any = None


def entry(t: Tables, placed: Sequence[int], blank: int) -> int:
    """The entry of the tiles on ``placed`` (pattern order) with the blank on ``blank``
    (:mod:`.zpdb_index`'s layout, its set found by :func:`~.zpdb_sets.colex_rank`)."""
    occ = 0
    for c in placed:
        occ |= 1 << c
    s = colex_rank(placed)
    e: int = t.base[s] + order_rank(placed, occ) * t.nreg[s] + t.label[s * t.size * t.size + blank]
    return e


def value(view: View, where: Sequence[int], blank: int) -> int:
    """The table's value for a board whose tile ``t`` is on cell ``where[t]`` and whose
    blank is on ``blank``."""
    m = view.cellmap
    n = view.tables.size
    placed = [m[where[x]] for x in view.tiles]
    e = entry(view.tables, placed, m[blank])
    if not view.packed:
        return int(view.table[e])
    md: int = sum(
        abs(c // n - g // n) + abs(c % n - g % n) for c, g in zip(placed, view.goal, strict=True)
    )
    return md + 2 * ((int(view.table[e >> 1]) >> ((e & 1) << 2)) & 15)


def mirror(size: int) -> tuple[int, ...]:
    """The reflection through the main diagonal, as a cell map (an involution)."""
    return tuple((c % size) * size + c // size for c in range(size * size))


def views(
    size: int, partition: Sequence[Sequence[int]], reflected: bool, directory: Path | None = None,
    build: bool = True, progress: Progress | None = None,
) -> list[View]:  # fmt: skip
    """The :class:`View` of each pattern of ``partition`` (goal cells; the goal is tile
    ``c`` on cell ``c``, the blank on cell 0, Korf's), reflected or not (the reflection
    needs the blank's goal on the diagonal: cell 0). Tables are loaded, or built one by
    one (:func:`load_zpdb`)."""
    ident = tuple(range(size * size))
    m = mirror(size) if reflected else ident
    out = []
    for pattern in partition:
        table = load_zpdb(size, pattern, 0, progress, directory, build)
        tiles = tuple(m[g] for g in pattern)  # the tile whose image is on goal cell g
        packed = is_packed(size, pattern, table)
        fast = memoryview(table.data)  # its items are Python ints: read fast from Python
        out.append(View(tiles, m, tuple(pattern), fast, packed, lookup_tables(size, len(pattern))))
    return out


def catalogue_value(members: Sequence[Sequence[View]], tiles: Sequence[int]) -> int:
    """The heuristic of a catalogue for a row-major board (0 the blank): the maximum over
    its members (each a partition's views) of the sum of their values."""
    where = [0] * len(tiles)
    for c, t in enumerate(tiles):
        where[t] = c
    blank = where[0]
    return max(sum(value(v, where, blank) for v in member) for member in members)


def random_boards(size: int, count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` boards drawn uniformly among the solvable ones for Korf's goal (blank
    first): a random permutation, two tiles swapped if it is unsolvable."""
    import random

    from .board import Board
    from .solvability import is_solvable

    rng = random.Random(seed)
    goal = Board(size, tuple(range(size * size)))
    out = []
    for _ in range(count):
        tiles = list(range(size * size))
        rng.shuffle(tiles)
        if not is_solvable(Board(size, tuple(tiles)), goal):
            a, b = (i for i, t in enumerate(tiles) if t in (1, 2))
            tiles[a], tiles[b] = tiles[b], tiles[a]
        out.append(tuple(tiles))
    return out


def quality(values: Sequence[int], branching: float = BRANCHING_15) -> tuple[float, float]:
    """``(mean h, eta)`` of heuristic values over a sample: ``eta = mean(b ** -h)``,
    which IDA*'s nodes are proportional to (module docstring): lower is better."""
    return sum(values) / len(values), sum(branching**-h for h in values) / len(values)


def greedy_catalogue(
    columns: Mapping[str, Sequence[int]], size_limit: int, branching: float = BRANCHING_15
) -> list[tuple[str, float]]:
    """Members chosen from ``columns`` (a member's name: its values over one sample of
    boards) greedily by :func:`quality`: each step adds the member that lowers ``eta`` of
    the maximum most, up to ``size_limit`` members or until none lowers it; returns the
    chosen names with ``eta`` after each."""
    chosen: list[tuple[str, float]] = []
    best: list[int] | None = None
    eta = math.inf
    while len(chosen) < size_limit:
        pick = None
        for name, col in columns.items():
            if any(name == c for c, _ in chosen):
                continue
            h = list(col) if best is None else [max(a, b) for a, b in zip(best, col, strict=True)]
            e = quality(h, branching)[1]
            if e < eta * (1 - 1e-9):  # relative: eta is tiny (1e-24 on the 24-puzzle)
                pick, eta, cand = name, e, h
        if pick is None:
            break
        best = cand
        chosen.append((pick, eta))
    return chosen
