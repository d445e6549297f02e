"""Experiments: run algorithms x heuristics x instances, aggregate, store, plot.

>>> from searchlab.experiments import Experiment, ResultStore, configuration
>>> from searchlab.experiments import generated_requests, run_experiment, aggregate
>>> exp = Experiment(
...     name="demo", family="maze",
...     configurations=(configuration("bfs"), configuration("astar", "manhattan")),
...     requests=tuple(generated_requests("maze", [10, 20], count=3)),
... )
>>> with ResultStore(":memory:") as store:
...     summary = run_experiment(exp, store)
>>> rows = aggregate(summary.records)

The same in one call, as ``searchlab compare`` (the result shows as a table in
Jupyter; ``.to_pandas()`` gives a DataFrame):

>>> res = compare("maze", [10, 20], count=3, algorithms=["bfs", "astar"])
>>> len(res.rows)
4

Modules: :mod:`.execute` (one run), :mod:`.parallel` (in-process, process pool,
Dask), :mod:`.runner` (plan, resume, run), :mod:`.store` (SQLite), :mod:`.report`
(rich tables), :mod:`.builtin` (the built-in experiments such as ``aima-3.29``, which
the families declare in their folders), :mod:`.compare` (``compare``, the Python side
of ``searchlab compare``).

What an experiment is made of lives below this layer, in :mod:`searchlab.records`, so
that a family can declare its own experiments without importing the runner:
:mod:`~searchlab.records.runs` (instances, configurations, limits, run records),
:mod:`~searchlab.records.sources` (generated or file instances, through the family
contract), :mod:`~searchlab.records.experiment` (:class:`Experiment`,
:class:`RunSummary`, a family's declared experiments),
:mod:`~searchlab.records.aggregate` and :mod:`~searchlab.records.ebf` (statistics,
b*), :mod:`~searchlab.records.results` (:class:`Results`: CSV, Markdown, JSON, HTML in
Jupyter, ``to_pandas()``) and :mod:`~searchlab.records.plot` (matplotlib). This
package re-exports them.
"""

from searchlab.experiments.builtin import builtin_experiments, experiment
from searchlab.experiments.compare import compare, compare_experiment, compare_results
from searchlab.experiments.execute import execute_run
from searchlab.experiments.parallel import map_unordered
from searchlab.experiments.runner import plan_runs, run_experiment, run_in
from searchlab.experiments.store import DEFAULT_DB, ResultStore
from searchlab.records.aggregate import GroupRow, aggregate
from searchlab.records.ebf import effective_branching_factor
from searchlab.records.experiment import Experiment, RunSummary
from searchlab.records.plot import plot_cost
from searchlab.records.results import Results
from searchlab.records.runs import (
    INFORMED,
    Configuration,
    Instance,
    Limits,
    RunRecord,
    RunSpec,
    configuration,
)
from searchlab.records.sources import (
    InstanceRequest,
    file_instances,
    generate_instance,
    generated_requests,
    parse_range,
)

__all__ = [
    "DEFAULT_DB",
    "INFORMED",
    "Configuration",
    "Experiment",
    "GroupRow",
    "Instance",
    "InstanceRequest",
    "Limits",
    "ResultStore",
    "Results",
    "RunRecord",
    "RunSpec",
    "RunSummary",
    "aggregate",
    "builtin_experiments",
    "compare",
    "compare_experiment",
    "compare_results",
    "configuration",
    "effective_branching_factor",
    "execute_run",
    "experiment",
    "file_instances",
    "generate_instance",
    "generated_requests",
    "map_unordered",
    "parse_range",
    "plan_runs",
    "plot_cost",
    "run_experiment",
    "run_in",
]
