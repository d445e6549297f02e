"""How the web application answers a fault: one line ``{"detail": "..."}`` and a 4xx
(or a 503 when the machine stopped a worker), never a traceback nor a 500.

:func:`add_handlers` installs the exception handlers on the application; :data:`ERRORS`
documents the answers in the OpenAPI schema."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field

from searchlab.errors import InputError, SolutionCheckError
from searchlab.web.gate import ClientGone, WorkerDied
from searchlab.web.jobs import TooBusyError


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


def add_handlers(app: FastAPI) -> None:
    """Answer the faults a route may raise with their status and one line."""

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
