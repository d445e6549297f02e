"""Plan and run an experiment: instances x configurations, resumable from the store.

An :class:`Experiment` names its family, its instances (generation requests
or instances read from files), its configurations and per-run limits, and
optionally which (configuration, instance) pairs to run at all (the AIMA
table skips iterative deepening beyond depth 12). :func:`run_experiment`
fetches or generates the instances (in waves, running each wave's runs before
the next is generated), skips the runs already stored, runs the rest on the
chosen backend and stores each result as it arrives.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path

from searchlab.experiments.execute import execute_run
from searchlab.experiments.parallel import map_unordered
from searchlab.experiments.store import ResultStore
from searchlab.i18n import N_
from searchlab.records.experiment import Experiment, RunSummary
from searchlab.records.runs import Instance, RunRecord, RunSpec
from searchlab.records.sources import generate_instance
from searchlab.search.limits import CancelToken

Progress = Callable[[str, int, int], None]
"""``progress(phase, done, total)`` with phase "instances" or "runs"."""


def plan_runs(experiment: Experiment, instances: list[Instance]) -> list[RunSpec]:
    """Every selected (instance, configuration) pair as a :class:`RunSpec`."""
    return [
        RunSpec(experiment.name, instance, config, experiment.limits)
        for instance in instances
        for config in experiment.configurations
        if experiment.select is None or experiment.select(config, instance)
    ]


def _cost_order(spec: RunSpec) -> tuple[int, float]:
    """Likely-expensive runs first (larger numeric groups), for better load balance."""
    group = spec.instance.group
    return (0, -group) if isinstance(group, int | float) else (1, 0.0)


WAVES = 5
"""Generated instances are made and run in about this many waves (each at least
:data:`WAVE_PER_WORKER` instances a worker), so runs start, and are stored, long
before the last instance exists: an experiment stopped any time (Ctrl-C, a job
scheduler's kill) keeps every run that ended, and a resume starts from there."""
WAVE_PER_WORKER = 8


def run_experiment(
    experiment: Experiment,
    store: ResultStore,
    *,
    workers: int = 1,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> RunSummary:
    """Run what is not stored yet; return the planned runs and their records.

    Records of planned runs that were already in the store are reused as is
    (resume, instant re-print). The instances at hand (files, instances cached by
    an earlier run) run first; the instances still to generate are made and run in
    waves (:data:`WAVES`), each run stored as it ends. With ``cancel`` set the
    function returns early with ``interrupted=True``; whatever finished is stored.
    """
    cached = store.load_instances(experiment.family, (r.id for r in experiment.requests))
    missing = [r for r in experiment.requests if r.id not in cached]
    size = max(WAVE_PER_WORKER * max(workers, 1), -(-len(missing) // WAVES))
    waves = [missing[i : i + size] for i in range(0, len(missing), size)]
    done_runs = store.done(experiment.name)
    summary = RunSummary([], [], [])
    per_instance = len(experiment.configurations)
    generated = len(experiment.requests) - len(missing)

    def run_wave(instances: list[Instance]) -> None:
        planned = plan_runs(experiment, instances)
        summary.planned.extend(planned)
        todo = sorted(
            (s for s in planned if (s.instance.id, s.config_key) not in done_runs),
            key=_cost_order,
        )
        summary.reused += len(planned) - len(todo)

        def report() -> None:
            if progress is not None:  # the total counts the runs of instances to come
                to_come = len(experiment.requests) - generated
                total = len(summary.planned) + per_instance * to_come
                progress(N_("runs"), summary.reused + summary.ran, total)

        report()
        fn: Callable[[RunSpec], RunRecord] = execute_run
        pool = workers
        if scheduler is None and min(workers, len(todo)) <= 1:
            pool = 1  # one process is enough: run in this one, cancellable mid-run
            if cancel is not None:
                fn = functools.partial(execute_run, cancel=cancel)
        for record in map_unordered(fn, todo, workers=pool, scheduler=scheduler, cancel=cancel):
            if record.limit == "cancelled":
                continue
            store.save_run(record)
            summary.ran += 1
            summary.errors += record.status == "error"
            report()

    run_wave(
        [*experiment.instances, *(cached[r.id] for r in experiment.requests if r.id in cached)]
    )
    for wave in waves:
        if cancel is not None and cancel.is_set():
            break
        if progress is not None:
            progress(N_("instances"), generated, len(experiment.requests))
        made = []
        for instance in map_unordered(
            generate_instance, wave, workers=workers, scheduler=scheduler, cancel=cancel
        ):
            store.save_instance(instance)
            cached[instance.id] = instance
            made.append(instance)
            generated += 1
            if progress is not None:
                progress(N_("instances"), generated, len(experiment.requests))
        run_wave(made)
    summary.instances = [
        *experiment.instances,
        *(cached[r.id] for r in experiment.requests if r.id in cached),
    ]
    summary.planned = plan_runs(experiment, summary.instances)
    expected = len(experiment.instances) + len(experiment.requests)
    summary.total = len(summary.planned) + per_instance * (expected - len(summary.instances))
    summary.interrupted = len(summary.instances) < expected or summary.reused + summary.ran < len(
        summary.planned
    )
    wanted = {(s.instance.id, s.config_key) for s in summary.planned}
    summary.records = [
        r for r in store.records(experiment.name) if (r.instance, r.config) in wanted
    ]
    return summary


def run_in(
    experiment: Experiment,
    db: str | Path | ResultStore = ":memory:",
    *,
    fresh: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> RunSummary:
    """:func:`run_experiment` with its store opened here: ``db`` is a database path
    (default ``":memory:"``, forgotten afterwards) or an open :class:`ResultStore`.
    ``fresh`` discards the experiment's stored runs first. What the Python API
    (``compare``, the built-in experiments) runs through."""
    if isinstance(db, ResultStore):
        return _run_fresh(experiment, db, fresh, workers, scheduler, cancel, progress)
    with ResultStore(db) as store:
        return _run_fresh(experiment, store, fresh, workers, scheduler, cancel, progress)


def _run_fresh(
    experiment: Experiment,
    store: ResultStore,
    fresh: bool,
    workers: int,
    scheduler: str | None,
    cancel: CancelToken | None,
    progress: Progress | None,
) -> RunSummary:
    if fresh:
        store.forget(experiment.name)
    return run_experiment(
        experiment, store, workers=workers, scheduler=scheduler, cancel=cancel, progress=progress
    )
