"""A built-in experiment, declared as data by the family it measures.

A family that brings experiments of its own (a published table, a classic measurement)
declares them in its folder, in ``puzzles/<family>/experiments.py``: a tuple
``EXPERIMENTS`` of :class:`Declared` records. The experiments layer finds them there
(:mod:`searchlab.experiments.builtin`); ``searchlab experiment`` builds one command per
record from its options (:class:`~searchlab.families.contract.Option` records, as a
family's own commands declare theirs), and :func:`searchlab.experiments.experiment`
runs one from Python. Nothing outside the family's folder names the family.

A family's ``experiments.py`` is the one module of its folder that imports the
experiments layer (it builds :class:`~searchlab.experiments.runner.Experiment` and
:class:`~searchlab.experiments.results.Results`); nothing in the folder imports it, so
the family's model never depends on the runner (``tests/test_layering.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from searchlab.experiments.results import Results
from searchlab.experiments.runner import Experiment, RunSummary
from searchlab.families.contract import Option
from searchlab.families.kit import time_limit_option
from searchlab.i18n import N_


def seed(default: int = 0) -> Option:
    """``--seed``: the base seed of the generated instances."""
    return Option("seed", N_("Base random seed."), int, default)


def instances(keyword: str, help: str, default: int) -> Option:
    """``--instances``/``-n`` (the builder's ``keyword``): how many instances per group."""
    return Option("instances", help, int, default, minimum=1, short="-n", dest=keyword)


def time_limit(default: float, help: str = N_("Seconds per run.")) -> Option:
    """``--time-limit``: finite seconds per run."""
    return time_limit_option(default, help)


def integers(name: str, help: str, default: str, minimum: int = 1) -> Option:
    """``--name RANGE``: integers written ``8``, ``2-24``, ``2-24:2`` or ``2,4,10-12``
    (list it in :attr:`Declared.ranges` with its default step), each at least
    ``minimum``."""
    return Option(name, help, str, default, minimum=minimum, metavar="RANGE")


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
    ranges : the settings read as ranges of integers (:func:`integers`), by keyword,
        with the step of a range written without one (``"2-24"`` by 2).
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
    settings: Sequence[Option] = ()
    ranges: Mapping[str, int] = field(default_factory=dict)
    plot: Callable[[Experiment, RunSummary, str | Path], object] | None = None
    nothing: Callable[[], str] | None = None
    demo: Callable[[], Results] | None = None
    demo_title: str = ""


__all__ = ["Declared", "instances", "integers", "seed", "time_limit"]
