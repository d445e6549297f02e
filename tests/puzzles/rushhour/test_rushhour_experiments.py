"""The Rush Hour difficulty distribution on a few small generated puzzles."""

from __future__ import annotations

import pytest

from searchlab.experiments import ResultStore, run_experiment
from searchlab.puzzles.rushhour import experiments as rushhour

pytest.importorskip("searchlab.puzzles.rushhour")


def test_ratings_agree_with_optimal_solvers(store: ResultStore) -> None:
    exp = rushhour.rushhour_experiment([3, 6], 2, seed=1)
    summary = run_experiment(exp, store)
    assert all(r.solved for r in summary.records)
    by = {(r.instance, r.label): r for r in summary.records}
    for inst in summary.instances:
        rating = by[(inst.id, "rate")]
        assert rating.extra is not None and rating.extra["rating"]["level"] in rushhour.LEVELS
        moves = rating.extra["rating"]["moves"]
        assert moves >= inst.group  # the generator's guarantee
        # A* with either admissible heuristic finds the optimal number of moves.
        assert by[(inst.id, "astar:blocking")].length == moves
        assert by[(inst.id, "astar:strong")].length == moves
    rows = rushhour.distribution(summary.records)
    assert [r["group"] for r in rows] == ["3", "6", "all"]
    assert rows[-1]["puzzles"] == 4 == sum(rows[-1][level] for level in rushhour.LEVELS)
    puzzles = rushhour.puzzles(summary.records, summary.instances)
    assert len(puzzles) == 4 and all(len(p["board"]) == 36 for p in puzzles)


def test_a_min_moves_range_past_the_hardest_puzzle_is_refused_before_any_instance() -> None:
    import pytest

    from searchlab.errors import InputError
    from searchlab.records.sources import generated_requests

    with pytest.raises(InputError, match="--min-moves 52: no 6x6 puzzle without walls"):
        generated_requests("rushhour", [50, 51, 52], 1)
    assert len(generated_requests("rushhour", [50, 51], 2)) == 4
