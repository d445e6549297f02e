"""Aggregate run records by instance group and configuration.

For each (group, configuration) pair: the number of runs, how many were
solved, stopped by a limit or failed; the mean and median of nodes generated
and expanded, of seconds and of solution length, **over the solved runs**
(a run stopped by a limit has only a lower bound on its cost; the solved
count says how many runs the means cover); and the effective branching factor.

b* is reported two ways. ``ebf`` is the mean over solved runs of each run's
own b* (N = its nodes generated, d = its solution length), which is how AIMA's
Figure 3.29 averages it (at d = 2 the book prints N = 6 but b* = 1.79, while
N = 6, d = 2 alone gives b* = 2: only a mean of per-instance values explains
that). ``ebf_of_mean`` solves the equation for the mean N at the common
solution length (``None`` if the solved runs' lengths differ).
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import asdict, dataclass
from typing import Any

from searchlab.records.ebf import effective_branching_factor
from searchlab.records.runs import RunRecord


@dataclass(frozen=True, slots=True)
class GroupRow:
    """Aggregated results of one configuration on one instance group."""

    group: int | str
    label: str
    algorithm: str
    heuristic: str | None
    runs: int
    solved: int
    limited: int
    errors: int
    mean_generated: float | None
    median_generated: float | None
    mean_expanded: float | None
    median_expanded: float | None
    mean_seconds: float | None
    mean_length: float | None
    ebf: float | None
    ebf_of_mean: float | None

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)


def _mean(values: Sequence[float]) -> float | None:
    return statistics.fmean(values) if values else None


def _median(values: Sequence[float]) -> float | None:
    return float(statistics.median(values)) if values else None


def _group_order(group: int | str) -> tuple[int, float, str]:
    return (0, float(group), "") if isinstance(group, int | float) else (1, 0.0, str(group))


def aggregate(records: Sequence[RunRecord], labels: Sequence[str] = ()) -> list[GroupRow]:
    """One :class:`GroupRow` per (group, configuration label), groups in ascending
    order, configurations in the order of ``labels`` (then any others by name)."""
    buckets: dict[tuple[int | str, str], list[RunRecord]] = {}
    for r in records:
        buckets.setdefault((r.group, r.label), []).append(r)
    rank = {label: i for i, label in enumerate(labels)}
    keys = sorted(buckets, key=lambda k: (_group_order(k[0]), rank.get(k[1], len(rank)), k[1]))
    rows = []
    for group, label in keys:
        runs = buckets[(group, label)]
        solved = [r for r in runs if r.solved]
        generated = [r.generated for r in solved]
        lengths = [r.length for r in solved if r.length is not None]
        per_run = [
            b
            for r in solved
            if r.length is not None
            and (b := effective_branching_factor(r.generated, r.length)) is not None
        ]
        mean_generated = _mean(generated)
        common = lengths[0] if lengths and len(set(lengths)) == 1 else None
        rows.append(
            GroupRow(
                group=group,
                label=label,
                algorithm=runs[0].algorithm,
                heuristic=runs[0].heuristic,
                runs=len(runs),
                solved=len(solved),
                limited=sum(r.status == "limit" for r in runs),
                errors=sum(r.status == "error" for r in runs),
                mean_generated=mean_generated,
                median_generated=_median(generated),
                mean_expanded=_mean([r.expanded for r in solved]),
                median_expanded=_median([r.expanded for r in solved]),
                mean_seconds=_mean([r.seconds for r in solved]),
                mean_length=_mean(lengths),
                ebf=_mean(per_run),
                ebf_of_mean=(
                    effective_branching_factor(mean_generated, common)
                    if mean_generated is not None and common is not None
                    else None
                ),
            )
        )
    return rows
