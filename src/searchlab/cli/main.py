"""The ``searchlab`` command: one sub-command group per puzzle family, plus ``demo``.

Errors a user can fix (a bad option, an unreadable file, a malformed board)
print one line on stderr and exit with status 2; they never show a traceback.
"""

from __future__ import annotations

import sys

import click

from searchlab import __version__
from searchlab.cli.common import run_command
from searchlab.cli.compare import compare
from searchlab.cli.demo import demo
from searchlab.cli.experiment import experiment
from searchlab.cli.knight import knight
from searchlab.cli.maze import maze
from searchlab.cli.npuzzle import npuzzle
from searchlab.cli.peg import peg
from searchlab.cli.rushhour import rushhour
from searchlab.cli.serve import serve, teach

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@click.group(context_settings=CONTEXT)
@click.version_option(__version__, "--version", "-V", prog_name="searchlab")
def cli() -> None:
    """Classical state-space search on puzzles: solve, compare, play."""


cli.add_command(demo)
cli.add_command(maze)
cli.add_command(npuzzle)
cli.add_command(peg)
cli.add_command(serve)
cli.add_command(teach)
cli.add_command(knight)
cli.add_command(rushhour)
cli.add_command(compare)
cli.add_command(experiment)


def main(argv: list[str] | None = None) -> int:
    """Run the ``searchlab`` command with ``argv``; return the exit status."""
    return run_command(cli, "searchlab", argv)


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
