"""Solvability of a sliding-tile position with respect to any goal layout."""

from __future__ import annotations

from searchlab.errors import InputError
from searchlab.i18n import _

from .board import Board


def permutation_parity(perm: list[int] | tuple[int, ...]) -> int:
    """0 if ``perm`` (a permutation of ``0..len-1``) is even, 1 if odd; O(n) by cycle count."""
    seen = [False] * len(perm)
    transpositions = 0
    for i in range(len(perm)):
        if seen[i]:
            continue
        j, length = i, 0
        while not seen[j]:
            seen[j] = True
            j = perm[j]
            length += 1
        transpositions += length - 1
    return transpositions & 1


def is_solvable(start: Board, goal: Board) -> bool:
    """Whether ``goal`` can be reached from ``start`` by sliding tiles.

    Every move swaps the blank with a neighbour: it flips the parity of the
    permutation taking ``start`` to ``goal`` (blank included) and changes the
    blank's taxicab distance to its goal cell by one. So ``parity(perm) ==
    parity(blank distance)`` is invariant, holds at the goal, and is known to be
    sufficient for every width ``n >= 2`` (Johnson & Story 1879; Archer 1999, "A
    modern treatment of the 15 puzzle"). This one test covers odd widths
    (inversion parity), even widths (inversions plus blank row) and any goal.
    O(n²) time.

    >>> from searchlab.puzzles.npuzzle.board import goal_board, parse_tiles
    >>> is_solvable(parse_tiles("1 2 3 4 5 6 8 7 0"), goal_board(3))
    False
    """
    if start.size != goal.size:
        raise InputError(
            _("start is {size}x{size} but goal is {size2}x{size2}").format(
                size=start.size, size2=goal.size
            )
        )
    where = [0] * len(goal.tiles)
    for cell, t in enumerate(goal.tiles):
        where[t] = cell
    perm = [where[t] for t in start.tiles]
    n = start.size
    b, gb = start.blank, goal.blank
    distance = abs(b // n - gb // n) + abs(b % n - gb % n)
    return permutation_parity(perm) == distance & 1
