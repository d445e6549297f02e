"""``run_command``: run a Click command with searchlab's error and exit conventions.

Kept free of rich, so that ``searchlab --help`` (which imports only this and Click)
starts fast; the commands themselves use :mod:`searchlab.cli.common`.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

import click

from searchlab.errors import InputError
from searchlab.i18n import _


def _say(message: str) -> None:
    click.echo(message, err=True)


def run_command(
    command: click.Command, prog: str, argv: Sequence[str] | None = None, usage: str = ""
) -> int:
    """Run a Click ``command`` with ``argv`` and return its exit status.

    A user error (bad option or argument, unreadable file, malformed input)
    prints ``<prog>: error: <message>`` on one line of stderr (followed by
    ``usage`` when given, else a pointer to ``--help``) and returns 2; Ctrl-C
    outside a search returns 130; a bare command group prints its help.
    Never lets a traceback reach the user for these cases.
    """
    args = list(argv) if argv is not None else None
    try:
        rv = command.main(args=args, prog_name=prog, standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: its help is the answer
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click.UsageError as exc:
        hint = "" if usage or exc.ctx is None else f" (try '{exc.ctx.command_path} --help')"
        _say(_("{prog}: error: {message}").format(prog=prog, message=exc.format_message() + hint))
        if usage:
            _say(usage)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        _say(_("{prog}: interrupted").format(prog=prog))
        return 130
    except InputError as exc:
        _say(_("{prog}: error: {message}").format(prog=prog, message=exc))
        return 2
    except click.ClickException as exc:
        _say(f"{prog}: error: {exc.format_message()}")
        return exc.exit_code
    except MemoryError:
        _say(
            _("{prog}: error: out of memory (try a smaller instance or a limit)").format(prog=prog)
        )
        return 1
    except Exception as exc:
        # A bug, not a user error: one line by default, the traceback on request.
        if os.environ.get("SEARCHLAB_DEBUG"):
            raise
        _say(
            f"{prog}: internal error: {type(exc).__name__}: {exc} "
            "(set SEARCHLAB_DEBUG=1 for the traceback, and please report it)"
        )
        return 1
    return rv if isinstance(rv, int) else 0
