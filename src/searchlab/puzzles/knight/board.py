"""The knight's graph on an m×n board: squares, colours, moves, parsing, verification.

Squares are numbered ``row * cols + col`` (row 0 at the top, col 0 at the left).
The "majority colour" is the colour of the top-left corner, ``(row + col)``
even; on a board with an odd number of squares it has one square more.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from searchlab.errors import InputError
from searchlab.i18n import N_, _

MAX_SIDE = 2000
"""Largest board side the CLI and the public API accept."""

KNIGHT_MOVES: tuple[tuple[int, int], ...] = (
    (-2, -1),
    (-2, 1),
    (-1, -2),
    (-1, 2),
    (1, -2),
    (1, 2),
    (2, -1),
    (2, 1),
)
"""The eight (d_row, d_col) knight moves."""


@dataclass(frozen=True, slots=True)
class Board:
    """An m×n board (``rows`` × ``cols``), both between 1 and :data:`MAX_SIDE`."""

    rows: int
    cols: int

    def __post_init__(self) -> None:
        for name, v in ((N_("rows"), self.rows), (N_("columns"), self.cols)):
            if not isinstance(v, int) or not 1 <= v <= MAX_SIDE:
                raise InputError(
                    _("board {name} must be between 1 and {max_side}, got {v!r}").format(
                        name=_(name), max_side=MAX_SIDE, v=v
                    )
                )

    @property
    def size(self) -> int:
        """The number of squares."""
        return self.rows * self.cols

    def __str__(self) -> str:
        """Width x height (columns x rows), as sizes are written everywhere."""
        return f"{self.cols}x{self.rows}"

    def contains(self, row: int, col: int) -> bool:
        """Whether (row, col) is on the board."""
        return 0 <= row < self.rows and 0 <= col < self.cols

    def moves(self, row: int, col: int) -> Iterator[tuple[int, int]]:
        """The squares a knight on (row, col) attacks, in :data:`KNIGHT_MOVES` order."""
        for dr, dc in KNIGHT_MOVES:
            r, c = row + dr, col + dc
            if 0 <= r < self.rows and 0 <= c < self.cols:
                yield r, c

    def is_majority(self, row: int, col: int) -> bool:
        """Whether (row, col) has the colour of the top-left corner."""
        return (row + col) % 2 == 0

    def check_square(self, row: int, col: int) -> None:
        """Raise :class:`InputError` unless (row, col) is on the board."""
        if not self.contains(row, col):
            raise InputError(
                _(
                    "square {row},{col} is off the {board} board (rows 0..{rows}, cols 0..{cols})"
                ).format(row=row, col=col, board=self, rows=self.rows - 1, cols=self.cols - 1)
            )

    def _repr_svg_(self) -> str:
        from .views import render_svg

        return render_svg(self)


def parse_size(text: str) -> Board:
    """``"WxH"`` (width × height, i.e. columns × rows, as every searchlab size is
    written; e.g. ``8x8``) as a :class:`Board`, or :class:`InputError`."""
    m = re.fullmatch(r"\s*(\d{1,9})\s*[xX×]\s*(\d{1,9})\s*", text or "")
    if not m:
        raise InputError(
            _("board size must look like WxH (columns x rows, e.g. 8x8), got {text!r}").format(
                text=(text or "")[:40]
            )
        )
    return Board(rows=int(m[2]), cols=int(m[1]))


def parse_square(text: str, board: Board | None = None) -> tuple[int, int]:
    """``"ROW,COL"`` (0-based from the top-left) as a tuple, checked against ``board``."""
    m = re.fullmatch(r"\s*(-?\d{1,6})\s*,\s*(-?\d{1,6})\s*", text or "")
    if not m:
        raise InputError(
            _("a square must look like ROW,COL (0-based, e.g. 0,0), got {text!r}").format(text=text)
        )
    sq = int(m[1]), int(m[2])
    if board is not None:
        board.check_square(*sq)
    return sq


def is_knight_move(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Whether a knight moves from ``a`` to ``b`` in one jump."""
    return {abs(a[0] - b[0]), abs(a[1] - b[1])} == {1, 2}


def tour_error(
    board: Board,
    path: Sequence[tuple[int, int]] | npt.NDArray[np.int64],
    *,
    start: tuple[int, int] | None = None,
    closed: bool = False,
) -> str | None:
    """Why ``path`` is not a knight's tour of ``board`` (``None`` if it is one), in the
    interface language.

    ``path`` is a sequence of (row, col) or an ``(N, 2)`` integer array. Checks:
    every square exactly once, every step a knight move, the given start, and
    for ``closed`` the last square a knight move from the first. Vectorised
    with NumPy: O(N) time, a few arrays of N integers. The family's check of every
    tour it answers (:mod:`searchlab.puzzles.knight.check`).
    """
    arr = np.asarray(path, dtype=np.int64).reshape(-1, 2)
    n = board.size
    if len(arr) != n:
        return _("the path has {squares} squares, the board {size}").format(
            squares=f"{len(arr):,}", size=f"{n:,}"
        )
    r, c = arr[:, 0], arr[:, 1]
    if r.min() < 0 or c.min() < 0 or r.max() >= board.rows or c.max() >= board.cols:
        return _("the path leaves the board")
    idx = r * board.cols + c
    seen = np.zeros(n, dtype=np.bool_)
    seen[idx] = True
    if not seen.all():
        return _("the path visits some square twice")
    if start is not None and (int(r[0]), int(c[0])) != tuple(start):
        return _("the path starts at {row},{col}, not {start_row},{start_col}").format(
            row=int(r[0]), col=int(c[0]), start_row=start[0], start_col=start[1]
        )
    if n > 1:
        dr, dc = np.abs(np.diff(r)), np.abs(np.diff(c))
        bad = np.flatnonzero(dr * dc != 2)
        if len(bad):
            i = int(bad[0])
            a, b = f"{int(r[i])},{int(c[i])}", f"{int(r[i + 1])},{int(c[i + 1])}"
            return _("step {number} ({before} -> {after}) is not a knight move").format(
                number=i + 1, before=a, after=b
            )
    if closed and (n < 2 or not is_knight_move((int(r[-1]), int(c[-1])), (int(r[0]), int(c[0])))):
        return _("the last square is not a knight move from the first")
    return None
