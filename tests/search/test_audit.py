"""audit_heuristic tells admissible and consistent heuristics from the others."""

from __future__ import annotations

import pytest

from searchlab.puzzles.maze import MazeProblem, parse_maze
from searchlab.search import SpaceTooLargeError, audit_heuristic, explore_space
from tests.search.graphs import GraphProblem, Line

MAZE = "S...#\n.##.#\n....G\n"


def test_manhattan_on_a_maze_is_admissible_and_consistent() -> None:
    report = audit_heuristic(MazeProblem(parse_maze(MAZE)))
    assert report.admissible and report.consistent
    assert report.states == 11 and report.goals == 1
    assert 0 < report.mean_ratio <= 1


def test_overestimates_are_reported_worst_first() -> None:
    problem = MazeProblem(parse_maze(MAZE))
    report = audit_heuristic(problem, lambda s: 3 * problem.heuristic(s))
    assert not report.admissible
    excesses = [o.excess for o in report.overestimates]
    assert excesses == sorted(excesses, reverse=True) and excesses[0] > 0
    assert "NOT admissible" in report.summary()


def test_admissible_but_inconsistent_is_told_apart() -> None:
    edges = {0: [(1, 1), (2, 1)], 1: [(3, 1)], 2: [(3, 2)], 3: [(4, 5)], 4: []}
    problem = GraphProblem(edges, goal=4, h={1: 6})
    report = audit_heuristic(problem)
    assert report.admissible and not report.consistent
    worst = report.inconsistencies[0]
    assert worst.state == 1 and worst.successor == 3 and worst.excess == 5


def test_infinite_spaces_are_refused() -> None:
    with pytest.raises(SpaceTooLargeError):
        audit_heuristic(Line(), max_states=1000)


def test_one_exploration_serves_several_audits() -> None:
    problem = MazeProblem(parse_maze(MAZE))
    space = explore_space(problem)
    assert len(space.states) == 11 and space.distance[0] == 6
    zero = audit_heuristic(problem, lambda s: 0, space=space)
    assert zero.admissible and zero.consistent and zero.mean_ratio == 0
    assert audit_heuristic(problem, space=space).mean_ratio > 0
