"""Running a student's program within limits, and killing all of it afterwards.

:func:`run_bounded` starts a command in its own session (so its whole process group
can be killed), in a folder of its own (``HOME`` and ``TMPDIR`` point there too), with
POSIX resource limits set in the child before it starts (``resource.setrlimit``):

- memory (``--memory``, ``RLIMIT_DATA``: the memory written, so a JVM's large
  reservation at start-up is not refused), CPU seconds, the size of any file it writes, no core
  files, at most 256 open files, and ``RLIMIT_NPROC`` for the process count;
- a wall-clock time limit, enforced here: the group is killed at the deadline;
- standard output and error read as they come and capped: past ``max_output`` bytes
  the group is killed (an endless ``print`` loop ends in milliseconds, not a full disk);
- the process count watched here as well (the session's processes counted in
  ``/proc``), because ``RLIMIT_NPROC`` does not bind a root user: past ``max_procs``
  the group is killed.

At the end the group is killed whatever happened, so no child outlives its run.
This bounds honest mistakes (an endless loop, a flood, a runaway ``fork``); it is not a
security boundary against a hostile program (which could leave its session or write
outside its folder): grade untrusted code inside a container or a virtual machine.
"""

from __future__ import annotations

import contextlib
import os
import resource
import selectors
import signal
import subprocess
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path


@dataclass(frozen=True)
class Limits:
    """What one run may use."""

    seconds: float = 10.0
    memory_mb: int = 2048
    max_output: int = 1_000_000  # bytes of standard output (and as much of stderr)
    max_procs: int = 32  # processes in the run's session, itself included
    max_file_mb: int = 16  # the largest file it may write


@dataclass
class Outcome:
    """How a run ended."""

    status: int | None  # exit status; negative: killed by that signal; None: never started
    stdout: bytes
    stderr: bytes
    seconds: float
    killed: str = ""  # "time", "output", "processes", or "" (it ended by itself)
    error: str = ""  # why it could not start

    @property
    def ok(self) -> bool:
        return self.status == 0 and not self.killed and not self.error


def _session_size(sid: int) -> int:
    """The number of live processes whose session is ``sid``."""
    n = 0
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat", "rb") as f:
                stat = f.read()
        except OSError:
            continue
        fields = stat[stat.rfind(b")") + 2 :].split()
        if len(fields) > 3 and fields[0] != b"Z" and int(fields[3]) == sid:
            n += 1
    return n


def _kill_group(pgid: int) -> None:
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pgid, signal.SIGKILL)


def run_bounded(
    command: Sequence[str],
    folder: Path,
    *,
    stdin: bytes = b"",
    limits: Limits | None = None,
) -> Outcome:
    """Run ``command`` in ``folder`` with ``stdin`` and ``limits``; never raises for
    what the program does (a missing program is an :class:`Outcome` with ``error``)."""
    limits = limits or Limits()
    mem = limits.memory_mb * 1024 * 1024
    cpu = int(limits.seconds) + 2
    fsize = limits.max_file_mb * 1024 * 1024

    def confine() -> None:  # runs in the child, before exec
        # the data limit counts the memory a program writes, not what it reserves: a JVM,
        # which reserves a quarter of the machine's memory at start, still starts
        resource.setrlimit(resource.RLIMIT_DATA, (mem, mem))
        resource.setrlimit(resource.RLIMIT_CPU, (cpu, cpu + 1))
        resource.setrlimit(resource.RLIMIT_FSIZE, (fsize, fsize))
        resource.setrlimit(resource.RLIMIT_CORE, (0, 0))
        resource.setrlimit(resource.RLIMIT_NOFILE, (256, 256))
        resource.setrlimit(resource.RLIMIT_NPROC, (limits.max_procs, limits.max_procs))

    env = {
        "PATH": os.environ.get("PATH", "/usr/bin:/bin"),
        "HOME": str(folder),
        "TMPDIR": str(folder),
        "LANG": "C.UTF-8",
        "LC_ALL": "C.UTF-8",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    start = time.monotonic()
    try:
        proc = subprocess.Popen(
            list(command),
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            start_new_session=True,
            preexec_fn=confine,
            env=env,
        )
    except OSError as exc:
        return Outcome(None, b"", b"", 0.0, error=exc.strerror or str(exc))
    pgid = proc.pid
    try:
        return _watch(proc, pgid, stdin, limits, start)
    finally:
        _kill_group(pgid)  # whatever happened (Ctrl-C included), nothing outlives the run


def _watch(
    proc: subprocess.Popen[bytes], pgid: int, stdin: bytes, limits: Limits, start: float
) -> Outcome:
    assert proc.stdin and proc.stdout and proc.stderr
    with contextlib.suppress(OSError):
        proc.stdin.write(stdin)
    with contextlib.suppress(OSError):
        proc.stdin.close()
    out, err = bytearray(), bytearray()
    sel = selectors.DefaultSelector()
    sel.register(proc.stdout, selectors.EVENT_READ, out)
    sel.register(proc.stderr, selectors.EVENT_READ, err)
    killed = ""
    deadline = start + limits.seconds
    next_count = start
    while sel.get_map():
        now = time.monotonic()
        if now >= deadline:
            killed = "time"
            break
        if now >= next_count:
            next_count = now + 0.02
            if _session_size(pgid) > limits.max_procs:
                killed = "processes"
                break
        for key, _events in sel.select(timeout=min(0.02, max(0.0, deadline - now))):
            chunk = os.read(key.fd, 65536)
            if not chunk:
                sel.unregister(key.fileobj)
                continue
            buf: bytearray = key.data
            buf.extend(chunk)
            if len(buf) > limits.max_output:
                killed = "output"
                break
        if killed:
            break
    if not killed:
        # the output is closed: wait for the exit, still within the deadline
        while proc.poll() is None:
            if time.monotonic() >= deadline:
                killed = "time"
                break
            if _session_size(pgid) > limits.max_procs:
                killed = "processes"
                break
            time.sleep(0.005)
    _kill_group(pgid)
    status = proc.wait()
    sel.close()
    proc.stdout.close()
    proc.stderr.close()
    seconds = time.monotonic() - start
    return Outcome(
        status, bytes(out[: limits.max_output]), bytes(err[: limits.max_output]), seconds, killed
    )
