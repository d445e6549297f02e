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

from searchlab import families
from searchlab.records.runs import RunRecord, RunSpec
from searchlab.search import ALGORITHMS, SearchResult, solve
from searchlab.search.limits import CancelToken


def execute_run(spec: RunSpec, cancel: CancelToken | None = None) -> RunRecord:
    """Solve ``spec.instance`` with ``spec.config`` under ``spec.limits``.

    The instance's data is its text in the family's format. An algorithm the
    family offers runs through the family's ``solve`` (so its dedicated solvers and
    proofs of impossibility serve experiments too); any other engine algorithm runs
    on the family's engine problem.

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
        family = families.get(instance.family)
        options = {**spec.limits.options(), **dict(config.options), "cancel": cancel}
        puzzle = family.read(instance.data)
        result: Any
        # Every answer is checked (Family.check: replayed from the start) before it is
        # recorded; one that fails is a run in error, never a "solved" row.
        if config.algorithm in family.algorithms:
            result = family.solve(puzzle, config.algorithm, config.heuristic, **options)
            family.check(puzzle, result)
        elif config.algorithm in ALGORITHMS:
            problem = family.engine_problem(puzzle, config.heuristic)
            result = solve(problem, config.algorithm, **options)
            family.check(puzzle, family.in_family_terms(puzzle, result))
        else:
            raise ValueError(f"{family.name} offers no algorithm {config.algorithm!r}")
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
        extra=dict(result.extra) or None,
    )


def _cost(result: SearchResult) -> float | None:
    if not result.solved:
        return None
    return float(result.cost) if result.cost is not None else float(result.length)
