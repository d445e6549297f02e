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

Traces run in worker processes (:func:`searchlab.web.worker.trace`: two at once,
ten waiting, then 429; :func:`trace_gate`), each bounded in steps, nodes, bytes and
time (:mod:`searchlab.web.watch_trace`), and are serialised and gzip-compressed
there: the server's event loop only sends bytes. Traces are deterministic, so they
are shared (:class:`~searchlab.web.shared.SharedCache`): identical requests cost one
computation, even when they arrive together (a class opening one example), and are
answered compressed (``Content-Encoding: gzip``; 1.4 MB of JSON is 0.12 MB on the
wire). Bad input answers 4xx with ``{"detail": "<one line>"}``.
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import json
from collections.abc import Callable
from importlib.resources import files
from typing import Any, TypeVar

from fastapi import APIRouter, HTTPException, Request
from fastapi.responses import FileResponse, Response
from pydantic import BaseModel, Field

from searchlab import families, i18n
from searchlab.errors import InputError, SolutionCheckError
from searchlab.families.contract import Example, PuzzleFamily
from searchlab.i18n import N_
from searchlab.search import solve
from searchlab.web import pseudocode, watch_grid, watch_trace, worker
from searchlab.web.fair import client_key
from searchlab.web.gate import Gate
from searchlab.web.jobs import TooBusyError
from searchlab.web.shared import SharedCache
from searchlab.web.watch_trace import wall_grid

MAX_BOARD = 45_000
"""A board's text: a 200 x 200 grid maze (:data:`watch_grid.MAX_CELLS`) and its newlines."""
MAX_WALL_CELLS = watch_grid.MAX_CELLS
RUNNING, WAITING = 2, 10
CACHE_BYTES = 32_000_000
"""The traces kept, compressed (a Rush Hour BFS trace is about 120 kB): hundreds."""
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
    if fam.engine is None:
        raise HTTPException(422, f"the {name} family cannot be watched (no engine problem)")
    return fam


def set_walls(fam: PuzzleFamily, board: str, cells: list[tuple[int, int]], wall: bool) -> str:
    """``board`` with walls set (or cleared) on ``cells``; only floor and wall cells
    change (a start or a goal stays). An InputError when the family's boards are not
    drawn cell by cell, or a cell is off the board."""
    instance = fam.read(board)
    watch_grid.check_any(fam, instance)
    grid = wall_grid(fam, instance)
    if grid is None:
        raise InputError(f"walls cannot be drawn on {fam.name} boards")
    rows = [list(line) for line in grid]
    text = fam.format(instance).splitlines()
    header = text[: len(text) - len(grid)]
    for r, c in cells:
        if not (0 <= r < len(rows) and 0 <= c < len(rows[r])):
            raise InputError(f"cell ({r}, {c}) is off the board")
        if rows[r][c] in "#.":
            rows[r][c] = "#" if wall else "."
    out = "\n".join([*header, *("".join(row) for row in rows)]) + "\n"
    return fam.format(fam.read(out))


def watchable(fam: PuzzleFamily) -> list[tuple[Example, Any]]:
    """``fam``'s examples the watch can run (small enough, with an engine problem), each
    with its instance."""
    out = []
    for ex in fam.examples:
        try:
            instance = fam.read(ex.text)
            watch_grid.check_any(fam, instance)
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
    """Parse the board and record the trace (:func:`watch_trace.watch`)."""
    fam = _family(body.family)
    return watch_trace.watch(fam, body.board, body.algorithm, body.heuristic, body.weight)


def trace_key(body: TraceIn) -> str:
    """A trace request's canonical form: equal for requests that get the same trace
    (traces are deterministic)."""
    return json.dumps(body.model_dump(), sort_keys=True, separators=(",", ":"))


def _checked(fn: Callable[[], T]) -> T:
    """``fn()`` with an InputError turned into a 422 (the router stands on its own), and
    a search whose solution failed its replay into a 422 saying so (one line, never a
    500 nor a trace drawing the wrong path)."""
    try:
        return fn()
    except InputError as exc:
        raise HTTPException(422, str(exc)) from None
    except SolutionCheckError as exc:
        raise HTTPException(422, f"internal error: {exc} (please report it)") from None


def _client(request: Request) -> str:
    return client_key(request.client.host if request.client else None)


def trace_gate() -> Gate:
    """The traces' worker processes: two at once, ten more waiting, two per address
    (compare mode). A trace still running after 3 s (a large board, a loaded
    machine) goes on at a lower priority, two such at once, both of one address's if
    need be (a compare pair: a trace shared by a class is started by whoever asked
    first, and its partner was refused to all thirty when only one could be long);
    every trace stops itself after :data:`~searchlab.web.watch_trace.TIME_LIMIT`
    seconds of search."""
    return Gate(
        "searches being watched",
        cheap=RUNNING,
        waiting=WAITING,
        heavy=2,
        per_client=2,
        heavy_per_client=2,
        triage_seconds=3.0,
        time_cap=4 * watch_trace.TIME_LIMIT,
    )


def router(gate: Gate | None = None, cache: SharedCache | None = None) -> APIRouter:
    """The watch mode's routes (see the module docstring). Traces run on ``gate``'s
    worker processes and are shared through ``cache`` (new ones by default; the
    application passes its own, to start and stop the gate's workers with it)."""
    api = APIRouter()
    traces = gate or trace_gate()
    answers = cache or SharedCache(CACHE_BYTES)
    api.trace_cache = answers  # type: ignore[attr-defined]  # for tests

    @api.get("/watch", include_in_schema=False)
    async def watch_page() -> FileResponse:
        return FileResponse(str(STATIC / "watch.html"))

    @api.get("/api/watch/families", summary="The families whose searches can be watched")
    async def watch_families(lang: str = "en") -> list[dict[str, Any]]:
        def run() -> list[dict[str, Any]]:
            i18n.use(lang)
            return [family_summary(f) for f in families.all_families() if f.engine is not None]

        return await asyncio.to_thread(run)

    @api.post(
        "/api/watch/trace",
        summary="A search's trace, expansion by expansion",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def watch_trace_route(body: TraceIn, request: Request) -> Response:
        _family(body.family)  # an unknown family: 404 here, before any work

        async def compute() -> bytes:
            try:
                data: bytes = await traces.run(
                    functools.partial(worker.trace, body.model_dump()), _client(request)
                )
            except TooBusyError:
                raise HTTPException(
                    429, "too many searches being watched; try again in a moment"
                ) from None
            except InputError as exc:
                raise HTTPException(422, str(exc)) from None
            return data

        packed = await answers.get(trace_key(body), compute)
        headers = {"vary": "accept-encoding", "cache-control": "no-store"}
        if "gzip" in request.headers.get("accept-encoding", "").lower():
            headers["content-encoding"] = "gzip"
            return Response(packed, media_type="application/json", headers=headers)
        plain = await asyncio.to_thread(gzip.decompress, packed)
        return Response(plain, media_type="application/json", headers=headers)

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
            "messages": i18n.translated(ALL_MESSAGES, language),
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
    N_("The server is busy: trying again in {n} s…"),
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

ALL_MESSAGES = WATCH_MESSAGES + watch_grid.MESSAGES
"""The watch's strings and those of its grid tools (brush, canvas lanes)."""
