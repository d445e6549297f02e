"""The course's 8-puzzle assignment: ``Puzzle8 <heuristic> <instance>``, A* on the 8-puzzle
with four heuristics.

The program reads a 3x3 board (numbers ``0..8``, ``0`` the blank) and prints
the minimum-cost sequence of boards to the goal ``1 2 3 / 4 5 6 / 7 8 0``, each
board followed by a blank line, then ``Numero de estados abiertos: N`` and
``Tiempo: N ms``; an unsolvable board prints ``No hay solución`` before any
search. The heuristic letters are the assignment's:

====  =============================================  ================================
 z    Zero                                           ``zero``
 d    Número de cuadros desordenados (misplaced)     ``misplaced``
 m    Distancia Manhattan                            ``manhattan``
 b    Blanco (taxicab distance of the blank)         ``blank_distance``
====  =============================================  ================================

All four are consistent (each move changes them by at most one), so A* graph
search returns a minimum-cost path with every one of them; the engine's A*
also re-opens closed states, so optimality would hold for a merely admissible
heuristic too.

**"Estados abiertos"** (states opened) is the number of *distinct* states that
ever entered A*'s open list, the start included: in the labelling model of
Meza & Ortega the assignment follows, a state is "opened" when it is first labelled.
On the assignment's worked example (``datos2`` with ``m``) this gives exactly the 10
the assignment prints. The time is the A* run alone (not parsing or printing), in
whole milliseconds.
"""

from __future__ import annotations

import time
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Unpack

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search import SearchResult, astar
from searchlab.search.options import LimitOptions

from ..board import Board, format_board, goal_board, parse_tiles
from ..problem import NPuzzleProblem, State
from ..solvability import is_solvable

PUZZLE8_HEURISTICS: dict[str, str] = {
    "z": "zero",
    "d": "misplaced",
    "m": "manhattan",
    "b": "blank",
}
"""The assignment's heuristic letters and the :mod:`~searchlab.puzzles.npuzzle.heuristics`
they name."""

NO_SOLUTION = "No hay solución"


@dataclass(frozen=True)
class Puzzle8Answer:
    """What ``puzzle8`` prints: the boards of a minimum-cost path (start first),
    the number of states opened and the A* time; ``boards`` is empty and
    ``result`` ``None`` when the start cannot reach the goal."""

    solvable: bool
    boards: list[Board]
    opened: int
    millis: int
    result: SearchResult | None

    @property
    def moves(self) -> int:
        """The path's cost (number of moves); -1 when unsolvable."""
        return len(self.boards) - 1 if self.solvable else -1


class _CountingProblem(NPuzzleProblem):
    """:class:`NPuzzleProblem` that remembers every state it generated.

    A* pushes each generated child unless it already holds that state with a
    path at least as cheap, so the start plus every child ever generated is
    exactly the set of states that entered the open list (the "opened"
    states). Counting here costs one set insertion per child, much less than
    an engine observer (which builds an event per expansion and per child).
    """

    def __init__(self, start: Board, goal: Board, heuristic: str) -> None:
        super().__init__(start, goal, heuristic)
        self.opened: set[State] = {start.tiles}

    def successors(self, state: State) -> Iterator[tuple[str, State, float]]:
        children = list(super().successors(state))
        self.opened.update(child for _, child, _ in children)
        return iter(children)


def parse_instance(text: str) -> Board:
    """A 3x3 board from the instance file's text (nine numbers ``0..8``, any white space).

    Raises :class:`~searchlab.errors.InputError` with a one-line message otherwise.
    """
    return parse_tiles(text, size=3)


def solve_puzzle8(
    board: Board,
    heuristic: str = "m",
    **limits: Unpack[LimitOptions],
) -> Puzzle8Answer:
    """Solve ``board`` to ``1..8, blank last`` with A* and the assignment's ``heuristic`` letter.

    Parameters
    ----------
    board : Board
        A 3x3 board.
    heuristic : {"z", "d", "m", "b"}
    **limits
        The engine's limits (:class:`~searchlab.search.options.LimitOptions`), handed
        to A*: ``time_limit`` seconds, a ``cancel`` token (e.g. a
        ``threading.Event``) and the others; ``InputError`` if they stop it before
        the goal.

    Returns a :class:`Puzzle8Answer`. Solvability is decided first (permutation
    parity, O(9²)); only a solvable board is searched. A* (graph search,
    re-opening, ties to the larger ``g``) expands at most the 181,440 states of
    the start's component, O(S log S) time and O(S) memory.

    References: Hart, Nilsson & Raphael (1968); Meza & Ortega, *Grafos y
    Algoritmos* (2006), §V.4 (the assignment's reference).

    >>> answer = solve_puzzle8(parse_instance("0 1 3\\n4 2 5\\n7 8 6"), "m")
    >>> answer.moves, answer.opened
    (4, 10)
    """
    if heuristic not in PUZZLE8_HEURISTICS:
        raise InputError(
            _("unknown heuristic {heuristic!r}: use z, d, m or b").format(heuristic=heuristic)
        )
    if board.size != 3:
        raise InputError(_("puzzle8 needs a 3x3 board, got {n}x{n}").format(n=board.size))
    goal = goal_board(3)
    if not is_solvable(board, goal):
        return Puzzle8Answer(False, [], 0, 0, None)
    problem = _CountingProblem(board, goal, PUZZLE8_HEURISTICS[heuristic])
    t0 = time.perf_counter()
    result = astar(problem, **limits)
    millis = round((time.perf_counter() - t0) * 1000)
    if not result.solved:
        raise InputError(
            _("A* stopped before the goal ({why})").format(why=result.limit or result.status)
        )
    boards = [Board(3, s) for s in result.states]
    return Puzzle8Answer(True, boards, len(problem.opened), millis, result)


def format_answer(answer: Puzzle8Answer) -> str:
    """The program's exact standard output for ``answer`` (ends with a newline).

    >>> print(format_answer(solve_puzzle8(parse_instance("1 2 3 4 5 6 7 0 8"), "z")), end="")
    ... # doctest: +ELLIPSIS
    1 2 3
    4 5 6
    7 0 8
    <BLANKLINE>
    1 2 3
    4 5 6
    7 8 0
    <BLANKLINE>
    Numero de estados abiertos: ...
    Tiempo: ... ms
    """
    if not answer.solvable:
        return NO_SOLUTION + "\n"
    parts = [format_board(b) + "\n\n" for b in answer.boards]
    parts.append(f"Numero de estados abiertos: {answer.opened}\n")
    parts.append(f"Tiempo: {answer.millis} ms\n")
    return "".join(parts)
