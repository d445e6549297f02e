"""Execute one run: build the problem, call :func:`searchlab.search.solve`, record.

:func:`execute_run` is a module-level function of one picklable argument, so
the same code runs in-process, in a process pool and on Dask workers. It
never raises for a failing run: an exception becomes a record with status
``"error"``, so one bad run never stops an experiment. Each run gets its own
limits (time, expansions, stored nodes), enforced by the engine.
"""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from searchlab.experiments.families import get_family
from searchlab.experiments.model import RunRecord, RunSpec
from searchlab.search import solve
from searchlab.search.limits import CancelToken


def execute_run(spec: RunSpec, cancel: CancelToken | None = None) -> RunRecord:
    """Solve ``spec.instance`` with ``spec.config`` under ``spec.limits``.

    The algorithm is an engine name (:func:`searchlab.search.solve`) or one of
    the family's own solvers (:attr:`Family.solvers`).

    Returns a :class:`RunRecord` whose counters are the engine's statistics.
    With ``cancel`` set the search stops at its next checkpoint with limit
    ``"cancelled"`` (such records are not stored, so the run is redone on resume).
    """
    instance, config = spec.instance, spec.config
    base = RunRecord(
        experiment=spec.experiment,
        instance=instance.id,
        config=spec.config_key,
        family=instance.family,
        group=instance.group,
        label=config.label,
        algorithm=config.algorithm,
        heuristic=config.heuristic,
        status="error",
    )
    started = time.perf_counter()
    try:
        family = get_family(instance.family)
        options = {**spec.limits.options(), **dict(config.options), "cancel": cancel}
        own_solver = family.solvers.get(config.algorithm)
        result: Any
        if own_solver is not None:
            result = own_solver(instance.data, **options)
        else:
            problem = family.problem(instance.data, config.heuristic)
            result = solve(problem, config.algorithm, **options)
    except (Exception, MemoryError) as exc:  # a failing run is a result, not a crash
        return replace(
            base,
            error=f"{type(exc).__name__}: {exc}",
            seconds=time.perf_counter() - started,
        )
    stats = result.stats
    return replace(
        base,
        status=result.status,
        limit=result.limit,
        length=result.length if result.solved else None,
        cost=_cost(result),
        expanded=stats.expanded,
        generated=stats.generated,
        max_frontier=stats.max_frontier,
        seconds=stats.seconds,
        extra=getattr(result, "extra", None),
    )


def _cost(result: Any) -> float | None:
    cost = getattr(result, "cost", None)
    if not result.solved:
        return None
    return float(cost) if cost is not None else float(result.length)
