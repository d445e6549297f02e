"""An experiment, declared as data: its plan (:class:`Experiment`), what running it
gives (:class:`RunSummary`), and a family's built-in experiments (:class:`Declared`).

This is the experiments' vocabulary below the runner: a family declares what to run and
how to read the records, and the experiments layer (:mod:`searchlab.experiments`) runs
it (generating instances, in parallel, resuming from its store) and hands the records
back. Nothing here runs a search or opens a store.

A family that brings experiments of its own (a published table, a classic measurement)
declares them in its folder, in ``puzzles/<family>/experiments.py``: a tuple
``EXPERIMENTS`` of :class:`Declared` records. The experiments layer finds them there
(:mod:`searchlab.experiments.builtin`); ``searchlab experiment`` builds one command per
record from its options (:class:`~searchlab.families.contract.Option` records, as a
family's own commands declare theirs), and :func:`searchlab.experiments.experiment`
runs one from Python. Nothing outside the family's folder names the family.

A family's ``experiments.py`` imports only these declarations and the tables of
:mod:`searchlab.records.results`, never the experiments layer; what must run (a demo's
small experiment) is given the runner as an argument (:data:`Run`), so the layers
import downward only (``tests/test_layering.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from searchlab.families.contract import Option
from searchlab.families.kit import time_limit_option
from searchlab.i18n import N_
from searchlab.records.results import Results
from searchlab.records.runs import Configuration, Instance, Limits, RunRecord, RunSpec
from searchlab.records.sources import InstanceRequest

Selector = Callable[[Configuration, Instance], bool]
"""``select(config, instance)``: whether an experiment runs that pair at all."""


@dataclass(frozen=True)
class Experiment:
    """Everything that defines an experiment's runs.

    ``select(config, instance)`` says whether a pair is run at all (default:
    every pair). Informed configurations carry their heuristic; uninformed
    ones have ``heuristic=None``.
    """

    name: str
    family: str
    configurations: tuple[Configuration, ...]
    requests: tuple[InstanceRequest, ...] = ()
    instances: tuple[Instance, ...] = ()
    limits: Limits = field(default_factory=Limits)
    select: Selector | None = None


@dataclass
class RunSummary:
    """What running an experiment did (:func:`searchlab.experiments.run_experiment`):
    its instances, planned runs and their records, and how many were reused from the
    store, ran, failed; ``interrupted`` when it stopped before every planned run."""

    instances: list[Instance]
    planned: list[RunSpec]
    records: list[RunRecord]
    reused: int = 0
    ran: int = 0
    errors: int = 0
    interrupted: bool = False
    total: int = 0
    """Every run of the experiment, those of instances not generated yet included (an
    interrupted run reports "16 of 60 runs", not of the 32 its instances so far plan)."""


Run = Callable[[Experiment], RunSummary]
"""The runner the experiments layer hands a declaration that must run an experiment
itself (:attr:`Declared.demo`): ``run(experiment)`` runs it in memory, in this process,
and returns its :class:`RunSummary`."""


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
    demo : ``(run) -> Results``, a small run's table for ``searchlab demo`` (a few
        seconds), the experiment run by the given :data:`Run`; under the title
        ``demo_title``.
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
    demo: Callable[[Run], Results] | None = None
    demo_title: str = ""


__all__ = [
    "Declared",
    "Experiment",
    "Run",
    "RunSummary",
    "Selector",
    "instances",
    "integers",
    "seed",
    "time_limit",
]
