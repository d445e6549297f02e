"""Send Ctrl-C to a real searchlab process once its progress line shows ``marker``."""

from __future__ import annotations

import os
import pty
import select
import signal
import subprocess
import sys
import time


def interrupt_when(args: list[str], marker: bytes, timeout: float = 60) -> tuple[int, str, bytes]:
    """Run ``python -m searchlab ARGS`` with stderr on a pseudo-terminal (so the live
    progress line is drawn), send SIGINT once stderr shows ``marker``, and return
    ``(exit status, stdout, stderr seen)``."""
    master, slave = pty.openpty()
    proc = subprocess.Popen(
        [sys.executable, "-m", "searchlab", *args],
        stdout=subprocess.PIPE,
        stderr=slave,
        text=True,
    )
    os.close(slave)
    seen = b""
    deadline = time.monotonic() + timeout
    while marker not in seen and time.monotonic() < deadline:
        ready, _, _ = select.select([master], [], [], 1)
        if ready:
            try:
                seen += os.read(master, 4096)
            except OSError:  # the child exited and closed the terminal
                break
    assert marker in seen, f"the command never showed {marker!r}"
    proc.send_signal(signal.SIGINT)
    out, _ = proc.communicate(timeout=timeout)
    try:
        while select.select([master], [], [], 0.2)[0]:
            seen += os.read(master, 4096)
    except OSError:
        pass
    os.close(master)
    return proc.returncode, out, seen
