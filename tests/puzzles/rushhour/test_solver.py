"""The solvers: the 40 cards in their published moves and steps, replayed; random boards
against an independent reference; the engine with both heuristics; hints."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rushhour_helpers import reference_distance, replay

from searchlab.puzzles.rushhour import (
    Board,
    RushHourProblem,
    cards,
    fast_bfs,
    hint,
    parse_board,
    solve_board,
)
from searchlab.puzzles.rushhour.generate import random_board
from searchlab.puzzles.rushhour.packed import Packed
from searchlab.search import audit_heuristic


def test_all_cards_solve_in_published_moves_and_replay() -> None:
    for c in cards():
        board = c.parse()
        result = solve_board(board)
        assert result.solved and result.length == c.moves, c.number
        end = replay(board, result.actions, result.states)
        assert end.is_solved()


def test_all_cards_published_steps() -> None:
    for c in cards():
        result = solve_board(c.parse(), metric="steps")
        assert result.length == c.steps, c.number
        assert all(abs(m.delta) == 1 for m in result.actions)
        assert replay(c.parse(), result.actions).is_solved()


@pytest.mark.parametrize("number", [1, 12, 21, 33])
@pytest.mark.parametrize("heuristic", ["blocking", "strong"])
def test_engine_astar_is_optimal_with_both_heuristics(number: int, heuristic: str) -> None:
    c = cards()[number - 1]
    result = solve_board(c.parse(), algorithm="astar", heuristic=heuristic)
    assert result.length == c.moves
    assert replay(c.parse(), result.actions, result.states).is_solved()


def test_strong_heuristic_dominates_and_expands_less() -> None:
    for c in cards()[::5]:
        board = c.parse()
        p_block = RushHourProblem(board, heuristic="blocking")
        p_strong = RushHourProblem(board, heuristic="strong")
        for s in list(Packed(board).neighbours(p_block.initial_state()))[:20]:
            assert p_strong.heuristic(s) >= p_block.heuristic(s)
    c = cards()[39]
    weak = solve_board(c.parse(), algorithm="astar", heuristic="blocking")
    strong = solve_board(c.parse(), algorithm="astar", heuristic="strong")
    assert strong.stats.expanded <= weak.stats.expanded


@pytest.mark.parametrize("metric", ["moves", "steps"])
@pytest.mark.parametrize("heuristic", ["blocking", "strong"])
def test_heuristics_admissible_by_audit(metric: str, heuristic: str) -> None:
    for number in (4, 19, 32):
        problem = RushHourProblem(cards()[number - 1].parse(), metric=metric, heuristic=heuristic)
        audit = audit_heuristic(problem, max_states=20_000)
        assert audit.admissible, audit.summary()


def test_bidirectional_engine_search_agrees() -> None:
    c = cards()[2]
    assert solve_board(c.parse(), algorithm="bibfs").length == c.moves


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    size=st.sampled_from([(4, 4), (5, 5), (5, 4), (4, 5)]),
    walls=st.integers(0, 2),
)
def test_random_small_boards_against_reference(
    seed: int, size: tuple[int, int], walls: int
) -> None:
    w, h = size
    board = random_board(random.Random(seed), w, h, walls, vehicles=6)
    for metric in ("moves", "steps"):
        ref = reference_distance(board, steps=metric == "steps")
        result = solve_board(board, metric=metric)  # type: ignore[arg-type]
        if ref < 0:
            assert result.status == "no_solution"
        else:
            assert result.length == ref
            assert replay(board, result.actions, result.states).is_solved()


def test_unsolvable_and_solved_boards() -> None:
    blocked = parse_board("oooooo\noooooo\nAAooBB\noooooo\noooooo\noooooo")
    assert fast_bfs(blocked).status == "no_solution"
    assert solve_board(blocked, algorithm="astar", heuristic="strong").status == "no_solution"
    assert hint(blocked) is None
    walled = parse_board("oooooo\noooooo\nAAooxo\noooooo\noooooo\noooooo")
    assert fast_bfs(walled).status == "no_solution"
    done = parse_board("oooooo\noooooo\nooooAA\noooooo\noooooo\noooooo")
    r = solve_board(done)
    assert r.solved and r.length == 0 and hint(done) is None


def test_limits_are_honoured() -> None:
    r = solve_board(cards()[39].parse(), max_expansions=100)
    assert r.status == "limit" and r.limit == "max_expansions"
    r = solve_board(cards()[39].parse(), algorithm="astar", max_expansions=100)
    assert r.status == "limit"


def test_hint_follows_an_optimal_solution() -> None:
    board: Board = cards()[36].parse()
    remaining = cards()[36].moves
    for _ in range(5):
        move = hint(board)
        assert move is not None
        board = board.apply(move)
        remaining -= 1
        assert fast_bfs(board).length == remaining


def test_legal_moves_match_packed_neighbours() -> None:
    for c in cards()[::7]:
        board = c.parse()
        pk = Packed(board)
        expected = {pk.encode(board.apply(m).positions()) for m in board.legal_moves()}
        assert set(pk.neighbours(pk.start())) == expected
