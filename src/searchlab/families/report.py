"""A solve's outcome in words, for the human report of every front end and family:
:func:`describe_outcome` (why the search ended) and :func:`optimality_note` (whether
the solution found has the fewest moves)."""

from __future__ import annotations

from collections.abc import Collection

from searchlab.i18n import _, ngettext
from searchlab.search.result import SearchResult, limit_phrase


def optimality_note(algorithm: str, optimal: Collection[str]) -> str:
    """The line under a solved result saying whether it has the fewest moves."""
    if algorithm in optimal:
        return _("optimal: {algorithm} guarantees the fewest moves").format(algorithm=algorithm)
    return _("not necessarily optimal: {algorithm} does not guarantee the fewest moves").format(
        algorithm=algorithm
    )


def describe_outcome(result: SearchResult) -> str:
    """A one-line description of why a search ended."""
    if result.solved:
        return _("solved: cost {cost}, {moves}").format(
            cost=f"{result.cost:g}",
            moves=ngettext("{n} move", "{n} moves", result.length).format(n=result.length),
        )
    if result.status == "cancelled":
        return _("interrupted (Ctrl-C): statistics so far below")
    if result.status == "limit":
        return _("stopped by {limit}").format(limit=_(limit_phrase(result.limit)))
    if result.status == "impossible":
        return _("impossible: {reason}").format(reason=result.reason or _("proved unsolvable"))
    return _("no solution exists (the whole reachable space was searched)")
