"""One machine-readable shape for every result: :func:`result_json`.

Every ``--json`` output of a solve and every web solve result has the same
top-level keys, whatever the family::

    family     the family's name
    status     solved | impossible | no_solution | limit | cancelled
    reason     why it is impossible (else null)
    limit      which limit stopped it (else null)
    algorithm  the method that answered ("idastar+pdb 6-6-3", "warnsdorff", ...)
    cost       the solution's cost (null unless solved)
    length     the number of moves
    moves      the move labels, in the family's notation
    states     one JSON token per state, start first (may be empty for huge solutions)
    stats      the engine's counters (expanded, generated, seconds, ...)
    extra      what the family adds (a rating, a tour's shape, ...)
    optimal    when solved, whether the algorithm guarantees the least cost
               (:meth:`PuzzleFamily.optimality`; null otherwise, or where cost does
               not rank solutions, as in a knight's tour)
"""

from __future__ import annotations

from typing import Any

from searchlab.families.contract import PuzzleFamily
from searchlab.search.result import SearchResult

RESULT_KEYS = (
    "family",
    "status",
    "reason",
    "limit",
    "algorithm",
    "cost",
    "length",
    "moves",
    "states",
    "stats",
    "extra",
    "optimal",
)


def result_json(
    family: PuzzleFamily, instance: Any, result: SearchResult, *, states: bool = True
) -> dict[str, Any]:
    """``result`` in the one JSON shape (see the module docstring)."""
    tokens: list[Any] = []
    if states and result.states and family.sends_tokens(instance, result.states):
        tokens = [family.encode_state(instance, s) for s in result.states]
    return {
        "family": family.name,
        "status": result.status,
        "reason": result.reason,
        "limit": result.limit if result.stopped else None,
        "algorithm": result.algorithm,
        "cost": result.cost,
        "length": result.length,
        "moves": [str(a) for a in result.actions],
        "states": tokens,
        "stats": result.stats.as_dict(),
        "extra": dict(result.extra),
        "optimal": family.optimality(result.algorithm) if result.solved else None,
    }
