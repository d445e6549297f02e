"""Built-in experiments: published tables reproduced with the engine, found in the
families' folders.

A family declares its experiments in ``puzzles/<family>/experiments.py`` (a tuple
``EXPERIMENTS`` of :class:`~searchlab.records.experiment.Declared`);
:func:`builtin_experiments` finds them, and :func:`experiment` runs one from Python and
returns its :class:`~searchlab.records.results.Results`::

    from searchlab.experiments import experiment
    res = experiment("aima-3.29", depths=range(2, 13, 2), instances=10)
    res.to_pandas()
"""

from __future__ import annotations

import dataclasses
import inspect
from functools import cache
from pathlib import Path
from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.runner import Progress, run_in
from searchlab.experiments.store import ResultStore
from searchlab.families.declared import declared_by, qualified
from searchlab.i18n import _
from searchlab.records.experiment import Declared
from searchlab.records.results import Results

MODULE = "experiments"
"""The module of a family's folder that declares its experiments."""


@cache
def builtin_experiments() -> dict[str, Declared]:
    """Every declared experiment by name, in alphabetical order (the families' modules
    are imported on first use); a name several families declare (a copied family
    folder declares its original's) is ``FAMILY:NAME`` for each
    (:func:`searchlab.families.declared.qualified`)."""
    found = qualified(
        declared_by(MODULE, "EXPERIMENTS"), lambda spec, name: dataclasses.replace(spec, name=name)
    )
    return dict(sorted(found.items()))


def declared(name: str) -> Declared:
    """The experiment called ``name``; a one-line InputError for an unknown name."""
    known = builtin_experiments()
    try:
        return known[name]
    except (KeyError, TypeError):
        raise InputError(
            _("unknown experiment {name!r}; choose one of {builtin}").format(
                name=str(name)[:40], builtin=", ".join(known)
            )
        ) from None


def nothing_selected(spec: Declared) -> str:
    """The one-line message for options that select no instance."""
    if spec.nothing is not None:
        return spec.nothing()
    return _("{name}: these options select no instance").format(name=spec.name)


def experiment(
    name: str,
    *,
    db: str | Path | ResultStore = ":memory:",
    fresh: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    **options: Any,
) -> Results:
    """Run the built-in experiment ``name`` (one of :func:`builtin_experiments`) and
    return its table.

    ``options`` go to the experiment's builder, e.g. for ``aima-3.29``
    (:func:`searchlab.puzzles.npuzzle.experiments.aima_experiment`) ``depths=[2, 4]``,
    ``instances=20``, ``seed``, ``tie_break``; for ``knight-warnsdorff`` ``sizes``
    and ``starts``; for ``rushhour-difficulty`` ``min_moves`` and ``count``; for
    ``peg-seed000`` (the peg course project's table) ``only``, ``max_expansions``,
    ``time_limit``. ``db``, ``fresh``,
    ``workers``, ``scheduler`` and ``progress`` are as in
    :func:`~searchlab.experiments.compare.compare`.
    """
    spec = declared(name)
    try:
        inspect.signature(spec.build).bind(**options)
    except TypeError as exc:  # an unknown option: say which, in one line
        raise InputError(_("{name}: {exc}").format(name=name, exc=exc)) from None
    exp = spec.build(**options)
    if not exp.instances and not exp.requests:
        raise InputError(nothing_selected(spec))
    summary = run_in(exp, db, fresh=fresh, workers=workers, scheduler=scheduler, progress=progress)
    return spec.results(exp, summary)


__all__ = ["builtin_experiments", "declared", "experiment"]
