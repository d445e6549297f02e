"""The FastAPI application: static front end plus a small JSON API.

:func:`create_app` only assembles: the middleware, the lifespan that starts and stops
the worker processes, the static mount, and the routers, each in its own module with
its routes listed in its docstring:

* :mod:`searchlab.web.pages_api` the player page (``/``), ``/docs``, ``/view/styles.js``,
  the page's strings (``/api/i18n``) and the families (``/api/families``)
* :mod:`searchlab.web.play_api` a board validated, generated, solved (jobs), its moves,
  a hint, a rating (``/api/{family}/...``, ``/api/jobs/...``, ``/api/pages/...``)
* :mod:`searchlab.web.watch_api` the watch (``/watch``, ``/api/watch/...``)
* :mod:`searchlab.web.practice_api` the exercises (``/practice``, ``/api/practice/...``)

OpenAPI at ``/docs`` and ``/openapi.json``. Bad input answers 4xx with ``{"detail":
"<one-line message>"}`` (:mod:`searchlab.web.errors`); request bodies over ``max_body``
bytes answer 413 (:mod:`searchlab.web.middleware`). Solves run as jobs with a time
limit and a stored-node limit (:mod:`searchlab.web.service`), a light lane apart
from the heavy one, clients taking turns (:mod:`searchlab.web.jobs`); generation,
hints and ratings pass a :class:`~searchlab.web.gate.Gate` (a cheap lane heavy
work cannot fill, a heavy lane, work stopped when its client hangs up); all of
them run in child processes (:mod:`searchlab.web.worker`).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware
from fastapi.staticfiles import StaticFiles

from searchlab import __version__
from searchlab import families as registry
from searchlab.web import errors, pages_api, play_api, practice_api, watch_api
from searchlab.web.access import TokenGate
from searchlab.web.gate import Gate
from searchlab.web.jobs import JobManager
from searchlab.web.middleware import BodyLimit, HostCheck, JsonOnly, SafeSend, StaticMemory
from searchlab.web.pages_api import STATIC
from searchlab.web.play_api import MAX_BOARD

__all__ = ["MAX_BOARD", "MAX_BODY", "STATIC", "create_app"]

MAX_BODY = 1_000_000
log = logging.getLogger(__name__)


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
        docs_url=None,  # Swagger UI comes from a CDN: /docs is our own page (pages_api)
        redoc_url=None,
        responses=errors.ERRORS,
    )
    app.state.jobs = jobs
    # Answers over 1 kB go compressed to a client that takes gzip (traces come
    # compressed from their worker and pass as they are).
    app.add_middleware(StaticMemory, root=STATIC)  # inside the gzip: it passes them as they are
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
    app.include_router(practice_api.router())  # /practice and /api/practice/*: exercises
    errors.add_handlers(app)
    app.include_router(pages_api.router())  # /, /docs, the page's strings, the families
    app.include_router(play_api.router(jobs, generating, hinting))  # /api/{family}/*, jobs
    return app
