"""Who may use a server that listens beyond loopback: a class's token, the machine's names.

``searchlab serve --host 0.0.0.0`` lets a room of students in; :class:`TokenGate`
keeps everyone else out, as Jupyter does. Every request must carry the server's
token: once as ``?token=…`` (the join link; the answer sets a cookie and, for a
page, redirects to the same address without the token), then by that cookie, or
as ``Authorization: Bearer …`` (scripts). Tokens are compared in constant time
(:func:`hmac.compare_digest`). A request without a token answers 401, a wrong
one 403, each with one line in the language the browser asks for.

:func:`machine_names` lists the addresses and names a server bound to ``host`` is
reached by, for the Host check (``web/middleware.py``'s ``HostCheck``).
"""

from __future__ import annotations

import contextlib
import fcntl
import hmac
import ipaddress
import json
import secrets
import socket
import struct
from http.cookies import SimpleCookie
from pathlib import Path
from urllib.parse import parse_qsl, urlencode

from starlette.types import ASGIApp, Message, Receive, Scope, Send

from searchlab import i18n
from searchlab.i18n import N_

COOKIE = "searchlab-token"
"""The cookie's name; the server's port is appended (two servers on one machine)."""

SIOCGIFADDR = 0x8915  # Linux: an interface's IPv4 address


def new_token() -> str:
    """A random token: 128 bits, 22 URL-safe characters."""
    return secrets.token_urlsafe(16)


NO_TOKEN = N_(
    "this server is for a class: open the join link the teacher gives (it ends in ?token=…)"
)
WRONG_TOKEN = N_("wrong token: ask the teacher for the join link again")


def _refusal(status: int, headers: dict[bytes, bytes]) -> bytes:
    """The one line a refused request gets, in the language its browser asks for."""
    language = i18n.parse_accept_language(headers.get(b"accept-language", b"").decode("latin-1"))
    message = NO_TOKEN if status == 401 else WRONG_TOKEN
    text = i18n.translated([message], language)[message]
    return json.dumps({"detail": text}, ensure_ascii=False).encode()


class TokenGate:
    """ASGI middleware: every request needs ``token`` (query, cookie or Bearer header)."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()

    def _matches(self, given: str) -> bool:
        return hmac.compare_digest(given.encode("utf-8", "replace"), self.token)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = dict(scope.get("headers", []))
        port = (scope.get("server") or ("", 0))[1]
        cookie_name = f"{COOKIE}-{port}"
        query = parse_qsl(scope.get("query_string", b"").decode("latin-1"), keep_blank_values=True)
        from_query = [v for k, v in query if k == "token"]
        given: str | None = None
        if from_query:
            given = from_query[-1]
        else:
            auth = headers.get(b"authorization", b"").decode("latin-1")
            if auth[:7].lower() == "bearer ":
                given = auth[7:].strip()
            else:
                jar: SimpleCookie = SimpleCookie()
                with contextlib.suppress(Exception):  # a malformed Cookie header: no cookie
                    jar.load(headers.get(b"cookie", b"").decode("latin-1"))
                if cookie_name in jar:
                    given = jar[cookie_name].value
        if given is None or not self._matches(given):
            status = 401 if not given else 403
            start: Message = {
                "type": "http.response.start",
                "status": status,
                "headers": [(b"content-type", b"application/json; charset=utf-8")]
                + ([(b"www-authenticate", b"Bearer")] if status == 401 else []),
            }
            await send(start)
            await send({"type": "http.response.body", "body": _refusal(status, headers)})
            return
        if not from_query:
            await self.app(scope, receive, send)
            return
        cookie = (f"{cookie_name}={given}; Path=/; HttpOnly; SameSite=Lax; Max-Age=86400").encode()
        path = scope.get("path", "")
        if scope["method"] in ("GET", "HEAD") and not path.startswith("/api/"):
            # A page opened by the join link: the same address without the token (so
            # it is not left in the address bar, the history, a screen shared).
            rest = urlencode([(k, v) for k, v in query if k != "token"])
            location = (path or "/") + (f"?{rest}" if rest else "")
            await send(
                {
                    "type": "http.response.start",
                    "status": 303,
                    "headers": [(b"location", location.encode()), (b"set-cookie", cookie)],
                }
            )
            await send({"type": "http.response.body", "body": b""})
            return

        async def with_cookie(message: Message) -> None:
            if message["type"] == "http.response.start":
                message = {
                    **message,
                    "headers": [*message.get("headers", []), (b"set-cookie", cookie)],
                }
            await send(message)

        await self.app(scope, receive, with_cookie)


def is_wildcard(host: str) -> bool:
    """Whether ``host`` is 0.0.0.0 or :: (every address of the machine)."""
    try:
        return ipaddress.ip_address(host).is_unspecified
    except ValueError:
        return False


def _interface_addresses() -> set[str]:
    """The machine's own IPv4 and IPv6 addresses (Linux; empty elsewhere)."""
    found: set[str] = set()
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        for _index, name in socket.if_nameindex():
            with contextlib.suppress(OSError):
                packed = struct.pack("256s", name.encode()[:15])
                answer = fcntl.ioctl(s.fileno(), SIOCGIFADDR, packed)
                found.add(socket.inet_ntoa(answer[20:24]))
    with contextlib.suppress(OSError):
        for line in Path("/proc/net/if_inet6").read_text().splitlines():
            hexa = line.split()[0]
            found.add(str(ipaddress.IPv6Address(bytes.fromhex(hexa))))
    return found


def primary_address() -> str | None:
    """The address other machines of the network reach this one by (the source address
    of the default route: a UDP socket is connected, no packet is sent), or None."""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as s:
        s.connect(("192.0.2.1", 9))  # TEST-NET-1: never routed anywhere
        address: str = s.getsockname()[0]
        if not ipaddress.ip_address(address).is_unspecified:
            return address
    return None


def machine_names(host: str) -> frozenset[str]:
    """The names and addresses a server listening on ``host`` is reached by: ``host``
    itself; for a wildcard, every address of the machine; and the machine's names
    (``hostname``, its fully qualified name, ``hostname.local``)."""
    names = {host.lower()}
    if is_wildcard(host):
        names |= _interface_addresses()
        address = primary_address()
        if address:
            names.add(address)
        hostname = socket.gethostname().lower()
        names |= {hostname, f"{hostname}.local"}
        with contextlib.suppress(OSError):
            names.add(socket.getfqdn().lower())
    return frozenset(n for n in names if n)
