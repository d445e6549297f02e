"""The watch mode's routes: a search's trace, maze walls drawn by hand, the page's strings.

:func:`router` builds the :class:`~fastapi.APIRouter` that ``web/app.py`` includes:

* ``GET  /watch`` the standalone watch page (``?family=…&board=…&lang=es``)
* ``GET  /api/watch/families`` the families that can be watched, their engine
  algorithms, heuristics, small examples, and whether walls can be drawn
* ``POST /api/watch/trace`` ``{family, board, algorithm, heuristic, weight}``: the
  trace of :func:`searchlab.web.watch_trace.record`
* ``POST /api/watch/walls`` ``{family, board, cells, wall}``: the board with walls
  set (``wall`` true) or cleared on the given cells
* ``GET  /api/watch/i18n?lang=`` the watch page's strings and every algorithm's
  pseudocode (:mod:`searchlab.web.pseudocode`)

Traces run on a worker thread (two at once, four waiting, then 429), each bounded
in steps, nodes, bytes and time (:mod:`searchlab.web.watch_trace`). Bad input
answers 4xx with ``{"detail": "<one line>"}``.
"""

from __future__ import annotations

import asyncio
import functools
from collections.abc import Callable
from importlib.resources import files
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException
from fastapi.responses import FileResponse
from pydantic import BaseModel, Field

from searchlab import families, i18n
from searchlab.errors import InputError
from searchlab.families.contract import Example, PuzzleFamily
from searchlab.i18n import N_
from searchlab.search import solve
from searchlab.web import pseudocode, watch_trace

MAX_BOARD = 20_000
MAX_WALL_CELLS = watch_trace.MAX_CELLS
RUNNING, WAITING = 2, 4
STATIC = files("searchlab.web") / "static"
T = TypeVar("T")


class TraceIn(BaseModel):
    family: str = Field(max_length=40, description="A family name.")
    board: str = Field(max_length=MAX_BOARD, description="The board as text.")
    algorithm: str = Field(max_length=40, description="An engine algorithm (see families).")
    heuristic: str = Field(default="", max_length=40, description="A heuristic of the family.")
    weight: float | None = Field(default=None, description="Weighted A*'s weight (1-10).")


class WallsIn(BaseModel):
    family: str = Field(max_length=40)
    board: str = Field(max_length=MAX_BOARD)
    cells: list[tuple[int, int]] = Field(max_length=MAX_WALL_CELLS, description="[[r, c], …]")
    wall: bool = Field(description="true: make walls; false: clear them.")


def _family(name: str) -> PuzzleFamily:
    if name not in families.REGISTRY:
        raise HTTPException(
            404, f"unknown puzzle family {name[:40]!r}; known: {', '.join(families.names())}"
        )
    fam = families.get(name)
    if fam.problem is None:
        raise HTTPException(422, f"the {name} family cannot be watched (no engine problem)")
    return fam


def wall_grid(fam: PuzzleFamily, instance: Any) -> list[str] | None:
    """The board's text as rows of characters when walls can be drawn on it: the text
    is a grid matching the base view cell for cell, ``#`` where the view has a wall
    and ``.`` where it has floor (a grid maze). ``None`` for any other family."""
    view = fam.base_view(instance)
    cells = view.get("cells")
    lines = fam.format(instance).splitlines()
    if not cells or len(lines) != view["rows"]:
        return None
    for line, row in zip(lines, cells, strict=True):
        if len(line) != len(row):
            return None
        for a, b in zip(line, row, strict=True):
            if (a == "#") != (b == "#") or (a == ".") != (b == "."):
                return None
    if not any("#" in row or "." in row for row in cells):
        return None
    return lines


def set_walls(fam: PuzzleFamily, board: str, cells: list[tuple[int, int]], wall: bool) -> str:
    """``board`` with walls set (or cleared) on ``cells``; only floor and wall cells
    change (a start or a goal stays). An InputError when the family's boards are not
    drawn cell by cell, or a cell is off the board."""
    instance = fam.read(board)
    watch_trace.check_size(fam, instance)
    grid = wall_grid(fam, instance)
    if grid is None:
        raise InputError(f"walls cannot be drawn on {fam.name} boards")
    rows = [list(line) for line in grid]
    for r, c in cells:
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            raise InputError(f"cell ({r}, {c}) is off the board")
        if rows[r][c] in "#.":
            rows[r][c] = "#" if wall else "."
    text = "\n".join("".join(row) for row in rows) + "\n"
    return fam.format(fam.read(text))


def watchable(fam: PuzzleFamily) -> list[tuple[Example, Any]]:
    """``fam``'s examples the watch can run (small enough, with an engine problem), each
    with its instance."""
    out = []
    for ex in fam.examples:
        try:
            instance = fam.read(ex.text)
            watch_trace.check_size(fam, instance)
            fam.engine_problem(instance, None)
        except InputError:
            continue
        out.append((ex, instance))
    return out


OPENING_TRIES = 12
"""At most this many searches choose a family's opening (:func:`opening`)."""


@functools.cache
def opening(name: str) -> tuple[str, str]:
    """The example id and the algorithm the watch opens ``name``'s family on: the first
    (example, algorithm) whose search finishes within the watch's bounds, trying the
    examples in order, each with the default algorithm first (BFS, or the family's own
    when it offers one) then the others offered; the first example and the default
    algorithm when none finishes in :data:`OPENING_TRIES` searches. Computed once per
    family, by plain engine searches within the trace's bounds (no trace recorded: a
    few milliseconds each, where recording Rush Hour's took 0.8 s)."""
    fam = families.get(name)
    examples = watchable(fam)
    default = watch_trace.default_algorithm(fam)
    algorithms = [default, *(a for a in watch_trace.watch_algorithms(fam) if a != default)]
    heuristic = fam.heuristics[0] if fam.heuristics else None
    tries = 0
    for ex, instance in examples:
        for algorithm in algorithms:
            if tries >= OPENING_TRIES:
                break
            tries += 1
            result = solve(
                fam.engine_problem(instance, heuristic),
                algorithm,
                max_expansions=watch_trace.MAX_STEPS,
                max_nodes=watch_trace.MAX_NODES,
                time_limit=1.0,
            )
            if result.status == "solved":
                return ex.id, algorithm
    return (examples[0][0].id if examples else ""), default


def family_summary(fam: PuzzleFamily) -> dict[str, Any]:
    """What the watch page offers for ``fam``, its texts in the current language: the
    examples it can run, the one it opens on first (:func:`opening`)."""
    first, default = opening(fam.name)
    examples = [
        {
            "id": ex.id,
            "title": ex.shown_title(),
            "text": ex.text,
            "walls": wall_grid(fam, instance) is not None,
        }
        for ex, instance in watchable(fam)
    ]
    examples.sort(key=lambda e: e["id"] != first)  # the opening first, the others in order
    return {
        "name": fam.name,
        "title": i18n._(fam.title),
        "algorithms": watch_trace.watch_algorithms(fam),
        "default": default,
        "heuristics": list(fam.heuristics),
        "heuristic_labels": fam.heuristic_labels_shown(),
        "examples": examples,
    }


def trace(body: TraceIn) -> dict[str, Any]:
    """Parse the board and record the trace (runs on a worker thread)."""
    fam = _family(body.family)
    instance = fam.read(body.board)
    result = watch_trace.record(
        fam, instance, body.algorithm, body.heuristic or None, weight=body.weight
    )
    result["walls"] = wall_grid(fam, instance) is not None
    result["board"] = fam.format(instance)
    return result


class _Lane:
    """At most ``running`` traces at once and ``waiting`` queued; beyond, 429."""

    def __init__(self, running: int, waiting: int) -> None:
        self.slots = asyncio.Semaphore(running)
        self.limit = running + waiting
        self.inside = 0

    async def run(self, fn: Callable[[], T]) -> T:
        if self.inside >= self.limit:
            raise HTTPException(429, "too many searches being watched; try again in a moment")
        self.inside += 1
        try:
            async with self.slots:
                return await asyncio.to_thread(_checked, fn)
        finally:
            self.inside -= 1


def _checked(fn: Callable[[], T]) -> T:
    """``fn()`` with an InputError turned into a 422 (the router stands on its own)."""
    try:
        return fn()
    except InputError as exc:
        raise HTTPException(422, str(exc)) from None


def router() -> APIRouter:
    """The watch mode's routes (see the module docstring); one lane per application."""
    api = APIRouter()
    lane = _Lane(RUNNING, WAITING)

    @api.get("/watch", include_in_schema=False)
    async def watch_page() -> FileResponse:
        return FileResponse(str(STATIC / "watch.html"))

    @api.get("/api/watch/families", summary="The families whose searches can be watched")
    async def watch_families(lang: str = "en") -> list[dict[str, Any]]:
        def run() -> list[dict[str, Any]]:
            i18n.use(lang)
            return [family_summary(f) for f in families.all_families() if f.problem is not None]

        return await asyncio.to_thread(run)

    @api.post("/api/watch/trace", summary="A search's trace, expansion by expansion")
    async def watch_trace_route(body: TraceIn) -> dict[str, Any]:
        return await lane.run(lambda: trace(body))

    @api.post("/api/watch/walls", summary="A grid board with walls set or cleared")
    async def watch_walls(body: WallsIn) -> dict[str, Any]:
        fam = _family(body.family)
        board = await asyncio.to_thread(
            _checked, lambda: set_walls(fam, body.board, body.cells, body.wall)
        )
        return {"board": board}

    @api.get("/api/watch/i18n", summary="The watch page's strings in a language")
    async def watch_strings(lang: str = "en") -> dict[str, Any]:
        language = lang if lang in i18n.LANGUAGES else "en"
        return {
            "language": language,
            "messages": i18n.translated(WATCH_MESSAGES, language),
            "pseudocode": pseudocode.listings(language),
        }

    return api


WATCH_MESSAGES = (
    N_("current path: {n}"),
    N_("Greedy"),
    N_("Weighted A*"),
    N_("Bidirectional BFS"),
    N_("Backtracking"),
    N_("Whose tree"),
    N_("A node is named by its square: row·column, counted from the top left corner."),
    N_("Nodes are numbered in the order they were generated; the start is #0."),
    N_("nodes generated so far: {n}; drag to pan; ctrl + wheel, a pinch or the buttons zoom."),
    N_("Algorithm"),
    N_("Algorithm B"),
    N_("Back to the start"),
    N_("Board"),
    N_("Cannot change the walls: {message}"),
    N_("Cannot watch this search: {message}"),
    N_("Clear walls"),
    N_("Compare with a second algorithm"),
    N_("Current path (a depth-first search keeps no frontier)"),
    N_(
        "Drag over the maze to draw walls; start on a wall to erase. The search runs "
        "again when you lift the mouse or finger."
    ),
    N_("Draw walls"),
    N_("Expanded {node}: g = {g}, h = {h}, f = {f}, depth {d}"),
    N_("Fit"),
    N_("Fit the tree, pictures kept legible"),
    N_("Frontier, in the order added"),
    N_("Frontier, in the order added: the first {k} of {n} by the algorithm's order"),
    N_("Goal {node} reached: g = {g}"),
    N_("Heuristic"),
    N_("Heuristic B"),
    N_("It is the goal: the search ends there."),
    N_("Language"),
    N_("Legend"),
    N_("Mode"),
    N_("Next question"),
    N_("Next step"),
    N_("No solution: the whole space was searched."),
    N_("Not quite: {algo} expands {node}."),
    N_("Pause the search"),
    N_("Play the search"),
    N_("Predict the next step"),
    N_("Puzzle"),
    N_("Right!"),
    N_("Score: {right} right of {asked}"),
    N_("Search"),
    N_("Search steps"),
    N_("Search tree"),
    N_("Solved: a path of {n} moves, cost {cost}, after {e} expansions."),
    N_("Speed"),
    N_("Start: the frontier holds the start node."),
    N_("Step back"),
    N_("Step forward"),
    N_("Stopped after {n} expansions (the watch mode's limit): try a smaller board."),
    N_("Stopped: the search is too large to watch here ({limit})."),
    N_("The next step finds the goal as it is generated: nothing to choose."),
    N_("The search is over. {end}"),
    N_("This family's searches cannot be watched."),
    N_("To the end"),
    N_("Watch"),
    N_("Watch the search"),
    N_("Weight"),
    N_("Which frontier node does {algo} expand next? Choose it in the frontier list."),
    N_("Your choice {node} has {key} = {value}."),
    N_("Zoom in"),
    N_("Zoom out"),
    N_("choose {node}"),
    N_("current node: the one just expanded"),
    N_("expanded next"),
    N_("explored: already expanded"),
    N_("explored: {n}"),
    N_("frontier: generated, waiting to be expanded"),
    N_("frontier: {n}"),
    N_("goal"),
    N_("next node the algorithm takes"),
    N_("node"),
    N_("path: the solution found"),
    N_("searching…"),
    N_("start"),
    N_("step {i} of {n}"),
    N_("the board at node {node}"),
    N_("the search tree"),
    N_("this board"),
    N_("wall"),
    N_(
        "{algo} keeps no frontier to choose from: prediction works with BFS, DFS, UCS, "
        "greedy, A* and weighted A*."
    ),
    N_("{algo} takes the frontier node with the smallest {key}: {node} has {key} = {value}."),
    N_(
        "{algo} takes the node added last (last in, first out, a stack): {node} is the "
        "newest on the frontier."
    ),
    N_(
        "{algo} takes the node that has waited longest on the frontier (first in, first "
        "out): {node} was added before all the others."
    ),
    N_(
        "{n} nodes share that value; ties go to the larger g (the deeper node), then to "
        "the node added first."
    ),
    N_("{n} nodes share that value; ties go to the node added first."),
    N_("{n} nodes share that value; ties go to the node added last."),
    N_("{n} nodes share that value; ties go to the smaller g, then to the node added first."),
    N_("{n} steps/s"),
    # Why a trace stopped, in words (the web review): not the bound's name.
    N_("Stopped after {n} expansions: {why}. Try a smaller board."),
    N_("{nodes} nodes generated, as many as the watch mode keeps"),
    N_("its boards are too large to draw them all"),
    N_("the watch mode's time limit"),
    # The pseudocode beside the board and the frontier's sorting (issue 37).
    N_("Pseudocode"),
    N_("Play this puzzle"),
    N_("Pan and zoom"),
    N_("Drag and wheel move the tree instead of the page"),
    N_("The whole tree at once, however small"),
    N_("Whole tree"),
    N_("{n} steps with a single node on the frontier passed over: nothing to choose there."),
    N_("Right: {node} ties with {next} on {key}; the tie-break takes {next}."),
    N_("Show the frontier in the order added"),
    N_("Sort the frontier by {key}, the least first"),
    N_("Frontier sorted by {key}, the least first (ties in the order added)"),
    N_(
        "Frontier sorted by {key}, the least first (ties in the order added): the first {k} "
        "of {n} by the algorithm's order"
    ),
)
"""Every string watch.js and watch.html show (a test checks both files against it)."""
