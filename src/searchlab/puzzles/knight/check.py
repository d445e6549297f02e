"""The knight's own check of a tour (the family's ``verify``), in one pass over its array.

The generic replay (:func:`searchlab.families.checking.replay_reason`) walks the play
mode's moves, whose positions are whole paths: quadratic in the tour's length, hours
for a 2000x2000 tour. A tour is simple enough to check directly, with NumPy and
independently of every solver (:func:`~.board.tour_error`): it starts on the start
square, has one square per square of the board, none twice, each a knight move from the
one before and, for a closed tour, the last a knight move from the first. Its moves and
positions must be that tour's squares and prefixes, and its cost the number of moves.
"""

from __future__ import annotations

from searchlab.families.checking import shape_reason
from searchlab.i18n import _
from searchlab.search.result import SearchResult

from .board import tour_error
from .tour import Prefixes, TourMoves, tour_array
from .views import Instance

PREFIXES_MAX_SQUARES = 2_500
"""A solution whose positions are not the lazy prefixes of one tour (the teaching view's,
from the engine) has each compared with the tour, quadratic, up to this many squares."""


def verify(inst: Instance, result: SearchResult) -> str | None:
    """The tour of a solved ``result`` checked (see the module docstring); ``None`` when
    it holds, else why not."""
    reason = shape_reason(result)
    if reason is not None:
        return reason
    states, actions = result.states, result.actions
    path = tour_array(states)
    if path is None:
        return _("no tour")
    if not isinstance(states, Prefixes):  # positions of their own: each the tour so far
        if len(path) > PREFIXES_MAX_SQUARES:
            return _("its positions are not the prefixes of one tour")
        squares = [(r, c) for r, c in path.tolist()]
        if any(list(s) != squares[: k + 1] for k, s in enumerate(states)):
            return _("its positions are not the prefixes of one tour")
    reason = tour_error(inst.board, path, start=inst.start, closed=inst.closed)
    if reason is not None:
        return reason
    if not (
        isinstance(states, Prefixes)
        and isinstance(actions, TourMoves)
        and actions.tour is states.tour
    ):
        want = [f"{r},{c}" for r, c in path[1:].tolist()]
        if [str(a) for a in actions] != want:
            return _("its moves are not the tour's squares")
    if result.cost != len(path) - 1:
        return _("it reports cost {reported:g} but its moves cost {actual:g}").format(
            reported=result.cost, actual=len(path) - 1
        )
    return None
