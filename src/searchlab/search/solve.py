"""The one algorithm registry, :data:`REGISTRY`, and ``solve(problem, algorithm)``.

Every front end and every family reads this table (like pyperplan's ``SEARCHES``):
which engine algorithms exist, what each needs from a problem and what it
guarantees. A family offers the engine algorithms its problem suits through
:func:`engine_algorithms`; the experiment runner runs an algorithm once per
heuristic exactly when it is ``informed``; the CLI and the web page list the
names from here.

>>> REGISTRY["astar"].guarantee, REGISTRY["bibfs"].needs
('optimal', ('predecessors',))
>>> engine_algorithms(provides=("predecessors",), exclude=("backtrack",))
('astar', 'bfs', 'dfs', 'iddfs', 'ucs', 'greedy', 'wastar', 'idastar', 'bibfs')
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable, Iterator, Mapping
from typing import TYPE_CHECKING, Any, Literal, NamedTuple

if TYPE_CHECKING:
    from searchlab.search.problem import Problem
    from searchlab.search.result import SearchResult

Guarantee = Literal["optimal", "shortest", "bounded", "none"]
Need = Literal["predecessors", "depth_limit"]


class Algorithm(NamedTuple):
    """An engine algorithm, what it needs and what it guarantees (a ``NamedTuple``: a frozen
    dataclass costs every command's start-up four times as much to define).

    informed : it reads ``problem.heuristic`` (run once per heuristic).
    needs : what the problem or the call must provide beyond the basics:
        ``predecessors`` (``goal_states()`` and ``predecessors()``, searching
        backwards), ``depth_limit`` (an option without a default).
    guarantee : ``optimal`` a minimum-cost solution (with an admissible
        heuristic when informed); ``shortest`` the fewest actions; ``bounded``
        a cost at most ``weight`` times the optimal (admissible heuristic);
        ``none`` any solution.
    options : the algorithm's own keyword options, beyond the limits.
    home : the module defining the function (under :mod:`searchlab.search`, named
        ``module:function``); :attr:`run` imports it on first use, so that reading the
        registry (names, needs, guarantees) loads no algorithm.
    """

    name: str
    home: str
    informed: bool = False
    needs: tuple[Need, ...] = ()
    guarantee: Guarantee = "none"
    options: tuple[str, ...] = ()

    @property
    def run(self) -> Callable[..., SearchResult]:
        """The algorithm's function (its module imported now if it was not yet)."""
        module, function = self.home.split(":")
        found: Callable[..., SearchResult] = getattr(
            importlib.import_module(f"searchlab.search.{module}"), function
        )
        return found


class _Functions(Mapping[str, "Callable[..., SearchResult]"]):
    """:data:`ALGORITHMS`: each name's function, its module imported when looked up."""

    def __getitem__(self, name: str) -> Callable[..., SearchResult]:
        return REGISTRY[name].run

    def __iter__(self) -> Iterator[str]:
        return iter(REGISTRY)

    def __len__(self) -> int:
        return len(REGISTRY)

    def __repr__(self) -> str:
        return f"ALGORITHMS({', '.join(REGISTRY)})"


REGISTRY: dict[str, Algorithm] = {
    a.name: a
    for a in (
        Algorithm("bfs", "bfs:breadth_first_search", guarantee="shortest"),
        Algorithm("dfs", "dfs:depth_first_search", options=("graph",)),
        Algorithm(
            "dls", "dls:depth_limited_search", needs=("depth_limit",), options=("depth_limit",)
        ),
        Algorithm(
            "iddfs",
            "iddfs:iterative_deepening_search",
            guarantee="shortest",
            options=("max_depth",),
        ),
        Algorithm("ucs", "ucs:uniform_cost_search", guarantee="optimal", options=("tie_break",)),
        Algorithm(
            "greedy", "greedy:greedy_best_first_search", informed=True, options=("tie_break",)
        ),
        Algorithm(
            "astar", "astar:astar", informed=True, guarantee="optimal", options=("tie_break",)
        ),
        Algorithm(
            "wastar",
            "wastar:weighted_astar",
            informed=True,
            guarantee="bounded",
            options=("weight", "tie_break"),
        ),
        Algorithm("idastar", "idastar:ida_star", informed=True, guarantee="optimal"),
        Algorithm(
            "bibfs", "bibfs:bidirectional_search", needs=("predecessors",), guarantee="optimal"
        ),
        Algorithm(
            "backtrack", "backtrack:backtracking_search", options=("order", "memory", "depth_limit")
        ),
    )
}
"""Every engine algorithm by name, uninformed ones first."""

ALGORITHMS: Mapping[str, Callable[..., SearchResult]] = _Functions()
"""Algorithm names accepted by :func:`solve`, mapped to their functions (a read-only
mapping: each function's module is imported when it is looked up)."""

OPTIMAL = frozenset(n for n, a in REGISTRY.items() if a.guarantee == "optimal")
"""Algorithms that return a minimum-cost solution (with an admissible heuristic)."""

SHORTEST = frozenset(n for n, a in REGISTRY.items() if a.guarantee == "shortest")
"""Algorithms that return a solution with the fewest actions."""

UNIT_COST_OPTIMAL = OPTIMAL | SHORTEST
"""The algorithms whose solutions have the fewest moves where every move costs 1 (with an
admissible heuristic)."""

INFORMED = frozenset(n for n, a in REGISTRY.items() if a.informed)
"""Algorithms that use a heuristic; the others ignore it."""


def engine_algorithms(
    *, provides: Iterable[Need] = (), exclude: Iterable[str] = (), first: str = "astar"
) -> tuple[str, ...]:
    """The engine algorithms a family offers: those whose needs are in ``provides``
    (what the family's problem or its calls supply), minus ``exclude`` (the ones the
    family judges useless on its puzzle; say why where you call this), ``first`` first
    (the default when the family has no method of its own), then in registry order."""
    have, skip = set(provides), set(exclude)
    names = [n for n, a in REGISTRY.items() if n not in skip and set(a.needs) <= have]
    return tuple(sorted(names, key=lambda n: n != first))


def solve(problem: Problem[Any, Any], algorithm: str = "astar", **options: Any) -> SearchResult:
    """Solve ``problem`` with the algorithm named ``algorithm``.

    Parameters
    ----------
    problem : Problem
    algorithm : str
        A name of :data:`REGISTRY`: "bfs", "dfs", "dls", "iddfs", "ucs",
        "greedy", "astar", "wastar", "idastar", "bibfs", "backtrack".
    **options
        Passed to the algorithm: the limits ``max_expansions``, ``time_limit``,
        ``max_nodes``; ``cancel``, ``progress``, ``observer``; and the
        algorithm's own options (``Algorithm.options``: ``tie_break``, ``weight``,
        ``depth_limit``, ``graph``, ``order``, ``memory``, ``max_depth``).

    Raises
    ------
    ValueError
        For an unknown algorithm name (the message lists the valid ones).

    Examples
    --------
    >>> from searchlab.search import Problem, solve
    >>> class Line(Problem[int, str]):
    ...     def initial_state(self): return 0
    ...     def is_goal(self, s): return s == 3
    ...     def successors(self, s): return [("+1", s + 1, 1)] if s < 3 else []
    >>> result = solve(Line(), "astar")
    >>> result.status, result.cost, result.actions
    ('solved', 3, ['+1', '+1', '+1'])
    """
    try:
        fn = REGISTRY[algorithm].run
    except KeyError:
        raise ValueError(
            f"unknown algorithm {algorithm!r}; valid names: {', '.join(ALGORITHMS)}"
        ) from None
    return fn(problem, **options)
