"""A built-in experiment, declared as data by the family it measures.

A family that brings experiments of its own (a published table, a classic measurement)
declares them in its folder, in ``puzzles/<family>/experiments.py``: a tuple
``EXPERIMENTS`` of :class:`Declared` records. The experiments layer finds them there
(:mod:`searchlab.experiments.builtin`); ``searchlab experiment`` builds one command per
record from its :class:`Setting` records, and :func:`searchlab.experiments.experiment`
runs one from Python. Nothing outside the family's folder names the family.

A family's ``experiments.py`` is the one module of its folder that imports the
experiments layer (it builds :class:`~searchlab.experiments.runner.Experiment` and
:class:`~searchlab.experiments.results.Results`); nothing in the folder imports it, so
the family's model never depends on the runner (``tests/test_layering.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from searchlab.experiments.results import Results
from searchlab.experiments.runner import Experiment, RunSummary

KINDS = ("int", "seconds", "range", "choice", "text")
"""What a :class:`Setting` holds: an integer, a finite number of seconds, a range of
integers (``"2-24"``, ``"5,6"``: :func:`~searchlab.experiments.sources.parse_range`),
one of ``choices``, or text."""


@dataclass(frozen=True, slots=True)
class Setting:
    """An option of a built-in experiment: the builder's keyword ``name``, on the
    command line ``flag`` (default ``--name``, underscores as dashes) and ``short``.

    kind : one of :data:`KINDS`.
    default : the value when not given (for a range, its text: ``"2-24"``); ``None``
        and not shown when absent.
    minimum : the least value of an integer or of a range's values.
    step : a range's step when its text gives none (``"2-24"`` by 2).
    choices : the values of a ``choice``.
    multiple : the option may be repeated (the builder gets a tuple).
    metavar : the value's name in ``--help``.
    """

    name: str
    help: str
    kind: str = "int"
    default: Any = None
    flag: str = ""
    short: str = ""
    minimum: int | None = None
    step: int = 1
    choices: tuple[str, ...] = ()
    multiple: bool = False
    metavar: str = ""

    @property
    def option(self) -> str:
        """The command-line flag."""
        return self.flag or "--" + self.name.replace("_", "-")


def seed(default: int = 0) -> Setting:
    """``--seed``: the base seed of the generated instances."""
    return Setting("seed", "Base random seed.", default=default)


def instances(name: str, help: str, default: int) -> Setting:
    """``--instances``/``-n`` (the builder's ``name``): how many instances per group."""
    return Setting(name, help, default=default, flag="--instances", short="-n", minimum=1)


def time_limit(default: float, help: str = "Seconds per run.") -> Setting:
    """``--time-limit``: seconds per run."""
    return Setting("time_limit", help, kind="seconds", default=default)


@dataclass(frozen=True, slots=True)
class Declared:
    """A built-in experiment: ``searchlab experiment <name>`` and
    ``experiment(name, **options)``.

    name : the experiment's name (its stored runs are keyed by it: never rename one).
    summary, help : the command's one-line and full help (English, ``N_``-marked).
    build : ``(**options) -> Experiment``, the options being the :attr:`settings`'
        keywords (a range as its list of integers).
    results : ``(experiment, summary) -> Results``, the table from the stored runs.
    settings : the options, in the order ``--help`` lists them.
    plot : ``(experiment, summary, path)``, a picture for ``--plot FILE``; without
        it the command has no ``--plot``.
    nothing : the one-line message when the options select no instance (default: a
        generic one).
    demo : a small run's table for ``searchlab demo`` (a few seconds, in memory),
        under the title ``demo_title``.
    """

    name: str
    summary: str
    help: str
    build: Callable[..., Experiment]
    results: Callable[[Experiment, RunSummary], Results]
    settings: Sequence[Setting] = ()
    plot: Callable[[Experiment, RunSummary, str | Path], object] | None = None
    nothing: Callable[[], str] | None = None
    demo: Callable[[], Results] | None = None
    demo_title: str = ""


__all__ = ["KINDS", "Declared", "Setting", "instances", "seed", "time_limit"]
