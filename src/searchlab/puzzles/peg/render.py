"""Boards and positions as text, as the assignment draws them (the SVG picture is drawn
from the position's view: :func:`searchlab.puzzles.peg.views.render_svg`)."""

from __future__ import annotations

from .board import Board


def render_text(board: Board, position: int) -> str:
    """The position drawn as in the assignment: ``o`` peg, ``.`` empty hole, blank no hole.

    Cells are separated by one space; triangles are centred, apex on top.

    >>> from searchlab.puzzles.peg.board import get_board
    >>> b = get_board("english")
    >>> print(render_text(b, b.start()).splitlines()[3])
    o o o . o o o
    """
    lines = []
    for r in range(board.height):
        cells = []
        for c in range(board.width):
            i = board.index.get((r, c))
            if i is None:
                if board.kind == "triangle":
                    continue
                cells.append(" ")
            else:
                cells.append("o" if position >> i & 1 else ".")
        line = " ".join(cells)
        if board.kind == "triangle":
            line = " " * (board.height - 1 - r) + line
        lines.append(line.rstrip())
    return "\n".join(lines)
