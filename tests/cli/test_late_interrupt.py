"""A Ctrl-C that arrives while the interpreter shuts down does not change the exit status.

CPython gives SIGINT back its default action during shutdown when a Python handler is
installed, so a late Ctrl-C (the second press of an impatient user, while a worker
pool is cleaned up) killed a finished command by signal: status -2, no line.
:func:`searchlab.cli.exits.exit_with_status` (every console script's end) ignores it.
"""

from __future__ import annotations

import signal
import subprocess
import sys
import textwrap
import time

import pytest

SCRIPT = textwrap.dedent(
    """
    import signal, sys, time
    signal.signal(signal.SIGINT, signal.default_int_handler)  # as an interactive start


    class SlowToFree:  # freed by the shutdown's last collection, after signals are reset
        def __del__(self):
            sys.stdout.write("ready\\n"); sys.stdout.flush()
            time.sleep(3)


    cycle = SlowToFree(); cycle.me = cycle; del cycle
    if sys.argv[1] == "plain":
        sys.exit(0)
    from searchlab.cli.exits import exit_with_status
    exit_with_status(lambda: 0)
    """
)


def _late_ctrl_c(how: str) -> int:
    child = subprocess.Popen(
        [sys.executable, "-c", SCRIPT, how], stdout=subprocess.PIPE, start_new_session=True
    )
    assert child.stdout is not None
    assert child.stdout.readline() == b"ready\n"
    time.sleep(0.2)
    child.send_signal(signal.SIGINT)
    return child.wait(timeout=30)


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_a_late_ctrl_c_keeps_the_exit_status() -> None:
    assert _late_ctrl_c("searchlab") == 0


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX signals")
def test_the_plain_exit_is_killed_by_it() -> None:
    """The control: without the guard the same moment kills the process (so the test
    above would see the defect if it came back)."""
    assert _late_ctrl_c("plain") == -signal.SIGINT
