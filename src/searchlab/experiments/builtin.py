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
import importlib
import inspect
import os
from functools import cache
from pathlib import Path
from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.runner import Progress, run_in
from searchlab.experiments.store import ResultStore
from searchlab.families import PUZZLES, family_folders
from searchlab.i18n import _
from searchlab.records.experiment import Declared
from searchlab.records.results import Results

MODULE = "experiments"
"""The module of a family's folder that declares its experiments."""


def declaring_modules() -> list[tuple[str, str]]:
    """The family folders that declare experiments, each with its ``experiments.py``
    module (found without importing anything)."""
    return [
        (name, f"searchlab.puzzles.{name}.{MODULE}")
        for name in family_folders()
        if os.path.isfile(os.path.join(PUZZLES, name, f"{MODULE}.py"))
    ]


@cache
def builtin_experiments() -> dict[str, Declared]:
    """Every declared experiment by name, in alphabetical order (the families' modules
    are imported on first use).

    A name declared by several families (a family folder copied under a new name
    declares its original's experiments) is qualified by each family's folder,
    ``FAMILY:NAME``, so that every one of them can be run and none shadows another."""
    declared_by: dict[str, list[tuple[str, Declared]]] = {}
    for family, module_name in declaring_modules():
        for spec in importlib.import_module(module_name).EXPERIMENTS:
            declared_by.setdefault(spec.name, []).append((family, spec))
    found: dict[str, Declared] = {}
    for name, specs in declared_by.items():
        if len(specs) == 1:
            found[name] = specs[0][1]
            continue
        for family, spec in specs:
            qualified = f"{family}:{name}"
            found[qualified] = dataclasses.replace(spec, name=qualified)
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


__all__ = ["builtin_experiments", "declared", "declaring_modules", "experiment"]
