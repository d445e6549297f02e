"""The child-process side of the web server's work: solves, generation, hints.

CPU-bound work runs in child processes, never in the server's own threads:
threads would share the server's GIL, and with a few solves running every
request the event loop serves waits its turn for it (seen: ``GET /`` at 0.9 s
median under 8 solves). A child process also gives each job a hard memory
bound (``RLIMIT_DATA``, which counts the Python heap but not the memory-mapped
pattern databases) and can be stopped at once.

Children come from a *forkserver* that has imported this module (the web
service, the families' code): starting one is a fork of an idle process, a few
milliseconds, and safe although the server itself runs threads.
"""

from __future__ import annotations

import functools
import gzip
import json
import multiprocessing
import multiprocessing.connection
import os
import resource
import signal
import threading
from collections.abc import Callable
from multiprocessing.connection import Connection
from multiprocessing.context import ForkServerContext
from typing import Any

from searchlab import families, i18n
from searchlab.errors import InputError, SolutionCheckError
from searchlab.search import SearchStats
from searchlab.search.limits import CancelToken

JobFn = Callable[[CancelToken, Callable[[SearchStats], None]], dict[str, Any]]
Outcome = tuple[str, Any]
"""What a child sends back: ``("ok", result)``, ``("input", message)`` (bad input,
an InputError), ``("memory", "")``, ``("wrong", message)`` (a solver's answer failed its
check: a :class:`~searchlab.errors.SolutionCheckError`) or ``("bug", "<Type>: <message>")``."""

PROGRESS_SLOTS = 5
"""The shared progress array: expanded, generated, seconds, 1.0 once reported, and
1.0 once the job's function has started (the triage deadline counts from then)."""


def context() -> ForkServerContext:
    """The process context every worker comes from (its forkserver preloads this module
    and the families, and fills their caches: :mod:`searchlab.web.warm`, so a new
    child starts warm)."""
    ctx = multiprocessing.get_context("forkserver")
    family_modules = [target.split(":")[0] for target in families.REGISTRY.values()]
    # "__main__" first: the forkserver imports the program's main module once, so a child
    # does not run it again when it starts (``searchlab serve``: the whole CLI, ~0.5 s).
    modules = [
        "searchlab.web.worker",
        "searchlab.web.service",
        "searchlab.web.watch_trace",
        *family_modules,
    ]
    ctx.set_forkserver_preload(["__main__", *modules, "searchlab.web.warm"])
    return ctx


def noop() -> None:
    """A child that does nothing (started once to warm the forkserver up)."""


def exit_with_parent() -> None:
    """End this process when the server that asked for it ends (even killed): a watch
    thread waits on the parent's sentinel. Without it a child waits forever for
    work, and keeps the forkserver alive with it."""
    parent = multiprocessing.parent_process()
    if parent is None or parent.sentinel is None:
        return
    sentinel = parent.sentinel

    def watch() -> None:
        multiprocessing.connection.wait([sentinel])
        os._exit(0)

    threading.Thread(target=watch, name="searchlab-exit-with-parent", daemon=True).start()


def ignore_interrupts() -> None:
    """Leave Ctrl-C to the server. A terminal sends SIGINT to the whole process group,
    children included; the server stops them itself (and :func:`exit_with_parent`
    ends any it leaves), so a child that took the signal would only print a
    KeyboardInterrupt traceback of its own."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def limit_memory(megabytes: int | None) -> None:
    """Cap this process's data segment (heap and anonymous mappings) at ``megabytes``:
    past it allocations fail with MemoryError instead of swapping the machine."""
    if not megabytes:
        return
    _soft, hard = resource.getrlimit(resource.RLIMIT_DATA)
    limit = megabytes << 20
    if hard != resource.RLIM_INFINITY:
        limit = min(limit, hard)
    resource.setrlimit(resource.RLIMIT_DATA, (limit, hard))


def run_child(
    conn: Connection,
    fn: JobFn,
    cancel: CancelToken,
    shared: Any,
    memory_mb: int | None,
    niceness: int,
) -> None:
    """A job's child process: run ``fn`` under the memory cap (at a lower priority when
    ``niceness`` > 0), write progress into ``shared``, send the outcome on ``conn``
    (with ``False``, as :func:`serve_jobs` says whether it may be kept: it ends)."""
    ignore_interrupts()
    exit_with_parent()
    if niceness:
        os.nice(niceness)
    limit_memory(memory_mb)

    def progress(stats: SearchStats) -> None:
        shared[0] = stats.expanded
        shared[1] = stats.generated
        shared[2] = stats.seconds
        shared[3] = 1.0

    shared[4] = 1.0
    conn.send((outcome_of(lambda: fn(cancel, progress)), False))  # as serve_jobs: never kept
    conn.close()


def outcome_of(call: Callable[[], Any]) -> Outcome:
    """``call()`` as an :data:`Outcome`, its exceptions turned into messages."""
    try:
        return ("ok", call())
    except InputError as exc:
        return ("input", str(exc))
    except MemoryError:
        return ("memory", "")
    except SolutionCheckError as exc:  # a solver's answer failed its replay: said, not shown
        return ("wrong", str(exc))
    except Exception as exc:  # a bug: reported, the server stays up
        return ("bug", f"{type(exc).__name__}: {exc}")


RECYCLE_MB = 48
"""A gate's worker whose resident memory grew by more than this since it started is
not kept after its call: memory a call took (a large trace, a hard hint) goes back
to the system with the process instead of staying with an idle worker."""


def resident_mb() -> float:
    """This process's resident memory in MB (0 where /proc is missing)."""
    try:
        with open("/proc/self/statm", encoding="ascii") as f:
            pages = int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return 0.0
    return pages * os.sysconf("SC_PAGE_SIZE") / 2**20


def serve_calls(conn: Connection, memory_mb: int | None, recycle_mb: float = RECYCLE_MB) -> None:
    """A gate's worker process (:mod:`searchlab.web.gate`): under the memory cap, run
    each call received on ``conn`` (a picklable ``fn() -> Outcome``) and send back its
    outcome with whether this worker may be kept (its memory grew by less than
    ``recycle_mb``), until the pipe closes. A kept worker lives on between calls, so
    what a family caches (an 8-puzzle's distance table) is computed once, not once a
    call."""
    ignore_interrupts()
    exit_with_parent()
    limit_memory(memory_mb)
    start = resident_mb()
    while True:
        try:
            fn = conn.recv()
        except (EOFError, OSError):
            return
        outcome = fn()
        keep = resident_mb() - start < recycle_mb
        conn.send((outcome, keep))
        if not keep:
            return


def serve_jobs(
    conn: Connection,
    cancel: Any,
    shared: Any,
    memory_mb: int | None,
    niceness: int = 0,
    recycle_mb: float = RECYCLE_MB,
) -> None:
    """A light-lane solve worker (:mod:`searchlab.web.jobs`), started before it is
    needed and kept between jobs: under the memory cap, run each job function
    received on ``conn`` with ``cancel`` (an event the server clears before each job)
    and progress written into ``shared`` (which the server zeroes before each job), at
    a lower priority when ``niceness`` > 0, and send back its outcome with whether
    this worker may be kept (as :func:`serve_calls`), until the pipe closes. A 1-move
    solve then costs a pipe's round trip, not a process start (tens of milliseconds,
    seconds on a loaded machine)."""
    ignore_interrupts()
    exit_with_parent()
    if niceness:
        os.nice(niceness)
    limit_memory(memory_mb)
    start = resident_mb()

    def progress(stats: SearchStats) -> None:
        shared[0] = stats.expanded
        shared[1] = stats.generated
        shared[2] = stats.seconds
        shared[3] = 1.0

    while True:
        try:
            fn = conn.recv()
        except (EOFError, OSError):
            return
        shared[4] = 1.0
        outcome = outcome_of(functools.partial(fn, cancel, progress))
        keep = resident_mb() - start < recycle_mb
        conn.send((outcome, keep))
        if not keep:
            return


# A gate's worker lives on between calls, and the interface language is the process's
# own: every call sets the one it answers in, or it would speak the language of the
# call before it (an English page's hint came in Spanish after a Spanish page's rating).


def generate(family: str, params: dict[str, Any]) -> Outcome:
    """A random board (the web service's checks included), run in a gated child; its
    errors in English, as the API's other errors."""
    from searchlab.web import service

    i18n.use("en")
    return outcome_of(lambda: service.generate(families.get(family), params))


def hint(family: str, board: str, token: Any, language: str = "en") -> Outcome:
    """The next move of an optimal solution, run in a gated child; why there is none,
    in ``language`` (the page's)."""
    from searchlab.web import service

    i18n.use(language)
    return outcome_of(lambda: service.hint(families.get(family), board, token))


def difficulty(family: str, board: str, language: str = "en") -> Outcome:
    """The family's difficulty line for ``board`` in ``language``, run in a gated child."""
    from searchlab.web import service

    i18n.use(language)
    return outcome_of(lambda: service.difficulty(families.get(family), board))


def trace(body: dict[str, Any]) -> Outcome:
    """A watch trace (:func:`searchlab.web.watch_trace.watch`; ``body`` is the route's
    checked request) as gzip-compressed JSON, run in a gated child: the server only
    sends the bytes (its event loop never validates or serialises the megabyte of a
    trace)."""
    from searchlab.web import watch_trace

    i18n.use("en")

    def run() -> bytes:
        fam = families.get(body["family"])
        data = watch_trace.watch(
            fam, body["board"], body["algorithm"], body.get("heuristic", ""), body.get("weight")
        )
        text = json.dumps(data, ensure_ascii=False, allow_nan=False, separators=(",", ":"))
        return gzip.compress(text.encode(), compresslevel=6, mtime=0)

    return outcome_of(run)
