"""Engine benchmark: searchlab's A* against simpleai, aima3 and the PyPI ``astar`` package.

The same problems, the same successor and heuristic functions, in every library:

1. 102 8-puzzle instances: the two hardest positions (31 moves) and 100 drawn
   uniformly among the solvable positions (``--seed``), Manhattan distance;
2. a large random grid maze (``--maze-size``), Manhattan distance.

Each library's solution length is checked against the optimum (the exact
distance table of the 8-puzzle; breadth-first search on the maze): a library
that returns a longer path is reported and the script exits with status 1.
The libraries take turns on each instance, so load from other jobs falls on
all of them alike. Printed per library: nodes expanded (calls of its successor
function; searchlab's ``stats.expanded``), seconds, nodes expanded per second,
and how many times slower than searchlab: the ratio of total times, and the
median and 10th-90th percentile of the per-instance ratios.

simpleai (``astar(graph_search=True)``), aima3 (``astar_search``) and astar
(``AStar.astar``) are installed only in the benchmark's environment: ``make
bench`` builds ``.bench-venv`` with them and runs this script.

Usage: python benchmarks/engine_astar.py [--instances N] [--seed S] [--maze-size N]
       [--skip-peers]
"""

from __future__ import annotations

import argparse
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from importlib import metadata
from typing import Any

from searchlab.puzzles.maze import MazeProblem, random_maze
from searchlab.puzzles.npuzzle import board_from_tiles, exact_distance
from searchlab.search import Problem, astar, breadth_first_search

GOAL = (1, 2, 3, 4, 5, 6, 7, 8, 0)
HARDEST = ((8, 6, 7, 2, 5, 4, 3, 0, 1), (6, 4, 7, 8, 5, 0, 3, 2, 1))  # 31 moves from GOAL
NEIGHBOURS = [
    [j for j in (i - 3, i + 3, i - 1, i + 1) if 0 <= j < 9 and (j // 3 == i // 3 or j % 3 == i % 3)]
    for i in range(9)
]
GOAL_POS = {t: i for i, t in enumerate(GOAL)}
PEERS = ("simpleai", "aima3", "astar")

State = Any
# A library's run: (start, actions, result, is_goal, h) -> (cost, expanded, seconds)
Runner = Callable[..., tuple[float, int, float]]


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


def puzzle_actions(s: tuple[int, ...]) -> list[int]:
    return NEIGHBOURS[s.index(0)]


def puzzle_result(s: tuple[int, ...], to: int) -> tuple[int, ...]:
    return slide(s, s.index(0), to)


def random_instances(count: int, seed: int) -> list[tuple[int, ...]]:
    """``count`` distinct positions drawn uniformly among those that can reach GOAL."""
    rng = random.Random(seed)
    out: list[tuple[int, ...]] = []
    seen = {GOAL, *HARDEST}
    while len(out) < count:
        tiles = list(GOAL)
        rng.shuffle(tiles)
        state = tuple(tiles)
        inversions = sum(1 for i in range(9) for j in range(i + 1, 9) if 0 < state[j] < state[i])
        if inversions % 2 == 0 and state not in seen:  # 3x3: solvable iff even inversions
            seen.add(state)
            out.append(state)
    return out


class SearchProblem(Problem[State, Any]):
    """The engine's view of the same functions the peers get."""

    def __init__(
        self,
        start: State,
        actions: Callable[[State], Sequence[Any]],
        result: Callable[[State, Any], State],
        is_goal: Callable[[State], bool],
        h: Callable[[State], float],
    ) -> None:
        self.start, self.actions, self.result = start, actions, result
        self.goal, self.h = is_goal, h

    def initial_state(self) -> State:
        return self.start

    def is_goal(self, state: State) -> bool:
        return self.goal(state)

    def successors(self, state: State) -> Iterator[tuple[Any, State, float]]:
        result = self.result
        for a in self.actions(state):
            yield a, result(state, a), 1

    def heuristic(self, state: State) -> float:
        return self.h(state)


def run_searchlab(start: State, actions: Any, result: Any, is_goal: Any, h: Any) -> Any:
    problem = SearchProblem(start, actions, result, is_goal, h)
    t = time.perf_counter()
    r = astar(problem)
    elapsed = time.perf_counter() - t
    return (r.cost if r.solved else float("nan")), r.stats.expanded, elapsed


def run_simpleai(start: State, actions: Any, result: Any, is_goal: Any, h: Any) -> Any:
    from simpleai.search import SearchProblem as SimpleProblem
    from simpleai.search import astar as simpleai_astar

    count = [0]

    class P(SimpleProblem):  # type: ignore[misc]
        def actions(self, state: State) -> Sequence[Any]:
            count[0] += 1
            return actions(state)

        def result(self, state: State, action: Any) -> State:
            return result(state, action)

        def is_goal(self, state: State) -> bool:
            return is_goal(state)

        def cost(self, state: State, action: Any, state2: State) -> float:
            return 1

        def heuristic(self, state: State) -> float:
            return h(state)

    t = time.perf_counter()
    node = simpleai_astar(P(start), graph_search=True)
    elapsed = time.perf_counter() - t
    return (node.cost if node else float("nan")), count[0], elapsed


def run_aima3(start: State, actions: Any, result: Any, is_goal: Any, h: Any) -> Any:
    from aima3.search import Problem as AimaProblem
    from aima3.search import astar_search

    count = [0]

    class P(AimaProblem):  # type: ignore[misc]
        def actions(self, state: State) -> Sequence[Any]:
            count[0] += 1
            return actions(state)

        def result(self, state: State, action: Any) -> State:
            return result(state, action)

        def goal_test(self, state: State) -> bool:
            return is_goal(state)

    t = time.perf_counter()
    node = astar_search(P(start), lambda n: h(n.state))
    elapsed = time.perf_counter() - t
    return (node.path_cost if node else float("nan")), count[0], elapsed


def run_astar(start: State, actions: Any, result: Any, is_goal: Any, h: Any) -> Any:
    from astar import AStar

    count = [0]

    class P(AStar):  # type: ignore[misc]
        def neighbors(self, node: State) -> list[State]:
            count[0] += 1
            return [result(node, a) for a in actions(node)]

        def distance_between(self, n1: State, n2: State) -> float:
            return 1

        def heuristic_cost_estimate(self, current: State, goal: State) -> float:
            return h(current)

        def is_goal_reached(self, current: State, goal: State) -> bool:
            return is_goal(current)

    t = time.perf_counter()
    path = P().astar(start, None)
    elapsed = time.perf_counter() - t
    cost = float("nan") if path is None else len(list(path)) - 1
    return cost, count[0], elapsed


RUNNERS: dict[str, Runner] = {
    "searchlab": run_searchlab,
    "simpleai": run_simpleai,
    "aima3": run_aima3,
    "astar": run_astar,
}


@dataclass
class Tally:
    optimal: int = 0
    expanded: int = 0
    seconds: float = 0.0
    times: list[float] = field(default_factory=list)
    wrong: list[str] = field(default_factory=list)


def version(package: str) -> str:
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "?"


def available(package: str) -> bool:
    module = {"simpleai": "simpleai.search", "aima3": "aima3.search", "astar": "astar"}[package]
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def compare(
    title: str,
    libraries: list[str],
    instances: list[tuple[str, State, float]],
    actions: Any,
    result: Any,
    is_goal: Any,
    h: Any,
) -> bool:
    """Run every library on every instance (in turns); print the table; True if all optimal."""
    tallies = {lib: Tally() for lib in libraries}
    for name, start, optimum in instances:
        for lib in libraries:
            cost, expanded, seconds = RUNNERS[lib](start, actions, result, is_goal, h)
            t = tallies[lib]
            t.expanded += expanded
            t.seconds += seconds
            t.times.append(seconds)
            if cost == optimum:
                t.optimal += 1
            else:
                t.wrong.append(f"{name}: {cost} moves, optimum {optimum}")
    print(f"\n{title}")
    print(
        f"  {'library':<10} {'optimal':>9} {'expanded':>11} {'seconds':>9} {'nodes/s':>10} "
        f"{'slower':>7}  per instance: median [10-90 %]"
    )
    base = tallies["searchlab"]
    for lib, t in tallies.items():
        rate = t.expanded / t.seconds if t.seconds else float("inf")
        ratios = [s / b for s, b in zip(t.times, base.times, strict=True) if b > 0]
        spread = (
            f"{statistics.median(ratios):6.1f}x [{percentile(ratios, 0.1):.1f}-"
            f"{percentile(ratios, 0.9):.1f}x]"
            if len(ratios) > 1
            else ""
        )
        print(
            f"  {lib:<10} {t.optimal:>4}/{len(instances):<4} {t.expanded:>11,} {t.seconds:>9.3f} "
            f"{rate:>10,.0f} {t.seconds / base.seconds:>6.1f}x  {spread}"
        )
        for line in t.wrong[:5]:
            print(f"    NOT OPTIMAL {line}")
    return all(not t.wrong for t in tallies.values())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--instances", type=int, default=100, help="random 8-puzzles (100)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the random 8-puzzles (0)")
    parser.add_argument("--maze-size", type=int, default=300, help="side of the maze (300)")
    parser.add_argument("--skip-peers", action="store_true", help="searchlab alone")
    args = parser.parse_args()

    peers = [] if args.skip_peers else [p for p in PEERS if available(p)]
    missing = [p for p in PEERS if p not in peers]
    libraries = ["searchlab", *peers]
    print(
        "Python "
        + platform.python_version()
        + "; "
        + ", ".join(f"{lib} {version(lib)}" for lib in libraries)
    )
    if missing and not args.skip_peers:
        print(f"not installed here: {', '.join(missing)} (`make bench` installs them)")

    # 1. The 8-puzzle: the two hardest positions and uniform random ones.
    starts = [*HARDEST, *random_instances(args.instances, args.seed)]
    instances = [
        (" ".join(map(str, s)), s, float(exact_distance(board_from_tiles(s)))) for s in starts
    ]
    lengths = [int(opt) for _, _, opt in instances]
    ok = compare(
        f"A* on {len(instances)} 8-puzzle instances (the 2 hardest and {args.instances} uniform, "
        f"seed {args.seed}; optimal lengths {min(lengths)}-{max(lengths)}, mean "
        f"{statistics.mean(lengths):.1f}), Manhattan distance",
        libraries,
        instances,
        puzzle_actions,
        puzzle_result,
        GOAL.__eq__,
        manhattan,
    )

    # 2. A large random grid maze, Manhattan distance.
    n = args.maze_size
    seed = 0
    while True:  # the first seed whose maze has a path (deterministic)
        maze = random_maze(n, n, walls=0.3, seed=seed)
        problem = MazeProblem(maze)
        shortest = breadth_first_search(problem)
        if shortest.solved:
            break
        seed += 1
    moves = {c: [cell for _, cell, _ in problem.successors(c)] for c in range(n * n)}
    ok &= compare(
        f"A* on a {n}x{n} random maze (30% walls, seed {seed}), Manhattan distance",
        libraries,
        [(f"maze {n}x{n}", maze.start, float(shortest.cost or 0))],
        moves.__getitem__,
        lambda s, a: a,
        maze.goal.__eq__,
        problem.heuristic,
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
