"""Text pictures of a board and of a knight's tour (the SVG picture is drawn from the
tour's view: :func:`searchlab.puzzles.knight.views.render_svg`)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from searchlab.i18n import _
from searchlab.search.events import Observer, SearchEvent

from .board import Board
from .tour import tour_array

if TYPE_CHECKING:
    from searchlab.search.result import SearchResult

TEXT_MAX_SQUARES = 2500
"""Largest board printed square by square (50×50); bigger ones get a summary."""


def render_numbered(board: Board, path: Sequence[tuple[int, int]] | npt.NDArray[np.int64]) -> str:
    """The board with each square's move number (1 = start), in aligned columns, as the
    assignment prints it."""
    arr = np.asarray(path, dtype=np.int64).reshape(-1, 2)
    grid = np.zeros((board.rows, board.cols), dtype=np.int64)
    grid[arr[:, 0], arr[:, 1]] = np.arange(1, len(arr) + 1)
    width = len(str(board.size))
    lines = []
    for row in grid:
        lines.append(" ".join(str(v).rjust(width) if v else ".".rjust(width) for v in row))
    return "\n".join(lines)


STEPS_MAX_SQUARES = 400
"""Largest board whose search is printed step by step (20×20: a board a step)."""


def step_board(board: Board, path: Sequence[int]) -> str:
    """The knight's-tour assignment's picture of the search at one step (its
    ``dibujar``): the squares of ``path`` (square indices) numbered by visit from 1,
    the knight's square ``CC``, free squares ``__``; each cell followed by a space, a
    blank line after the board.

    >>> step_board(Board(3, 4), [0, 6]).splitlines()
    [' 1 __ __ __ ', '__ __ CC __ ', '__ __ __ __ ', '']
    """
    width = max(2, len(str(board.size)))
    cells = ["_" * width] * board.size
    for number, square in enumerate(path[:-1], 1):
        cells[square] = str(number).rjust(width)
    if path:
        cells[path[-1]] = "C" * width
    rows = (cells[r * board.cols : (r + 1) * board.cols] for r in range(board.rows))
    return "".join("".join(cell + " " for cell in row) + "\n" for row in rows) + "\n"


def step_printer(board: Board, write: Callable[[str], None]) -> Observer:
    """An engine observer for the knight's backtracking that writes :func:`step_board`
    at every step, as the assignment prints its board after every move and every move taken
    back (the search moves the knight to each expanded square; going back to a
    shallower square takes back the moves in between)."""
    path: list[int] = []

    def observe(event: SearchEvent) -> None:
        if event.kind not in ("expand", "solution"):
            return
        square = event.state[0]
        while len(path) > event.depth:  # moves taken back, one board each (the assignment's)
            path.pop()
            if len(path) > event.depth:
                write(step_board(board, path))
        path.append(square)
        write(step_board(board, path))

    return observe


def tour_report(board: Board, start: tuple[int, int], closed: bool, result: SearchResult) -> str:
    """A tour search's answer as text: why there is no tour, or the numbered board
    (the end square on boards over :data:`TEXT_MAX_SQUARES`) and a verified summary."""
    where = _("the {board} board from {row},{col}").format(board=board, row=start[0], col=start[1])
    path = tour_array(result.states) if result.solved else None
    if result.status == "impossible":
        text = (
            _("no closed knight's tour of {where}")
            if closed
            else _("no open knight's tour of {where}")
        )
        return f"{text.format(where=where)}: {result.reason}"
    if path is None:
        text = (
            _("no closed tour found on {where}") if closed else _("no open tour found on {where}")
        )
        return f"{text.format(where=where)}: {result.reason}"
    if board.size <= TEXT_MAX_SQUARES:
        lines = [render_numbered(board, path)]
    else:
        end = path[-1]
        lines = [
            _("(board too large to print: {n} squares; use --json or --svg)").format(
                n=f"{board.size:,}"
            ),
            _("ends at {row},{col}").format(row=int(end[0]), col=int(end[1])),
        ]
    shape = _(" (re-entrant: closed)") if result.extra.get("closed") and not closed else ""
    text = _("closed tour of {where}") if closed else _("open tour of {where}")
    lines.append(
        text.format(where=where)
        + shape
        + ": "
        + _("{n} squares, verified; method {method}, {seconds} s").format(
            n=f"{board.size:,}", method=result.algorithm, seconds=f"{result.stats.seconds:.3f}"
        )
    )
    return "\n".join(lines)
