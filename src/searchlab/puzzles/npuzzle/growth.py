"""How far an unfinished IDA* run on a sliding-tile puzzle is from its solution.

IDA* (Korf 1985) searches iterations of increasing cost bound; on the tile puzzles
the bound grows by 2 (the parity of the blank's moves), and the nodes of an
iteration grow by a nearly constant factor from one to the next. Korf, Reid and
Edelkamp (2001, "Time complexity of iterative-deepening-A*") show that this factor
tends to the brute-force tree's growth over two moves, ``b**2``, where ``b`` is the
asymptotic branching factor of the puzzle with the move back to the parent pruned
(Edelkamp & Korf 1998: 2.1304 for the 15-puzzle, 2.3676 for the 24-puzzle):
:func:`brute_force_growth` computes it.

:func:`project` extends a run's completed iterations to a known optimal length
(the published one): each further iteration ``ratio`` times the one before (the
ratio optionally falling as the run's own did, :func:`growth_decay`), the last one
(where the solution is found) counted at ``final_fraction`` of its full size.
:func:`validate` and :func:`validate_iterations` measure the method on records
where the outcome is known. Requires nodes counted per iteration (``on_iteration`` of
:func:`~searchlab.puzzles.npuzzle.kernel.ida_star_compiled`); guarantees nothing
beyond what the validation shows: it is an estimate, not a bound.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from statistics import median

from .board import neighbours

Iterations = Sequence[tuple[int, int]]
"""Completed iterations of one run, in order: ``(bound, nodes generated in it)``."""


def brute_force_growth(size: int, depth: int = 400) -> float:
    """The growth of the brute-force tree over two moves on the ``size x size`` puzzle
    (parent-undo move pruned), ``b**2`` for Edelkamp & Korf's branching factor ``b``.

    Counts the tree's nodes by (blank cell, previous blank cell) to ``depth``
    moves from the blank in a corner (the limit does not depend on the start) and
    returns the ratio of the last two even depths.
    """
    moves = [[c for _, c in cs] for cs in neighbours(size)]
    edges = [(p, c) for p in range(size * size) for c in moves[p]]
    index = {e: i for i, e in enumerate(edges)}
    follow = [[index[(c, x)] for x in moves[c] if x != p] for p, c in edges]
    counts = [1.0 if p == 0 else 0.0 for p, _ in edges]
    totals = [sum(counts)]
    for _ in range(depth):
        nxt = [0.0] * len(edges)
        for i, k in enumerate(counts):
            if k:
                for j in follow[i]:
                    nxt[j] += k
        scale = sum(nxt)
        counts = [k / scale for k in nxt]  # normalised: only the ratios are kept
        totals.append(scale)
    return totals[-1] * totals[-2]


@dataclass(frozen=True, slots=True)
class Projection:
    """The projected cost of a run that reaches ``target``: ``nodes`` in all (the
    completed iterations as measured, then the projected ones), ``remaining`` of
    them beyond the last completed iteration, and the ``ratio`` used."""

    nodes: float
    remaining: float
    ratio: float


def growth_ratio(iterations: Iterations, default: float) -> float:
    """The run's own growth per iteration: the ratio of its last two completed
    iterations when it has two, ``default`` otherwise."""
    if len(iterations) >= 2 and iterations[-2][1] > 0:
        return iterations[-1][1] / iterations[-2][1]
    return default


def growth_decay(iterations: Iterations) -> float:
    """How the run's growth changes from one iteration to the next: the ratio of its
    last two growth ratios when it has three iterations, at most 1 (1: constant)."""
    if len(iterations) < 3 or min(n for _, n in iterations[-3:]) <= 0:
        return 1.0
    (_, a), (_, b), (_, c) = iterations[-3:]
    return min(1.0, (c / b) / (b / a))


def further(
    nodes: float, ratio: float, ahead: int, decay: float = 1.0, least: float = 1.0, partial: int = 0
) -> list[float]:
    """The projected nodes of the ``ahead`` iterations after one of ``nodes``: each the one
    before times the growth, ``ratio`` first, then multiplied by ``decay`` each time but
    never below ``least``; the first at least ``partial`` (see :func:`project`)."""
    sizes = [max(nodes * ratio, partial)]
    for _ in range(ahead - 1):
        ratio = max(least, ratio * decay)
        sizes.append(sizes[-1] * ratio)
    return sizes


def project(
    iterations: Iterations,
    target: int,
    ratio: float,
    final_fraction: float = 1.0,
    step: int = 2,
    partial: int = 0,
    decay: float = 1.0,
    least: float = 1.0,
) -> Projection:
    """The nodes of a run whose completed ``iterations`` are given, carried on to the
    iteration of bound ``target`` (the optimal length), where the solution is found
    after ``final_fraction`` of that iteration's nodes. ``partial``: the nodes of the
    next iteration searched so far by a stopped run, a lower bound on its size (it
    and those after it are scaled up when it exceeds the projection). ``decay``: the
    growth multiplied by it after each iteration (:func:`growth_decay`), never below
    ``least`` (e.g. :func:`brute_force_growth`).

    Requires at least one completed iteration, bounds ``step`` apart, and ``target``
    beyond the last completed bound (``ValueError`` otherwise).
    """
    if not iterations:
        raise ValueError("no completed iteration to project from")
    bound, nodes = iterations[-1]
    if target <= bound or (target - bound) % step:
        raise ValueError(f"target {target} is not a later bound than {bound} (step {step})")
    ahead = (target - bound) // step
    sizes = further(nodes, ratio, ahead, decay, least, partial)
    remaining = sum(sizes[:-1]) + final_fraction * sizes[-1]
    done = sum(n for _, n in iterations)
    return Projection(done + remaining, remaining, ratio)


@dataclass(frozen=True, slots=True)
class Check:
    """One validation case: a run's total projected from its first iterations
    (``horizon`` iterations ahead) against the measured total."""

    ident: int
    horizon: int
    projected: float
    actual: int

    @property
    def error(self) -> float:
        """projected / actual."""
        return self.projected / self.actual


def validate(
    solved: Sequence[tuple[int, Iterations, int]],
    default_ratio: float,
    final_fraction: float = 1.0,
    step: int = 2,
    own_ratio: bool = True,
    min_nodes: int = 1,
    trend: bool = False,
) -> list[Check]:
    """Project each solved run ``(id, completed iterations, total nodes)`` from its
    first ``k`` completed iterations, for every ``k`` whose last iteration has at least
    ``min_nodes``, and compare with the measured total (the last completed bound +
    ``step`` is the length found). ``own_ratio``: each run's own growth
    (:func:`growth_ratio`) where it has two iterations, else ``default_ratio``; with
    ``trend`` changing as it did (:func:`growth_decay`), never below ``default_ratio``."""
    out = []
    for ident, its, total in solved:
        if not its:
            continue
        target = its[-1][0] + step
        for k in range(1, len(its) + 1):
            seen = its[:k]
            if seen[-1][1] < min_nodes:
                continue
            ratio = growth_ratio(seen, default_ratio) if own_ratio else default_ratio
            decay = growth_decay(seen) if trend else 1.0
            p = project(seen, target, ratio, final_fraction, step, decay=decay, least=default_ratio)
            out.append(Check(ident, (target - seen[-1][0]) // step, p.nodes, total))
    return out


def validate_iterations(
    runs: Sequence[tuple[int, Iterations]],
    default_ratio: float,
    min_nodes: int = 1,
    own_ratio: bool = True,
    trend: bool = False,
) -> list[Check]:
    """Project each completed iteration of each run ``(id, completed iterations)`` from
    the iterations ``horizon`` = 1, 2, ... before it (each run's own growth up to
    there, :func:`growth_ratio`, or ``default_ratio``; with ``trend`` changing as it
    did, :func:`growth_decay`, never below ``default_ratio``) and compare with its
    measured nodes; only from iterations of at least ``min_nodes`` (the first, tiny
    ones grow erratically)."""
    out = []
    for ident, its in runs:
        for t in range(1, len(its)):
            for base in range(t):
                if its[base][1] < min_nodes:
                    continue
                seen = its[: base + 1]
                ratio = growth_ratio(seen, default_ratio) if own_ratio else default_ratio
                decay = growth_decay(seen) if trend else 1.0
                guess = further(seen[-1][1], ratio, t - base, decay, default_ratio)[-1]
                out.append(Check(ident, t - base, guess, its[t][1]))
    return out


def error_summary(checks: Sequence[Check]) -> dict[int, tuple[float, float, float]]:
    """Per horizon: the median of projected/actual and the range holding all cases
    (lowest, highest)."""
    by: dict[int, list[float]] = {}
    for c in checks:
        by.setdefault(c.horizon, []).append(c.error)
    return {h: (median(v), min(v), max(v)) for h, v in sorted(by.items())}


def log_error(checks: Sequence[Check]) -> float:
    """The geometric mean of the factor by which projections miss (1.0: exact)."""
    if not checks:
        return math.nan
    return math.exp(sum(abs(math.log(c.error)) for c in checks) / len(checks))
