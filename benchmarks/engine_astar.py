"""Engine benchmark: searchlab's A* against simpleai and aima3 on the same problems.

Runs A* with the same heuristic on (1) a hard 8-puzzle instance (31 moves) and
(2) a large random grid maze, in searchlab, simpleai (``astar(graph_search=True)``)
and aima3 (``astar_search``), and prints expansions, seconds, expansions per
second and the speed ratio. The peers are installed only in the benchmark's
environment: ``make bench`` builds ``.bench-venv`` with them.

Usage: python benchmarks/engine_astar.py [--maze-size N] [--skip-peers]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable, Iterator
from typing import Any

from searchlab.puzzles.maze import MazeProblem, random_maze
from searchlab.search import Problem, astar

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
HARD = (8, 6, 7, 2, 5, 4, 3, 0, 1)  # 31 moves from GOAL, one of the two hardest
NEIGHBOURS = [
    [j for j in (i - 3, i + 3, i - 1, i + 1) if 0 <= j < 9 and (j // 3 == i // 3 or j % 3 == i % 3)]
    for i in range(9)
]
GOAL_POS = {t: i for i, t in enumerate(GOAL)}


def manhattan(state: tuple[int, ...]) -> int:
    """Sum of tile distances to their goal cells (blank excluded); shared by all libraries."""
    total = 0
    for i, t in enumerate(state):
        if t:
            g = GOAL_POS[t]
            total += abs(i // 3 - g // 3) + abs(i % 3 - g % 3)
    return total


def slide(state: tuple[int, ...], blank: int, to: int) -> tuple[int, ...]:
    s = list(state)
    s[blank], s[to] = s[to], 0
    return tuple(s)


class EightPuzzle(Problem[tuple[int, ...], int]):
    def __init__(self, start: tuple[int, ...]) -> None:
        self.start = start

    def initial_state(self) -> tuple[int, ...]:
        return self.start

    def is_goal(self, state: tuple[int, ...]) -> bool:
        return state == GOAL

    def successors(self, state: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], float]]:
        blank = state.index(0)
        for to in NEIGHBOURS[blank]:
            yield to, slide(state, blank, to), 1

    def heuristic(self, state: tuple[int, ...]) -> float:
        return manhattan(state)


def run_searchlab(problem: Any) -> tuple[float, int, float]:
    t = time.perf_counter()
    r = astar(problem)
    return r.cost or 0, r.stats.expanded, time.perf_counter() - t


def run_simpleai(
    start: Any,
    actions: Callable[[Any], list[Any]],
    result: Callable[[Any, Any], Any],
    is_goal: Callable[[Any], bool],
    h: Callable[[Any], float],
) -> tuple[float, int, float]:
    from simpleai.search import SearchProblem
    from simpleai.search import astar as simpleai_astar

    count = [0]

    class P(SearchProblem):  # type: ignore[misc]
        def actions(self, state: Any) -> list[Any]:
            count[0] += 1
            return actions(state)

        def result(self, state: Any, action: Any) -> Any:
            return result(state, action)

        def is_goal(self, state: Any) -> bool:
            return is_goal(state)

        def cost(self, state: Any, action: Any, state2: Any) -> float:
            return 1

        def heuristic(self, state: Any) -> float:
            return h(state)

    t = time.perf_counter()
    node = simpleai_astar(P(start), graph_search=True)
    elapsed = time.perf_counter() - t
    return (node.cost if node else float("nan")), count[0], elapsed


def run_aima3(
    start: Any,
    actions: Callable[[Any], list[Any]],
    result: Callable[[Any, Any], Any],
    is_goal: Callable[[Any], bool],
    h: Callable[[Any], float],
) -> tuple[float, int, float]:
    from aima3.search import Problem as AimaProblem
    from aima3.search import astar_search

    count = [0]

    class P(AimaProblem):  # type: ignore[misc]
        def actions(self, state: Any) -> list[Any]:
            count[0] += 1
            return actions(state)

        def result(self, state: Any, action: Any) -> Any:
            return result(state, action)

        def goal_test(self, state: Any) -> bool:
            return is_goal(state)

    t = time.perf_counter()
    node = astar_search(P(start), lambda n: h(n.state))
    elapsed = time.perf_counter() - t
    return (node.path_cost if node else float("nan")), count[0], elapsed


def report(name: str, rows: list[tuple[str, float, int, float]]) -> None:
    print(f"\n{name}")
    print(
        f"  {'library':<10} {'cost':>6} {'expanded':>10} {'seconds':>9} {'exp/s':>10} {'slower':>8}"
    )
    base = rows[0][3]
    for lib, cost, expanded, seconds in rows:
        rate = expanded / seconds if seconds else float("inf")
        print(
            f"  {lib:<10} {cost:>6g} {expanded:>10,} {seconds:>9.3f} {rate:>10,.0f} "
            f"{seconds / base:>7.1f}x"
        )


def peers_available() -> bool:
    try:
        import aima3.search  # noqa: F401
        import simpleai.search  # noqa: F401
    except ImportError:
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--maze-size", type=int, default=300)
    parser.add_argument("--skip-peers", action="store_true")
    args = parser.parse_args()
    peers = not args.skip_peers and peers_available()
    if not peers and not args.skip_peers:
        print("simpleai/aima3 not installed here: run `make bench` for the side-by-side run")

    # 1. The 8-puzzle, 31 moves, Manhattan distance.
    def actions(s: tuple[int, ...]) -> list[int]:
        return NEIGHBOURS[s.index(0)]

    def result(s: tuple[int, ...], to: int) -> tuple[int, ...]:
        return slide(s, s.index(0), to)

    rows = [("searchlab", *run_searchlab(EightPuzzle(HARD)))]
    if peers:
        rows.append(("simpleai", *run_simpleai(HARD, actions, result, GOAL.__eq__, manhattan)))
        rows.append(("aima3", *run_aima3(HARD, actions, result, GOAL.__eq__, manhattan)))
    report(f"A* on the 8-puzzle {' '.join(map(str, HARD))} (31 moves), Manhattan distance", rows)

    # 2. A large random grid maze, Manhattan distance.
    n = args.maze_size
    seed = 0
    while True:  # the first seed whose maze has a path (deterministic)
        maze = random_maze(n, n, walls=0.3, seed=seed)
        problem = MazeProblem(maze)
        if astar(problem).solved:
            break
        seed += 1
    moves = {c: [cell for _, cell, _ in problem.successors(c)] for c in range(n * n)}
    rows = [("searchlab", *run_searchlab(problem))]
    if peers:
        rows.append(
            (
                "simpleai",
                *run_simpleai(
                    maze.start,
                    moves.__getitem__,
                    lambda s, a: a,
                    maze.goal.__eq__,
                    problem.heuristic,
                ),
            )
        )
        rows.append(
            (
                "aima3",
                *run_aima3(
                    maze.start,
                    moves.__getitem__,
                    lambda s, a: a,
                    maze.goal.__eq__,
                    problem.heuristic,
                ),
            )
        )
    report(f"A* on a {n}x{n} random maze (30% walls, seed {seed}), Manhattan distance", rows)


if __name__ == "__main__":
    main()
