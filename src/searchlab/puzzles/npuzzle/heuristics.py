"""Admissible heuristics for sliding-tile puzzles, as plain functions.

Each ``h(tiles, goal)`` takes the row-major tiles (a tuple, or a :class:`Board`)
and the goal :class:`Board`, and returns a lower bound on the number of moves.
:func:`heuristic_function` returns a fast closure with the goal tables
precomputed, which the search problems use. Pattern databases live in
:mod:`searchlab.puzzles.npuzzle.pdb`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from searchlab.errors import InputError
from searchlab.i18n import _

from .board import Board

Tiles = Sequence[int]
HeuristicFn = Callable[[Tiles], int]
LC_MAX_SIZE = 7
"""The largest board side the compiled linear-conflict kernel takes (its line table has
``(n + 1) ** n`` entries: 2 MB for 7x7, 43 MB for 8x8). Here, not in
:mod:`~searchlab.puzzles.npuzzle.kernel_md`, so that choosing a heuristic does not
import Numba."""

HEURISTICS: dict[str, str] = {
    "zero": "h = 0 (uninformed; A* becomes uniform-cost search)",
    "misplaced": "number of tiles not on their goal cell, blank excluded",
    "manhattan": "sum of the tiles' taxicab distances to their goal cells",
    "blank": "taxicab distance of the blank to its goal cell ('Blanco' of the 8-puzzle assignment)",
    "linear_conflict": "Manhattan + 2 per tile that must leave its row/column (admissible form)",
}
"""Heuristic names accepted by :func:`heuristic_function`, with one-line descriptions."""

LC_MAX_SIZE = 7
"""The largest board side the compiled linear-conflict search takes
(:mod:`~searchlab.puzzles.npuzzle.kernel_md`: its line table has ``(n + 1) ** n``
entries, 2 MB for 7x7, 43 MB for 8x8)."""

ALIASES: dict[str, str] = {
    "h0": "zero",
    "z": "zero",
    "d": "misplaced",
    "hamming": "misplaced",
    "m": "manhattan",
    "md": "manhattan",
    "b": "blank",
    "blanco": "blank",
    "lc": "linear_conflict",
    "linear-conflict": "linear_conflict",
    "linearconflict": "linear_conflict",
}


def canonical_heuristic(name: str) -> str:
    """The canonical heuristic name for ``name`` or an alias; raises ``InputError``."""
    key = name.strip().lower()
    key = ALIASES.get(key, key)
    if key not in HEURISTICS and key != "pdb":
        choices = ", ".join([*HEURISTICS, "pdb"])
        raise InputError(
            _("unknown heuristic {name!r}; choose one of {choices}").format(
                name=name, choices=choices
            )
        )
    return key


def _tiles(t: Tiles | Board) -> Tiles:
    return t.tiles if isinstance(t, Board) else t


def goal_positions(goal: Board) -> list[int]:
    """``where[t]`` = the goal cell of tile ``t``."""
    where = [0] * len(goal.tiles)
    for cell, t in enumerate(goal.tiles):
        where[t] = cell
    return where


def distance_table(goal: Board) -> list[list[int]]:
    """``table[cell][t]``: taxicab distance from ``cell`` to tile ``t``'s goal cell (blank: 0)."""
    n = goal.size
    where = goal_positions(goal)
    return [
        [
            0 if t == 0 else abs(c // n - where[t] // n) + abs(c % n - where[t] % n)
            for t in range(n * n)
        ]
        for c in range(n * n)
    ]


def zero(tiles: Tiles | Board, goal: Board) -> int:
    """Always 0."""
    return 0


def misplaced(tiles: Tiles | Board, goal: Board) -> int:
    """Tiles not on their goal cell, the blank excluded. Admissible: each needs >= 1 move."""
    return sum(1 for t, g in zip(_tiles(tiles), goal.tiles, strict=True) if t and t != g)


def manhattan(tiles: Tiles | Board, goal: Board) -> int:
    """Sum over tiles (blank excluded) of the taxicab distance to the goal cell.

    Admissible and consistent: a move shifts one tile by one cell.
    """
    table = distance_table(goal)
    return sum(table[c][t] for c, t in enumerate(_tiles(tiles)))


def blank_distance(tiles: Tiles | Board, goal: Board) -> int:
    """Taxicab distance of the blank to its goal cell ("Blanco" of the 8-puzzle assignment).

    Admissible (the blank moves one cell per move) but weak.
    """
    n = goal.size
    b, g = list(_tiles(tiles)).index(0), goal.blank
    return abs(b // n - g // n) + abs(b % n - g % n)


def _removals(seq: list[int]) -> int:
    """``len(seq)`` minus its longest strictly increasing subsequence."""
    if len(seq) < 2:
        return 0
    best = [1] * len(seq)
    for i in range(1, len(seq)):
        for j in range(i):
            if seq[j] < seq[i] and best[j] + 1 > best[i]:
                best[i] = best[j] + 1
    return len(seq) - max(best)


def linear_conflict(tiles: Tiles | Board, goal: Board) -> int:
    """Manhattan distance plus two moves per tile that must leave its line.

    In each row, the tiles whose goal is in that row must end in goal order; the
    fewest tiles to take out of the row so the rest are in order is the length
    minus the longest increasing subsequence of their goal columns, and each
    costs at least two extra moves. Same for columns; rows and columns add up.
    This is the admissible form of Hansson, Mayer & Yung (1992), "Criticizing
    solutions to relaxed models yields powerful admissible heuristics"
    (counting pairwise conflicts instead can overestimate). O(n³) time.
    """
    return _linear_conflict_fn(goal)(_tiles(tiles))


def _linear_conflict_fn(goal: Board) -> HeuristicFn:
    n = goal.size
    where = goal_positions(goal)
    md = _manhattan_fn(goal)
    goal_row = [where[t] // n for t in range(n * n)]
    goal_col = [where[t] % n for t in range(n * n)]

    def h(tiles: Tiles) -> int:
        extra = 0
        for r in range(n):
            line = [goal_col[t] for t in tiles[r * n : r * n + n] if t and goal_row[t] == r]
            extra += _removals(line)
        for c in range(n):
            line = [goal_row[t] for t in tiles[c::n] if t and goal_col[t] == c]
            extra += _removals(line)
        return md(tiles) + 2 * extra

    return h


def _manhattan_fn(goal: Board) -> HeuristicFn:
    table = distance_table(goal)
    flat = [table[c][t] for c in range(len(table)) for t in range(len(table))]
    size = len(table)

    def h(tiles: Tiles) -> int:
        total = 0
        base = 0
        for t in tiles:
            total += flat[base + t]
            base += size
        return total

    return h


def heuristic_function(name: str, goal: Board) -> HeuristicFn:
    """A fast ``h(tiles) -> int`` for heuristic ``name`` (see :data:`HEURISTICS`,
    aliases allowed) and ``goal``, with the goal tables precomputed.

    >>> from searchlab.puzzles.npuzzle.board import goal_board
    >>> h = heuristic_function("manhattan", goal_board(3))
    >>> h((1, 2, 3, 4, 5, 6, 7, 0, 8))
    1
    """
    key = canonical_heuristic(name)
    if key == "zero":
        return lambda tiles: 0
    if key == "misplaced":
        g = goal.tiles
        return lambda tiles: sum(1 for t, x in zip(tiles, g, strict=True) if t and t != x)
    if key == "manhattan":
        return _manhattan_fn(goal)
    if key == "blank":
        n, gb = goal.size, goal.blank
        return lambda tiles: abs(tiles.index(0) // n - gb // n) + abs(tiles.index(0) % n - gb % n)
    if key == "linear_conflict":
        return _linear_conflict_fn(goal)
    raise InputError(_("the 'pdb' heuristic is only available in the IDA* pattern-database solver"))
