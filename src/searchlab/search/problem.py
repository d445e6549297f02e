"""The :class:`Problem` interface every search algorithm works on."""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from typing import Any, Generic, TypeVar

S = TypeVar("S")  # a state
A = TypeVar("A")  # an action

Successor = tuple[A, S, float]
"""``(action, next_state, step_cost)`` as yielded by :meth:`Problem.successors`."""


class UnhashableStateError(TypeError):
    """Raised when a problem's states cannot be used for duplicate detection."""


class Problem(Generic[S, A]):
    """A search problem: a start state, a goal test and a successor function.

    Subclass it and override :meth:`initial_state`, :meth:`is_goal` and
    :meth:`successors`; override :meth:`heuristic` for informed search and
    :meth:`key` when states are unhashable or when symmetric states should be
    treated as one. Step costs must be non-negative.

    Bidirectional search also needs :meth:`goal_states` and :meth:`predecessors`.

    Examples
    --------
    >>> class CountTo(Problem[int, str]):
    ...     def initial_state(self) -> int:
    ...         return 0
    ...     def is_goal(self, state: int) -> bool:
    ...         return state == 5
    ...     def successors(self, state: int):
    ...         yield "+1", state + 1, 1
    ...         yield "+2", state + 2, 1
    >>> from searchlab.search import solve
    >>> solve(CountTo(), "bfs").cost
    3
    """

    def initial_state(self) -> S:
        """The state the search starts from."""
        raise NotImplementedError

    def is_goal(self, state: S) -> bool:
        """Whether ``state`` is a goal."""
        raise NotImplementedError

    def successors(self, state: S) -> Iterable[Successor[A, S]]:
        """Yield ``(action, next_state, step_cost)`` for each move from ``state``."""
        raise NotImplementedError

    def heuristic(self, state: S) -> float:
        """An estimate of the cost from ``state`` to the nearest goal (default 0)."""
        return 0

    def key(self, state: S) -> Hashable:
        """The hashable identity of ``state`` used for duplicate detection.

        The default is the state itself. Override it to wrap unhashable states
        (``return tuple(map(tuple, grid))``) or to merge symmetric states.
        """
        return state

    def goal_states(self) -> Iterable[S]:
        """The goal states, for searches that work backwards from the goal."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define goal_states(), which backward search needs"
        )

    def predecessors(self, state: S) -> Iterable[Successor[A, S]]:
        """Yield ``(action, previous_state, step_cost)`` such that ``action``
        leads from ``previous_state`` to ``state``; needed by backward search."""
        raise NotImplementedError(
            f"{type(self).__name__} does not define predecessors(), which backward search needs"
        )


def checked_key(problem: Problem[Any, Any], state: Any) -> Hashable:
    """``problem.key(state)``, failing with a clear message if it is unhashable."""
    k = problem.key(state)
    try:
        hash(k)
    except TypeError as exc:
        raise UnhashableStateError(
            f"states of {type(problem).__name__} are unhashable ({type(k).__name__}); "
            "override key() to return a hashable identity, e.g. a tuple"
        ) from exc
    return k
