"""Exact answers to "is there a knight's tour?", for a board and for a start square.

Closed tours (Schwenk 1991): an m×n board, m <= n, has one unless m and n are
both odd, or m is 1, 2 or 4, or m = 3 and n is 4, 6 or 8.

Open tours exist on every board except 1×n (n > 1), 2×n, 3×3, 3×5, 3×6 and 4×4
(Cull and De Curtins 1978; Conrad et al. 1994). That is about boards; a given
start square may still start none:

* colour: a knight alternates colours, so on a board with an odd number of
  squares a tour starts and ends on the majority colour (that of the corners);
* 4×n: no open tour starts (or ends) in one of the two inner lines. The outer
  lines are an independent set holding half the squares, so a path starting
  inside must alternate inner, outer, inner, ... and then every outer square
  would have the same colour, but the outer lines hold both colours equally
  (L. Pósa's argument for 4×n closed tours, adapted);
* 3×7: not from the centre (1,3); 3×8: not from (1,2) or (1,5) (found by
  exhaustive search, confirmed by the tests);
* every other square starts a tour.

On 3×n and 4×n boards these rules are exact for **every** n: the strip automaton
of :mod:`~searchlab.puzzles.knight.strip` recognises exactly the (n, start)
pairs with a tour (checked against exhaustive search on small boards), its
subset sequences are eventually periodic, so a finite computation covers all n,
and ``tests/puzzles/knight/test_strip.py::test_existence_rules_hold_for_every_n``
does that computation against these rules. On larger boards the rules are the
colour argument plus the solvers, which construct a tour from every other square.

References: A. J. Schwenk, "Which rectangular chessboards have a knight's
tour?", Mathematics Magazine 64 (1991) 325-332; P. Cull and J. De Curtins,
"Knight's tour revisited", Fibonacci Quarterly 16 (1978) 276-285; A. Conrad
et al., "Solution of the knight's Hamiltonian path problem on chessboards",
Discrete Applied Math. 50 (1994) 125-134.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from searchlab.i18n import _

from .board import Board

# Start squares (on the board as given, rows <= cols) that start no open tour although
# the board has one and the square has the right colour and line; exhaustive search.
_SPECIAL_BAD_STARTS: dict[tuple[int, int], frozenset[tuple[int, int]]] = {
    (3, 7): frozenset({(1, 3)}),
    (3, 8): frozenset({(1, 2), (1, 5)}),
}


@dataclass(frozen=True, slots=True)
class Verdict:
    """Whether a tour exists, and why not when it does not."""

    exists: bool
    reason: str = ""


def closed_tour_verdict(board: Board) -> Verdict:
    """Schwenk's theorem for ``board`` (the start square does not matter for closed tours)."""
    m, n = sorted((board.rows, board.cols))
    if m == 1 and n == 1:
        return Verdict(False, _("a 1x1 board has no knight move, so no closed tour"))
    if m % 2 and n % 2:
        return Verdict(
            False,
            _(
                "{board} has an odd number of squares and a closed tour "
                "alternates colours, so it needs an even number (Schwenk 1991)"
            ).format(board=board),
        )
    if m in (1, 2):
        return Verdict(
            False,
            _("no closed tour on a board with {m} rows or columns (Schwenk 1991)").format(m=m),
        )
    if m == 4:
        return Verdict(
            False,
            _(
                "no closed tour on 4xn boards: the outer lines would have to "
                "alternate with the inner ones, which colouring forbids (Schwenk 1991)"
            ),
        )
    if m == 3 and n in (4, 6, 8):
        return Verdict(
            False, _("no closed tour on 3x{n} (Schwenk 1991: 3xn needs n >= 10, even)").format(n=n)
        )
    return Verdict(True)


def open_board_verdict(board: Board) -> Verdict:
    """Whether ``board`` has an open tour from some square."""
    m, n = sorted((board.rows, board.cols))
    if m == 1 and n == 1:
        return Verdict(True)
    if m == 1:
        return Verdict(False, _("a knight cannot move at all on a 1xn board"))
    if m == 2:
        return Verdict(
            False,
            _(
                "on a 2xn board the knight's graph is a set of disjoint paths "
                "that never connects the whole board"
            ),
        )
    if (m, n) in ((3, 3), (3, 5), (3, 6), (4, 4)):
        return Verdict(
            False,
            _("{m}x{n} has no open tour (exhaustive search; Cull and De Curtins 1978)").format(
                m=m, n=n
            ),
        )
    return Verdict(True)


def tour_verdict(board: Board, start: tuple[int, int], *, closed: bool = False) -> Verdict:
    """Whether a tour of ``board`` (closed if ``closed``) starts on ``start``, and why not.

    Exact and O(1): it never searches. ``start`` must be on the board.

    >>> tour_verdict(Board(5, 5), (0, 1)).exists
    False
    >>> tour_verdict(Board(8, 8), (3, 4), closed=True).exists
    True
    """
    board.check_square(*start)
    if closed:
        return closed_tour_verdict(board)
    v = open_board_verdict(board)
    if not v.exists or board.size == 1:
        return v
    r, c = start
    if board.size % 2 and not board.is_majority(r, c):
        return Verdict(
            False,
            _(
                "{board} has an odd number of squares: a tour alternates "
                "colours, so it must start on the colour of the corners, "
                "and {r},{c} is the other colour"
            ).format(board=board, r=r, c=c),
        )
    if 4 in (board.rows, board.cols):
        inner = (r in (1, 2)) if board.rows == 4 else (c in (1, 2))
        if inner:
            return Verdict(
                False,
                _(
                    "on a 4xn board no open tour starts in the two inner lines "
                    "(they would have to alternate with the outer ones, and "
                    "colouring forbids that), and {r},{c} is in one"
                ).format(r=r, c=c),
            )
    key = (board.rows, board.cols)
    sq = (r, c)
    if key not in _SPECIAL_BAD_STARTS:
        key = (board.cols, board.rows)
        sq = (c, r)
    if sq in _SPECIAL_BAD_STARTS.get(key, frozenset()):
        return Verdict(
            False,
            _(
                "no open tour of {board} starts on {r},{c} "
                "(exhaustive search of every path from it)"
            ).format(board=board, r=r, c=c),
        )
    return Verdict(True)


def random_start(
    board: Board, closed: bool, rng: random.Random, tries: int = 64
) -> tuple[int, int]:
    """A start square drawn uniformly among those a tour starts from (rejection
    sampling: ``tries`` draws, each checked by :func:`tour_verdict`, which is exact);
    the last draw when the board has no tour at all (the verdict then says why)."""
    start = (0, 0)
    for _try in range(tries):
        start = (rng.randrange(board.rows), rng.randrange(board.cols))
        if tour_verdict(board, start, closed=closed).exists:
            return start
    return start
