"""The families' stand-alone programs, built from what they declare.

A family declares its programs in its folder's ``programs.py`` (a tuple ``PROGRAMS`` of
:class:`~searchlab.families.programs.Program`); this module finds them by name, without
naming any family, and builds each one's Click command as a family's task is built
(its options, its blocks drawn by :func:`~searchlab.cli.family_commands.draw`). A
console script reaches a program by its name: ``puzzle8 =
"searchlab.cli.programs:puzzle8"`` in ``pyproject.toml`` imports this module's
``puzzle8``, the program's entry point (module ``__getattr__``).
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Sequence
from dataclasses import replace
from functools import cache
from typing import Any

import click

from searchlab import i18n
from searchlab.cli.blocks import draw, parameters, read_paths
from searchlab.cli.common import err_console, run_command
from searchlab.cli.exits import exit_with_status
from searchlab.cli.localized import Command, use_language
from searchlab.families.declared import declared_by, qualified
from searchlab.families.programs import Program, UsageError
from searchlab.i18n import _

MODULE = "programs"
"""The module of a family's folder that declares its programs."""
CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}


@cache
def programs_by_name() -> dict[str, list[tuple[str, Program]]]:
    """Every program name with the family folders declaring it, each with its record
    (the declaring modules are imported on first use)."""
    return declared_by(MODULE, "PROGRAMS")


@cache
def declared() -> dict[str, Program]:
    """Every family's programs by name. A name several family folders declare (a copy of
    a family's folder declares its original's programs) is ``FAMILY:NAME`` for each, as
    the built-in experiments and the assignments are; its console script then answers
    one line saying so (:func:`run_program`)."""
    return qualified(programs_by_name(), lambda program, name: replace(program, name=name))


def program_command(program: Program) -> click.Command:
    """The Click command of ``program``: its options, and its blocks drawn as they come;
    a :class:`UsageError` of its ``run`` is Click's usage error (one line, then the
    program's usage line)."""

    def run(**values: Any) -> None:
        read_paths(program.options, values)
        if program.stdin:
            values["stdin"] = sys.stdin
        if program.notes:
            values["note"] = note
        try:
            code = draw(program.run(**values))
        except UsageError as exc:
            raise click.UsageError(str(exc)) from None
        if code:
            raise click.exceptions.Exit(code)

    return Command(
        program.name,
        params=parameters(program.options),
        callback=run,
        help=program.help,
        context_settings=CONTEXT,
    )


def note(text: str) -> None:
    """A line on standard error, at once."""
    err_console.print(text, markup=False)


def run_program(name: str, argv: Sequence[str] | None = None) -> int:
    """Program ``name`` with ``argv``; returns the exit status. Errors are in the
    language of ``SEARCHLAB_LANG`` or the locale (a program's own output is its own)."""
    use_language(i18n.detect(None))
    program = declared().get(name)
    if program is None:  # declared by several family folders
        owners = ", ".join(family for family, _program in programs_by_name().get(name, []))
        click.echo(
            _(
                "{prog}: error: the family folders {owners} all declare the program "
                "{prog!r}: rename it in all but one of their programs.py"
            ).format(prog=name, owners=owners),
            err=True,
        )
        return 2
    return run_command(
        program_command(program), name, argv, _(program.usage) if program.usage else ""
    )


def __getattr__(name: str) -> Callable[[], None]:
    """A declared program's console-script entry point: runs it and exits."""
    if name.startswith("__") or name not in programs_by_name():
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

    def entry() -> None:
        exit_with_status(lambda: run_program(name))

    entry.__name__ = name
    return entry
