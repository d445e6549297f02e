"""Watch the search: a search's trace, expansion by expansion, for the page to replay.

:func:`record` runs an engine algorithm on a family's engine problem (the
family contract's ``engine.problem``) with an observer, and keeps, for every
expansion, the node expanded (with g, h and f = g + h), the frontier right
after its children were generated (each entry with its g and its *rank*: 0 is
the node the algorithm takes next), the explored count, and finally the path.
Nodes are listed once, with their parent, depth, h and the family's state view
(what the page draws), so steps refer to nodes by number.

The frontier is rebuilt from the observer's events with the algorithm's rule
(:class:`Rule`), which mirrors how each engine algorithm orders its open list:

* ``fifo`` (BFS, AIMA Fig. 3.9): the node generated first;
* ``lifo`` (graph DFS): the node pushed last (a state pushed again moves to the top);
* ``priority`` (UCS, greedy, A*, weighted A*: BEST-FIRST-SEARCH, AIMA Fig. 3.7): the
  least ``g_weight*g + h_weight*h``, ties by the algorithm's tie-break, then by
  generation order, exactly the engine heap's ``(f, tie, seq)`` key;
* ``path`` (tree DFS, iterative deepening, IDA*, backtracking): these keep no
  frontier, only the current path, which is what the trace shows;
* ``set`` (anything else, e.g. bidirectional search): generated, not yet expanded.

The first three rules are *predictive*: the next expansion is the frontier's rank-0
entry (``tests/web/test_watch_trace.py`` checks it on every step). Recording is
bounded: at most :data:`MAX_STEPS` expansions, :data:`MAX_NODES` nodes,
:data:`MAX_VIEW_BYTES` of views and :data:`TIME_LIMIT` seconds; past a bound the
trace ends with ``truncated`` set.
"""

from __future__ import annotations

import contextlib
import inspect
import json
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import PuzzleFamily
from searchlab.i18n import _
from searchlab.search import ALGORITHMS, Problem, SearchEvent, SearchResult, solve
from searchlab.view import View, within

MAX_STEPS = 1000
MAX_NODES = 3000
MAX_VIEW_BYTES = 3_000_000
MAX_FRONTIER_SENT = 40
MAX_CELLS = 1600
TIME_LIMIT = 8.0
MAX_WEIGHT = 10.0

WATCH_EXCLUDED = frozenset({"dls"})
"""Engine algorithms the watch mode does not run: ``dls`` needs a depth limit."""

PRIORITY_WEIGHTS: dict[str, tuple[float, float | None]] = {
    "ucs": (1.0, 0.0),
    "greedy": (0.0, 1.0),
    "astar": (1.0, 1.0),
    "wastar": (1.0, None),  # None: the ``weight`` option
}
"""(g_weight, h_weight) of the best-first algorithms (see their modules)."""

H_ALGORITHMS = frozenset({"greedy", "astar", "wastar", "idastar"})
"""The algorithms that read the heuristic (the trace shows h for every algorithm)."""

PATH_ALGORITHMS = frozenset({"iddfs", "idastar", "backtrack", "dls"})


@dataclass(frozen=True, slots=True)
class Rule:
    """How an algorithm picks the next node from its frontier (see the module docstring)."""

    kind: str
    g_weight: float = 1.0
    h_weight: float = 0.0
    tie_break: str = "fifo"

    @property
    def goal_on_generation(self) -> bool:
        """BFS and the depth-first path searches test the goal when a node is generated
        (the trace's last step then shows the goal without selecting it); the others
        when it is selected."""
        return self.kind in ("fifo", "path", "set")

    @property
    def predictive(self) -> bool:
        return self.kind in ("fifo", "lifo", "priority")

    def key(self, g: float, h: float, seq: int) -> tuple[float, float, int]:
        """The engine heap's ordering key for a node (``best_first.py``)."""
        t = self.tie_break
        tie = -g if t == "g_max" else g if t == "g_min" else -seq if t == "lifo" else 0
        return (self.g_weight * g + self.h_weight * h, tie, seq)

    def as_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "g_weight": self.g_weight,
            "h_weight": self.h_weight,
            "tie_break": self.tie_break,
            "predictive": self.predictive,
            "goal_on_generation": self.goal_on_generation,
        }


def _default(algorithm: str, option: str) -> Any:
    """An algorithm's default for ``option``, read from its signature (one source)."""
    return inspect.signature(ALGORITHMS[algorithm]).parameters[option].default


def rule_for(algorithm: str, weight: float | None = None) -> Rule:
    """The frontier rule of engine ``algorithm`` (``weight``: weighted A*'s)."""
    if algorithm == "bfs":
        return Rule("fifo")
    if algorithm == "dfs":
        return Rule("lifo")
    if algorithm in PRIORITY_WEIGHTS:
        gw, hw = PRIORITY_WEIGHTS[algorithm]
        if hw is None:
            hw = float(weight if weight is not None else _default(algorithm, "weight"))
        return Rule("priority", gw, hw, _default(algorithm, "tie_break"))
    if algorithm in PATH_ALGORITHMS:
        return Rule("path")
    return Rule("set")


OFFERED_ONLY = frozenset({"bibfs"})
"""Engine algorithms watched only where the family offers them (bidirectional search
needs the problem's goal states and predecessors)."""


def watch_algorithms(fam: PuzzleFamily) -> list[str]:
    """The engine algorithms the watch mode offers for ``fam``: those the family offers;
    when it offers at most one (its own solvers aside, as the knight's tours), that one
    and every engine algorithm a problem needs nothing more for."""
    engine = [a for a in ALGORITHMS if a not in WATCH_EXCLUDED]
    own = [a for a in fam.algorithms if a in engine]
    if len(own) >= 2:
        return own
    return [*own, *(a for a in engine if a not in own and a not in OFFERED_ONLY)]


def default_algorithm(fam: PuzzleFamily) -> str:
    """The algorithm the watch mode shows first for ``fam``: the family's own engine
    algorithm when it offers just one (the knight's tours' backtracking: a breadth-first
    search of partial tours stops at the watch mode's bounds long before a tour), else
    breadth-first search."""
    offered = watch_algorithms(fam)
    own = [a for a in fam.algorithms if a in offered]
    if len(own) == 1:
        return own[0]
    return "bfs" if "bfs" in offered else offered[0]


@dataclass(slots=True)
class _Entry:
    node: int
    g: float
    seq: int


class Stop(Exception):
    """Raised by a recorder's observer to end a search past a bound."""


@dataclass
class Recorder:
    """Engine observer building the trace (see the module docstring)."""

    problem: Problem[Any, Any]
    rule: Rule
    view: Callable[[Any], View]
    deadline: float
    nodes: list[dict[str, Any]] = field(default_factory=list)
    ids: dict[Hashable, int] = field(default_factory=dict)
    states: list[Any] = field(default_factory=list)
    steps: list[dict[str, Any]] = field(default_factory=list)
    frontier: dict[int, _Entry] = field(default_factory=dict)
    path: list[tuple[int, float]] = field(default_factory=list)
    seq: int = 0
    view_bytes: int = 0
    truncated: str | None = None
    goal: int | None = None
    added: list[int] = field(default_factory=list)

    def __post_init__(self) -> None:
        start = self.problem.initial_state()
        sid = self.node(start, 0, None, 0)
        self.frontier[sid] = _Entry(sid, 0.0, 0)
        self.steps.append({"node": None, "explored": 0})
        self.added.append(sid)

    # -- nodes -------------------------------------------------------------------
    def node(self, state: Any, depth: int, parent: int | None, g: float) -> int:
        key = self.problem.key(state)
        nid = self.ids.get(key)
        if nid is not None:
            return nid
        if len(self.nodes) >= MAX_NODES:
            self.stop("max_nodes")
        view = self.view(state)
        self.view_bytes += len(json.dumps(view, separators=(",", ":")))
        if self.view_bytes > MAX_VIEW_BYTES:
            self.stop("max_bytes")
        nid = len(self.nodes)
        self.ids[key] = nid
        self.states.append(state)
        self.nodes.append(
            {
                "id": nid,
                "parent": parent,
                "depth": depth,
                "g": g,
                "h": float(self.problem.heuristic(state)),
                "born": len(self.steps) - 1,
                "view": view,
            }
        )
        return nid

    def stop(self, why: str) -> None:
        self.truncated = why
        raise Stop(why)

    # -- the frontier ------------------------------------------------------------
    def ranked(self) -> list[_Entry]:
        entries = list(self.frontier.values())
        if self.rule.kind == "fifo":
            entries.sort(key=lambda e: e.seq)
        elif self.rule.kind == "lifo":
            entries.sort(key=lambda e: -e.seq)
        elif self.rule.kind == "priority":
            entries.sort(key=lambda e: self.rule.key(e.g, self.nodes[e.node]["h"], e.seq))
        return entries

    def snapshot(self) -> None:
        """Close the last step: the frontier as it is before the next selection."""
        step = self.steps[-1]
        if self.rule.kind == "path":
            shown: list[list[Any]] = [[n, g, None] for n, g in self.path]
            step["frontier"], step["frontier_size"] = shown, len(shown)
        else:
            ranked = self.ranked()
            predictive = self.rule.predictive
            best = ranked[:MAX_FRONTIER_SENT]
            best.sort(key=lambda e: e.seq)  # shown in generation order
            rank = {e.node: i for i, e in enumerate(ranked[:MAX_FRONTIER_SENT])}
            step["frontier"] = [[e.node, e.g, rank[e.node] if predictive else None] for e in best]
            step["frontier_size"] = len(ranked)
        step["added"] = self.added
        self.added = []

    # -- the observer ------------------------------------------------------------
    def __call__(self, ev: SearchEvent) -> None:
        if time.monotonic() > self.deadline:
            self.stop("time_limit")
        if ev.kind == "generate":
            if ev.parent is None:
                return  # the start, announced by best-first search: already on the frontier
            parent = self.ids.get(self.problem.key(ev.parent))
            known = self.problem.key(ev.state) in self.ids
            nid = self.node(ev.state, ev.depth, parent, float(ev.g))
            if known and parent is not None and self.rule.kind in ("priority", "lifo"):
                # a cheaper path (best-first) or a later push (DFS): the node's new parent
                self.nodes[nid].update(parent=parent, g=float(ev.g), depth=ev.depth)
            self.seq += 1
            self.frontier.pop(nid, None)
            self.frontier[nid] = _Entry(nid, float(ev.g), self.seq)
            self.added.append(nid)
        elif ev.kind == "expand":
            nid = self.node(ev.state, ev.depth, None, float(ev.g))
            self.snapshot()
            self.frontier.pop(nid, None)
            if self.rule.kind == "path":
                self.path = [*self.path[: ev.depth], (nid, float(ev.g))]
            explored = self.steps[-1]["explored"] + 1
            g, h = float(ev.g), self.nodes[nid]["h"]
            self.steps.append(
                {"node": nid, "g": g, "h": h, "f": g + h, "depth": ev.depth, "explored": explored}
            )
        elif ev.kind == "solution":
            nid = self.node(ev.state, ev.depth, None, float(ev.g))
            self.snapshot()
            self.frontier.pop(nid, None)
            self.goal = nid
            g, h = float(ev.g), self.nodes[nid]["h"]
            self.steps.append(
                {
                    "node": nid,
                    "g": g,
                    "h": h,
                    "f": g + h,
                    "depth": ev.depth,
                    "explored": self.steps[-1]["explored"],
                    "goal": True,
                }
            )


def cell_of(view: View) -> tuple[int, int] | None:
    """The one square a state occupies, when its view is only a one-square piece (a
    walker on a grid: the state *is* a square)."""
    if set(view) != {"pieces"}:
        return None
    pieces = view.get("pieces") or []
    if len(pieces) != 1 or pieces[0].get("h", 1) != 1 or pieces[0].get("w", 1) != 1:
        return None
    return int(pieces[0]["r"]), int(pieces[0]["c"])


def check_size(fam: PuzzleFamily, instance: Any) -> View:
    """The instance's base view; an InputError when it is too large to watch."""
    return within(
        fam.base_view(instance),
        MAX_CELLS,
        _(
            "this board is too large to watch ({rows}x{cols}; at most {max_cells} cells): "
            "try a smaller one"
        ),
    )


def check_request(fam: PuzzleFamily, algorithm: str, weight: float | None) -> None:
    """An InputError unless the watch offers ``algorithm`` on ``fam`` and ``weight``
    (weighted A*'s, when given) is within 1 to :data:`MAX_WEIGHT`."""
    offered = watch_algorithms(fam)
    if algorithm not in offered:
        raise InputError(
            _(
                "algorithm {algorithm!r} cannot be watched on {family}; choose one of {offered}"
            ).format(algorithm=algorithm, family=fam.name, offered=", ".join(offered))
        )
    if weight is not None and not 1.0 <= weight <= MAX_WEIGHT:
        raise InputError(
            _("weight must be between 1 and {most:g}, got {weight:g}").format(
                most=MAX_WEIGHT, weight=weight
            )
        )


def watched_search(
    fam: PuzzleFamily,
    instance: Any,
    problem: Problem[Any, Any],
    algorithm: str,
    weight: float | None,
    max_steps: int,
    observer: Callable[[SearchEvent], None],
) -> SearchResult | None:
    """Run the engine's ``algorithm`` on ``problem`` with ``observer`` watching, for at
    most ``max_steps`` expansions; ``None`` when the observer stopped it (:class:`Stop`).
    A solution is checked before it is drawn (:meth:`Family.check`: a
    SolutionCheckError when it does not replay), whatever the trace's shape."""
    options: dict[str, Any] = {"max_expansions": max_steps, "observer": observer}
    if algorithm == "wastar" and weight is not None:
        options["weight"] = weight
    result: SearchResult | None = None
    with contextlib.suppress(Stop):
        result = solve(problem, algorithm, **options)
    if result is not None and result.solved:
        fam.check(instance, fam.in_family_terms(instance, result))
    return result


def record(
    fam: PuzzleFamily,
    instance: Any,
    algorithm: str,
    heuristic: str | None,
    *,
    weight: float | None = None,
    max_steps: int = MAX_STEPS,
    time_limit: float = TIME_LIMIT,
) -> dict[str, Any]:
    """Run ``algorithm`` on ``fam``'s engine problem for ``instance`` and return its trace
    (JSON-ready). An InputError for an algorithm the watch mode does not offer, a bad
    heuristic or weight, a family without an engine problem or a board too large; a
    SolutionCheckError for a solution that does not replay (:meth:`Family.check`)."""
    check_request(fam, algorithm, weight)
    base = check_size(fam, instance)
    problem = fam.engine_problem(instance, heuristic or None)
    to_family = fam.engine_view().family_state
    rule = rule_for(algorithm, weight)
    rec = Recorder(
        problem,
        rule,
        lambda s: fam.state_view(instance, to_family(instance, s)),
        time.monotonic() + time_limit,
    )
    result = watched_search(fam, instance, problem, algorithm, weight, max_steps, rec)
    if rec.steps[-1].get("frontier") is None:
        rec.snapshot()
    if result is not None and result.status == "limit" and result.limit == "max_expansions":
        rec.truncated = "max_steps"
    path: list[int] = []
    if result is not None and result.status == "solved":
        try:
            for i, s in enumerate(result.states):
                prev = path[-1] if path else None
                path.append(rec.node(s, i, prev, 0.0))
        except Stop:
            path = []
    cells = [cell_of(n["view"]) for n in rec.nodes]
    grid = all(c is not None for c in cells) and len(set(cells)) == len(cells)
    for n, c in zip(rec.nodes, cells, strict=True):
        n["cell"] = list(c) if grid and c is not None else None
    status = "limit" if result is None else result.status
    return {
        "family": fam.name,
        "algorithm": algorithm,
        "heuristic": heuristic or "",
        "weight": rule.h_weight if algorithm == "wastar" else None,
        "rule": rule.as_dict(),
        "uses_h": algorithm in H_ALGORITHMS,
        "status": status,
        "limit": rec.truncated or (result.limit if result is not None else None),
        "truncated": rec.truncated is not None,
        "expanded": rec.steps[-1]["explored"],
        "cost": result.cost if result is not None and result.status == "solved" else None,
        "base": base,
        "grid": grid,
        "nodes": rec.nodes,
        "steps": rec.steps,
        "path": path,
    }


def wall_grid(fam: PuzzleFamily, instance: Any) -> list[str] | None:
    """The board's text as rows of characters when walls can be drawn on it: the text
    ends in a grid matching the base view cell for cell, ``#`` where the view has a
    wall and ``.`` where it has floor (a grid maze, after its optional header lines such
    as ``moves: 8``). ``None`` for any other family."""
    view = fam.base_view(instance)
    cells = view.get("cells")
    lines = fam.format(instance).splitlines()
    if not cells or len(lines) < view["rows"]:
        return None
    lines = lines[len(lines) - view["rows"] :]
    for line, row in zip(lines, cells, strict=True):
        if len(line) != len(row):
            return None
        for a, b in zip(line, row, strict=True):
            if (a == "#") != (b == "#") or (a == ".") != (b == "."):
                return None
    if not any("#" in row or "." in row for row in cells):
        return None
    return lines


def watch(
    fam: PuzzleFamily, board: str, algorithm: str, heuristic: str, weight: float | None
) -> dict[str, Any]:
    """What the watch page draws for ``board``: the trace of :func:`record`, whether
    walls can be drawn on it, and the board as the family writes it."""
    from searchlab.web import watch_grid  # it imports this module

    instance = fam.read(board)
    args = (fam, instance, algorithm, heuristic or None)
    if watch_grid.wanted(fam, instance):
        result = watch_grid.record(*args, weight=weight)
    else:
        result = record(*args, weight=weight)
        outgrown = result["limit"] in ("max_steps", "max_nodes", "max_bytes")
        if outgrown and watch_grid.grid_board(fam, instance) is not None:
            # a small grid whose search outgrew the full trace: the compact one goes on
            result = watch_grid.record(*args, weight=weight)
    result["walls"] = wall_grid(fam, instance) is not None
    result["board"] = fam.format(instance)
    return result
