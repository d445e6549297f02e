"""``compare``: algorithms x heuristics x instances of one family, aggregated by group.

The Python side of ``searchlab compare``, for scripts and notebooks::

    from searchlab.experiments import compare
    res = compare("npuzzle", [4, 8], count=5, algorithms=["bfs", "astar"],
                  heuristics=["misplaced", "manhattan"])
    res               # in Jupyter: an HTML table
    res.to_pandas()   # a DataFrame (the ``notebook`` extra)

:func:`compare_experiment` builds the :class:`~searchlab.experiments.Experiment`
(the CLI command builds the same one), :func:`compare_results` turns its records
into the command's table, and :func:`compare` runs it in between.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import Any, TypedDict, Unpack

from searchlab import families
from searchlab.errors import InputError
from searchlab.experiments.report import COMPARE_COLUMNS, group_rows
from searchlab.experiments.runner import Progress, run_in
from searchlab.experiments.store import ResultStore
from searchlab.families.contract import PuzzleFamily
from searchlab.i18n import _
from searchlab.records.aggregate import aggregate
from searchlab.records.experiment import Experiment, RunSummary
from searchlab.records.results import Results
from searchlab.records.runs import INFORMED, Configuration, Limits, configuration
from searchlab.records.sources import (
    MAX_RANGE_VALUES,
    file_instances,
    generated_requests,
    parse_range,
)
from searchlab.search import ALGORITHMS, TIE_BREAKS, engine_algorithms

BEST_FIRST = frozenset({"ucs", "greedy", "astar", "wastar"})
"""Algorithms that accept ``tie_break``."""


def build_configurations(
    algorithms: tuple[str, ...],
    heuristics: tuple[str, ...],
    *,
    tie_break: str | None = None,
    weight: float | None = None,
) -> tuple[Configuration, ...]:
    """Informed algorithms once per heuristic, uninformed ones once, with their options."""
    configs: list[Configuration] = []
    for algorithm in dict.fromkeys(algorithms):
        options: dict[str, Any] = {}
        if tie_break is not None and algorithm in BEST_FIRST:
            options["tie_break"] = tie_break
        if weight is not None and algorithm == "wastar":
            options["weight"] = weight
        if algorithm in INFORMED and heuristics:  # a family with none: once, h = 0
            configs.extend(configuration(algorithm, h, **options) for h in heuristics)
        else:
            configs.append(configuration(algorithm, None, **options))
    return tuple(configs)


def check_choices(fam: PuzzleFamily, algorithms: Sequence[str], heuristics: Sequence[str]) -> None:
    """A one-line InputError for an algorithm or heuristic ``fam`` cannot compare."""
    engine = list(engine_algorithms(provides=("predecessors",))) if fam.engine is not None else []
    own_names = [a for a in fam.algorithms if a not in ALGORITHMS]
    for a in algorithms:
        if a not in engine and a not in fam.algorithms:
            own = (
                _("; {family}'s own: {names}").format(family=fam.name, names=", ".join(own_names))
                if own_names
                else ""
            )
            raise InputError(
                _("unknown algorithm {a!r}; engine algorithms: {engine}{own}").format(
                    a=a[:40], engine=", ".join(engine), own=own
                )
            )
    for h in heuristics:
        if h not in fam.heuristics:
            raise InputError(
                _("unknown heuristic {h!r} for {fam}; choose one of {heuristics}").format(
                    h=h[:40], fam=fam.name, heuristics=", ".join(fam.heuristics)
                )
            )


def _names(value: str | Iterable[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def _parameters(params: str | Iterable[int]) -> list[int]:
    if isinstance(params, str):
        return parse_range(params, name="params")
    values: list[int] = []
    for v in params:
        if isinstance(v, bool) or not isinstance(v, int) or v < 0:
            raise InputError(
                _("params: expected non-negative integers, got {v!r}").format(v=str(v)[:40])
            )
        values.append(v)
        if len(values) > MAX_RANGE_VALUES:
            raise InputError(
                _("params: more than {max_range_values} values").format(
                    max_range_values=MAX_RANGE_VALUES
                )
            )
    return sorted(set(values))


def _boards(boards: Mapping[str, str] | Sequence[str]) -> list[tuple[str, str]]:
    if isinstance(boards, str):
        return [("board 1", boards)]
    if isinstance(boards, Mapping):
        return [(str(k), str(v)) for k, v in boards.items()]
    return [(f"board {i}", str(text)) for i, text in enumerate(boards, 1)]


class CompareOptions(TypedDict, total=False):
    """The options :func:`compare` passes on to :func:`compare_experiment` (whose
    signature holds their defaults; mypy checks the two agree)."""

    boards: Mapping[str, str] | Sequence[str]
    count: int
    seed: int
    algorithms: str | Sequence[str]
    heuristics: str | Sequence[str]
    tie_break: str | None
    weight: float | None
    time_limit: float | None
    max_expansions: int | None
    max_nodes: int | None
    name: str | None


def compare_experiment(
    family: str,
    params: str | Iterable[int] | None = None,
    *,
    boards: Mapping[str, str] | Sequence[str] = (),
    count: int = 10,
    seed: int = 0,
    algorithms: str | Sequence[str] = ("astar",),
    heuristics: str | Sequence[str] = (),
    tie_break: str | None = None,
    weight: float | None = None,
    time_limit: float | None = 60.0,
    max_expansions: int | None = None,
    max_nodes: int | None = None,
    name: str | None = None,
) -> Experiment:
    """The experiment :func:`compare` runs (see there for the parameters)."""
    fam = families.get(family)
    texts = _boards(boards)
    if (params is None) == (not texts):
        raise InputError(
            _("give params (generator values) or boards (instance texts), one of them")
        )
    algos, hs = _names(algorithms), _names(heuristics)
    check_choices(fam, algos, hs)
    if tie_break is not None and tie_break not in TIE_BREAKS:
        raise InputError(
            _("unknown tie_break {tie_break!r}; choose one of {tie_breaks}").format(
                tie_break=tie_break[:40], tie_breaks=", ".join(TIE_BREAKS)
            )
        )
    configs = build_configurations(
        algos, hs or tuple(fam.heuristics[:1]), tie_break=tie_break, weight=weight
    )
    return Experiment(
        name=name or f"compare/{fam.name}",
        family=fam.name,
        configurations=configs,
        requests=tuple(generated_requests(fam.name, _parameters(params), count, seed))
        if params is not None
        else (),
        instances=tuple(file_instances(fam.name, texts)),
        limits=Limits(time_limit, max_expansions, max_nodes),
    )


def compare_results(experiment: Experiment, summary: RunSummary) -> Results:
    """The ``searchlab compare`` table of a finished (or interrupted) run: one row per
    group and configuration (:class:`~searchlab.experiments.GroupRow` fields)."""
    rows = aggregate(summary.records, [c.label for c in experiment.configurations])
    return Results(
        title=experiment.name,
        columns=COMPARE_COLUMNS,
        rows=group_rows(rows),
        sections=True,
        summary=summary,
    )


def compare(
    family: str,
    params: str | Iterable[int] | None = None,
    *,
    db: str | Path | ResultStore = ":memory:",
    fresh: bool = False,
    workers: int = 1,
    scheduler: str | None = None,
    progress: Progress | None = None,
    **options: Unpack[CompareOptions],
) -> Results:
    """Compare algorithms and heuristics on ``family`` instances, as ``searchlab compare``.

    Parameters
    ----------
    family : a family name (``npuzzle``, ``maze``, ``knight``, ``rushhour``...).
    params : the generator's values: optimal depths (npuzzle), sizes (maze, knight)
        or minimum moves (rushhour); a list such as ``[4, 8]``, a ``range``, or a
        range text such as ``"4-20:4"``. ``count`` random instances per value (default 10).
    boards : instead of ``params``, instance texts in the family's format: a mapping
        name -> text (each its own group), a list of texts, or one text.
    seed : the base seed of the generated instances (default 0).
    algorithms, heuristics : names (a list or one name; default ``astar``); informed
        algorithms run once per heuristic (default: the family's first heuristic).
    tie_break, weight : engine options for best-first algorithms and wastar.
    time_limit, max_expansions, max_nodes : limits of each run (default 60 s).
    name : the experiment's name (default ``compare/FAMILY``).
    db : results database: ``":memory:"`` (default), a file path (runs are
        stored there and a repeated call resumes), or an open ResultStore.
    fresh : discard the experiment's stored runs first.
    workers, scheduler : local worker processes (default 1: in this process) or a
        Dask scheduler address.
    progress : ``progress(phase, done, total)``, called as instances and runs finish.

    Returns
    -------
    Results
        One row per (group, configuration): solved, runs, mean and median nodes
        generated and expanded, mean seconds and length, b*. Shows as an HTML
        table in Jupyter; ``.to_pandas()`` gives a DataFrame.

    Examples
    --------
    >>> res = compare("maze", [6], count=2, algorithms=["bfs", "astar"], seed=1)
    >>> [(row["label"], row["solved"]) for row in res.rows]
    [('bfs', 2), ('astar:manhattan', 2)]
    """
    experiment = compare_experiment(family, params, **options)
    summary = run_in(
        experiment, db, fresh=fresh, workers=workers, scheduler=scheduler, progress=progress
    )
    return compare_results(experiment, summary)
