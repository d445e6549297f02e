"""Shared fixtures: a small maze experiment and a throw-away results database."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from searchlab.experiments import (
    Experiment,
    Limits,
    ResultStore,
    configuration,
    generated_requests,
)

CONFIGS = (
    configuration("bfs"),
    configuration("astar", "manhattan"),
    configuration("astar", "zero"),
)


def maze_experiment(
    name: str = "t", count: int = 3, sizes: tuple[int, ...] = (6, 12)
) -> Experiment:
    return Experiment(
        name=name,
        family="maze",
        configurations=CONFIGS,
        requests=tuple(generated_requests("maze", list(sizes), count, seed=1)),
        limits=Limits(time_limit=10),
    )


@pytest.fixture
def store(tmp_path: Path) -> Iterator[ResultStore]:
    with ResultStore(tmp_path / "results.sqlite") as s:
        yield s
