"""Worked solutions: an engine search replayed as a table of steps.

:func:`trace` runs one engine algorithm (``bfs``, ``dfs``, ``ucs``, ``greedy``,
``astar``, ``iddfs``, ``idastar``) with an observer and rebuilds, from its events
alone, what a student writes on paper: one row per expansion with the node, its
``g``, ``h``, ``f``, the children it produced (and why a child was dropped), and the
frontier and explored set after it. The frontier is listed in the order the
algorithm takes from it (queue order for BFS, top of the stack first for DFS,
best first for UCS, greedy and A*), so the next row's node is always the first of
the previous row's frontier; the tests replay every table that way.

The rules stated with each table are the engine's (see :mod:`searchlab.search`):
children are generated in the problem's order (alphabetical on a graph); BFS and
the depth-first passes of IDDFS and IDA* test for the goal when a node is
generated, DFS, UCS, greedy and A* when it is selected; ties among equal ``f`` go
to the larger ``g`` (UCS and A*) or the earlier generated (greedy), then to the
earlier generated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from searchlab.i18n import N_, _
from searchlab.search import Problem, SearchEvent, SearchResult, solve

TRACED = ("bfs", "dfs", "ucs", "greedy", "astar", "iddfs", "idastar")
"""The algorithms a worked solution can be written for."""

ITERATIVE = ("iddfs", "idastar")

RULES: dict[str, str] = {
    "bfs": N_(
        "BFS: a FIFO queue; children in {order}; a child already reached is dropped; the "
        "goal test is applied when a node is generated."
    ),
    "dfs": N_(
        "DFS (graph search): a LIFO stack; children pushed so that the first in {order} is "
        "on top; a node already expanded is skipped when popped; the goal test is applied "
        "when a node is popped."
    ),
    "ucs": N_(
        "UCS: the frontier node of least g first; ties: the larger g, then the one "
        "generated first; children in {order}; a node reached again more cheaply replaces "
        "its entry; the goal test is applied when a node is selected."
    ),
    "greedy": N_(
        "Greedy best-first: the frontier node of least h first; ties: the one generated "
        "first; children in {order}; a child already reached is dropped (even by a cheaper "
        "path); the goal test is applied when a node is selected."
    ),
    "astar": N_(
        "A*: the frontier node of least f = g + h first; ties: the larger g, then the one "
        "generated first; children in {order}; a node reached again more cheaply replaces "
        "its entry (even if expanded); the goal test is applied when a node is selected."
    ),
    "iddfs": N_(
        "IDDFS: depth-first passes with depth limits 0, 1, 2, ...; children in {order}; a "
        "child already on the current path is not generated; a node at the limit is not "
        "expanded; the goal test is applied when a node is generated."
    ),
    "idastar": N_(
        "IDA*: depth-first passes bounded by f = g + h, the first bound h(start), the "
        "next the least f that exceeded it; children in {order}; a child already on the "
        "current path is not generated; the goal test is applied when a node is generated."
    ),
}


@dataclass
class Child:
    node: str
    g: float
    h: float | None
    note: str  # "new", "better", "dropped" (reached already), "cycle", "bound", "goal"


@dataclass
class Row:
    """One expansion."""

    node: str
    g: float
    h: float | None
    depth: int
    children: list[Child] = field(default_factory=list)
    frontier: list[tuple[str, float, float | None]] = field(default_factory=list)
    explored: list[str] = field(default_factory=list)
    iteration: int = 0
    bound: float | None = None
    path: list[str] = field(default_factory=list)
    state: Any = field(default=None, repr=False)

    @property
    def f(self) -> float | None:
        return None if self.h is None else self.g + self.h

    def as_dict(self) -> dict[str, Any]:
        return {
            "node": self.node,
            "g": self.g,
            "h": self.h,
            "f": self.f,
            "depth": self.depth,
            "children": [c.__dict__ for c in self.children],
            "frontier": [list(e) for e in self.frontier],
            "explored": self.explored,
            "iteration": self.iteration,
            "bound": self.bound,
            "path": self.path,
        }


@dataclass
class Trace:
    """A search replayed: its rows, the nodes expanded in order and its result."""

    algorithm: str
    rows: list[Row]
    result: SearchResult
    stop: str  # the sentence saying why the search ended
    order: str  # how children are ordered, e.g. "alphabetical order"

    @property
    def expanded(self) -> list[str]:
        return [r.node for r in self.rows]

    def rule(self) -> str:
        return _(RULES[self.algorithm]).format(order=self.order)


def _priority(algorithm: str, g: float, h: float, seq: int) -> tuple[float, float, int]:
    if algorithm == "ucs":
        return (g, -g, seq)
    if algorithm == "greedy":
        return (h, 0, seq)
    return (g + h, -g, seq)


def trace(
    problem: Problem[Any, Any],
    algorithm: str,
    label: Callable[[Any], str] = str,
    *,
    order: str = "",
    **options: Any,
) -> Trace:
    """Run ``algorithm`` on ``problem`` and rebuild its table of steps from the events.

    ``label`` names a state in the table; ``order`` says how children are ordered
    (default: "alphabetical order"). ``options`` go to the engine (limits,
    ``max_depth``)."""
    if algorithm not in TRACED:
        raise ValueError(f"no worked solution for {algorithm!r}; choose one of {TRACED}")
    h_of = problem.heuristic
    rows: list[Row] = []
    # best-first mirror: label -> (g, h, seq); bfs/dfs: a list of (label, g)
    best: dict[str, tuple[float, float, int]] = {}
    line: list[tuple[str, float]] = []
    explored: list[str] = []
    seq = 0
    current: dict[int, Row] = {}  # depth -> the row of the node expanded at that depth
    iteration = 0
    bound: float | None = None
    next_bound = float("inf")
    start_label = label(problem.initial_state())

    def frontier_now() -> list[tuple[str, float, float | None]]:
        if algorithm in ("ucs", "greedy", "astar"):
            ranked = sorted(best.items(), key=lambda kv: _priority(algorithm, *kv[1]))
            return [(n, g, h) for n, (g, h, _s) in ranked]
        if algorithm == "bfs":
            return [(n, g, None) for n, g in line]
        return [(n, g, None) for n, g in reversed(line)]

    def observe(e: SearchEvent) -> None:
        nonlocal seq, iteration, bound, next_bound
        name = label(e.state)
        if algorithm in ITERATIVE:
            if e.kind == "expand":
                if e.depth == 0:
                    iteration += 1
                    if algorithm == "idastar":
                        bound = h_of(e.state) if iteration == 1 else next_bound
                        next_bound = float("inf")
                parent = current.get(e.depth - 1)
                path = [*(parent.path if parent else []), name]
                row = Row(
                    name, e.g, h_of(e.state), e.depth, iteration=iteration, bound=bound, path=path
                )
                if algorithm == "iddfs":
                    row.bound = float(iteration)  # pass 1 expanding the start has limit 1
                row.state = e.state
                rows.append(row)
                current[e.depth] = row
            elif e.kind in ("generate", "prune"):
                row = current[e.depth - 1]
                h = h_of(e.state)
                if e.kind == "generate":
                    note = "goal" if problem.is_goal(e.state) else "new"
                elif e.h is not None:
                    note = "bound"
                    next_bound = min(next_bound, e.g + e.h)
                else:
                    note = "cycle"
                row.children.append(Child(name, e.g, h, note))
            return
        if e.kind == "expand":
            if algorithm in ("ucs", "greedy", "astar"):
                best.pop(name, None)
            elif algorithm == "bfs":
                line.pop(0)
            else:
                while line and line[-1][0] != name:
                    line.pop()
                line.pop()
            if name not in explored:
                explored.append(name)
            rows.append(Row(name, e.g, h_of(e.state), e.depth, state=e.state))
        elif e.kind == "generate":
            h = h_of(e.state)
            if e.parent is None:  # the start
                best[name] = (e.g, h, seq)
                line.append((name, e.g))
                seq += 1
                return
            row = rows[-1]
            if algorithm in ("ucs", "greedy", "astar"):
                note = "better" if name in best or name in explored else "new"
                best[name] = (e.g, h, seq)
                seq += 1
            else:
                note = "goal" if algorithm == "bfs" and problem.is_goal(e.state) else "new"
                line.append((name, e.g))
            row.children.append(Child(name, e.g, h, note))
        elif e.kind == "prune":
            rows[-1].children.append(Child(name, e.g, h_of(e.state), "dropped"))
        if e.kind != "solution" and rows:
            rows[-1].frontier = frontier_now()
            rows[-1].explored = list(explored)

    if algorithm in ("bfs", "dfs"):
        line.append((start_label, 0))
    result = solve(problem, algorithm, observer=observe, **options)
    for r in rows:
        if not r.frontier and algorithm not in ITERATIVE:
            r.explored = r.explored or list(explored)
    if result.solved:
        goal = label(result.states[-1])
        stop = _("{goal} is the goal: the search stops with cost {cost:g}.").format(
            goal=goal, cost=result.cost
        )
    else:
        stop = _("The search ends without reaching a goal ({status}).").format(status=result.status)
    return Trace(algorithm, rows, result, stop, order or _("alphabetical order"))


def path_of(result: SearchResult, label: Callable[[Any], str] = str) -> list[str]:
    """The solution's states as labels (start first)."""
    return [label(s) for s in result.states] if result.solved else []
