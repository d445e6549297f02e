"""Answers computed once and shared: a class opening one example costs one computation.

A :class:`SharedCache` maps a request's key (its canonical JSON) to the bytes of its
answer. The first request for a key starts the computation; identical requests
arriving while it runs wait on the same future; later ones get the stored bytes.
Stored answers are kept least recently used first within ``max_bytes``. A failed
computation (bad input, too busy) is not stored: each waiter gets its error and
the next request tries again. It lives on the event loop (no locks).
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from collections.abc import Awaitable, Callable


class SharedCache:
    """Bytes by key: computed once, shared by concurrent requests, an LRU in bytes."""

    def __init__(self, max_bytes: int) -> None:
        self.max_bytes = max_bytes
        self.size = 0
        self.computations = 0
        """How many computations were started (tests check sharing with it)."""
        self._done: OrderedDict[str, bytes] = OrderedDict()
        self._pending: dict[str, asyncio.Future[bytes]] = {}
        self._tasks: set[asyncio.Task[None]] = set()

    async def get(self, key: str, compute: Callable[[], Awaitable[bytes]]) -> bytes:
        """The answer for ``key``: stored, awaited from a computation under way, or
        computed now by ``compute()`` (whose exceptions every waiter receives)."""
        stored = self._done.get(key)
        if stored is not None:
            self._done.move_to_end(key)
            return stored
        future = self._pending.get(key)
        if future is None:
            future = asyncio.get_running_loop().create_future()
            # Retrieve the exception even when every waiter has gone: no "never
            # retrieved" warning in the server's log.
            future.add_done_callback(lambda f: f.cancelled() or f.exception())
            self._pending[key] = future
            self.computations += 1
            task = asyncio.get_running_loop().create_task(self._fill(key, future, compute))
            self._tasks.add(task)
            task.add_done_callback(self._tasks.discard)
        # shield: a waiter that goes away does not cancel the others' computation
        return await asyncio.shield(future)

    async def _fill(
        self, key: str, future: asyncio.Future[bytes], compute: Callable[[], Awaitable[bytes]]
    ) -> None:
        try:
            value = await compute()
        except Exception as exc:  # every waiter gets it
            future.set_exception(exc)
            return
        except BaseException:  # cancelled (the server stops)
            future.cancel()
            raise
        finally:
            self._pending.pop(key, None)
        future.set_result(value)
        self._store(key, value)

    def _store(self, key: str, value: bytes) -> None:
        if len(value) > self.max_bytes:
            return
        self._done[key] = value
        self.size += len(value)
        while self.size > self.max_bytes:
            _old, dropped = self._done.popitem(last=False)
            self.size -= len(dropped)
