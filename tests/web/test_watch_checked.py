"""A watched search's solution is checked before it is drawn, on the grid trace (a maze
walker) as on the general one: a path that does not replay is a SolutionCheckError, not
a trace."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from searchlab import families
from searchlab.errors import InputError, SolutionCheckError
from searchlab.search import SearchResult
from searchlab.web import watch_grid, watch_trace

BOARDS = {"maze": "S..\n.#.\n..G\n", "npuzzle": "1 2 3\n4 5 6\n0 7 8\n"}


def dropping_the_last_move(monkeypatch: pytest.MonkeyPatch) -> None:
    """The engine answering its solutions one move short (a defect to be caught)."""
    real = watch_trace.solve

    def solve(problem: Any, algorithm: str, **options: Any) -> SearchResult:
        result = real(problem, algorithm, **options)
        if not result.solved:
            return result
        return replace(result, states=result.states[:-1], actions=result.actions[:-1])

    monkeypatch.setattr(watch_trace, "solve", solve)


@pytest.mark.parametrize("name", list(BOARDS))
def test_a_watched_solution_that_does_not_replay_is_refused(
    monkeypatch: pytest.MonkeyPatch, name: str
) -> None:
    fam = families.get(name)
    instance = fam.read(BOARDS[name])
    grid = watch_grid.grid_board(fam, instance) is not None
    assert grid == (name == "maze")  # both kinds of trace are covered
    record = watch_grid.record if grid else watch_trace.record
    assert record(fam, instance, "bfs", None)["status"] == "solved"
    dropping_the_last_move(monkeypatch)
    with pytest.raises(SolutionCheckError):
        record(fam, instance, "bfs", None)


def test_a_request_the_watch_does_not_offer_is_one_line() -> None:
    fam = families.get("maze")
    instance = fam.read(BOARDS["maze"])
    with pytest.raises(InputError, match="cannot be watched on maze; choose one of"):
        watch_grid.record(fam, instance, "nope", None)
    with pytest.raises(InputError, match="weight must be between 1 and"):
        watch_grid.record(fam, instance, "wastar", "manhattan", weight=0.5)
