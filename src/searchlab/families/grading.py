"""The course assignments a family can mark, declared as data: :class:`Assignment`.

A family may declare the assignments ``searchlab grade`` marks in its folder's
``grading.py`` (a tuple ``ASSIGNMENTS``), as it declares its stand-alone programs in
``programs.py`` (:mod:`.programs`); the teaching layer collects them from every folder
(:func:`searchlab.teaching.grading.declared`) and judges the runs, so no module outside
the folder names the family. Two kinds:

- a *text* assignment (the 8-puzzle's ``puzzle8``): the family makes the hidden
  :class:`Question` records, each with the reference's output; the grader compares a
  program's output with it line by line;
- a *moves* assignment (``questions`` is ``None``): named after the family, the program
  is given a random board of the family's generator and prints a solution in its move
  notation, which the grader replays against the family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, NamedTuple

if TYPE_CHECKING:
    import random


class Question(NamedTuple):
    """One hidden instance of a text assignment: how the program is called and what it
    must write.

    name : the case's name in the report (``"1-z"``).
    args : the program's arguments after its command.
    files : files written in the run's empty folder first (name -> text).
    stdin : its standard input.
    expected : the reference's output.
    output : ``""``, standard output is compared; else the file the program writes in
        its folder.
    ignored : lines starting with one of these are not compared (a time).
    """

    name: str
    args: tuple[str, ...]
    files: Mapping[str, str]
    stdin: str
    expected: str
    output: str = ""
    ignored: tuple[str, ...] = ()


class Assignment(NamedTuple):
    """An assignment ``searchlab grade`` marks.

    name : its name on the command line.
    order : its place in the list of assignments (``searchlab grade --help``): the
        course's order.
    questions : ``(n, rng) -> [Question]``, the hidden instances, deterministic in
        ``rng``; ``None`` for a moves assignment (see the module's docstring), whose
        name is then its family's.
    """

    name: str
    order: int
    questions: Callable[[int, random.Random], Sequence[Question]] | None = None
