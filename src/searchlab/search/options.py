"""The keyword options every algorithm accepts (limits, cancellation, observers)."""

from __future__ import annotations

from typing import TypedDict

from searchlab.search.events import Observer
from searchlab.search.limits import Budget, CancelToken, ProgressCallback


class SearchOptions(TypedDict, total=False):
    """Options shared by every algorithm.

    ``max_expansions``, ``time_limit`` (seconds) and ``max_nodes`` (stored
    nodes) stop the search with status ``"limit"``; ``cancel`` stops it when
    set; ``progress`` receives the statistics periodically; ``observer``
    receives every :class:`~searchlab.search.events.SearchEvent`.
    """

    max_expansions: int | None
    time_limit: float | None
    max_nodes: int | None
    cancel: CancelToken | None
    progress: ProgressCallback | None
    observer: Observer | None


def budget_and_observer(options: SearchOptions) -> tuple[Budget, Observer | None]:
    """Split the shared options into a :class:`Budget` and the observer."""
    budget = Budget(
        max_expansions=options.get("max_expansions"),
        time_limit=options.get("time_limit"),
        max_nodes=options.get("max_nodes"),
        cancel=options.get("cancel"),
        progress=options.get("progress"),
    )
    return budget, options.get("observer")
