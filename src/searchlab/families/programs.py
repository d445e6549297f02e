"""A family's stand-alone programs, declared as data: the :class:`Program` record.

Beside its ``searchlab <family> ...`` commands, a family may ship programs of their own
(the course's ``puzzle8`` and ``puzzle3x3heuristics``, with the assignments' exact
output). It declares them in its folder's ``programs.py`` (a tuple ``PROGRAMS``); the
CLI builds each one's command from its record (:mod:`searchlab.cli.programs`), and a
console script of ``pyproject.toml`` reaches it by its name alone
(``puzzle8 = "searchlab.cli.programs:puzzle8"``), so no front end names the family.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.families.contract import Block, Option


class UsageError(InputError):
    """A program's command line is wrong (an argument missing, a value it does not take):
    one line, then the program's usage line (:attr:`Program.usage`), exit status 2."""


@dataclass(frozen=True, slots=True)
class Program:
    """A stand-alone program of a family, built by the CLI from this record.

    name : the program's name (its console script's).
    help : its ``--help`` text (``N_``-marked English; shown in the interface language).
    run : called with the options as keywords; yields :data:`~.contract.Block` values,
        drawn as a family's task's (a plain text block is written as it is, plus a
        newline); raises :class:`InputError`, or :class:`UsageError` for a wrong
        command line.
    options : its arguments and options (:class:`~.contract.Option` records).
    usage : the line written after a usage error (``N_``-marked); without one, a
        pointer to ``--help``.
    stdin : ``run`` receives ``stdin``, the standard input stream (``None`` when closed).
    notes : ``run`` receives ``note(text)``, which writes a line on standard error at
        once (a warning while the program is still running).
    """

    name: str
    help: str
    run: Callable[..., Iterable[Block]]
    options: Sequence[Option] = ()
    usage: str = ""
    stdin: bool = False
    notes: bool = False
