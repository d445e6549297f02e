"""Watch a search on a big grid: a compact trace, one cell number per event.

The watch's full trace (:mod:`searchlab.web.watch_trace`) sends every node with its
view and every step with its frontier: right for a small board and its search tree,
far too heavy for a 100 x 100 maze and its tens of thousands of expansions. On a
board whose states are its cells (a walker on a grid: :func:`watch_trace.cell_of`),
this trace sends instead, with cells numbered row-major (``r * cols + c``):

* ``order``: the cell expanded at each step (step ``k`` expands ``order[k - 1]``;
  step 0 is the start on the frontier), with ``g`` and ``h`` lists alongside;
* ``born``: for every cell, the step at which it was first generated (-1: never);
* ``frontier``: the frontier's size after each step;
* ``path``: the solution's cells, with its ``cost`` and ``length`` (moves).

The page (``static/js/gridcanvas.js``) draws it on a canvas. Bounded by
:data:`MAX_CELLS` cells, :data:`MAX_STEPS` expansions and :data:`TIME_LIMIT` seconds;
past a bound the trace ends with ``truncated`` set, as the full trace does.
"""

from __future__ import annotations

import time
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import PuzzleFamily
from searchlab.i18n import N_, _
from searchlab.search import SearchEvent
from searchlab.view import View, within
from searchlab.web import watch_trace

MAX_CELLS = 40_000
"""The largest board watched (200 x 200)."""
MAX_STEPS = 250_000
TIME_LIMIT = 8.0
COMPACT_ABOVE = watch_trace.MAX_CELLS
"""Grid boards with more cells than this are watched with the compact trace."""


def grid_board(fam: PuzzleFamily, instance: Any) -> View | None:
    """The instance's base view when its states are its cells (a walker on a grid,
    one cell per state); ``None`` otherwise."""
    if fam.engine is None:
        return None
    state = fam.initial(instance)
    if watch_trace.cell_of(fam.state_view(instance, state)) is None:
        return None
    view = fam.base_view(instance)
    return view if view.get("cells") else None


def wanted(fam: PuzzleFamily, instance: Any) -> bool:
    """Whether ``instance`` is watched with the compact trace: a grid board too large
    for the full one."""
    view = grid_board(fam, instance)
    return view is not None and int(view["rows"]) * int(view["cols"]) > COMPACT_ABOVE


class _Recorder:
    """Engine observer: the cells expanded and the step each cell was first generated."""

    def __init__(self, cells: int, cell_of: Any, heuristic: Any, deadline: float) -> None:
        self.cell_of = cell_of
        self.heuristic = heuristic
        self.deadline = deadline
        self.order: list[int] = []
        self.g: list[float] = []
        self.h: list[float] = []
        self.born = [-1] * cells
        self.frontier: list[int] = []
        self.open: set[int] = set()
        self.hs: dict[int, float] = {}
        self.goal_step = False
        self.truncated: str | None = None

    def start(self, cell: int) -> None:
        self.born[cell] = 0
        self.open.add(cell)

    def __call__(self, ev: SearchEvent) -> None:
        if ev.kind == "generate":
            cell = self.cell_of(ev.state)
            if self.born[cell] < 0:
                self.born[cell] = len(self.order)
            self.open.add(cell)
            return
        if ev.kind not in ("expand", "solution"):
            return
        if len(self.order) % 1024 == 0 and time.monotonic() > self.deadline:
            self.truncated = "time_limit"
            raise watch_trace.Stop
        cell = self.cell_of(ev.state)
        self.frontier.append(len(self.open))  # as the previous step left it
        self.open.discard(cell)
        if self.born[cell] < 0:
            self.born[cell] = len(self.order)
        if cell not in self.hs:
            self.hs[cell] = round(float(self.heuristic(ev.state)), 4)
        self.order.append(cell)
        self.g.append(round(float(ev.g), 4))
        self.h.append(self.hs[cell])
        if ev.kind == "solution":
            self.goal_step = True


def check_size(fam: PuzzleFamily, instance: Any) -> View:
    """The grid's base view; an InputError when it has more than :data:`MAX_CELLS`."""
    view = grid_board(fam, instance)
    if view is None:
        raise InputError(f"{fam.name} boards are not grids of cells")
    return within(
        view,
        MAX_CELLS,
        _(
            "this board is too large to watch ({rows}x{cols}; at most {max_cells} cells): "
            "try a smaller one"
        ),
    )


def check_any(fam: PuzzleFamily, instance: Any) -> View:
    """The board's base view if the watch can take it: up to :data:`MAX_CELLS` cells on
    a grid board, :data:`watch_trace.MAX_CELLS` on any other; else an InputError."""
    if grid_board(fam, instance) is not None:
        return check_size(fam, instance)
    return watch_trace.check_size(fam, instance)


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
    """Run ``algorithm`` on ``fam``'s engine problem for the grid board ``instance`` and
    return its compact trace (see the module docstring). The same InputErrors as
    :func:`watch_trace.record`."""
    watch_trace.check_request(fam, algorithm, weight)
    base = check_size(fam, instance)
    rows, cols = int(base["rows"]), int(base["cols"])
    problem = fam.engine_problem(instance, heuristic or None)
    to_family = fam.engine_view().family_state

    def cell_of(state: Any) -> int:
        rc = watch_trace.cell_of(fam.state_view(instance, to_family(instance, state)))
        assert rc is not None
        return rc[0] * cols + rc[1]

    rec = _Recorder(rows * cols, cell_of, problem.heuristic, time.monotonic() + time_limit)
    rec.start(cell_of(problem.initial_state()))
    rule = watch_trace.rule_for(algorithm, weight)
    result = watch_trace.watched_search(fam, instance, problem, algorithm, weight, max_steps, rec)
    if result is not None and result.status == "limit" and result.limit == "max_expansions":
        rec.truncated = "max_steps"
    rec.frontier.append(len(rec.open))  # after the last step
    solved = result is not None and result.status == "solved"
    path = [cell_of(s) for s in result.states] if solved and result is not None else []
    status = "limit" if result is None else result.status
    return {
        "family": fam.name,
        "algorithm": algorithm,
        "heuristic": heuristic or "",
        "weight": rule.h_weight if algorithm == "wastar" else None,
        "rule": rule.as_dict(),
        "uses_h": algorithm in watch_trace.H_ALGORITHMS,
        "status": status,
        "limit": rec.truncated or (result.limit if result is not None else None),
        "truncated": rec.truncated is not None,
        "expanded": len(rec.order) - (1 if rec.goal_step else 0),
        "cost": result.cost if solved and result is not None else None,
        "length": len(path) - 1 if path else None,
        "base": base,
        "grid": True,
        "compact": True,
        "rows": rows,
        "cols": cols,
        "order": rec.order,
        "g": rec.g,
        "h": rec.h,
        "born": rec.born,
        "frontier": rec.frontier,
        "goal_step": rec.goal_step,
        "path": path,
    }


MESSAGES = (
    N_("Wall"),
    N_("Erase"),
    N_("Cost {n} to enter"),
    N_("Move the start"),
    N_("Move the goal"),
    N_("Brush"),
    N_("Cost to enter a cell:"),
    N_(
        "Drag over the maze to paint with the chosen brush; a drag that starts on a cell "
        "already painted so erases. Drag the start or the goal to move it (or press Move "
        "the start, then the arrow keys). The search runs again as you paint."
    ),
    N_("Diagonal moves"),
    N_("Start and goal"),
    N_("Paths found: moves and cost"),
    N_("moves"),
    N_("cost"),
    N_("expanded"),
)
"""The strings of the brush and the canvas lanes (static/js/brush.js, gridcanvas.js),
served with the watch's (:data:`watch_api.WATCH_MESSAGES`)."""
