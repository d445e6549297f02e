"""The ``searchlab`` command: one sub-command group per puzzle family, plus ``demo``.

Errors a user can fix (a bad option, an unreadable file, a malformed board)
print one line on stderr and exit with status 2; they never show a traceback.
"""

from __future__ import annotations

import sys

import click

from searchlab import __version__
from searchlab.cli.common import err_console
from searchlab.cli.compare import compare
from searchlab.cli.demo import demo
from searchlab.cli.experiment import experiment
from searchlab.cli.maze import maze
from searchlab.cli.peg import peg
from searchlab.errors import InputError

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "--version", "-V", prog_name="searchlab")
def cli() -> None:
    """Classical state-space search on puzzles: solve, compare, play."""


cli.add_command(demo)
cli.add_command(maze)
cli.add_command(peg)
cli.add_command(compare)
cli.add_command(experiment)


def main(argv: list[str] | None = None) -> int:
    """Run the ``searchlab`` command with ``argv``; return the exit status."""
    try:
        rv = cli.main(args=argv, prog_name="searchlab", standalone_mode=False)
    except click.exceptions.NoArgsIsHelpError as exc:  # a bare group: its help is the answer
        click.echo(exc.ctx.get_help() if exc.ctx else "")
        return 0
    except click.UsageError as exc:
        hint = f" (try '{exc.ctx.command_path} --help')" if exc.ctx else ""
        err_console.print(f"searchlab: error: {exc.format_message()}{hint}", markup=False)
        return 2
    except click.exceptions.Exit as exc:
        return exc.exit_code
    except (click.Abort, KeyboardInterrupt):
        err_console.print("searchlab: interrupted", markup=False)
        return 130
    except InputError as exc:
        err_console.print(f"searchlab: error: {exc}", markup=False)
        return 2
    except click.ClickException as exc:
        err_console.print(f"searchlab: error: {exc.format_message()}", markup=False)
        return exc.exit_code
    return rv if isinstance(rv, int) else 0


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
