"""The keyword options every algorithm accepts (limits, cancellation, observers)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, TypedDict

from searchlab.search.limits import Budget

if TYPE_CHECKING:  # names in annotations only: a solve that observes nothing loads none
    from searchlab.search.events import Observer
    from searchlab.search.limits import CancelToken, ProgressCallback


class LimitOptions(TypedDict, total=False):
    """The limits every algorithm honours, as a typed bundle a caller can pass on.

    ``max_expansions``, ``time_limit`` (seconds) and ``max_nodes`` (stored
    nodes) stop the search with status ``"limit"``; ``cancel`` stops it when
    set; ``progress`` receives the statistics periodically.
    """

    max_expansions: int | None
    time_limit: float | None
    max_nodes: int | None
    cancel: CancelToken | None
    progress: ProgressCallback | None


class SearchOptions(LimitOptions, total=False):
    """Options shared by every algorithm: the limits plus an ``observer`` that
    receives every :class:`~searchlab.search.events.SearchEvent`."""

    observer: Observer | None


def _check_names(options: Mapping[str, object], known: frozenset[str]) -> None:
    """A misspelt option (``time_limt=5``) raises the :class:`TypeError` a misspelt
    plain keyword would, instead of being ignored (the search running without it)."""
    for name in options:
        if name not in known:
            raise TypeError(f"unexpected keyword argument {name!r}")


def limit_budget(options: LimitOptions, *, stored_nodes: bool = True) -> Budget:
    """The :class:`Budget` of the limits in ``options``. Without ``stored_nodes`` it leaves
    ``max_nodes`` out, for a search that counts that limit itself (the sliding-tile
    IDA* searches count it in generated nodes). Raises :class:`TypeError` on an
    option no algorithm takes."""
    _check_names(options, LimitOptions.__optional_keys__)
    return _budget(options, stored_nodes)


def _budget(options: LimitOptions, stored_nodes: bool) -> Budget:
    return Budget(
        max_expansions=options.get("max_expansions"),
        time_limit=options.get("time_limit"),
        max_nodes=options.get("max_nodes") if stored_nodes else None,
        cancel=options.get("cancel"),
        progress=options.get("progress"),
    )


def budget_and_observer(options: SearchOptions) -> tuple[Budget, Observer | None]:
    """Split the shared options into a :class:`Budget` and the observer; a
    :class:`TypeError` on an option no algorithm takes."""
    _check_names(options, SearchOptions.__optional_keys__)
    return _budget(options, True), options.get("observer")
