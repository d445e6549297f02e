"""The knight's tour section of ``searchlab demo``."""

from __future__ import annotations

import time
from collections.abc import Iterator

from searchlab.families.checking import failure
from searchlab.families.contract import DemoBlock
from searchlab.i18n import _
from searchlab.puzzles import folder_name
from searchlab.search.result import STATUS_LABELS

from .board import Board
from .check import verify
from .existence import tour_verdict
from .render import render_numbered
from .solver import solve_tour
from .views import Instance


def demo() -> Iterator[DemoBlock]:
    """The assignment's search on 8×8, a closed tour, a big board and an impossible start."""
    r = solve_tour(Board(8, 8), (0, 0), algorithm="backtrack")
    yield _(
        "Warnsdorff backtracking on the engine (the assignment's search): {n} expansions"
    ).format(n=r.stats.expanded)
    yield render_numbered(Board(8, 8), list(r.states[-1]))
    t = time.perf_counter()
    board, start = Board(300, 300), (150, 7)
    big = solve_tour(board, start, closed=True)
    reason = verify(Instance(board, start, True), big)
    if reason is not None:  # the family's check, as every answer's
        raise failure(folder_name(__name__), big.algorithm, reason)
    yield _(
        "closed tour of 300x300 from 150,7 by block construction: {status}, verified, {seconds} s"
    ).format(status=_(STATUS_LABELS[big.status]), seconds=f"{time.perf_counter() - t:.2f}")
    yield _("5x5 from 0,1:") + " " + tour_verdict(Board(5, 5), (0, 1)).reason
