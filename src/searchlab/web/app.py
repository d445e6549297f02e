"""The FastAPI application: static front end plus a small JSON API.

Routes (all JSON unless said otherwise; OpenAPI at ``/docs`` and ``/openapi.json``):

* ``GET  /`` the player (HTML); ``GET /static/...`` its CSS and JavaScript modules
* ``GET  /view/styles.js`` the cell fills and piece kinds of :mod:`searchlab.view.styles`
  as a JavaScript module (the page's ``searchlab/styles.js``)
* ``GET  /api/i18n`` the page's strings (``?lang=`` or the ``Accept-Language``'s language)
* ``GET  /api/families`` the families with their algorithms, heuristics, examples
* ``POST /api/{family}/validate`` ``{board}``: description, views, start position
* ``POST /api/{family}/random`` ``{params}``: a random or generated board (text)
* ``POST /api/{family}/solve`` ``{board, algorithm, heuristic, time_limit, max_nodes,
  teaching}``: starts a job (202) and answers its id
* ``GET  /api/jobs/{id}`` the job's state, progress (nodes expanded) and result
* ``POST /api/jobs/{id}/cancel`` cancels it
* ``POST /api/{family}/moves`` ``{board, state}``: the legal moves of a position
* ``POST /api/{family}/hint`` ``{board, state}``: the next move of an optimal solution
* ``POST /api/{family}/difficulty`` ``{board}``: a one-line difficulty rating (Rush Hour)
* ``POST /api/pages/{page}/leave`` cancels the jobs a page started (sent when it closes)

Bad input answers 4xx with ``{"detail": "<one-line message>"}``; request
bodies over ``max_body`` bytes answer 413. Solves run as jobs with a time
limit and a stored-node limit (:mod:`searchlab.web.service`), a light lane apart
from the heavy one, clients taking turns (:mod:`searchlab.web.jobs`); generation,
hints and ratings pass a :class:`~searchlab.web.gate.Gate` (a cheap lane heavy
work cannot fill, a heavy lane, work stopped when its client hangs up); all of
them run in child processes (:mod:`searchlab.web.worker`). Boards are parsed on
threads by parsers that are linear in the text (``tests/web/test_parsers.py``).
"""

from __future__ import annotations

import asyncio
import functools
import gzip
import hashlib
import ipaddress
import json
import logging
import re
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from importlib.resources import files
from typing import Annotated, Any

from fastapi import FastAPI, HTTPException, Path, Request
from fastapi.exceptions import RequestValidationError
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab import __version__, i18n
from searchlab import families as registry
from searchlab.errors import InputError, SolutionCheckError
from searchlab.view import styles_module
from searchlab.web import i18n as web_i18n
from searchlab.web import service, watch_api, worker
from searchlab.web.access import TokenGate
from searchlab.web.fair import client_key
from searchlab.web.gate import ClientGone, Gate, WorkerDied
from searchlab.web.jobs import JobManager, TooBusyError
from searchlab.web.practice_api import router as practice_router
from searchlab.web.service import Family
from searchlab.web.shared import SharedCache

MAX_BODY = 1_000_000
MAX_BOARD = 200_000
VALIDATED_BYTES = 4_000_000
"""The validated boards kept (the examples every page shows as it opens, a class's boards)."""
PAGE_ID = r"^[A-Za-z0-9_-]{8,64}$"
STATIC = files("searchlab.web") / "static"
log = logging.getLogger(__name__)


LOOPBACK_NAMES = frozenset({"localhost", "127.0.0.1", "::1"})


HOST_HEADER = re.compile(r"(?:\[(?P<v6>[0-9a-f:.]+)\]|(?P<name>[a-z0-9._-]+))(?::[0-9]{1,5})?")
"""A ``Host`` header as RFC 9110 allows it: a name or an address, an optional port."""


def host_name(header: str) -> str:
    """The host name of a ``Host`` header, without its port or IPv6 brackets; ``""``
    for anything else (``localhost:80@evil.com``, a path, spaces)."""
    m = HOST_HEADER.fullmatch(header.strip().lower())
    if m is None:
        return ""
    return m["v6"] or m["name"]


def is_loopback_name(name: str) -> bool:
    """Whether ``name`` is ``localhost`` or a loopback address (127.0.0.0/8, ::1)."""
    if name == "localhost" or name.endswith(".localhost"):
        return True
    try:
        return ipaddress.ip_address(name).is_loopback
    except ValueError:
        return False


class HostCheck:
    """ASGI middleware against DNS rebinding: answer 421 to any request whose
    ``Host`` header is not a loopback name or one of ``allowed`` (the names and
    addresses the server is reached by: :func:`searchlab.web.access.machine_names`).
    A page on another origin that rebinds its name to 127.0.0.1 still sends its own
    name as Host, and is refused."""

    def __init__(self, app: ASGIApp, allowed: frozenset[str]) -> None:
        self.app = app
        self.allowed = frozenset(a.lower() for a in allowed)
        others = sorted(a for a in self.allowed if not is_loopback_name(a))
        where = f"loopback names and {', '.join(others)[:300]}" if others else "loopback names"
        self.refusal = json.dumps(
            {"detail": f"unexpected Host header: this server answers {where} only"}
        ).encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http":
            headers = dict(scope.get("headers", []))
            name = host_name(headers.get(b"host", b"").decode("latin-1"))
            if not (is_loopback_name(name) or name in self.allowed):
                body = self.refusal
                await send(
                    {
                        "type": "http.response.start",
                        "status": 421,
                        "headers": [(b"content-type", b"application/json")],
                    }
                )
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)


class SafeSend:
    """ASGI middleware (the outermost): a response sent on a connection the HTTP layer
    has already closed (its client sent a malformed request, e.g. a broken chunked
    body, and was answered 400) is dropped quietly, instead of raising from the
    server's ``send`` into the application and printing a traceback."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        broken = False

        async def guarded(message: Message) -> None:
            nonlocal broken
            if broken:
                return
            try:
                await send(message)
            except Exception as exc:  # h11's LocalProtocolError, a reset connection
                broken = True
                log.debug("response dropped, the connection is closed: %s", exc)

        await self.app(scope, receive, guarded)


class BodyLimit:
    """ASGI middleware: refuse request bodies larger than ``limit`` bytes (413),
    whether announced by Content-Length or streamed in chunks."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length" and value.isdigit() and int(value) > self.limit:
                await _too_large(send, self.limit)
                return
        # Read the whole body first (it is small by construction), counting bytes,
        # then hand it to the app in one message.
        chunks: list[bytes] = []
        seen = 0
        while True:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunk = message.get("body", b"")
            seen += len(chunk)
            if seen > self.limit:
                await _too_large(send, self.limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        sent = False

        async def replay() -> Message:
            nonlocal sent
            if not sent:
                sent = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send)


class JsonOnly:
    """ASGI middleware: a POST body under ``/api/`` must be sent as JSON; any other
    declared content type answers 415 naming it (instead of a puzzling 422)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if (
            scope["type"] == "http"
            and scope["method"] == "POST"
            and scope["path"].startswith("/api/")
        ):
            headers = dict(scope.get("headers", []))
            declared = headers.get(b"content-type", b"").decode("latin-1")
            media = declared.split(";", 1)[0].strip().lower()
            has_body = headers.get(b"content-length", b"0") != b"0" or (
                b"transfer-encoding" in headers
            )
            if has_body and media and not (media == "application/json" or media.endswith("+json")):
                body = json.dumps(
                    {"detail": f"send the body as application/json, not {media[:60]}"}
                ).encode()
                await _answer(send, 415, body)
                return
        await self.app(scope, receive, send)


async def _answer(send: Send, status: int, body: bytes) -> None:
    await send(
        {
            "type": "http.response.start",
            "status": status,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


async def _too_large(send: Send, limit: int) -> None:
    body = f'{{"detail":"request body too large (limit {limit:,} bytes)"}}'.encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [(b"content-type", b"application/json")],
        }
    )
    await send({"type": "http.response.body", "body": body})


@dataclass(frozen=True, slots=True)
class Prepared:
    """An answer made once and served from memory: its bytes, their gzip (compressed
    once, at the best level) and an ETag (a repeated request is a 304)."""

    body: bytes
    gzipped: bytes
    media_type: str
    tag: str

    @classmethod
    def of(cls, body: bytes, media_type: str) -> Prepared:
        tag = f'"{hashlib.sha256(body).hexdigest()[:20]}"'
        return cls(body, gzip.compress(body, compresslevel=9, mtime=0), media_type, tag)

    @classmethod
    def json(cls, data: Any) -> Prepared:
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return cls.of(text.encode(), "application/json")

    def respond(self, request: Request) -> Response:
        headers = {"etag": self.tag, "vary": "Accept-Encoding", "cache-control": "no-cache"}
        if request.headers.get("if-none-match") == self.tag:
            return Response(status_code=304, headers=headers)
        if "gzip" in request.headers.get("accept-encoding", ""):
            headers["content-encoding"] = "gzip"
            return Response(self.gzipped, media_type=self.media_type, headers=headers)
        return Response(self.body, media_type=self.media_type, headers=headers)


class ErrorOut(BaseModel):
    """Every error answer: one line saying what is wrong."""

    detail: str = Field(description="One line saying what is wrong and what to do.")


ERRORS: dict[int | str, dict[str, Any]] = {
    code: {"model": ErrorOut, "description": text}
    for code, text in (
        (400, "The request could not be read."),
        (404, "No such family, job or page."),
        (413, "The request body is too large."),
        (415, "The body was not sent as application/json."),
        (421, "The Host header is not a loopback name (DNS rebinding guard)."),
        (422, "Bad input: a malformed board, an unknown algorithm, a value out of range."),
        (429, "Too busy: too many requests under way (yours or in all); try again shortly."),
    )
}
"""The error answers any API route may give, each ``{"detail": "<one line>"}``."""

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


FAVICON = (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16">'
    '<rect width="16" height="16" rx="3" fill="#1f4e79"/>'
    '<rect x="3" y="3" width="4" height="4" fill="#fff"/><rect x="9" y="3" width="4" height="4" '
    'fill="#fff"/><rect x="3" y="9" width="4" height="4" fill="#fff"/></svg>'
)


def create_app(
    *,
    workers: int = 2,
    max_body: int = MAX_BODY,
    hosts: frozenset[str] = frozenset(),
    token: str | None = None,
) -> FastAPI:
    """The searchlab web application (serve it with uvicorn on a loopback address).

    Requests must name a loopback host (or one of ``hosts``, the names and addresses
    the server is reached by) in their ``Host`` header: see :class:`HostCheck`. With
    a ``token`` (a server for a class), every request must carry it: see
    :class:`~searchlab.web.access.TokenGate`."""
    jobs = JobManager(workers=workers)
    generating = Gate("board generations")
    hinting = Gate("hints and ratings")
    tracing = watch_api.trace_gate()
    gates = (generating, hinting, tracing)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # Import every family before serving (they load on first use): done later,
        # the first pages' requests would import them on the event loop, a second
        # or more of every other request waiting (seen under a class's load).
        registry.all_families()
        stopping = threading.Event()

        def warm_up() -> None:
            # Warming is an optimisation: a failure costs the first calls a process
            # start, and is one line in the log (none when the server is stopping and
            # its forkserver went first), never a traceback.
            try:
                jobs.warm_up()
                for gate in gates:
                    gate.warm_up()
            except Exception as exc:
                if not stopping.is_set():
                    log.warning("could not start the worker processes ahead: %s", exc)

        threading.Thread(target=warm_up, daemon=True).start()
        yield
        stopping.set()
        jobs.shutdown()
        for gate in gates:
            gate.shutdown()

    app = FastAPI(
        title="searchlab player",
        version=__version__,
        description="Load, solve, animate and play puzzles; watch search algorithms work.",
        lifespan=lifespan,
        docs_url=None,  # Swagger UI comes from a CDN: /docs is our own page, below
        redoc_url=None,
        responses=ERRORS,
    )
    app.state.jobs = jobs
    # Answers over 1 kB go compressed to a client that takes gzip (traces come
    # compressed from their worker and pass as they are).
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=5)
    app.add_middleware(JsonOnly)
    app.add_middleware(BodyLimit, limit=max_body)
    if token is not None:
        app.add_middleware(TokenGate, token=token)
    app.add_middleware(HostCheck, allowed=hosts)  # a wrong Host is 421 first
    app.add_middleware(SafeSend)
    app.mount("/static", StaticFiles(directory=str(STATIC)), name="static")
    watching = watch_api.router(tracing)  # /watch and /api/watch/*: watching a search
    app.state.trace_cache = watching.trace_cache  # type: ignore[attr-defined]
    app.include_router(watching)
    app.include_router(practice_router())  # /practice and /api/practice/*: exercises

    @app.exception_handler(InputError)
    async def input_error(request: Request, exc: InputError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=422)

    @app.exception_handler(RequestValidationError)
    async def bad_request(request: Request, exc: RequestValidationError) -> JSONResponse:
        parts = [validation_message(err) for err in exc.errors()]
        return JSONResponse({"detail": "; ".join(parts) or "invalid request"}, status_code=422)

    @app.exception_handler(TooBusyError)
    async def too_busy(request: Request, exc: TooBusyError) -> JSONResponse:
        return JSONResponse({"detail": str(exc)}, status_code=429)

    @app.exception_handler(SolutionCheckError)
    async def answer_failed_check(request: Request, exc: SolutionCheckError) -> JSONResponse:
        # An internal defect caught before it was shown: one line, never a 500 nor the path.
        return JSONResponse(
            {"detail": f"internal error: {exc} (please report it)"}, status_code=422
        )

    @app.exception_handler(WorkerDied)
    async def worker_died(request: Request, exc: WorkerDied) -> JSONResponse:
        # the machine stopped the worker (a kill, the memory killer): not the request's
        # fault nor a bug of ours; a new worker replaces it, so asking again works
        return JSONResponse({"detail": str(exc)}, status_code=503, headers={"Retry-After": "1"})

    @app.exception_handler(ClientGone)
    async def client_gone(request: Request, exc: ClientGone) -> JSONResponse:
        # Nobody reads this: the client hung up and its work was stopped (nginx's 499).
        return JSONResponse({"detail": "the client closed the request"}, status_code=499)

    page = Prepared.of((STATIC / "index.html").read_bytes(), "text/html")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    async def index(request: Request) -> Response:
        # The player page from memory, compressed once: a class's thirty pages opening
        # at once are answered in one turn of the event loop each (a file response
        # takes several trips to a thread and back, each waiting its turn under load).
        return page.respond(request)

    @app.get("/docs", include_in_schema=False)
    async def api_docs() -> FileResponse:
        """The API's documentation, drawn from /openapi.json by a local page (offline)."""
        return FileResponse(str(STATIC / "docs.html"))

    @app.get("/favicon.ico", include_in_schema=False)
    async def favicon() -> Response:
        return Response(FAVICON, media_type="image/svg+xml")

    @app.get("/view/styles.js", include_in_schema=False)
    async def view_styles() -> Response:
        """The one table of cell fills and piece kinds, for the page's renderer."""
        return Response(styles_module(), media_type="text/javascript")

    # Every page opening asks for its strings and the families: the same answer for
    # everyone in a language, so each is made (validated, serialised, compressed) once
    # per language, not on the event loop for each of a class's thirty pages.
    strings: dict[str, Prepared] = {}
    family_lists: dict[str, Prepared] = {}

    @app.get(
        "/api/i18n",
        summary="The page's strings in the chosen or preferred language",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def page_strings(request: Request, lang: str | None = None) -> Response:
        accept = request.headers.get("accept-language", "")[:500]
        language = lang if lang in i18n.LANGUAGES else i18n.parse_accept_language(accept)
        if language not in strings:
            strings[language] = Prepared.json(web_i18n.page_messages(language, ""))
        return strings[language].respond(request)

    @app.get(
        "/api/families",
        summary="The puzzle families and their options",
        response_model=None,
        responses={200: {"content": {"application/json": {}}}},
    )
    async def families(request: Request, lang: str = "en") -> Response:
        language = lang if lang in i18n.LANGUAGES else "en"
        if language not in family_lists:
            i18n.use(language)  # this answer's texts; results and reasons stay in English
            family_lists[language] = Prepared.json([f.summary() for f in registry.all_families()])
        return family_lists[language].respond(request)

    boards = SharedCache(VALIDATED_BYTES)

    @app.post(
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

    @app.post("/api/{family}/random", summary="A random or generated board")
    async def random_board(family: FamilyName, body: RandomIn, request: Request) -> dict[str, Any]:
        fam = _family(family)
        params = {k: v for k, v in body.params.items() if v is not None}
        board = await generating.run(
            functools.partial(worker.generate, fam.name, params),
            _client(request, body.page),
            request.is_disconnected,
        )
        return {"board": board}

    @app.post("/api/{family}/solve", status_code=202, summary="Start a solve job")
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

    @app.get("/api/jobs/{job_id}", summary="A solve job's progress and result")
    async def job_status(job_id: str) -> dict[str, Any]:
        job = jobs.get(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id[:40]!r} (finished jobs are kept 15 minutes)")
        return job.snapshot()

    @app.post("/api/jobs/{job_id}/cancel", summary="Cancel a solve job")
    async def job_cancel(job_id: str) -> dict[str, Any]:
        job = jobs.cancel(job_id)
        if job is None:
            raise HTTPException(404, f"no job {job_id[:40]!r}")
        return job.snapshot()

    @app.post("/api/{family}/difficulty", summary="A board's difficulty rating, when rated")
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

    @app.post("/api/pages/{page}/leave", summary="Cancel the jobs a page started")
    async def page_leave(page: str) -> dict[str, Any]:
        if len(page) > 64:
            raise HTTPException(404, "no such page")
        return {"cancelled": jobs.leave(page)}

    @app.post("/api/{family}/moves", summary="The legal moves of a position")
    async def moves(family: FamilyName, body: PositionIn) -> dict[str, Any]:
        fam = _family(family)
        return await asyncio.to_thread(service.moves, fam, body.board, body.state)

    @app.post("/api/{family}/hint", summary="The next move of an optimal solution")
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

    return app


def validation_message(err: Any) -> str:
    """One of a request's validation errors as a person reads it: the field and what is
    wrong with it, or what is wrong with the body as a whole (not JSON, not an
    object, missing), where FastAPI's own words were "10: JSON decode error" and
    "Field required"."""
    loc = tuple(err.get("loc", ()))
    kind = err.get("type", "")
    if kind == "json_invalid":
        at = loc[1] if len(loc) > 1 else "?"
        reason = str((err.get("ctx") or {}).get("error", "")).split(":")[0][:80]
        return f"the body is not valid JSON ({reason or 'unreadable'}, at character {at})"
    if loc == ("body",):
        if kind == "missing":
            return "send a JSON object as the body"
        return "the body must be a JSON object, {...}"
    where = ".".join(str(x) for x in loc if x != "body")
    msg = str(err.get("msg", "invalid"))
    return f"{where}: {msg}" if where else msg


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
