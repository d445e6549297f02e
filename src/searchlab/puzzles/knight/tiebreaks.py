"""Warnsdorff's rule with a choice of tie-break (the knight-warnsdorff experiment).

Plain Warnsdorff's rule visits next the square with the fewest onward moves;
squares that tie are ordered by one of :data:`TIE_BREAKS`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from searchlab.errors import InputError
from searchlab.i18n import N_, _

from .problem import KnightTourProblem, warnsdorff_order

Order = Callable[[Any, list[Any]], list[Any]]

TIE_BREAKS: dict[str, str] = {
    "first": N_("the first square in the move generator's order (row-major)"),
    "last": N_("the last square in the move generator's order"),
    "roth": N_("the square farthest from the centre (Roth)"),
    "centre": N_("the square closest to the centre"),
    "random": N_("a random square (seeded per instance)"),
}
"""Tie-breaks among squares with the same number of onward moves."""


def tie_break_order(problem: KnightTourProblem, tie: str, seed: int = 0) -> Order:
    """Warnsdorff's order (fewest onward moves first) with the tie-break ``tie``."""
    if tie == "roth":
        return warnsdorff_order(problem)
    degree = problem.onward_moves
    rank = problem.rank  # -(squared distance from the centre): smaller is farther
    rng = random.Random(seed)
    keys: dict[str, Callable[[int, int], float]] = {
        "first": lambda sq, i: i,
        "last": lambda sq, i: -i,
        "centre": lambda sq, i: -rank[sq],
        "random": lambda sq, i: rng.random(),
    }
    if tie not in keys:
        raise InputError(
            _("unknown tie-break {tie!r}; choose one of {tie_breaks}").format(
                tie=tie, tie_breaks=", ".join(TIE_BREAKS)
            )
        )
    key = keys[tie]

    def order(state: Any, children: list[Any]) -> list[Any]:
        ranked = [(degree(ch[1]), key(ch[1][0], i), i) for i, ch in enumerate(children)]
        return [children[i] for *_, i in sorted(ranked)]

    return order
