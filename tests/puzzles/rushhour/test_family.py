"""The Rush Hour family: one generator, the rating as an algorithm, every algorithm."""

from __future__ import annotations

import threading
from typing import Any

import pytest

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import Board, card, fast_bfs, rate, solve_board
from searchlab.puzzles.rushhour.family import FAMILY
from searchlab.puzzles.rushhour.generate import generate, unreachable
from searchlab.puzzles.rushhour.solver import Metric
from searchlab.search import SearchResult

CARD1 = card(1).parse()


def test_unreachable_minimum_is_answered_at_once_everywhere() -> None:
    assert "51 moves" in (unreachable(52) or "")
    assert unreachable(52, walls=1) is None  # no proven maximum with walls
    assert generate(52, 3, time_limit=600) == []  # no search: a proof
    with pytest.raises(InputError, match="lower the minimum"):
        FAMILY.generator.generate({"min_moves": 55, "seconds": 20}, 1)
    assert FAMILY.sampling is not None
    with pytest.raises(InputError, match="51 moves"):
        FAMILY.sampling.sample(55, 1)


def test_generated_text_parses_to_a_puzzle_of_the_minimum() -> None:
    # one wall: no puzzle database holds those here (without walls the bundled one answers)
    text = FAMILY.generator.generate({"min_moves": 6, "walls": 1, "seconds": 20}, 7)
    assert text.startswith("# generated")
    board = FAMILY.parse(text)
    result = FAMILY.solve(board, FAMILY.algorithms[0], None)
    assert result.solved and result.length >= 6
    assert generate(6, seed=7, walls=1, time_limit=20)[0].board == board  # the same generator


def test_rate_algorithm_puts_the_rating_under_extra() -> None:
    result = FAMILY.solve(CARD1, "rate", None, time_limit=30)
    assert result.solved and result.length == card(1).moves
    assert result.extra["rating"] == rate(CARD1).as_dict()
    steps = FAMILY.solve(CARD1, "rate", None, metric="steps", time_limit=30)
    assert steps.extra["rating"] == result.extra["rating"]
    plain = FAMILY.solve(CARD1, "fast", None)
    assert "rating" not in plain.extra


def test_rate_stopped_by_its_limits_raises_one_line() -> None:
    cancel = threading.Event()
    cancel.set()
    with pytest.raises(InputError, match="cancelled"):
        rate(card(40).parse(), cancel=cancel)
    with pytest.raises(InputError, match="time limit"):
        rate(card(40).parse(), time_limit=0.0)
    result = FAMILY.solve(card(40).parse(), "rate", None, metric="steps", cancel=cancel)
    assert result.status == "cancelled" and "rating" not in result.extra


def test_rate_does_not_search_a_given_solution_again(monkeypatch: pytest.MonkeyPatch) -> None:
    from searchlab.puzzles.rushhour import rating

    solution = solve_board(CARD1)
    searched: list[str] = []
    real = fast_bfs

    def counting(board: Board, metric: Metric = "moves", **limits: Any) -> SearchResult:
        searched.append(metric)
        return real(board, metric, **limits)

    monkeypatch.setattr(rating, "fast_bfs", counting)
    assert rate(CARD1, solution=solution) == rate(CARD1)
    assert searched == ["steps", "moves", "steps"]


@pytest.mark.parametrize("algorithm", FAMILY.algorithms)
def test_every_algorithm_solves_a_card_optimally_or_nearly(algorithm: str) -> None:
    result = FAMILY.solve(CARD1, algorithm, "strong", time_limit=30)
    assert result.solved
    assert FAMILY.parse(FAMILY.format(CARD1)).apply(result.actions[0]) == result.states[1]
    if algorithm not in ("greedy", "wastar"):
        assert result.length == card(1).moves
