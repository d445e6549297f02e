"""Parallel work a family asks of its front end: the :class:`Runner` protocol.

The domain layer never starts processes nor talks to Dask. A family whose work splits
into independent items (Rush Hour's database build: its shards) takes a ``Runner``;
the front end supplies one (``searchlab.experiments.parallel.Workers``: local Dask
workers, a Dask scheduler's cluster, or this process), and :class:`InProcess` runs the
items here, one after the other (tests, notebooks, debugging).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeVar

from searchlab.search.limits import CancelToken

T = TypeVar("T")
R = TypeVar("R")


class Runner(Protocol):
    """Where a family's independent work items run.

    ``map(fn, items, cancel=, memory_limit=)`` yields ``fn(item)`` for every item in
    completion order (``fn`` a module-level function, items picklable), stops once
    ``cancel`` is set, and gives each worker process ``memory_limit`` (Dask's notation,
    ``"2GB"``) where it can. ``local`` says whether the items run on this machine, so
    that compiled code this process compiles first is what the workers load from the
    cache.
    """

    @property
    def local(self) -> bool: ...

    def map(
        self,
        fn: Callable[[T], R],
        items: Sequence[T],
        /,
        *,
        cancel: CancelToken | None = None,
        memory_limit: str = "auto",
    ) -> Iterator[R]: ...


@dataclass(frozen=True, slots=True)
class InProcess:
    """A :class:`Runner` that runs the items in this process, in order."""

    @property
    def local(self) -> bool:
        return True

    def map(
        self,
        fn: Callable[[T], R],
        items: Sequence[T],
        /,
        *,
        cancel: CancelToken | None = None,
        memory_limit: str = "auto",
    ) -> Iterator[R]:
        for item in items:
            if cancel is not None and cancel.is_set():
                return
            yield fn(item)
