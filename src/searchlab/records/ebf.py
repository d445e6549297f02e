"""The effective branching factor b* (Russell & Norvig, AIMA 3rd ed., §3.6.1).

If a search generated N nodes to find a solution at depth d, b* is the
branching factor a uniform tree of depth d would need to contain N + 1 nodes:

    N + 1 = 1 + b* + (b*)^2 + ... + (b*)^d

The left side grows strictly with b* on b* >= 0, so the root is unique; it is
found by bisection on [0, max(1, N^(1/d))]: for b* >= 1, N >= (b*)^d.
"""

from __future__ import annotations

import math


def _tree_size(b: float, d: int) -> float:
    """1 + b + b^2 + ... + b^d without cancellation near b = 1."""
    if abs(b - 1.0) < 1e-12:
        return float(d + 1)
    return (b ** (d + 1) - 1.0) / (b - 1.0)


def effective_branching_factor(generated: float, depth: int, *, tol: float = 1e-10) -> float | None:
    """The b* solving ``generated + 1 = 1 + b + ... + b^depth``.

    Parameters
    ----------
    generated : float
        N, the number of nodes generated (may be a mean over instances).
    depth : int
        d, the solution depth; b* is undefined for d = 0 (``None``).
    tol : float
        Absolute tolerance on b*.

    Returns
    -------
    float or None
        b*, or ``None`` when undefined (d <= 0, or N < 0 or not finite).

    Complexity
    ----------
    ``O(log(N^(1/d) / tol))`` evaluations of the geometric sum.

    Examples
    --------
    >>> effective_branching_factor(52, 5)  # the book's example: b* = 1.92
    1.9167...
    """
    if depth <= 0 or not math.isfinite(generated) or generated < 0:
        return None
    target = generated + 1.0
    lo, hi = 0.0, max(1.0, float(generated ** (1.0 / depth)))
    while hi - lo > tol:
        mid = (lo + hi) / 2
        if _tree_size(mid, depth) < target:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2
