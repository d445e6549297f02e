"""What the routes and the CLI do with a family adapter: validate, solve, teach, play.

Everything here is synchronous and returns JSON-ready dicts; the app runs the
slow parts (solve, hint) on worker threads. Limits are clamped here, so no
request can ask for an unbounded search.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from searchlab import families
from searchlab.errors import InputError, SolutionCheckError
from searchlab.families.contract import NoHint, PuzzleFamily
from searchlab.families.output import result_json
from searchlab.search import ALGORITHMS, REGISTRY, SearchResult, SearchStats, solve
from searchlab.search.limits import CancelToken
from searchlab.web.teach import GRAPH_MAX_NODES, TEACH_MAX_EXPANSIONS, Recorder, graph_svg

Family = PuzzleFamily
Progress = Callable[[SearchStats], None]

DEFAULT_TIME_LIMIT = 30.0
MAX_TIME_LIMIT = 120.0
DEFAULT_MAX_NODES = 500_000
MAX_MAX_NODES = 1_000_000
"""The stored-node limit is the web's memory bound per job: measured at 100-430
bytes a stored node (15-puzzle A* 181, BFS 342, UCS 425; peg BFS 215), a job
stays under about 220 MB by default and 450 MB at most, four jobs (two light,
two heavy) under 2 GB. The dedicated solvers (``auto``, ``fast``, IDA*) store
almost nothing and are bounded by time alone."""
HINT_TIME_LIMIT = 10.0
TABLE_VIEWS_MAX = 300
"""Expansion rows carry a drawable view up to this many rows."""


@dataclass(slots=True)
class SolveRequest:
    """What the user asked for, with the limits the server imposes."""

    algorithm: str
    heuristic: str
    time_limit: float
    max_nodes: int
    cancel: CancelToken
    progress: Progress

    def options(self) -> dict[str, Any]:
        """The engine's keyword options for these limits."""
        return {
            "time_limit": self.time_limit,
            "max_nodes": self.max_nodes,
            "cancel": self.cancel,
            "progress": self.progress,
        }


def family(name: str) -> Family:
    """The family called ``name`` or an InputError listing the known ones."""
    return families.get(name)


def clamp_limits(time_limit: float | None, max_nodes: int | None) -> tuple[float, int]:
    """The server's limits: defaults when absent, never above the maxima; a
    non-finite or non-positive value is an InputError naming the field."""
    t = DEFAULT_TIME_LIMIT if time_limit is None else float(time_limit)
    n = DEFAULT_MAX_NODES if max_nodes is None else int(max_nodes)
    if not math.isfinite(t) or t <= 0:
        raise InputError(f"time_limit must be a positive finite number of seconds, got {t}")
    if n <= 0:
        raise InputError(f"max_nodes must be positive, got {n}")
    return min(t, MAX_TIME_LIMIT), min(n, MAX_MAX_NODES)


def read_board(fam: Family, text: str) -> Any:
    """``fam.read(text)``, refusing boards larger than the web player takes."""
    instance = fam.read(text)
    view = fam.base_view(instance)
    if view["rows"] * view["cols"] > fam.wire.max_cells:
        raise InputError(
            f"this board is too large for the web player ({view['rows']}x{view['cols']}; "
            f"at most {fam.wire.max_cells:,} cells): use `searchlab solve {fam.name}`"
        )
    return instance


TEACH_ALGORITHMS = tuple(n for n, a in REGISTRY.items() if "depth_limit" not in a.needs)
"""What the teaching view runs besides a family's own names: any engine graph search."""


def check_choice(fam: Family, algorithm: str, heuristic: str, *, teaching: bool = False) -> None:
    """A one-line InputError unless the family offers ``algorithm`` (the teaching view
    also takes any engine algorithm on the family's problem) and ``heuristic``."""
    if teaching and fam.engine is not None and algorithm in TEACH_ALGORITHMS:
        fam.check_choice(fam.algorithms[0], heuristic or None)
        return
    fam.check_choice(algorithm, heuristic or None)


def generate(fam: Family, params: Mapping[str, Any]) -> str:
    """A random board from the family's generator, every parameter checked against
    its declared range (and finite) before anything is allocated."""
    return fam.random_board(params)


DIFFICULTY_TIME_LIMIT = 10.0


def difficulty(fam: Family, board: str) -> dict[str, Any]:
    """The family's one-line difficulty rating of ``board`` (``None`` when it has none)."""
    instance = read_board(fam, board)
    if fam.difficulty is None:
        return {"difficulty": None}
    return {"difficulty": fam.difficulty(instance, DIFFICULTY_TIME_LIMIT)}


def position(fam: Family, instance: Any, state: Any) -> dict[str, Any]:
    """A position for play mode: its view, token, whether it is solved, the legal moves
    (each with its ``cost`` when the family's moves do not all cost 1: a weighted maze)."""
    moves = []
    step_cost = fam.checking.step_cost if fam.checking is not None else None
    for m in fam.legal_moves(instance, state):
        move = m.as_dict(lambda s: fam.encode_state(instance, s))
        if step_cost is not None:
            move["cost"] = step_cost(instance, state, m.label, m.state)
        moves.append(move)
    return {
        "state": fam.encode_state(instance, state),
        "view": fam.state_view(instance, state),
        "goal": fam.is_goal(instance, state),
        "moves": moves,
    }


def state_at(fam: Family, instance: Any, token: Any) -> Any:
    """The position a request names: its state token, or the start when it has none."""
    return fam.initial(instance) if token is None else fam.decode_state(instance, token)


def moves(fam: Family, board: str, token: Any) -> dict[str, Any]:
    """The position ``token`` (default: the start) of ``board`` with its legal moves."""
    instance = read_board(fam, board)
    return position(fam, instance, state_at(fam, instance, token))


def validate(fam: Family, board: str) -> dict[str, Any]:
    """Parse ``board``; answer its description, base view, start position and what
    counts as solved (:meth:`~searchlab.families.contract.Family.objective`)."""
    instance = read_board(fam, board)
    start = fam.initial(instance)
    return {
        "family": fam.name,
        "description": fam.describe(instance),
        "base": fam.base_view(instance),
        "start": position(fam, instance, start),
        "no_hint": fam.no_hint(instance),
        "objective": fam.objective(instance),
    }


def solution_json(fam: Family, instance: Any, sol: SearchResult) -> dict[str, Any]:
    """A solution as the player needs it: the one result shape
    (:func:`~searchlab.families.output.result_json`) plus the views to draw it."""
    out = result_json(fam, instance, sol)
    # The process's peak memory is the whole server's, not this job's: not shown.
    out["stats"]["peak_memory_mb"] = None
    out.update(
        solved=sol.solved,
        method=sol.algorithm,
        base=fam.base_view(instance),
        frames=fam.frame_views(instance, sol.states) if sol.states else [],
        shared=fam.solution_shared(instance, sol.states),
    )
    return out


def state_label(fam: Family, instance: Any, state: Any) -> str:
    """A state's token as short text: its last 80 characters, where paths differ."""
    text = json.dumps(fam.encode_state(instance, state), separators=(",", ":"))
    return text if len(text) <= 80 else "\u2026" + text[-79:]


TEACH_SUFFIX = ", recorded for the teaching view"


def teach(
    fam: Family, instance: Any, req: SolveRequest
) -> tuple[SearchResult, Recorder, list[Any]]:
    """Run the engine algorithm on the family's engine problem with a recorder."""
    if fam.engine is None:
        raise InputError(f"the teaching view is not available for {fam.name}")
    if req.algorithm == "dls":
        raise InputError("the teaching view shows graph searches; choose another algorithm")
    # The teaching view shows an engine algorithm at work; a family's own
    # dedicated solver ("auto", "fast") is taught as the A* it accelerates.
    algorithm = req.algorithm if req.algorithm in ALGORITHMS else "astar"
    problem = fam.engine.problem(instance, req.heuristic or None)
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
    sol = replace(
        fam.in_family_terms(instance, r),
        algorithm=f"{r.algorithm}{f' ({req.heuristic})' if req.heuristic else ''}{TEACH_SUFFIX}",
    )
    return fam.check(instance, sol), rec, list(r.states)


def expansion_rows(
    fam: Family, instance: Any, rec: Recorder, *, with_views: bool = False
) -> list[dict[str, Any]]:
    """The recorded expansions as table rows: with drawable views if asked, else with
    each state's token (the page asks ``/moves`` for the board of a clicked row)."""
    to_family = fam.engine_view().family_state
    rows = rec.table(
        lambda s: state_label(fam, instance, to_family(instance, s)),
        (lambda s: fam.state_view(instance, to_family(instance, s))) if with_views else None,
    )
    if not with_views:  # the page fetches a row's board from its state token when clicked
        for row, node in zip(rows, rec.expansions, strict=True):
            row["state"] = fam.encode_state(instance, to_family(instance, node.state))
    return rows


def graph_picture(
    fam: Family, instance: Any, sol: SearchResult, rec: Recorder, path: list[Any], method: str
) -> str:
    """The explored state graph as standalone SVG, the solution path in red."""
    to_family = fam.engine_view().family_state
    base = fam.base_view(instance)

    def view(engine_state: Any) -> dict[str, Any]:
        return {**base, **fam.state_view(instance, to_family(instance, engine_state))}

    title = f"{method}: {len(rec.nodes)} states, {sol.stats.expanded} expanded"
    return graph_svg(rec, path, view, title=title)


def teaching_json(
    fam: Family, instance: Any, sol: SearchResult, rec: Recorder, path: list[Any], method: str
) -> dict[str, Any]:
    """The teaching view's data: expansion rows, totals, the graph picture."""
    rows = expansion_rows(fam, instance, rec, with_views=len(rec.expansions) <= TABLE_VIEWS_MAX)
    return {
        "expansions": rows,
        "expanded_total": sol.stats.expanded,
        "rows_truncated": len(rows) < sol.stats.expanded,
        "graph_nodes": len(rec.nodes),
        "graph_truncated": rec.truncated,
        "graph_svg": graph_picture(fam, instance, sol, rec, path, method),
    }


def solve_job(
    family_name: str,
    board: str,
    algorithm: str,
    heuristic: str,
    time_limit: float | None,
    max_nodes: int | None,
    teaching: bool,
    cancel: CancelToken,
    progress: Progress,
) -> dict[str, Any]:
    """Parse, solve (or teach) and serialise: the body of a solve job, as the job
    manager runs it in a child process (a picklable ``functools.partial`` of this
    function, completed with the job's cancel token and progress callback)."""
    fam = families.get(family_name)
    instance = read_board(fam, board)
    t, n = clamp_limits(time_limit, max_nodes)
    req = SolveRequest(algorithm, heuristic, t, n, cancel, progress)
    if teaching:
        sol, rec, path = teach(fam, instance, req)
        out = solution_json(fam, instance, sol)
        out["teaching"] = teaching_json(
            fam, instance, sol, rec, path, sol.algorithm.removesuffix(TEACH_SUFFIX)
        )
        return out
    return solution_json(
        fam, instance, fam.run(instance, algorithm, heuristic or None, **req.options())
    )


def hint(fam: Family, board: str, token: Any) -> dict[str, Any]:
    """The next move of an optimal solution from the position ``token`` (default: the
    start; bounded by
    :data:`HINT_TIME_LIMIT`; it runs in a gated child, stopped if its client hangs up)."""
    instance = read_board(fam, board)
    state = state_at(fam, instance, token)
    if fam.is_goal(instance, state):
        return {"move": None, "message": "already solved"}
    off = fam.no_hint(instance)
    if off:
        return {"move": None, "message": off}
    try:
        move = fam.suggest(
            instance,
            state,
            time_limit=HINT_TIME_LIMIT,
            max_nodes=DEFAULT_MAX_NODES,
        )
    except (NoHint, SolutionCheckError) as exc:  # no move, or one that failed its check
        return {"move": None, "message": str(exc)}
    if move is None:
        return {"move": None, "message": "no solution from this position"}
    return {
        "move": move.as_dict(lambda s: fam.encode_state(instance, s)),
        "message": f"try {move.label}",
    }
