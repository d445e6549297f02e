"""The sliding-tile board: layouts, goal boards, parsing, moves and text rendering.

A board of width ``n`` is stored as a row-major tuple of ``n*n`` ints, ``0``
being the blank. Moves are named after the direction the **blank** moves:
``"U"``, ``"D"``, ``"L"``, ``"R"`` (so ``"U"`` slides the tile above the blank
down into it).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _

MIN_SIZE = 2
MAX_SIZE = 8

MOVES: tuple[str, ...] = ("U", "D", "L", "R")
"""Blank moves, in the default try order."""

OPPOSITE: dict[str, str] = {"U": "D", "D": "U", "L": "R", "R": "L"}


@dataclass(frozen=True, slots=True)
class Board:
    """An ``size x size`` sliding-tile position; ``tiles`` is row-major, 0 is the blank.

    Build one with :func:`parse_board`, :func:`board_from_tiles` or :func:`goal_board`
    (they validate); the constructor itself trusts its arguments.
    """

    size: int
    tiles: tuple[int, ...]

    @property
    def blank(self) -> int:
        """The cell index (row-major) of the blank."""
        return self.tiles.index(0)

    def rows(self) -> list[list[int]]:
        """The board as a list of rows."""
        n = self.size
        return [list(self.tiles[r * n : (r + 1) * n]) for r in range(n)]

    def __str__(self) -> str:
        return format_board(self)

    def _repr_svg_(self) -> str:
        from .views import render_svg

        return render_svg(self)


def goal_board(size: int, blank: str = "last") -> Board:
    """The standard goal: tiles ``1..n²-1`` in row-major order, the blank ``"last"``
    (default, as in the 8-puzzle A* assignment) or ``"first"`` (as in Korf's benchmark
    and the 3x3-puzzle stack-search assignment).

    >>> goal_board(3).tiles
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    >>> goal_board(2, blank="first").tiles
    (0, 1, 2, 3)
    """
    _check_size(size)
    cells = size * size
    if blank == "last":
        return Board(size, (*range(1, cells), 0))
    if blank == "first":
        return Board(size, tuple(range(cells)))
    raise InputError(_("goal blank must be 'first' or 'last', got {blank!r}").format(blank=blank))


def goal_from_spec(spec: str | None, size: int) -> Board:
    """The goal a user names: ``last`` (default: 1..n²-1 then the blank), ``first`` (the
    blank first, Korf's), or the tiles themselves (the same size as the board)."""
    if spec is None or spec.strip().lower() in ("last", "blank-last"):
        return goal_board(size)
    if spec.strip().lower() in ("first", "blank-first", "korf"):
        return goal_board(size, "first")
    goal = parse_tiles(spec)
    if goal.size != size:
        raise InputError(
            _("the goal is {size}x{size} but the board is {size2}x{size2}").format(
                size=goal.size, size2=size
            )
        )
    return goal


def _check_size(size: int) -> None:
    if not MIN_SIZE <= size <= MAX_SIZE:
        raise InputError(
            _("board width must be between {min_size} and {max_size}, got {size}").format(
                min_size=MIN_SIZE, max_size=MAX_SIZE, size=size
            )
        )


def board_from_tiles(tiles: list[int] | tuple[int, ...], size: int | None = None) -> Board:
    """Validate a flat row-major list of tiles and return the :class:`Board`.

    Raises :class:`~searchlab.errors.InputError` when the count is not a square
    (or not ``size²``), or the values are not exactly ``0..n²-1`` each once.
    """
    count = len(tiles)
    n = round(count**0.5)
    if size is not None:
        _check_size(size)
        if count != size * size:
            raise InputError(
                _("a {size}x{size} board needs {size2} numbers, got {count}").format(
                    size=size, size2=size * size, count=count
                )
            )
        n = size
    elif n * n != count or count == 0:
        raise InputError(
            _("a board needs a square number of tiles (9, 16, 25, ...), got {count}").format(
                count=count
            )
        )
    _check_size(n)
    seen: set[int] = set()
    for t in tiles:
        if not 0 <= t < count:
            raise InputError(
                _("tile {t} is out of range: a {n}x{n} board uses 0..{count}").format(
                    t=t, n=n, count=count - 1
                )
            )
        if t in seen:
            raise InputError(_("tile {t} appears more than once").format(t=t))
        seen.add(t)
    return Board(n, tuple(tiles))


_NUMBER = re.compile(r"^[+-]?\d+$")


def parse_tiles(text: str, size: int | None = None) -> Board:
    """Parse a board from text: numbers separated by any white space (or commas).

    Rows may span lines or sit on one line; ``0`` (or ``_``, ``.``, ``*``) is the
    blank. Lines that are empty or start with ``#`` are ignored.
    Raises :class:`~searchlab.errors.InputError` with a one-line message for a
    non-number, a wrong count, duplicates or a non-square board.

    >>> parse_tiles("1 2 3\\n4 5 6\\n7 8 0").tiles
    (1, 2, 3, 4, 5, 6, 7, 8, 0)
    """
    if "#" in text:
        text = "\n".join(line for line in text.splitlines() if not line.lstrip().startswith("#"))
    words = text.replace(",", " ").split()
    if not words:
        raise InputError(_("no tiles found: expected rows of numbers separated by spaces"))
    if len(words) > MAX_SIZE * MAX_SIZE:  # more than any board holds: its count's error, at once
        board_from_tiles(list(range(len(words))), size)
    tiles: list[int] = []
    for w in words:
        if w in ("_", ".", "*"):
            tiles.append(0)
        elif _NUMBER.match(w):
            if len(w.lstrip("+-0")) > 6:  # no board has a tile this large; int() would balk
                raise InputError(_("tile number too large: {w}...").format(w=w[:12]))
            tiles.append(int(w))
        else:
            raise InputError(_("not a number: {w!r}").format(w=w))
    return board_from_tiles(tiles, size)


parse_board = parse_tiles
"""Alias of :func:`parse_tiles`."""


def neighbours(size: int) -> list[tuple[tuple[str, int], ...]]:
    """For each cell, the ``(move, cell)`` pairs the blank can move to, in ``MOVES`` order."""
    out: list[tuple[tuple[str, int], ...]] = []
    for i in range(size * size):
        r, c = divmod(i, size)
        lst: list[tuple[str, int]] = []
        if r > 0:
            lst.append(("U", i - size))
        if r < size - 1:
            lst.append(("D", i + size))
        if c > 0:
            lst.append(("L", i - 1))
        if c < size - 1:
            lst.append(("R", i + 1))
        out.append(tuple(lst))
    return out


def legal_moves(board: Board) -> list[str]:
    """The blank moves possible on ``board`` (in ``MOVES`` order)."""
    return [m for m, _ in neighbours(board.size)[board.blank]]


def apply_move(board: Board, move: str) -> Board:
    """The board after moving the blank ``move`` (one of ``U D L R``).

    Raises :class:`~searchlab.errors.InputError` for an unknown or illegal move.
    """
    b = board.blank
    for m, cell in neighbours(board.size)[b]:
        if m == move:
            tiles = list(board.tiles)
            tiles[b], tiles[cell] = tiles[cell], 0
            return Board(board.size, tuple(tiles))
    if move not in MOVES:
        raise InputError(
            _("unknown move {move!r}: use U, D, L or R (the blank's direction)").format(move=move)
        )
    raise InputError(_("move {move} is not legal here: the blank is on the edge").format(move=move))


def apply_moves(board: Board, moves: list[str] | tuple[str, ...] | str) -> list[Board]:
    """Replay ``moves`` from ``board``; returns every board, ``board`` first."""
    out = [board]
    for m in moves:
        out.append(apply_move(out[-1], m))
    return out


def format_board(board: Board, blank: str = "0") -> str:
    """The board as right-aligned rows of numbers (the input format), no final newline."""
    width = len(str(board.size * board.size - 1))
    lines = []
    for row in board.rows():
        cells = [(blank if t == 0 else str(t)).rjust(width) for t in row]
        lines.append(" ".join(cells))
    return "\n".join(lines)


@dataclass(frozen=True, slots=True)
class Instance:
    """A start board and the goal it must reach (the same size)."""

    start: Board
    goal: Board
