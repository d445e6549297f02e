"""Fair shares of the server's slots: clients take turns, none can hold them all.

A *client* is a key the routes compute (:func:`client_key`): the caller's address.
Page ids are the client's to make up (a script can send a fresh one with each
request), so they never buy a share of their own: the pages of one address share
that address's part (a page id still names the solves a page owns, which a new
solve of the page cancels).
:class:`FairLane` runs tasks on a fixed number of threads, taking turns among
the clients that have work queued (round robin, one task a turn) and letting no
client run more than ``per_client`` tasks at once, so a burst from one client
waits behind its own work and never in front of another client's. Inside a
client's turn its pages take turns too (a task may name its page): thirty
students behind one school router (one address) share that address's part page by
page, and one page's burst waits behind itself there as well.
"""

from __future__ import annotations

import logging
import threading
from collections import Counter, deque
from collections.abc import Callable

log = logging.getLogger(__name__)


def client_key(address: str | None) -> str:
    """Who asks: ``addr:<address>`` (whatever page id the request names)."""
    return f"addr:{address or '?'}"


class FairLane:
    """``slots`` worker threads running queued tasks, clients taking turns."""

    def __init__(self, name: str, slots: int, per_client: int) -> None:
        if slots < 1 or per_client < 1:
            raise ValueError("a lane needs at least one slot and one task per client")
        self.name = name
        self.slots = slots
        self.per_client = per_client
        # client -> page -> its queued tasks; both dicts keep the turn order (next first)
        self._queues: dict[str, dict[str, deque[Callable[[], None]]]] = {}
        self._turns: deque[str] = deque()  # clients with queued tasks, next first
        self._running: Counter[str] = Counter()
        self._cond = threading.Condition()
        self._closed = False
        self._threads = [
            threading.Thread(target=self._serve, name=f"searchlab-{name}-{i}", daemon=True)
            for i in range(slots)
        ]
        for t in self._threads:
            t.start()

    def submit(self, client: str, task: Callable[[], None], page: str = "") -> None:
        """Queue ``task`` for ``client``'s ``page`` (it must not raise: exceptions are
        logged and dropped)."""
        with self._cond:
            if self._closed:
                return
            pages = self._queues.get(client)
            if pages is None:
                pages = self._queues[client] = {}
                self._turns.append(client)
            pages.setdefault(page, deque()).append(task)
            self._cond.notify()

    def running(self, client: str) -> int:
        """How many of ``client``'s tasks run now."""
        with self._cond:
            return self._running[client]

    def _take(self) -> tuple[str, Callable[[], None]] | None:
        """The next client's next task (the client moves to the back of the turns)."""
        for _ in range(len(self._turns)):
            client = self._turns[0]
            self._turns.rotate(-1)
            if self._running[client] >= self.per_client:
                continue
            pages = self._queues[client]
            page = next(iter(pages))
            queue = pages.pop(page)
            task = queue.popleft()
            if queue:
                pages[page] = queue  # the page goes to the back of its client's turns
            if not pages:
                del self._queues[client]
                self._turns.remove(client)
            self._running[client] += 1
            return client, task
        return None

    def _serve(self) -> None:
        while True:
            with self._cond:
                picked = self._take()
                while picked is None and not self._closed:
                    self._cond.wait()
                    picked = self._take()
                if picked is None:
                    return
            client, task = picked
            try:
                task()
            except Exception:  # a bug in a task: logged, the lane keeps serving
                log.exception("a task of lane %s failed", self.name)
            finally:
                with self._cond:
                    self._running[client] -= 1
                    if not self._running[client]:
                        del self._running[client]
                    self._cond.notify_all()

    def shutdown(self) -> None:
        """Drop the queued tasks and let the threads end once their task is done."""
        with self._cond:
            self._closed = True
            self._queues.clear()
            self._turns.clear()
            self._cond.notify_all()
