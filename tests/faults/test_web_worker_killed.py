"""A web call whose worker process is killed (the memory killer, an operator's kill -9)
is answered 503 with one line and a Retry-After, never 500; the next call gets a new
worker and its answer."""

from __future__ import annotations

import functools
import os
import signal
from typing import Any

import pytest
from fastapi.testclient import TestClient

from searchlab.web import gate as gate_module
from searchlab.web.app import create_app
from searchlab.web.gate import Gate, WorkerDied
from tests.asyncio_thread import run_async


def killed(_arg: int) -> tuple[str, Any]:
    """A gated call (module level, so it pickles) whose worker is killed under it."""
    os.kill(os.getpid(), signal.SIGKILL)
    return ("ok", None)  # never reached


def answer(value: int) -> tuple[str, Any]:
    return ("ok", value)


def test_a_killed_worker_is_worker_died_and_the_next_call_is_answered() -> None:
    gate = Gate("hints", cheap=1, triage_seconds=10)

    async def main() -> None:
        with pytest.raises(WorkerDied, match=r"stopped by signal 9 before answering: try again"):
            await gate.run(functools.partial(killed, 0), "addr:a")
        assert await gate.run(functools.partial(answer, 7), "addr:a") == 7
        assert not gate._admitted and not gate._heavy
        gate.shutdown()

    run_async(main())


def test_the_api_answers_503_with_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    async def dies(self: Gate, *args: Any, **kwargs: Any) -> Any:
        raise WorkerDied("the worker process was stopped by signal 9 before answering: try again")

    monkeypatch.setattr(gate_module.Gate, "run", dies)
    with TestClient(create_app(workers=1), base_url="http://127.0.0.1") as client:
        r = client.post("/api/rushhour/hint", json={"board": "card 1"})
    assert r.status_code == 503 and r.headers["retry-after"] == "1"
    detail = r.json()["detail"]
    assert "\n" not in detail and "try again" in detail
