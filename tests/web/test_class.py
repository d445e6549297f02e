"""Serving a class (issue 32): the token off loopback, the Host check, shared and
compressed traces, clients keyed by address, workers recycled, no traceback in the log."""

from __future__ import annotations

import asyncio
import contextlib
import functools
import gzip
import json
import multiprocessing
import os
import random
import re
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab import families, i18n
from searchlab.web import access, worker
from searchlab.web import i18n as web_i18n
from searchlab.web.app import STATIC, create_app
from searchlab.web.fair import FairLane, client_key
from searchlab.web.shared import SharedCache
from tests.asyncio_thread import run_async

TOKEN = "class-token-for-tests"
ROOM = "192.0.2.10"  # TEST-NET-1: the address a student reaches the server by
RUSH = "AA...O\nP..Q.O\nPXXQ.O\nP..Q..\nB...CC\nB.RRR.\n"
LONG_15 = "13 14 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n"
"""Solvable and far beyond IDA* with misplaced tiles: such a job runs until its time
limit (30 s). The BFS jobs used before ended in about 2 s (at their node limit, on an
unsolvable board), which six requests on a loaded machine outlasted: a flaky test."""


@pytest.fixture(scope="module")
def room() -> Iterator[TestClient]:
    """A class's server as a student's browser reaches it (by ROOM, with a token)."""
    app = create_app(hosts=frozenset({ROOM}), token=TOKEN)
    with TestClient(app, base_url=f"http://{ROOM}", follow_redirects=False) as c:
        yield c


def one_line(r: httpx.Response) -> str:
    detail: str = r.json()["detail"]
    assert "\n" not in detail and "Traceback" not in detail
    return detail


# -- the token ------------------------------------------------------------------------
def test_a_request_without_the_token_is_refused_in_one_line(room: TestClient) -> None:
    room.cookies.clear()
    for path in ("/", "/static/style.css", "/api/families", "/watch", "/docs"):
        r = room.get(path)
        assert r.status_code == 401, path
        assert r.headers["www-authenticate"] == "Bearer"
        assert "join link" in one_line(r)
    r = room.post("/api/npuzzle/validate", json={"board": "1 2 3\n4 5 6\n7 0 8\n"})
    assert r.status_code == 401
    spanish = room.get("/", headers={"accept-language": "es-MX,es;q=0.9"})
    assert "enlace" in one_line(spanish)


def test_a_wrong_token_is_403(room: TestClient) -> None:
    room.cookies.clear()
    answers = [
        room.get("/?token=nope"),
        room.get("/api/families", headers={"authorization": "Bearer nope"}),
    ]
    room.cookies.set("searchlab-token-80", "nope")
    answers.append(room.get("/"))
    room.cookies.clear()
    for r in answers:
        assert r.status_code == 403
        assert "wrong token" in one_line(r)


def test_the_join_link_sets_a_cookie_and_drops_the_token_from_the_address(
    room: TestClient,
) -> None:
    room.cookies.clear()
    r = room.get(f"/watch?family=maze&token={TOKEN}&lang=es")
    assert r.status_code == 303
    assert r.headers["location"] == "/watch?family=maze&lang=es"
    cookie = r.headers["set-cookie"]
    assert cookie.startswith(f"searchlab-token-80={TOKEN};")
    assert "HttpOnly" in cookie and "SameSite=Lax" in cookie
    assert room.get("/").status_code == 200  # the cookie from now on
    assert room.get("/api/families").status_code == 200
    room.cookies.clear()
    assert room.get("/").status_code == 401


def test_an_api_call_with_the_token_in_the_query_is_answered_and_sets_the_cookie(
    room: TestClient,
) -> None:
    room.cookies.clear()
    r = room.get(f"/api/families?token={TOKEN}")
    assert r.status_code == 200 and r.json()
    assert "set-cookie" in r.headers


def test_a_bearer_token_serves_scripts(room: TestClient) -> None:
    room.cookies.clear()
    r = room.get("/api/families", headers={"authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 200
    assert "set-cookie" not in r.headers


@settings(max_examples=60, deadline=None)
@given(st.text(max_size=40))
def test_no_other_token_passes(guess: str) -> None:
    async def ok(scope: Any, receive: Any, send: Any) -> None:
        await send({"type": "http.response.start", "status": 200, "headers": []})
        await send({"type": "http.response.body", "body": b""})

    gate = access.TokenGate(ok, TOKEN)
    statuses: list[int] = []

    async def send(message: Any) -> None:
        if message["type"] == "http.response.start":
            statuses.append(message["status"])

    async def receive() -> Any:
        return {"type": "http.request", "body": b""}

    scope = {
        "type": "http",
        "method": "GET",
        "path": "/api/families",
        "query_string": b"",
        "headers": [(b"authorization", f"Bearer {guess}".encode("utf-8", "replace"))],
        "server": ("127.0.0.1", 80),
    }
    run_async(gate(scope, receive, send))
    if guess.strip() == TOKEN:
        assert statuses == [200]
    else:
        assert statuses in ([401], [403])


def test_the_host_check_holds_with_a_token(room: TestClient) -> None:
    r = room.get("/", headers={"host": "evil.example", "authorization": f"Bearer {TOKEN}"})
    assert r.status_code == 421
    assert ROOM in one_line(r)


def test_the_names_a_wildcard_server_is_reached_by() -> None:
    names = access.machine_names("0.0.0.0")
    assert "0.0.0.0" in names
    assert socket.gethostname().lower() in names
    address = access.primary_address()
    if address:
        assert address in names
    assert access.machine_names("192.0.2.7") == frozenset({"192.0.2.7"})


# -- the server, off loopback, with raw sockets ----------------------------------------
@pytest.fixture(scope="module")
def class_server() -> Iterator[tuple[str, subprocess.Popen[str], Path]]:
    """``searchlab serve --host 0.0.0.0 --port 0``: its join link, process, log file."""
    exe = Path(sys.executable).with_name("searchlab")
    log = Path(os.environ.get("TMPDIR", "/tmp")) / f"searchlab-class-{os.getpid()}.log"
    with log.open("w") as err:
        proc = subprocess.Popen(
            [str(exe), "serve", "--host", "0.0.0.0", "--port", "0"],
            stdout=subprocess.PIPE,
            stderr=err,
            text=True,
            env={**os.environ, "PYTHONUNBUFFERED": "1", "LANGUAGE": "es", "LANG": "es_MX.UTF-8"},
        )
    assert proc.stdout is not None
    lines = [proc.stdout.readline() for _ in range(2)]
    join = re.search(r"(http://\S+\?token=\S+)", lines[1])
    assert join, lines
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        try:
            httpx.get(join.group(1), timeout=2)
            break
        except httpx.HTTPError:
            time.sleep(0.1)
    yield join.group(1), proc, log
    proc.terminate()
    proc.wait(10)
    log.unlink()


def test_serve_off_loopback_prints_a_join_link_and_requires_its_token(
    class_server: tuple[str, subprocess.Popen[str], Path],
) -> None:
    join, _proc, _log = class_server
    base, token = join.split("?token=")
    port = base.rstrip("/").rsplit(":", 1)[1]
    with httpx.Client(follow_redirects=True, timeout=10) as c:
        assert c.get(base).status_code == 401  # by the address students use
        assert c.get(f"http://127.0.0.1:{port}/").status_code == 401  # loopback too
        r = c.get(join)
        assert r.status_code == 200 and "<html" in r.text.lower()
        assert c.get(f"{base}api/families").status_code == 200  # the cookie
    r = httpx.get(f"{base}api/families", headers={"authorization": f"Bearer {token}"})
    assert r.status_code == 200


def test_a_given_token_is_used_and_a_short_one_refused(tmp_path: Path) -> None:
    exe = Path(sys.executable).with_name("searchlab")
    short = subprocess.run(
        [str(exe), "serve", "--host", "0.0.0.0", "--port", "0", "--token", "abc"],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert short.returncode != 0
    assert "Traceback" not in short.stderr and "--token" in short.stderr
    given = subprocess.Popen(
        [str(exe), "serve", "--host", "0.0.0.0", "--port", "0", "--token", "our-class-2026"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        assert given.stdout is not None
        lines = [given.stdout.readline() for _ in range(2)]
        assert lines[1].rstrip().endswith("/?token=our-class-2026"), lines
    finally:
        given.terminate()
        given.wait(10)


def test_malformed_requests_leave_no_traceback_in_the_log(
    class_server: tuple[str, subprocess.Popen[str], Path],
) -> None:
    join, _proc, log = class_server
    host, port = join.split("//")[1].split("/")[0].rsplit(":", 1)
    token = join.split("?token=")[1]
    body = b'{"board": "1 2 3\\n4 5 6\\n7 0 8\\n"}'
    head = (
        f"POST /api/npuzzle/validate HTTP/1.1\r\nHost: {host}:{port}\r\n"
        f"Authorization: Bearer {token}\r\nContent-Type: application/json\r\n"
        "Transfer-Encoding: chunked\r\n\r\n"
    ).encode()
    good = head + f"{len(body):x}\r\n".encode() + body + b"\r\n0\r\n\r\n"
    rng = random.Random(32)
    requests = [good[:n] for n in range(len(head) - 40, len(good), 5)]
    for _ in range(150):
        b = bytearray(good)
        for _ in range(rng.randint(1, 3)):
            at = rng.randrange(len(b))
            kind = rng.random()
            if kind < 0.35:
                b[at] = rng.randrange(256)
            elif kind < 0.7:
                del b[at : at + rng.randint(1, 5)]
            else:
                b[at:at] = rng.choice([b"\r\n", b"0", b"ff", b";x=y", b"\x00", b"-1"])
        requests.append(bytes(b))
    requests.append(head.replace(b"chunked", b"chunked, gzip") + b"zz\r\n\r\n")
    for raw in requests:
        with socket.create_connection(("127.0.0.1", int(port))) as s:
            s.sendall(raw)
            s.settimeout(0.5)
            with contextlib.suppress(OSError):
                s.recv(200)
    time.sleep(0.5)
    with httpx.Client(timeout=10) as c:  # still serving
        r = c.post(
            f"http://127.0.0.1:{port}/api/npuzzle/validate",
            json={"board": "1 2 3\n4 5 6\n7 0 8\n"},
            headers={"authorization": f"Bearer {token}"},
        )
        assert r.status_code == 200
    text = log.read_text()
    assert "Traceback" not in text
    assert 'File "' not in text


# -- traces: shared, compressed ---------------------------------------------------------
def trace_body(algorithm: str = "bfs") -> dict[str, Any]:
    return {"family": "rushhour", "board": RUSH, "algorithm": algorithm, "heuristic": "blocking"}


def test_identical_traces_asked_at_once_cost_one_computation() -> None:
    app = create_app()

    async def main() -> list[httpx.Response]:
        transport = httpx.ASGITransport(app=app, client=("127.0.1.1", 5000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as c:
            same = [c.post("/api/watch/trace", json=trace_body()) for _ in range(12)]
            return await asyncio.gather(*same)

    answers = run_async(main())
    assert [r.status_code for r in answers] == [200] * 12
    assert len({r.content for r in answers}) == 1
    assert app.state.trace_cache.computations == 1
    trace = answers[0].json()
    assert trace["status"] == "solved" and trace["family"] == "rushhour"


def test_traces_are_sent_gzip_compressed_and_plain_on_request(client: TestClient) -> None:
    zipped = client.post("/api/watch/trace", json=trace_body("astar"))
    assert zipped.status_code == 200
    assert zipped.headers["content-encoding"] == "gzip"
    wire = int(zipped.headers["content-length"])
    plain = client.post(
        "/api/watch/trace", json=trace_body("astar"), headers={"accept-encoding": "identity"}
    )
    assert "content-encoding" not in plain.headers
    assert plain.json() == zipped.json()
    assert wire * 5 < len(plain.content)  # 0.99 MB of JSON, some 70 kB on the wire
    families = client.get("/api/families")
    assert families.headers.get("content-encoding") == "gzip"


def test_a_bad_trace_request_is_not_stored(client: TestClient) -> None:
    for _ in range(2):
        r = client.post("/api/watch/trace", json={**trace_body(), "algorithm": "nope"})
        assert r.status_code == 422
        assert "nope" in one_line(r)


def test_the_shared_cache_keeps_recent_answers_within_its_bytes() -> None:
    cache = SharedCache(max_bytes=250)
    calls: list[str] = []

    async def main() -> None:
        async def make(key: str) -> bytes:
            calls.append(key)
            await asyncio.sleep(0.01)
            return key.encode() * 100

        for key in ("a", "b", "a", "c", "a", "b"):
            assert await cache.get(key, functools.partial(make, key)) == key.encode() * 100

        async def fail() -> bytes:
            raise ValueError("bad")

        for _ in range(2):
            with pytest.raises(ValueError):
                await cache.get("x", fail)

    run_async(main())
    # a, b stored; a used again; c pushes out b (least recently used); b computed again
    assert calls == ["a", "b", "c", "b"]
    assert cache.size <= 250
    assert cache.computations == 6


# -- what every page asks for as it opens: made once, served from memory ---------------
def test_every_family_is_imported_before_the_server_answers() -> None:
    """Families load on first use; the server loads them all at start-up, not on the
    event loop as the first pages ask (seconds of every request waiting, under load)."""
    script = (
        "import sys\n"
        "from fastapi.testclient import TestClient\n"
        "from searchlab.families import REGISTRY\n"
        "from searchlab.web.app import create_app\n"
        "app = create_app()\n"
        "modules = [t.split(':')[0] for t in REGISTRY.values()]\n"
        "assert not any(m in sys.modules for m in modules)\n"
        "with TestClient(app, base_url='http://127.0.0.1'):\n"
        "    print(sorted(m for m in modules if m not in sys.modules))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize("lang", ["en", "es"])
def test_the_page_strings_and_families_are_made_once_and_served_compressed(
    client: TestClient, lang: str
) -> None:
    i18n.use(lang)
    expected = {
        "/": (STATIC / "index.html").read_bytes(),
        f"/api/families?lang={lang}": [f.summary() for f in families.all_families()],
        f"/api/i18n?lang={lang}": web_i18n.page_messages(lang, ""),
    }
    i18n.use("en")
    for path, want in expected.items():
        plain = client.get(path, headers={"accept-encoding": "identity"})
        packed = client.get(path, headers={"accept-encoding": "gzip"})
        assert plain.headers.get("content-encoding") is None
        assert packed.headers["content-encoding"] == "gzip"
        assert plain.content == packed.content  # the client unpacked it
        assert (plain.content if isinstance(want, bytes) else plain.json()) == want
        again = client.get(path, headers={"if-none-match": plain.headers["etag"]})
        assert again.status_code == 304 and not again.content
    # the browser's language, when the page names none
    chosen = client.get("/api/i18n", headers={"accept-language": "es-MX,es;q=0.9"})
    assert chosen.json()["language"] == "es"


def test_every_static_file_is_served_from_memory_as_on_disk(client: TestClient) -> None:
    root = Path(str(STATIC))
    files = [p for p in sorted(root.rglob("*")) if p.is_file()]
    assert len(files) >= 10
    for path in files:
        url = "/static/" + path.relative_to(root).as_posix()
        plain = client.get(url, headers={"accept-encoding": "identity"})
        packed = client.get(url, headers={"accept-encoding": "gzip"})
        assert plain.status_code == packed.status_code == 200, url
        assert plain.content == packed.content == path.read_bytes(), url
        assert packed.headers["content-encoding"] == "gzip"
        assert client.get(url, headers={"if-none-match": plain.headers["etag"]}).status_code == 304
    assert (
        client.get("/static/js/app.js").headers["content-type"] == "text/javascript; charset=utf-8"
    )
    assert client.head("/static/style.css").content == b""
    # what is not a file there goes on to the static mount, as before
    assert client.get("/static/js/nothing.js").status_code == 404
    assert client.get("/static/../app.py").status_code == 404
    assert client.get("/static/js").status_code == 404


# -- clients keyed by address ---------------------------------------------------------
def test_page_ids_share_their_address_part() -> None:
    assert client_key("10.0.0.5") == "addr:10.0.0.5"
    app = create_app()

    async def main() -> tuple[list[int], int, str]:
        def client(address: str) -> httpx.AsyncClient:
            transport = httpx.ASGITransport(app=app, client=(address, 5000))
            return httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1")

        jobs: list[str] = []
        async with client("127.0.3.1") as script, client("127.0.3.2") as student:
            statuses = []
            for i in range(6):  # a fresh page id each time, as a script would
                body = {"board": LONG_15, "algorithm": "idastar", "heuristic": "misplaced",
                        "page": f"script-page-{i:04d}"}  # fmt: skip
                r = await script.post("/api/npuzzle/solve", json=body)
                statuses.append(r.status_code)
                if r.status_code == 202:
                    jobs.append(r.json()["job"])
            refused = str(r.json().get("detail", r.text))  # a 202 here fails the check below
            body = {"board": "1 2 3\n4 5 6\n7 0 8\n", "algorithm": "astar", "page": "student-01"}
            other = await student.post("/api/npuzzle/solve", json=body)
            for job in jobs:
                await script.post(f"/api/jobs/{job}/cancel")
            return statuses, other.status_code, refused

    statuses, other, refused = run_async(main())
    assert statuses == [202] * 4 + [429] * 2, (statuses, refused)
    assert "4 solves" in refused
    assert other == 202


def test_pages_behind_one_address_take_turns_inside_its_part() -> None:
    """One slot, held while the work is queued: clients take turns, and inside the
    address "a" its pages take turns too (p1's burst of three waits behind p2 and p3)."""
    lane = FairLane("test", slots=1, per_client=1)
    order: list[int] = []
    held = threading.Event()
    release = threading.Event()

    def blocker() -> None:
        held.set()
        release.wait(10)

    def task(n: int) -> None:
        order.append(n)

    try:
        lane.submit("z", blocker)
        assert held.wait(10)
        for client, page, n in [
            ("a", "p1", 1), ("a", "p1", 2), ("a", "p1", 3), ("a", "p2", 4),
            ("b", "q", 5), ("b", "q", 6), ("a", "p3", 7),
        ]:  # fmt: skip
            lane.submit(client, functools.partial(task, n), page=page)
        release.set()
        end = time.monotonic() + 10
        while len(order) < 7 and time.monotonic() < end:
            time.sleep(0.01)
    finally:
        lane.shutdown()
    # a and b alternate; a's turns go p1, p2, p3, then p1's rest
    assert order == [1, 5, 4, 6, 7, 2, 3]


# -- workers give their memory back ----------------------------------------------------
KEPT: list[bytearray] = []


def grow(megabytes: int) -> worker.Outcome:
    """A call that keeps ``megabytes`` of memory touched (as a large trace leaves it)."""
    KEPT.append(bytearray(os.urandom(1 << 20)) * megabytes)
    return ("ok", len(KEPT))


def test_a_worker_whose_memory_grew_is_not_kept() -> None:
    ctx = multiprocessing.get_context("fork")
    here, there = ctx.Pipe(duplex=True)
    child = ctx.Process(target=worker.serve_calls, args=(there, None, 32), daemon=True)
    child.start()
    there.close()
    try:
        here.send(functools.partial(grow, 1))
        assert here.recv() == (("ok", 1), True)  # small: kept
        here.send(functools.partial(grow, 64))
        assert here.recv() == (("ok", 2), False)  # grew 64 MB: ended
        child.join(10)
        assert child.exitcode == 0
    finally:
        if child.is_alive():
            child.kill()


def test_gzip_of_traces_is_deterministic() -> None:
    a = worker.trace(trace_body("astar"))
    b = worker.trace(trace_body("astar"))
    assert a[0] == "ok" and a == b
    assert json.loads(gzip.decompress(a[1]))["algorithm"] == "astar"


def test_a_failed_warm_up_is_one_line_not_a_traceback(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """The worker processes start in a thread at start-up; when their forkserver died
    (its stdout was a closed pipe) the thread printed an EOFError traceback."""
    from searchlab.web.jobs import JobManager

    def dead(self: JobManager) -> None:
        raise EOFError("unexpected EOF")

    monkeypatch.setattr(JobManager, "warm_up", dead)
    crashed: list[BaseException | None] = []
    monkeypatch.setattr(threading, "excepthook", lambda args: crashed.append(args.exc_value))
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        deadline = time.monotonic() + 10
        while "ahead" not in caplog.text and time.monotonic() < deadline:
            time.sleep(0.05)
        assert c.get("/api/families").status_code == 200
    assert crashed == []
    assert "could not start the worker processes ahead: unexpected EOF" in caplog.text
