"""``audit_heuristic``: compare a heuristic with exact distances on a small space."""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from heapq import heappop, heappush
from typing import Any

from searchlab.i18n import _
from searchlab.search.problem import Problem, checked_key

FLOAT_SLACK = 1e-9
"""Relative slack of the audit's comparisons (float rounding is not an overestimate)."""


class SpaceTooLargeError(ValueError):
    """The reachable space has more states than the audit was allowed to enumerate."""


@dataclass(frozen=True, slots=True)
class Overestimate:
    """A state where ``h`` exceeds the exact distance to the nearest goal."""

    state: Any
    h: float
    distance: float

    @property
    def excess(self) -> float:
        return self.h - self.distance


@dataclass(frozen=True, slots=True)
class Inconsistency:
    """An edge ``state -> successor`` with ``h(state) > cost + h(successor)``."""

    state: Any
    successor: Any
    cost: float
    h_state: float
    h_successor: float

    @property
    def excess(self) -> float:
        return self.h_state - self.cost - self.h_successor


@dataclass(slots=True)
class HeuristicAudit:
    """The verdict of :func:`audit_heuristic`.

    ``admissible``: ``h(s) <= d(s)`` on every state that can reach a goal and
    ``h(goal) == 0``. ``consistent``: ``h(s) <= c(s, s') + h(s')`` on every edge
    and ``h(goal) == 0``. ``overestimates`` and ``inconsistencies`` hold the
    worst counterexamples, largest excess first. ``mean_ratio`` is the mean of
    ``h/d`` over states with ``d > 0`` (1.0 would be a perfect heuristic).
    """

    states: int
    edges: int
    goals: int
    dead_ends: int
    admissible: bool
    consistent: bool
    max_distance: float
    mean_ratio: float
    overestimates: list[Overestimate] = field(default_factory=list)
    inconsistencies: list[Inconsistency] = field(default_factory=list)

    def summary(self) -> str:
        """The verdict in one line, in the interface language."""
        verdict = _("admissible") if self.admissible else _("NOT admissible")
        verdict += ", " + (_("consistent") if self.consistent else _("NOT consistent"))
        text = _(
            "{verdict} over {states} states ({goals} goals, {dead_ends} cannot reach a goal); "
            "mean h/d = {ratio}"
        ).format(
            verdict=verdict,
            states=f"{self.states:,}",
            goals=f"{self.goals:,}",
            dead_ends=f"{self.dead_ends:,}",
            ratio=f"{self.mean_ratio:.3f}",
        )
        if self.overestimates:
            worst = self.overestimates[0]
            text += "; " + _("worst overestimate h={h} where d={d}").format(
                h=f"{worst.h:g}", d=f"{worst.distance:g}"
            )
        return text


@dataclass(slots=True)
class StateSpace:
    """Every state reachable from a start, its edges, and exact distances to a goal.

    Built once by :func:`explore_space` and reusable to audit many heuristics.
    """

    states: list[Any]
    edges: list[tuple[int, int, float]]
    goals: list[int]
    distance: list[float]


def explore_space(problem: Problem[Any, Any], *, max_states: int = 2_000_000) -> StateSpace:
    """Enumerate the reachable space and compute exact goal distances.

    Breadth-first enumeration from ``problem.initial_state()`` (at most
    ``max_states``, else :class:`SpaceTooLargeError`), recording every edge;
    then Dijkstra's algorithm backwards from all goals at once over the
    reversed edges. Requires a finite space and non-negative costs; does not
    need ``predecessors()``. ``O(E log V)`` time, ``O(V + E)`` memory.
    """
    key = problem.key
    start = problem.initial_state()
    k0 = checked_key(problem, start)
    index: dict[Hashable, int] = {k0: 0}
    states: list[Any] = [start]
    reverse: list[list[tuple[int, float]]] = [[]]  # reverse[j]: (i, cost) for edges i -> j
    edges: list[tuple[int, int, float]] = []
    goals: list[int] = []
    i = 0
    while i < len(states):
        state = states[i]
        if problem.is_goal(state):
            goals.append(i)
        for _action, child, cost in problem.successors(state):
            ck = key(child)
            j = index.get(ck)
            if j is None:
                if len(states) >= max_states:
                    raise SpaceTooLargeError(
                        f"more than {max_states:,} reachable states; raise max_states "
                        "or audit a smaller problem"
                    )
                j = index[ck] = len(states)
                states.append(child)
                reverse.append([])
            reverse[j].append((i, cost))
            edges.append((i, j, cost))
        i += 1

    dist = [math.inf] * len(states)
    heap: list[tuple[float, int]] = []
    for gi in goals:
        dist[gi] = 0
        heap.append((0, gi))
    while heap:
        d, j = heappop(heap)
        if d > dist[j]:
            continue
        for i2, cost in reverse[j]:
            nd = d + cost
            if nd < dist[i2]:
                dist[i2] = nd
                heappush(heap, (nd, i2))
    return StateSpace(states, edges, goals, dist)


def audit_heuristic(
    problem: Problem[Any, Any],
    heuristic: Callable[[Any], float] | None = None,
    *,
    space: StateSpace | None = None,
    max_states: int = 2_000_000,
    worst: int = 5,
) -> HeuristicAudit:
    """Check a heuristic against exact goal distances on every reachable state.

    Explores the space with :func:`explore_space` (or reuses ``space``, to
    audit several heuristics on one enumeration), then checks admissibility
    (``h(s) <= d(s)`` wherever a goal is reachable, ``h(goal) == 0``) and
    consistency (``h(s) <= c(s, s') + h(s')`` on every edge), each up to a relative
    rounding slack of :data:`FLOAT_SLACK` (float costs such as √2).

    Parameters
    ----------
    problem : Problem
    heuristic : callable, optional
        The heuristic to audit; ``problem.heuristic`` by default.
    space : StateSpace, optional
        A space already built by :func:`explore_space` for this problem.
    max_states : int
        Refuse spaces larger than this.
    worst : int
        How many counterexamples of each kind to keep.

    Complexity: ``O(E log V)`` time and ``O(V + E)`` memory.

    Examples
    --------
    >>> space = explore_space(EightPuzzle(start))  # doctest: +SKIP
    >>> audit_heuristic(problem, manhattan, space=space).admissible  # doctest: +SKIP
    True
    """
    h = problem.heuristic if heuristic is None else heuristic

    # Float costs (a diagonal's √2) make h and d sums of the same terms in another
    # order: a relative slack of a few ulps is not an overestimate.
    def exceeds(a: float, b: float) -> bool:
        return a > b + FLOAT_SLACK * max(1.0, abs(b))

    if space is None:
        space = explore_space(problem, max_states=max_states)
    states, dist, goals = space.states, space.distance, space.goals
    hv = [h(s) for s in states]
    over = [
        Overestimate(states[n], hv[n], dist[n])
        for n in range(len(states))
        if dist[n] < math.inf and exceeds(hv[n], dist[n])
    ]
    over.sort(key=lambda o: o.excess, reverse=True)
    bad_edges = [
        Inconsistency(states[a], states[b], c, hv[a], hv[b])
        for a, b, c in space.edges
        if exceeds(hv[a], c + hv[b])
    ]
    bad_edges.sort(key=lambda e: e.excess, reverse=True)
    goal_nonzero = any(hv[g] != 0 for g in goals)
    ratios = [hv[n] / dist[n] for n in range(len(states)) if 0 < dist[n] < math.inf]
    finite = [d for d in dist if d < math.inf]
    return HeuristicAudit(
        states=len(states),
        edges=len(space.edges),
        goals=len(goals),
        dead_ends=sum(1 for d in dist if d == math.inf),
        admissible=not over and not goal_nonzero,
        consistent=not bad_edges and not goal_nonzero,
        max_distance=max(finite) if finite else math.inf,
        mean_ratio=sum(ratios) / len(ratios) if ratios else 1.0,
        overestimates=over[:worst],
        inconsistencies=bad_edges[:worst],
    )
