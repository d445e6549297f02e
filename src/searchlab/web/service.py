"""What the routes and the CLI do with a family adapter: validate, solve, teach, play.

Everything here is synchronous and returns JSON-ready dicts; the app runs the
slow parts (solve, hint) on worker threads. Limits are clamped here, so no
request can ask for an unbounded search.
"""

from __future__ import annotations

import json
import threading
from typing import Any

from searchlab.errors import InputError
from searchlab.search import ALGORITHMS, SearchStats, solve
from searchlab.web.families import FAMILIES, Family
from searchlab.web.families.base import Progress, Solution, SolveRequest
from searchlab.web.teach import GRAPH_MAX_NODES, TEACH_MAX_EXPANSIONS, Recorder, graph_svg

DEFAULT_TIME_LIMIT = 30.0
MAX_TIME_LIMIT = 120.0
DEFAULT_MAX_NODES = 2_000_000
MAX_MAX_NODES = 5_000_000
HINT_TIME_LIMIT = 10.0
TABLE_VIEWS_MAX = 300
"""Expansion rows carry a drawable view up to this many rows."""


def family(name: str) -> Family:
    """The adapter for ``name`` or an InputError listing the known ones."""
    try:
        return FAMILIES[name]
    except KeyError:
        raise InputError(f"unknown puzzle family {name!r}; known: {', '.join(FAMILIES)}") from None


def clamp_limits(time_limit: float | None, max_nodes: int | None) -> tuple[float, int]:
    """The server's limits: defaults when absent, never above the maxima."""
    t = DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)
    n = DEFAULT_MAX_NODES if max_nodes is None else int(max_nodes)
    if t <= 0 or n <= 0:
        raise InputError("time_limit and max_nodes must be positive")
    return min(t, MAX_TIME_LIMIT), min(n, MAX_MAX_NODES)


def check_choice(fam: Family, algorithm: str, heuristic: str) -> None:
    if algorithm not in fam.algorithms:
        raise InputError(
            f"algorithm {algorithm!r} is not offered for {fam.name}; "
            f"choose one of {', '.join(fam.algorithms)}"
        )
    if fam.heuristics and heuristic not in fam.heuristics:
        raise InputError(
            f"heuristic {heuristic!r} is not offered for {fam.name}; "
            f"choose one of {', '.join(fam.heuristics)}"
        )


def position(fam: Family, instance: Any, state: Any) -> dict[str, Any]:
    """A position for play mode: its view, token, whether it is solved, the legal moves."""
    return {
        "state": fam.encode_state(instance, state),
        "view": fam.state_view(instance, state),
        "goal": fam.is_goal(instance, state),
        "moves": [
            m.as_dict(lambda s: fam.encode_state(instance, s)) for m in fam.moves(instance, state)
        ],
    }


def validate(fam: Family, board: str) -> dict[str, Any]:
    """Parse ``board``; answer its description, base view and start position."""
    instance = fam.read(board)
    start = fam.initial(instance)
    return {
        "family": fam.name,
        "description": fam.describe(instance),
        "base": fam.base_view(instance),
        "start": position(fam, instance, start),
    }


def solution_json(fam: Family, instance: Any, sol: Solution) -> dict[str, Any]:
    """A solution as the player needs it: moves, one view per state, statistics."""
    out: dict[str, Any] = {
        "status": sol.status,
        "solved": sol.status == "solved",
        "limit": sol.limit,
        "reason": sol.reason,
        "method": sol.method,
        "cost": sol.cost,
        "length": len(sol.moves),
        "moves": sol.moves,
        "stats": sol.stats,
        "base": fam.base_view(instance),
        "frames": fam.frame_views(instance, sol.states) if sol.states else [],
        "shared": fam.solution_shared(instance, sol.states),
        "states": [fam.encode_state(instance, s) for s in sol.states],
    }
    return out


def state_label(fam: Family, instance: Any, state: Any) -> str:
    return json.dumps(fam.encode_state(instance, state), separators=(",", ":"))[:80]


TEACH_SUFFIX = ", recorded for the teaching view"


def teach(fam: Family, instance: Any, req: SolveRequest) -> tuple[Solution, Recorder, list[Any]]:
    """Run the engine algorithm on the family's engine problem with a recorder."""
    if fam.problem is None:
        raise InputError(f"the teaching view is not available for {fam.name}")
    # The teaching view shows an engine algorithm at work; a family's own
    # dedicated solver ("auto", "fast") is taught as the A* it accelerates.
    algorithm = req.algorithm if req.algorithm in ALGORITHMS else "astar"
    problem = fam.problem(instance, req.heuristic)
    rec = Recorder(problem, max_nodes=GRAPH_MAX_NODES)
    r = solve(
        problem,
        algorithm,
        time_limit=req.time_limit,
        max_nodes=req.max_nodes,
        max_expansions=TEACH_MAX_EXPANSIONS,
        cancel=req.cancel,
        progress=req.progress,
        observer=rec,
    )
    to_family = fam.state_of or (lambda _i, s: s)
    label = fam.action_label or (lambda _i, a: str(a))
    sol = Solution(
        status=r.status,
        moves=[label(instance, a) for a in r.actions],
        states=[to_family(instance, s) for s in r.states],
        stats=r.stats.as_dict(),
        cost=r.cost,
        limit=r.limit,
        method=f"{r.algorithm} ({req.heuristic}){TEACH_SUFFIX}",
    )
    return sol, rec, list(r.states)


def expansion_rows(
    fam: Family, instance: Any, rec: Recorder, *, with_views: bool = False
) -> list[dict[str, Any]]:
    """The recorded expansions as table rows (with drawable views if asked)."""
    to_family = fam.state_of or (lambda _i, s: s)
    return rec.table(
        lambda s: state_label(fam, instance, to_family(instance, s)),
        (lambda s: fam.state_view(instance, to_family(instance, s))) if with_views else None,
    )


def graph_picture(
    fam: Family, instance: Any, sol: Solution, rec: Recorder, path: list[Any], method: str
) -> str:
    """The explored state graph as standalone SVG, the solution path in red."""
    to_family = fam.state_of or (lambda _i, s: s)
    base = fam.base_view(instance)

    def view(engine_state: Any) -> dict[str, Any]:
        return {**base, **fam.state_view(instance, to_family(instance, engine_state))}

    title = f"{method}: {len(rec.nodes)} states, {sol.stats.get('expanded', 0)} expanded"
    return graph_svg(rec, path, view, title=title)


def teaching_json(
    fam: Family, instance: Any, sol: Solution, rec: Recorder, path: list[Any], method: str
) -> dict[str, Any]:
    """The teaching view's data: expansion rows, totals, the graph picture."""
    rows = expansion_rows(fam, instance, rec, with_views=len(rec.expansions) <= TABLE_VIEWS_MAX)
    return {
        "expansions": rows,
        "expanded_total": sol.stats.get("expanded", 0),
        "rows_truncated": len(rows) < int(sol.stats.get("expanded", 0)),
        "graph_nodes": len(rec.nodes),
        "graph_truncated": rec.truncated,
        "graph_svg": graph_picture(fam, instance, sol, rec, path, method),
    }


def run_solve(
    fam: Family,
    board: str,
    *,
    algorithm: str,
    heuristic: str,
    time_limit: float | None,
    max_nodes: int | None,
    teaching: bool,
    cancel: threading.Event,
    progress: Progress,
) -> dict[str, Any]:
    """Parse, solve (or teach) and serialise: the body of a solve job."""
    instance = fam.read(board)
    t, n = clamp_limits(time_limit, max_nodes)
    req = SolveRequest(algorithm, heuristic, t, n, cancel, progress)
    if teaching:
        sol, rec, path = teach(fam, instance, req)
        out = solution_json(fam, instance, sol)
        out["teaching"] = teaching_json(
            fam, instance, sol, rec, path, sol.method.removesuffix(TEACH_SUFFIX)
        )
        return out
    return solution_json(fam, instance, fam.solve(instance, req))


def hint(fam: Family, board: str, token: Any, cancel: threading.Event) -> dict[str, Any]:
    """The next move of an optimal solution from the position ``token``."""
    instance = fam.read(board)
    state = fam.decode_state(instance, token)
    if fam.is_goal(instance, state):
        return {"move": None, "message": "already solved"}
    req = SolveRequest("", "", HINT_TIME_LIMIT, DEFAULT_MAX_NODES, cancel, _ignore)
    move = fam.hint(instance, state, req)
    if move is None:
        return {"move": None, "message": "no solution from this position"}
    return {
        "move": move.as_dict(lambda s: fam.encode_state(instance, s)),
        "message": f"try {move.label}",
    }


def _ignore(stats: SearchStats) -> None:
    return None
