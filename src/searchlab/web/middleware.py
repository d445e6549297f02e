"""The ASGI middleware every request passes: the Host check against DNS rebinding,
the body limit, JSON only, the static files from memory, and quiet closed connections.
``web/app.py`` stacks them (:func:`searchlab.web.app.create_app`)."""

from __future__ import annotations

import ipaddress
import json
import logging
import mimetypes
import pathlib
import re
from typing import Any

from fastapi import Request
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab.web.prepared import Prepared

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


class StaticMemory:
    """ASGI middleware: the front end's files (``GET``/``HEAD /static/...``), read,
    compressed and tagged once (:class:`Prepared`), answered from memory; any other
    path goes on (to the static mount, which answers 404s as before). Measured on a
    real server (260 gzip requests of the 13 files): 2.9 ms of the server's CPU a
    file through a file response (trips to a thread and back, gzip on the event
    loop), 0.9 ms from memory; the player's page opening asks for 24 of them (its
    stylesheet and script modules: 13 before the scripts were split by concern)."""

    def __init__(self, app: ASGIApp, root: Any, prefix: str = "/static/") -> None:
        self.app = app
        base = pathlib.Path(str(root))
        self.files = {
            prefix + path.relative_to(base).as_posix(): Prepared.of(
                path.read_bytes(),
                mimetypes.guess_type(path.name)[0] or "application/octet-stream",
            )
            for path in sorted(base.rglob("*"))
            if path.is_file()
        }

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "http" and scope["method"] in ("GET", "HEAD"):
            answer = self.files.get(scope["path"])
            if answer is not None:
                await answer.respond(Request(scope))(scope, receive, send)
                return
        await self.app(scope, receive, send)
