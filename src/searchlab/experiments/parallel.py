"""Map a function over work items: in-process, on a local process pool, or on Dask.

Dask runs either on a distributed scheduler (``scheduler``) or, with ``local_dask``,
on a ``LocalCluster`` of ``workers`` processes started here and shut down on the way
out (what :class:`Workers`, the runner a family's parallel task is given, uses by
default, so the same code runs on one machine and on a cluster).

All backends yield results as they complete and poll a cancel token
(Ctrl-C in the CLI) between results, so an interrupted experiment stops
promptly and keeps what finished. The process pool uses the ``spawn`` start
method (safe with the threads of a progress bar or a Dask client); its
workers ignore SIGINT, the pool is terminated on the way out, and each worker
dies with its parent even when the parent is killed with SIGKILL (no clean-up
runs then), so no run outlives the experiment. A ``LocalCluster``'s worker
processes need nothing of ours for that: Dask starts each one with a pipe its
parent holds open and a thread that exits the worker when the pipe closes
(``distributed.process.AsyncProcess``), which a SIGKILL of the parent does
(tests/experiments/test_parallel.py checks both backends); they ignore SIGINT
too (:func:`dask_setup`), so Ctrl-C in a terminal, which reaches the whole
process group, leaves the parent to stop them.
"""

from __future__ import annotations

import contextlib
import logging
import multiprocessing
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.limits import CancelToken

T = TypeVar("T")
R = TypeVar("R")

POLL_SECONDS = 0.2
CONNECT_TIMEOUT = "10s"
"""How long to try reaching a Dask scheduler before giving up."""
PR_SET_PDEATHSIG = 1
"""Linux ``prctl`` option: the signal a process receives when its parent dies."""
WATCH_SECONDS = 1.0
"""How often a worker's watchdog thread checks that its parent is alive."""


def map_unordered(
    fn: Callable[[T], R],
    items: Sequence[T],
    *,
    workers: int = 1,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    local_dask: bool = False,
    memory_limit: str = "auto",
) -> Iterator[R]:
    """Yield ``fn(item)`` for every item, in completion order.

    Parameters
    ----------
    fn : callable
        A module-level function (it is pickled for the pool and for Dask).
    items : sequence
        Picklable work items.
    workers : int
        1 (or a single item): run in this process, in order; more: a local pool
        of that many processes (at most one per item).
    scheduler : str, optional
        The address of a Dask distributed scheduler (``tcp://host:8786``); overrides ``workers``.
    cancel : CancelToken, optional
        Stop (without waiting for running items) once it is set.
    local_dask : bool
        Run on a Dask ``LocalCluster`` of ``workers`` single-threaded processes
        (each with ``memory_limit``) instead of a process pool.
    """
    if not items:
        return iter(())
    if scheduler is not None:
        return _dask(fn, items, scheduler, cancel)
    if workers < 1:
        raise InputError(_("--workers must be at least 1"))
    workers = min(workers, len(items))
    if local_dask:
        return _dask(fn, items, None, cancel, workers, memory_limit)
    if workers == 1:
        return _serial(fn, items, cancel)
    return _pool(fn, items, workers, cancel)


def usable_cpus() -> int:
    """The CPUs this process may run on (its affinity mask; the machine's count where
    there is none): the default number of local workers."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


@dataclass(frozen=True, slots=True)
class Workers:
    """A :class:`~searchlab.families.parallel.Runner` over :func:`map_unordered`:
    ``workers`` local Dask worker processes (a ``LocalCluster``; default one per usable
    CPU, :func:`usable_cpus`),
    0 for this process, or the cluster of the Dask ``scheduler`` when one is given."""

    workers: int | None = None
    scheduler: str | None = None

    @property
    def local(self) -> bool:
        return self.scheduler is None

    def map(
        self,
        fn: Callable[[T], R],
        items: Sequence[T],
        /,
        *,
        cancel: CancelToken | None = None,
        memory_limit: str = "auto",
    ) -> Iterator[R]:
        n = usable_cpus() if self.workers is None else self.workers
        return map_unordered(
            fn,
            items,
            workers=max(n, 1),
            scheduler=self.scheduler,
            cancel=cancel,
            local_dask=self.scheduler is None and n > 0,
            memory_limit=memory_limit,
        )


def _serial(fn: Callable[[T], R], items: Sequence[T], cancel: CancelToken | None) -> Iterator[R]:
    for item in items:
        if cancel is not None and cancel.is_set():
            return
        yield fn(item)


def _worker_start(parent: int) -> None:
    """A pool worker's initializer: ignore Ctrl-C (the parent handles it) and die with
    the parent, even when it is killed outright (SIGKILL from a job scheduler or
    ``timeout -s KILL``), which runs no clean-up: on Linux the kernel sends the worker
    SIGKILL when its parent dies (``prctl(PR_SET_PDEATHSIG)``); elsewhere, and for
    the moment before that is set, a watchdog thread sees the parent gone."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except (OSError, AttributeError):
            pass
    if os.getppid() != parent:  # the parent died before the death signal was set
        os._exit(1)
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def dask_setup(worker: Any) -> None:
    """Dask's preload hook, run in each ``LocalCluster`` worker process as it starts:
    ignore Ctrl-C, as the pool's workers do (:func:`_worker_start`). A terminal sends
    SIGINT to the whole process group; the parent stops the work and closes the
    cluster, and a worker that took the signal itself would only print a
    KeyboardInterrupt traceback."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


_EAR = (
    "import signal, sys\n"
    "signal.signal(signal.SIGINT, lambda *_: (sys.stdout.write('!'), sys.stdout.flush()))\n"
    "sys.stdout.write('.'); sys.stdout.flush()\n"
    "sys.stdin.buffer.read()\n"
)
"""The listener of :func:`workers_deaf_to_ctrl_c`: says ``.`` once it listens, ``!`` for
each Ctrl-C it hears, and exits when its parent closes its standard input (or dies)."""
EAR_READY_SECONDS = 30.0
"""How long :func:`workers_deaf_to_ctrl_c` waits for its listener to listen (a Python
start, slower on a loaded machine): a Ctrl-C pressed before it listens was lost."""


@contextlib.contextmanager
def workers_deaf_to_ctrl_c() -> Iterator[None]:
    """Start worker processes inside this block: they are born ignoring Ctrl-C, and a
    Ctrl-C pressed meanwhile is raised (``KeyboardInterrupt``) when the block ends.

    A terminal's Ctrl-C reaches the whole process group, and a worker that takes it
    while Python is still importing (before :func:`_worker_start` or :func:`dask_setup`
    can ignore it) prints a ``KeyboardInterrupt`` traceback, or makes Dask's start fail
    ("Nanny failed to start"). A signal's *ignored* disposition survives ``fork`` and
    ``exec`` (a blocked mask does not: :mod:`multiprocessing` clears it) and Python keeps
    it at start-up, so this process ignores SIGINT while the block starts them. So that a
    Ctrl-C of those seconds (a Dask cluster's start) is not lost, a small listener
    process, in the same process group and with its own handler, hears it for us.
    Outside the main thread (only it may set handlers) nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    import subprocess

    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    ear: subprocess.Popen[bytes] | None = None
    try:
        with contextlib.suppress(OSError):
            ear = subprocess.Popen(
                [sys.executable, "-c", _EAR], stdin=subprocess.PIPE, stdout=subprocess.PIPE
            )
        if ear is not None and ear.stdout is not None:  # wait until it listens
            import select

            if select.select([ear.stdout], [], [], EAR_READY_SECONDS)[0]:
                ear.stdout.read(1)
        yield
    finally:
        heard = b""
        if ear is not None:
            with contextlib.suppress(OSError, subprocess.TimeoutExpired):
                heard, _err = ear.communicate(timeout=5)
            if ear.poll() is None:
                ear.kill()
                ear.wait()
        signal.signal(signal.SIGINT, old)
    if b"!" in heard:
        raise KeyboardInterrupt


def _pool(
    fn: Callable[[T], R], items: Sequence[T], workers: int, cancel: CancelToken | None
) -> Iterator[R]:
    ctx = multiprocessing.get_context("spawn")
    pool = None
    try:
        with workers_deaf_to_ctrl_c():
            pool = ctx.Pool(workers, initializer=_worker_start, initargs=(os.getpid(),))
        results = pool.imap_unordered(fn, items, chunksize=1)
        for _ in range(len(items)):
            while True:
                if cancel is not None and cancel.is_set():
                    return
                try:
                    value = results.next(timeout=POLL_SECONDS)
                except multiprocessing.TimeoutError:
                    continue
                break
            yield value
    finally:
        if pool is not None:
            with _deaf():  # a second Ctrl-C cut the clean-up short: "leaked semaphore"
                pool.terminate()
                pool.join()


@contextlib.contextmanager
def _deaf() -> Iterator[None]:
    """Ignore Ctrl-C for the block (in the main thread; elsewhere nothing changes): the
    pool's clean-up runs to its end, and its semaphores are released."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)


def _dask(
    fn: Callable[[T], R],
    items: Sequence[T],
    address: str | None,
    cancel: CancelToken | None,
    workers: int = 1,
    memory_limit: str = "auto",
) -> Iterator[R]:
    try:
        import distributed
    except ImportError:
        what = "--scheduler" if address else _("a local Dask cluster")
        raise InputError(
            _("{what} needs Dask distributed: pip install 'searchlab[cluster]'").format(what=what)
        ) from None
    dist: Any = distributed  # untyped package
    cluster = client = None
    if address is None:
        try:
            with workers_deaf_to_ctrl_c():
                cluster = dist.LocalCluster(
                    n_workers=workers,
                    threads_per_worker=1,
                    processes=True,
                    memory_limit=memory_limit,
                    dashboard_address=":0",  # any free port: never clashes with another
                    silence_logs=logging.CRITICAL,  # no noise as Ctrl-C closes the workers
                    preload=[__name__],  # each worker runs dask_setup below as it starts
                )
                client = dist.Client(cluster)
        except BaseException:
            if client is not None:
                client.close()
            if cluster is not None:
                cluster.close()
            raise
    else:
        try:
            client = dist.Client(address, timeout=CONNECT_TIMEOUT)
        except (OSError, TimeoutError, ValueError) as exc:
            raise InputError(
                _("cannot connect to the Dask scheduler at {address}: {exc}").format(
                    address=address, exc=exc
                )
            ) from None
    return _dask_results(fn, items, client, cluster, cancel)


def _dask_results(
    fn: Callable[[T], R], items: Sequence[T], client: Any, cluster: Any, cancel: CancelToken | None
) -> Iterator[R]:
    import distributed

    dist: Any = distributed
    futures = client.map(fn, list(items), pure=False)
    tornado_log = logging.getLogger("tornado.application")
    tornado_log.addFilter(_sync_cancel_race)
    try:
        pending = dist.as_completed(futures)
        while not pending.is_empty():
            if cancel is not None and cancel.is_set():
                return
            if not pending.has_ready():
                time.sleep(0.02)
                continue
            for future in pending.next_batch(block=False):
                yield future.result()
    finally:
        with _deaf():  # as the pool's: a second Ctrl-C cut the closing short
            client.cancel(futures)
            client.close()
            if cluster is not None:
                cluster.close()
        tornado_log.removeFilter(_sync_cancel_race)


def _sync_cancel_race(record: logging.LogRecord) -> bool:
    """Drop one log record: Ctrl-C during a Dask client call sometimes makes
    ``distributed.utils.sync``'s own cancel callback fail (a ``NameError`` on its
    ``future``, a race inside distributed) and tornado logs that traceback, after our
    "interrupted" line; every other record passes."""
    return "sync.<locals>.cancel" not in record.getMessage()
