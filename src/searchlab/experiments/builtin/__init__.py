"""Built-in experiments: published tables reproduced with the engine.

One module per experiment; each builds an :class:`~searchlab.experiments.Experiment`
from its options and turns the stored records into its own table
(``results(experiment, summary) -> Results``). :data:`BUILTIN` names them;
:func:`experiment` runs one from Python and returns its
:class:`~searchlab.experiments.results.Results`::

    from searchlab.experiments import experiment
    res = experiment("aima-3.29", depths=range(2, 13, 2), instances=10)
    res.to_pandas()
"""

from __future__ import annotations

import importlib
import inspect
from pathlib import Path
from typing import Any

from searchlab.errors import InputError
from searchlab.experiments.results import Results
from searchlab.experiments.runner import Progress, run_in
from searchlab.experiments.store import ResultStore
from searchlab.i18n import _

BUILTIN: dict[str, str] = {
    "aima-3.29": "searchlab.experiments.builtin.aima:aima_experiment",
    "peg-seed000": "searchlab.experiments.builtin.peg:peg_experiment",
    "knight-warnsdorff": "searchlab.experiments.builtin.knight:knight_experiment",
    "rushhour-difficulty": "searchlab.experiments.builtin.rushhour:rushhour_experiment",
}
"""Experiment name -> ``"module:builder"``; the module also has ``results``. Imported
on first use."""


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
    """Run the built-in experiment ``name`` (one of :data:`BUILTIN`) and return its table.

    ``options`` go to the experiment's builder, e.g. for ``aima-3.29``
    (:func:`~searchlab.experiments.builtin.aima.aima_experiment`) ``depths=[2, 4]``,
    ``instances=20``, ``seed``, ``tie_break``; for ``knight-warnsdorff`` ``sizes``
    and ``starts``; for ``rushhour-difficulty`` ``min_moves`` and ``count``; for
    ``peg-seed000`` (the peg course project's table) ``only``, ``max_expansions``,
    ``time_limit``. ``db``, ``fresh``,
    ``workers``, ``scheduler`` and ``progress`` are as in
    :func:`~searchlab.experiments.compare.compare`.
    """
    try:
        target = BUILTIN[name]
    except (KeyError, TypeError):
        raise InputError(
            _("unknown experiment {name!r}; choose one of {builtin}").format(
                name=str(name)[:40], builtin=", ".join(BUILTIN)
            )
        ) from None
    module_name, builder = target.split(":")
    module = importlib.import_module(module_name)
    build = getattr(module, builder)
    try:
        inspect.signature(build).bind(**options)
    except TypeError as exc:  # an unknown option: say which, in one line
        raise InputError(_("{name}: {exc}").format(name=name, exc=exc)) from None
    exp = build(**options)
    if not exp.instances and not exp.requests:
        raise InputError(_("{name}: these options select no instance").format(name=name))
    summary = run_in(exp, db, fresh=fresh, workers=workers, scheduler=scheduler, progress=progress)
    results: Results = module.results(exp, summary)
    return results


__all__ = ["BUILTIN", "experiment"]
