"""The player's routes: a board read, generated, solved, hinted and rated.

:func:`router` builds the :class:`~fastapi.APIRouter` that ``web/app.py`` includes:

* ``POST /api/{family}/validate`` ``{board}``: description, views, start position
* ``POST /api/{family}/random`` ``{params}``: a random or generated board (text)
* ``POST /api/{family}/solve`` ``{board, algorithm, heuristic, time_limit, max_nodes,
  teaching}``: starts a job (202) and answers its id
* ``GET  /api/jobs/{id}`` the job's state, progress (nodes expanded) and result
* ``POST /api/jobs/{id}/cancel`` cancels it
* ``POST /api/{family}/difficulty`` ``{board}``: a one-line difficulty rating (Rush Hour)
* ``POST /api/pages/{page}/leave`` cancels the jobs a page started (sent when it closes)
* ``POST /api/{family}/moves`` ``{board, state}``: the legal moves of a position
* ``POST /api/{family}/hint`` ``{board, state}``: the next move of an optimal solution

Solves run as jobs of ``jobs`` (:class:`~searchlab.web.jobs.JobManager`: a time limit
and a stored-node limit, a light lane apart from the heavy one, clients taking turns);
generation passes the ``generating`` gate, hints and ratings the ``hinting`` one
(:class:`~searchlab.web.gate.Gate`). Boards are parsed on threads by parsers that are
linear in the text (``tests/web/test_parsers.py``); validated boards are shared.
"""

from __future__ import annotations

import asyncio
import functools
import json
from typing import Annotated, Any

from fastapi import APIRouter, HTTPException, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from searchlab import families as registry
from searchlab import i18n
from searchlab.web import service, worker
from searchlab.web.fair import client_key
from searchlab.web.gate import Gate
from searchlab.web.jobs import JobManager
from searchlab.web.service import Family
from searchlab.web.shared import SharedCache

MAX_BOARD = 200_000
VALIDATED_BYTES = 4_000_000
"""The validated boards kept (the examples every page shows as it opens, a class's boards)."""
PAGE_ID = r"^[A-Za-z0-9_-]{8,64}$"

FamilyName = Annotated[
    str,
    Path(
        description="A puzzle family (see /api/families).",
        json_schema_extra={"enum": registry.names()},
    ),
]


class PageIn(BaseModel):
    page: str | None = Field(
        default=None,
        max_length=64,
        pattern=PAGE_ID,
        description="The page's random id: a new solve cancels the page's earlier ones "
        "(the server shares its capacity among addresses, not pages).",
    )


class BoardIn(PageIn):
    board: str = Field(max_length=MAX_BOARD, description="The board as text.")


class RandomIn(PageIn):
    params: dict[str, float | None] = Field(
        default_factory=dict, description="Generator parameters, e.g. size, depth, seed."
    )


class SolveIn(BoardIn):
    algorithm: str = Field(description="An algorithm the family offers.")
    heuristic: str = Field(default="", description="A heuristic the family offers.")
    time_limit: float | None = Field(default=None, description="Seconds (server caps it).")
    max_nodes: int | None = Field(default=None, description="Stored-node limit (capped).")
    teaching: bool = Field(default=False, description="Record expansions and the state graph.")


class PositionIn(BoardIn):
    state: Any = Field(
        default=None, description="A state token from a previous answer (default: the start)."
    )


def router(jobs: JobManager, generating: Gate, hinting: Gate) -> APIRouter:
    """The player's routes (see the module docstring), running their work on ``jobs``
    (solves), ``generating`` (random boards) and ``hinting`` (hints and ratings)."""
    api = APIRouter()
    boards = SharedCache(VALIDATED_BYTES)

    @api.post(
        "/api/{family}/validate",
        summary="Parse a board; answer its start position",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def validate(family: FamilyName, body: BoardIn, lang: str = "en") -> Response:
        # Every page validates each family's first example as it opens: a class of
        # thirty opening the page at once parses each board once (a shared answer).
        fam = _family(family)
        language = lang if lang in i18n.LANGUAGES else "en"

        def parse() -> bytes:
            i18n.use(language)  # the description's language
            return json.dumps(
                service.validate(fam, body.board),
                ensure_ascii=False,
                allow_nan=False,
                separators=(",", ":"),
            ).encode()

        key = json.dumps([fam.name, language, body.board])
        answer = await boards.get(key, lambda: asyncio.to_thread(parse))
        return Response(answer, media_type="application/json")

    @api.post("/api/{family}/random", summary="A random or generated board")
    async def random_board(family: FamilyName, body: RandomIn, request: Request) -> dict[str, Any]:
        fam = _family(family)
        params = {k: v for k, v in body.params.items() if v is not None}
        board = await generating.run(
            functools.partial(worker.generate, fam.name, params),
            _client(request, body.page),
            request.is_disconnected,
        )
        return {"board": board}

    @api.post("/api/{family}/solve", status_code=202, summary="Start a solve job")
    async def start_solve(family: FamilyName, body: SolveIn, request: Request) -> dict[str, Any]:
        fam = _family(family)
        heuristic = body.heuristic or (fam.heuristics[0] if fam.heuristics else "")
        service.check_choice(fam, body.algorithm, heuristic, teaching=body.teaching)
        service.clamp_limits(body.time_limit, body.max_nodes)
        client = _client(request, body.page)
        if body.page is None:  # a page's new solve cancels its earlier ones: room then
            jobs.check_room(client)
        await asyncio.to_thread(service.read_board, fam, body.board)  # bad boards: 422
        job = jobs.submit(
            fam.name,
            functools.partial(
                service.solve_job,
                fam.name,
                body.board,
                body.algorithm,
                heuristic,
                body.time_limit,
                body.max_nodes,
                body.teaching,
            ),
            owner=body.page,
            client=client,
        )
        return {"job": job.id}

    @api.get("/api/jobs/{job_id}", summary="A solve job's progress and result")
    async def job_status(job_id: str) -> dict[str, Any]:
        job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id[:40]!r} (finished jobs are kept 15 minutes)")
        return job.snapshot()

    @api.post("/api/jobs/{job_id}/cancel", summary="Cancel a solve job")
    async def job_cancel(job_id: str) -> dict[str, Any]:
        job = jobs.cancel(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id[:40]!r}")
        return job.snapshot()

    @api.post("/api/{family}/difficulty", summary="A board's difficulty rating, when rated")
    async def rate_board(
        family: FamilyName, body: BoardIn, request: Request, lang: str = "en"
    ) -> dict[str, Any]:
        fam = _family(family)
        answer: dict[str, Any] = await hinting.run(
            functools.partial(worker.difficulty, fam.name, body.board, lang),
            _client(request, body.page),
            request.is_disconnected,
        )
        return answer

    @api.post("/api/pages/{page}/leave", summary="Cancel the jobs a page started")
    async def page_leave(page: str) -> dict[str, Any]:
        if len(page) > 64:
            raise HTTPException(404, "no such page")
        return {"cancelled": jobs.leave(page)}

    @api.post("/api/{family}/moves", summary="The legal moves of a position")
    async def moves(family: FamilyName, body: PositionIn) -> dict[str, Any]:
        fam = _family(family)
        return await asyncio.to_thread(service.moves, fam, body.board, body.state)

    @api.post("/api/{family}/hint", summary="The next move of an optimal solution")
    async def hint(
        family: FamilyName, body: PositionIn, request: Request, lang: str = "en"
    ) -> dict[str, Any]:
        fam = _family(family)
        answer: dict[str, Any] = await hinting.run(
            functools.partial(worker.hint, fam.name, body.board, body.state, lang),
            _client(request, body.page),
            request.is_disconnected,
        )
        return answer

    return api


def _client(request: Request, page: str | None = None) -> str:
    """The key the server shares its capacity by: the caller's address (``page`` buys
    no share of its own: :mod:`searchlab.web.fair`)."""
    del page
    return client_key(request.client.host if request.client else None)


def _family(name: str) -> Family:
    """The family called ``name``, or a 404 naming the known families."""
    if name not in registry.REGISTRY:
        raise HTTPException(
            404, f"unknown puzzle family {name[:40]!r}; known: {', '.join(registry.names())}"
        )
    return registry.get(name)
