"""The course's 3x3-puzzle assignment: ``puzzle3x3heuristics``, a stack search on the 3x3
puzzle with three orderings.

The program reads a menu from standard input (integers separated by any white
space, across any lines): ``1`` followed by nine numbers reads a new start
board; ``2``, ``3`` and ``4`` run the search with the heuristic PIEZAS
(misplaced tiles), SUMAS (sum of Manhattan distances) or REGRESOS (both, plus
direct reversals); ``5`` ends the program (anything after it is ignored). The
goal is always ``0 1 2 / 3 4 5 / 6 7 8``. Every operation appends to
``puzzle3x3heuristics.txt`` (created empty at the start):

- ``1`` writes nothing;
- ``2``/``3``/``4`` before any board was read write ``-1`` and a blank line;
- otherwise the title and a blank line, then every board popped from the
  stack, in pop order, goal included (three lines of ``a b c``, then a blank
  line), then the number of boards popped and a blank line.

**The search** (:func:`stack_search`): push the start; repeatedly pop the top;
stop if it is the goal; otherwise push its children that were never pushed
before, sorted so that the largest key is pushed first (and the smallest ends
on top). The keys, largest pushed first:

- PIEZAS: ``g(n)`` = misplaced tiles (blank excluded), then ties by greater
  lexicographic order of the board read as a row-major vector;
- SUMAS: ``h(n)`` = sum of the tiles' Manhattan distances (blank excluded),
  then greater lexicographic order;
- REGRESOS: ``f(n) = g(n) + h(n)``, then *smaller* ``d(n)`` first, where
  ``d(n)`` is twice the number of direct reversals (two horizontally or
  vertically adjacent cells, the blank included, whose swap would put both on
  their goal cells), then greater lexicographic order.

The tie rule is the one the assignment states ("insertarás primero el de mayor orden
lexicográfico"); the prose under the PIEZAS and SUMAS examples says the
opposite, but the REGRESOS example and all three worked outputs follow the
rule. This is the engine's :func:`~searchlab.search.backtracking_search` with
``memory="seen"`` and an ``order`` returning the children top-first.

**Beyond the assignment** (which assumes a solvable start and well-formed input):

- an unsolvable start (wrong permutation parity for the goal) is detected
  before any search: the block is the title, a blank line, ``-1`` and a blank
  line (the assignment's own "cannot run the heuristic" marker in the place of the
  count), and a warning goes to standard error; the program goes on;
- malformed input (a non-number, an operation outside 1..5, a board of fewer
  than nine numbers or not a permutation of 0..8, input ending without ``5``)
  stops the program with a one-line message on standard error and exit status
  2; the file keeps the blocks of the operations completed before the error.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any, Literal, TextIO

from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.search import SearchEvent, backtracking_search

from ..board import Board, board_from_tiles, format_board, goal_board
from ..heuristics import heuristic_function
from ..problem import NPuzzleProblem
from ..solvability import is_solvable

Kind = Literal["PIEZAS", "SUMAS", "REGRESOS"]

GOAL: Board = goal_board(3, blank="first")
"""The assignment's goal, ``0 1 2 / 3 4 5 / 6 7 8``."""

OPERATIONS: dict[int, Kind] = {2: "PIEZAS", 3: "SUMAS", 4: "REGRESOS"}
"""Menu operation -> heuristic title."""

OUTPUT_FILE = "puzzle3x3heuristics.txt"
NO_BOARD = "-1\n\n"

_misplaced = heuristic_function("misplaced", GOAL)
_manhattan = heuristic_function("manhattan", GOAL)


def _adjacent_pairs() -> tuple[tuple[int, int], ...]:
    pairs = []
    for cell in range(9):
        r, c = divmod(cell, 3)
        if c < 2:
            pairs.append((cell, cell + 1))
        if r < 2:
            pairs.append((cell, cell + 3))
    return tuple(pairs)


_PAIRS = _adjacent_pairs()


def direct_reversals(tiles: tuple[int, ...] | Board, goal: Board = GOAL) -> int:
    """How many pairs of adjacent cells (blank included) hold each other's goal tiles.

    Swapping such a pair puts both on their goal cells (the assignment's "regreso
    directo"); ``d(n)`` is twice this number.

    >>> direct_reversals((1, 0, 3, 4, 2, 5, 6, 7, 8))
    1
    """
    t = tiles.tiles if isinstance(tiles, Board) else tiles
    g = goal.tiles
    return sum(1 for a, b in _PAIRS if t[a] == g[b] and t[b] == g[a])


def priority(kind: Kind, tiles: tuple[int, ...]) -> tuple[Any, ...]:
    """The sort key of a child: the smallest key is pushed last, so popped next.

    PIEZAS ``(g, tiles)``, SUMAS ``(h, tiles)``, REGRESOS ``(g + h, -d, tiles)``
    (see the module docstring).
    """
    if kind == "PIEZAS":
        return (_misplaced(tiles), tiles)
    if kind == "SUMAS":
        return (_manhattan(tiles), tiles)
    if kind == "REGRESOS":
        return (_misplaced(tiles) + _manhattan(tiles), -2 * direct_reversals(tiles), tiles)
    raise InputError(
        _("unknown heuristic {kind!r}: use PIEZAS, SUMAS or REGRESOS").format(kind=kind)
    )


def child_order(kind: Kind) -> Callable[[Any, list[tuple[str, Any, float]]], list[Any]]:
    """The engine ``order`` for ``kind``: children top-of-stack first (reverse push order)."""

    def order(state: Any, children: list[tuple[str, Any, float]]) -> list[Any]:
        return sorted(children, key=lambda child: priority(kind, child[1]))

    return order


@dataclass(frozen=True)
class StackRun:
    """The boards popped from the stack, in order (start first, goal last), or
    ``solvable=False`` (and no boards) when the start cannot reach the goal."""

    kind: Kind
    solvable: bool
    popped: list[Board]


def stack_search(board: Board, kind: Kind) -> StackRun:
    """Run the assignment's stack search from ``board`` with heuristic ``kind``.

    Requires a 3x3 board. Guarantees: the goal is reached when the start is
    solvable (a state is pushed at most once, so at most 181,440 pops, each
    O(1) with at most four children to sort); an unsolvable start is answered
    at once by the parity test, without searching. Not optimal (hill-climbing
    order with backtracking), exactly as the assignment prescribes.

    Notes
    -----
    :func:`~searchlab.search.backtracking_search` with ``memory="seen"``
    (depth-first search with a pushed-once set; AIMA 4th ed. §3.4.3), the child
    order given by :func:`priority`.

    >>> [format_board(b).replace("\\n", " ") for b in stack_search(
    ...     board_from_tiles([1, 2, 0, 3, 4, 5, 6, 7, 8]), "PIEZAS").popped]
    ['1 2 0 3 4 5 6 7 8', '1 0 2 3 4 5 6 7 8', '0 1 2 3 4 5 6 7 8']
    """
    if board.size != 3:
        raise InputError(_("the 3x3 program needs a 3x3 board, got {n}x{n}").format(n=board.size))
    if not is_solvable(board, GOAL):
        return StackRun(kind, False, [])
    popped: list[Board] = []

    def observe(event: SearchEvent) -> None:
        if event.kind in ("expand", "solution"):
            popped.append(Board(3, event.state))

    result = backtracking_search(
        NPuzzleProblem(board, GOAL, "zero"),
        order=child_order(kind),
        memory="seen",
        observer=observe,
    )
    if not result.solved:  # pragma: no cover - a solvable 3x3 start always reaches the goal
        raise InputError(
            _("the stack search stopped before the goal ({status})").format(status=result.status)
        )
    return StackRun(kind, True, popped)


def format_run(run: StackRun) -> str:
    """The block of the output file for one search: title, boards, count (or ``-1``)."""
    parts = [run.kind, "\n\n"]
    if not run.solvable:
        parts.append(NO_BOARD)
        return "".join(parts)
    for b in run.popped:
        parts.append(format_board(b))
        parts.append("\n\n")
    parts.append(f"{len(run.popped)}\n\n")
    return "".join(parts)


def _as_int(item: tuple[int, str] | None, what: str) -> int:
    if item is None:
        raise InputError(_("input ended while reading {what}").format(what=_(what)))
    index, word = item
    try:
        return int(word)
    except ValueError:
        shown = word if len(word) <= 30 else word[:30] + "..."
        raise InputError(
            _("value {index} ({shown!r}) is not an integer ({what})").format(
                index=index, shown=shown, what=_(what)
            )
        ) from None


def run_menu(
    text: str | Iterable[str], out: TextIO, warn: Callable[[str], None] | None = None
) -> int:
    """Execute the menu ``text`` (a string, or its words as they arrive: the assignment's
    interactive menu answers each operation before the next is typed), writing each
    block to ``out`` as soon as it is done.

    Returns the number of operations executed (the final ``5`` included).
    Raises :class:`~searchlab.errors.InputError` at the first malformed value;
    what was written before stays written. ``warn`` receives a one-line note
    for each unsolvable start.
    """
    tokens = enumerate(text.split() if isinstance(text, str) else text, start=1)
    board: Board | None = None
    done = 0
    while True:
        item = next(tokens, None)
        if item is None:
            raise InputError(_("input ended without operation 5 (exit)"))
        op = _as_int(item, N_("an operation 1..5"))
        if op == 5:
            return done + 1
        if op == 1:
            cells = [
                _as_int(
                    next(tokens, None),
                    _("cell {i} of 9 of a board").format(i=i + 1),
                )
                for i in range(9)
            ]
            try:
                board = board_from_tiles(cells, size=3)
            except InputError as exc:
                raise InputError(
                    _("board {cells}: {exc}").format(cells=" ".join(map(str, cells)), exc=exc)
                ) from None
        elif op in OPERATIONS:
            if board is None:
                out.write(NO_BOARD)
            else:
                run = stack_search(board, OPERATIONS[op])
                if not run.solvable and warn is not None:
                    flat = " ".join(map(str, board.tiles))
                    warn(
                        _("{kind}: board {flat} cannot reach 0 1 2 3 4 5 6 7 8; wrote -1").format(
                            kind=run.kind, flat=flat
                        )
                    )
                out.write(format_run(run))
        else:
            raise InputError(_("operation {op} is not one of 1, 2, 3, 4, 5").format(op=op))
        out.flush()
        done += 1
