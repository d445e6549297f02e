"""A tour as the engine's result carries it, without a million Python objects.

A knight's tour of an N-square board is an ``(N, 2)`` array of (row, col). The
engine's :class:`~searchlab.search.result.SearchResult` wants moves and states;
here they are lazy sequences over that array: :class:`TourMoves` (the squares
after the start as ``"row,col"``) and :class:`Prefixes` (state *k* is the first
*k* squares, a :class:`Prefix` sharing the tour). A 2000x2000 tour costs one
array either way; :func:`tour_array` gets it back.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import islice
from typing import Any, TypeVar, overload

import numpy as np
import numpy.typing as npt

Square = tuple[int, int]
Path = npt.NDArray[np.int64]
T = TypeVar("T")


class _Lazy(Sequence[T]):
    """A sequence whose items are made on demand by :meth:`_item` (indices checked here,
    negative ones counted from the end, slices made into lists)."""

    __slots__ = ()

    def _item(self, i: int) -> T:
        raise NotImplementedError

    @overload
    def __getitem__(self, i: int) -> T: ...
    @overload
    def __getitem__(self, i: slice) -> Sequence[T]: ...
    def __getitem__(self, i: int | slice) -> T | Sequence[T]:
        if isinstance(i, slice):
            return [self._item(k) for k in range(*i.indices(len(self)))]
        if i < 0:
            i += len(self)
        if not 0 <= i < len(self):
            raise IndexError(i)
        return self._item(i)


class Tour(_Lazy[Square]):
    """The squares of an ``(N, 2)`` array of (row, col), as tuples on demand."""

    __slots__ = ("path",)

    def __init__(self, path: Path) -> None:
        self.path = path

    def __len__(self) -> int:
        return len(self.path)

    def _item(self, i: int) -> Square:
        r, c = self.path[i]
        return int(r), int(c)

    def __iter__(self) -> Iterator[Square]:
        return self.head(len(self.path))

    def head(self, n: int) -> Iterator[Square]:
        """The first ``n`` squares (one conversion of that part of the array)."""
        return ((r, c) for r, c in self.path[:n].tolist())


class Prefix(_Lazy[Square]):
    """The first ``n`` squares of a tour, without copying it (a solution's state)."""

    __slots__ = ("n", "tour")

    def __init__(self, tour: Sequence[Square], n: int) -> None:
        self.tour = tour
        self.n = n

    def __len__(self) -> int:
        return self.n

    def _item(self, i: int) -> Square:
        return self.tour[i]

    def __iter__(self) -> Iterator[Square]:
        if isinstance(self.tour, Tour):
            return self.tour.head(self.n)
        return islice(iter(self.tour), self.n)


class Prefixes(_Lazy[Prefix]):
    """Every prefix of a tour, start first, made on demand."""

    __slots__ = ("tour",)

    def __init__(self, tour: Sequence[Square]) -> None:
        self.tour = tour

    def __len__(self) -> int:
        return len(self.tour)

    def _item(self, i: int) -> Prefix:
        return Prefix(self.tour, i + 1)


class TourMoves(_Lazy[str]):
    """The moves of a tour: each square after the start as ``"row,col"``."""

    __slots__ = ("tour",)

    def __init__(self, tour: Sequence[Square]) -> None:
        self.tour = tour

    def __len__(self) -> int:
        return max(0, len(self.tour) - 1)

    def _item(self, i: int) -> str:
        r, c = self.tour[i + 1]
        return f"{r},{c}"

    def __iter__(self) -> Iterator[str]:
        it = iter(self.tour)
        next(it, None)
        return (f"{r},{c}" for r, c in it)


def tour_array(states: Sequence[Any]) -> Path | None:
    """The ``(N, 2)`` array of a solved tour result's ``states`` (``None`` otherwise)."""
    if isinstance(states, Prefixes) and isinstance(states.tour, Tour):
        return states.tour.path
    if len(states):
        return np.asarray(list(states[-1]), dtype=np.int64)
    return None


def tour_moves(squares: Sequence[Square]) -> tuple[TourMoves, Prefixes]:
    """A (partial) tour as moves and states (its prefixes): what play mode and
    ``knight tour --html`` replay."""
    tour = tuple(squares)
    return TourMoves(tour), Prefixes(tour)
