"""Observer events, for progress displays, visualizers and teaching views.

An algorithm only builds a :class:`SearchEvent` when an observer is attached
(``if observer is not None``), so a search without one pays a single
comparison per event site.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

EventKind = Literal["expand", "generate", "prune", "solution"]


@dataclass(frozen=True, slots=True)
class SearchEvent:
    """One step of a search.

    ``expand``: ``state`` was selected and its successors are about to be generated;
    ``generate``: ``state`` was produced from ``parent`` by ``action`` and kept;
    ``prune``: ``state`` was produced but discarded (a duplicate, a cycle, or over a bound);
    ``solution``: ``state`` is the goal that ends the search.
    ``g`` is the path cost, ``h`` the heuristic value where the algorithm uses one.
    """

    kind: EventKind
    state: Any
    g: float
    depth: int
    h: float | None = None
    action: Any = None
    parent: Any = None

    @property
    def f(self) -> float | None:
        return None if self.h is None else self.g + self.h


Observer = Callable[[SearchEvent], None]
