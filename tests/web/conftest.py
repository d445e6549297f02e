"""Fixtures for the web tests: an API client, and for browser tests one server on a
free loopback port and one headless Chromium for the whole session."""

from __future__ import annotations

import os
import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from searchlab.web.app import create_app

CHROMIUM = os.environ.get("SEARCHLAB_CHROMIUM", "/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "web"


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(create_app(), base_url="http://127.0.0.1") as c:
        yield c


def wait_job(client: TestClient, job: str, timeout: float = 30.0) -> dict[str, Any]:
    """Poll a solve job until it ends; its final snapshot."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        snap: dict[str, Any] = client.get(f"/api/jobs/{job}").json()
        if snap["state"] in ("done", "failed"):
            return snap
        time.sleep(0.02)
    raise AssertionError(f"job {job} still running after {timeout} s")


def solve_done(client: TestClient, family: str, board: str, **body: Any) -> dict[str, Any]:
    """Solve ``board`` through the API (``algorithm`` "fast" unless given); the result."""
    body.setdefault("algorithm", "fast")
    r = client.post(f"/api/{family}/solve", json={"board": board, **body})
    assert r.status_code == 202, r.text
    snap = wait_job(client, r.json()["job"])
    assert snap["state"] == "done", snap
    result: dict[str, Any] = snap["result"]
    return result


@pytest.fixture(scope="session")
def server_url() -> Iterator[str]:
    """The app served by uvicorn on 127.0.0.1 at a free port, in a thread."""
    import uvicorn

    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    sock.bind(("127.0.0.1", 0))
    port = sock.getsockname()[1]
    server = uvicorn.Server(uvicorn.Config(create_app(), log_level="warning"))
    thread = threading.Thread(target=server.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    deadline = time.monotonic() + 10
    while not server.started:
        if time.monotonic() > deadline:
            raise RuntimeError("the test server did not start")
        time.sleep(0.02)
    yield f"http://127.0.0.1:{port}"
    server.should_exit = True
    thread.join(timeout=5)
    sock.close()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    if not (Path(CHROMIUM).exists() or shutil.which(CHROMIUM)):
        pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as pw:
        b = pw.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
        yield b
        b.close()


@pytest.fixture
def page(browser: Any, server_url: str) -> Iterator[Any]:
    """A fresh page; fails the test on any JavaScript error or request leaving the machine."""
    context = browser.new_context(viewport={"width": 1300, "height": 1000})
    pg = context.new_page()
    errors: list[str] = []
    outside: list[str] = []
    pg.on("pageerror", lambda exc: errors.append(str(exc)))
    pg.on(
        "request",
        lambda req: (
            outside.append(req.url)
            if not req.url.startswith((server_url, "data:", "blob:", "file:", "about:"))
            else None
        ),
    )
    pg.set_default_timeout(15_000)
    yield pg
    context.close()
    assert not errors, f"JavaScript errors: {errors}"
    assert not outside, f"requests left the machine: {outside}"


def screenshot(page: Any, name: str) -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    page.screenshot(path=str(path), full_page=True)
    return path
