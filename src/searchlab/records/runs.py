"""The records an experiment is made of: instances, configurations, limits, runs.

Everything here is a frozen dataclass of plain values (strings, numbers,
JSON-like data), so a :class:`RunSpec` pickles cheaply into a worker process
or onto a Dask worker, and a :class:`RunRecord` maps one-to-one onto a row of
the results database.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, field
from typing import Any

from searchlab.search.solve import INFORMED as INFORMED  # run once per heuristic


@dataclass(frozen=True, slots=True)
class Instance:
    """One puzzle instance of a family.

    ``id`` is stable across runs (it keys the database); ``group`` is the value
    results are aggregated by (an optimal depth, a board size, a file name);
    ``data`` is the family's JSON-serialisable description of the instance
    (what :attr:`Family.make_problem` reads); ``optimal`` the known optimal
    cost, when the source knows it; ``index`` its rank within its group.
    """

    family: str
    id: str
    group: int | str
    data: Any
    optimal: float | None = None
    index: int = 0


@dataclass(frozen=True, slots=True)
class Limits:
    """Per-run limits, passed to the engine for every single run.

    A run that reaches one stops with status ``"limit"``; the others are not
    affected (each run has its own budget).
    """

    time_limit: float | None = None
    max_expansions: int | None = None
    max_nodes: int | None = None

    def options(self) -> dict[str, Any]:
        return {k: v for k, v in asdict(self).items() if v is not None}


@dataclass(frozen=True, slots=True)
class Configuration:
    """An algorithm with its heuristic and options, e.g. A* with Manhattan distance.

    ``options`` holds extra engine options as sorted ``(name, value)`` pairs
    (``tie_break``, ``weight``, ``max_depth``...), kept as a tuple so that the
    configuration is hashable.
    """

    algorithm: str
    heuristic: str | None = None
    options: tuple[tuple[str, Any], ...] = ()

    @property
    def label(self) -> str:
        """A short human-readable name: ``astar:manhattan``, ``iddfs``, ``wastar:h[weight=2]``."""
        text = self.algorithm if self.heuristic is None else f"{self.algorithm}:{self.heuristic}"
        if self.options:
            text += "[" + ",".join(f"{k}={v}" for k, v in self.options) + "]"
        return text

    def key(self, limits: Limits) -> str:
        """The database key: the configuration and the limits it ran under."""
        return json.dumps(
            {
                "algorithm": self.algorithm,
                "heuristic": self.heuristic,
                "options": dict(self.options),
                "limits": limits.options(),
            },
            sort_keys=True,
            separators=(",", ":"),
        )


def configuration(algorithm: str, heuristic: str | None = None, **options: Any) -> Configuration:
    """Build a :class:`Configuration` with its options in canonical order."""
    return Configuration(algorithm, heuristic, tuple(sorted(options.items())))


@dataclass(frozen=True, slots=True)
class RunSpec:
    """One unit of work: solve ``instance`` with ``config`` under ``limits``."""

    experiment: str
    instance: Instance
    config: Configuration
    limits: Limits = field(default_factory=Limits)

    @property
    def config_key(self) -> str:
        return self.config.key(self.limits)


@dataclass(frozen=True, slots=True)
class RunRecord:
    """The outcome of one run, as stored in the database.

    ``status`` is the engine's ("solved", "no_solution", "limit") or
    ``"error"`` when the run raised (``error`` holds the message); counters are
    the engine's :class:`~searchlab.search.SearchStats` (``generated`` includes
    the root). ``extra`` holds JSON-serialisable measurements a family's own
    solver reports beyond the engine's (a difficulty rating, a tour's length...).
    """

    experiment: str
    instance: str
    config: str
    family: str
    group: int | str
    label: str
    algorithm: str
    heuristic: str | None
    status: str
    limit: str | None = None
    length: int | None = None
    cost: float | None = None
    expanded: int = 0
    generated: int = 0
    max_frontier: int = 0
    seconds: float = 0.0
    error: str | None = None
    extra: dict[str, Any] | None = None

    @property
    def solved(self) -> bool:
        return self.status == "solved"

    def as_dict(self) -> dict[str, Any]:
        return asdict(self)
