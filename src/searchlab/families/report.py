"""A solve's outcome in words, for the human report of every front end and family:
:func:`describe_outcome` (why the search ended) and :func:`optimality_note` (whether
the solution found has the fewest moves)."""

from __future__ import annotations

from collections.abc import Collection

from searchlab.i18n import _, ngettext
from searchlab.search.result import SearchResult, limit_phrase


def optimality_note(algorithm: str, optimal: Collection[str], *, steps: bool = False) -> str:
    """The line under a solved result saying whether it has the fewest moves (``steps``:
    the fewest steps, Rush Hour's cell-by-cell metric)."""
    if algorithm in optimal:
        text = (
            _("optimal: no solution has fewer steps (-a {algorithm} guarantees it)")
            if steps
            else _("optimal: no solution has fewer moves (-a {algorithm} guarantees it)")
        )
    else:
        text = (
            _("not necessarily optimal: -a {algorithm} does not guarantee the fewest steps")
            if steps
            else _("not necessarily optimal: -a {algorithm} does not guarantee the fewest moves")
        )
    return text.format(algorithm=algorithm)


def describe_outcome(result: SearchResult, *, steps: bool = False) -> str:
    """A one-line description of why a search ended (``steps``: a solution's length
    counted in steps, Rush Hour's cell-by-cell metric, not moves)."""
    if result.solved:
        n = result.length
        return _("solved: cost {cost}, {moves}").format(
            cost=f"{result.cost:g}",
            moves=(
                ngettext("{n} step", "{n} steps", n)
                if steps
                else ngettext("{n} move", "{n} moves", n)
            ).format(n=n),
        )
    if result.status == "cancelled":
        return _("interrupted (Ctrl-C): statistics so far below")
    if result.status == "limit":
        return _("stopped by {limit}").format(limit=_(limit_phrase(result.limit)))
    if result.status == "impossible":
        return _("impossible: {reason}").format(reason=result.reason or _("proved unsolvable"))
    return _("no solution exists (the whole reachable space was searched)")
