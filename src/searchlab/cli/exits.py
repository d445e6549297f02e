"""``run_command``: run a Click command with searchlab's error and exit conventions.

Kept free of rich, so that ``searchlab --help`` (which imports only this and Click)
starts fast; the commands themselves use :mod:`searchlab.cli.common`.
"""

from __future__ import annotations

import errno
import os
import signal
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

import click

from searchlab.errors import InputError, SolutionCheckError, one_line
from searchlab.i18n import _


def exit_with_status(main: Callable[[], int]) -> NoReturn:
    """A console script's end: run ``main`` and exit with its status, which a Ctrl-C
    pressed after the command ended cannot change.

    While the interpreter shuts down (a worker pool's clean-up, the compiled code's
    unloading: up to a few hundred milliseconds), CPython gives SIGINT back its default
    action whenever a Python handler is installed, so a second Ctrl-C of that moment
    killed the process by signal (status -2 to its parent, no line) instead of the 130
    the first one had earned. An *ignored* SIGINT stays ignored through the shutdown."""
    status = 130
    try:
        status = main()
    except KeyboardInterrupt:  # between the command's end and this line
        _say(_("{prog}: interrupted").format(prog=os.path.basename(sys.argv[0]) or "searchlab"))
    finally:
        while True:  # a Ctrl-C may land inside this very call: set it again
            try:
                signal.signal(signal.SIGINT, signal.SIG_IGN)
                break
            except KeyboardInterrupt:
                continue
    sys.exit(status)


def _say(message: str) -> None:
    click.echo(message, err=True)


def _error(prog: str, message: str) -> None:
    """``<prog>: error: <message>``, the message cut to one short line
    (:func:`searchlab.errors.one_line`: a huge bad token is not echoed back)."""
    _say(_("{prog}: error: {message}").format(prog=prog, message=one_line(message)))


OUTPUT_ERRORS = frozenset({errno.ENOSPC, errno.EPIPE, errno.EIO, errno.EDQUOT, errno.EFBIG})
"""Errors of writing the output itself (not of a file the user named)."""


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so the interpreter's last flush raises nothing more."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError, AttributeError):
        pass


def _environment_fault(exc: Exception) -> str | None:
    """The one line for an error of the machine rather than of searchlab: an ``OSError``
    on a named file (a full disk, a read-only place, a folder in the way:
    :func:`searchlab.faults.os_fault`); ``None`` for anything else."""
    if not isinstance(exc, OSError) or exc.filename is None:
        return None
    from searchlab.faults import os_fault

    fault = os_fault(exc)
    return None if fault is None else str(fault)


def run_command(
    command: click.Command, prog: str, argv: Sequence[str] | None = None, usage: str = ""
) -> int:
    """Run a Click ``command`` with ``argv`` and return its exit status.

    A user error (bad option or argument, unreadable file, malformed input)
    prints ``<prog>: error: <message>`` on one line of stderr (followed by
    ``usage`` when given, else a pointer to ``--help``) and returns 2; Ctrl-C
    outside a search returns 130; a bare command group prints its help; a solver's
    answer that failed its check (:class:`~searchlab.errors.SolutionCheckError`) is
    one line and 1, as every internal error.
    Never lets a traceback reach the user for these cases.
    """
    args = list(argv) if argv is not None else None
    try:
        rv = command.main(args=args, prog_name=prog, standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: its help is the answer
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click.UsageError as exc:
        hint = (
            ""
            if usage or exc.ctx is None
            else " " + _("(try '{command} --help')").format(command=exc.ctx.command_path)
        )
        _error(prog, exc.format_message() + hint)
        if usage:
            _say(usage)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        _say(_("{prog}: interrupted").format(prog=prog))
        return 130
    except InputError as exc:
        _error(prog, str(exc))
        return 2
    except click.ClickException as exc:
        _error(prog, exc.format_message())
        return exc.exit_code
    except MemoryError:
        _say(
            _("{prog}: error: out of memory (try a smaller instance or a limit)").format(prog=prog)
        )
        return 1
    except SolutionCheckError as exc:
        # A solver's answer failed its replay: a defect, never a "solved" (exit 1, as
        # any internal error), said on one line.
        if os.environ.get("SEARCHLAB_DEBUG"):
            raise
        _say(_("{prog}: internal error: {error} (please report it)").format(prog=prog, error=exc))
        return 1
    except Exception as exc:
        fault = _environment_fault(exc)
        if fault is not None:  # a full disk, a read-only place, a folder in the way
            _error(prog, fault)
            return 2
        if isinstance(exc, OSError) and exc.errno in OUTPUT_ERRORS:
            # The output could not be written (a full disk, a closed pipe): stop writing
            # to it and say so on stderr (a closed pipe, like `| head`, is no news).
            _silence_stdout()
            if exc.errno != errno.EPIPE:
                reason = exc.strerror or str(exc)
                _say(
                    _("{prog}: error: cannot write the output ({reason})").format(
                        prog=prog, reason=reason
                    )
                )
            return 1
        # A bug, not a user error: one line by default, the traceback on request.
        if os.environ.get("SEARCHLAB_DEBUG"):
            raise
        _say(
            _(
                "{prog}: internal error: {kind}: {error} "
                "(set SEARCHLAB_DEBUG=1 for the traceback, and please report it)"
            ).format(prog=prog, kind=type(exc).__name__, error=exc)
        )
        return 1
    return rv if isinstance(rv, int) else 0
