"""The ``searchlab`` command: one sub-command group per puzzle family, plus the
generic ``solve``, ``demo``, ``serve``, ``teach``, ``compare`` and ``experiment``.

Sub-commands are imported only when they run (a lazy Click group), so
``searchlab --help`` and a small solve do not pay for every family, NumPy or
the web stack. Errors a user can fix (a bad option, an unreadable file, a
malformed board) print one line on stderr and exit with status 2; they never
show a traceback.
"""

from __future__ import annotations

import importlib
import sys

import click

from searchlab import __version__
from searchlab.cli.common import run_command

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

COMMANDS: dict[str, str] = {
    "compare": "searchlab.cli.compare:compare",
    "demo": "searchlab.cli.demo:demo",
    "experiment": "searchlab.cli.experiment:experiment",
    "knight": "searchlab.cli.knight:knight",
    "maze": "searchlab.cli.maze:maze",
    "npuzzle": "searchlab.cli.npuzzle:npuzzle",
    "peg": "searchlab.cli.peg:peg",
    "rushhour": "searchlab.cli.rushhour:rushhour",
    "serve": "searchlab.cli.serve:serve",
    "solve": "searchlab.cli.solving:solve_cmd",
    "teach": "searchlab.cli.serve:teach",
}
"""Sub-command name -> ``"module:attr"`` of its Click command, imported on first use."""


class LazyGroup(click.Group):
    """A Click group whose sub-commands are imported when first looked up."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted(COMMANDS)

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        target = COMMANDS.get(cmd_name)
        if target is None:
            return None
        module_name, attr = target.split(":")
        command = getattr(importlib.import_module(module_name), attr)
        assert isinstance(command, click.Command)
        return command


@click.group(cls=LazyGroup, context_settings=CONTEXT)
@click.version_option(__version__, "--version", "-V", prog_name="searchlab")
def cli() -> None:
    """Classical state-space search on puzzles: solve, compare, play."""


def main(argv: list[str] | None = None) -> int:
    """Run the ``searchlab`` command with ``argv``; return the exit status."""
    return run_command(cli, "searchlab", argv)


def run() -> None:
    """Console-script entry point."""
    sys.exit(main())
