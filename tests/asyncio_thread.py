"""``run_async``: a coroutine run to its end in a thread of its own.

The browser tests drive Chromium through Playwright's sync API, which keeps an event
loop running in the main thread for the whole session; there ``asyncio.run`` refuses to
start ("cannot be called from a running event loop"), so a test that passed alone failed
in the suite's order. Tests that drive the web app's asyncio code use this instead."""

from __future__ import annotations

import asyncio
import concurrent.futures
from collections.abc import Coroutine
from typing import Any, TypeVar

T = TypeVar("T")


def run_async(coro: Coroutine[Any, Any, T], timeout: float = 120) -> T:
    """``asyncio.run(coro)`` in a new thread; its value, or its exception raised here."""
    pool = concurrent.futures.ThreadPoolExecutor(1)
    try:
        return pool.submit(asyncio.run, coro).result(timeout)
    finally:
        pool.shutdown(wait=False)
