"""SVG rendering of sliding-tile boards (self-contained strings, no external resources)."""

from __future__ import annotations

from html import escape

from searchlab.puzzles.npuzzle.board import Board


def render_svg(board: Board, goal: Board | None = None, cell: int = 48) -> str:
    """An SVG picture of ``board``; tiles already on their ``goal`` cell are drawn green.

    >>> from searchlab.puzzles.npuzzle.board import goal_board
    >>> render_svg(goal_board(3)).startswith("<svg")
    True
    """
    n = board.size
    pad = 4
    side = n * cell + 2 * pad
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{side}" height="{side}" '
        f'viewBox="0 0 {side} {side}" font-family="sans-serif">',
        f'<rect width="{side}" height="{side}" rx="6" fill="#444"/>',
    ]
    for i, t in enumerate(board.tiles):
        if t == 0:
            continue
        r, c = divmod(i, n)
        x, y = pad + c * cell, pad + r * cell
        home = goal is not None and goal.tiles[i] == t
        fill = "#9fd89f" if home else "#f3e3b5"
        parts.append(
            f'<rect x="{x + 2}" y="{y + 2}" width="{cell - 4}" height="{cell - 4}" rx="5" '
            f'fill="{fill}" stroke="#222"/>'
        )
        parts.append(
            f'<text x="{x + cell / 2}" y="{y + cell / 2}" text-anchor="middle" '
            f'dominant-baseline="central" font-size="{cell * 0.45:.0f}">{escape(str(t))}</text>'
        )
    parts.append("</svg>")
    return "".join(parts)


def render_text(boards: list[Board]) -> str:
    """Boards one after another, separated by blank lines (the CLI's plain output)."""
    from searchlab.puzzles.npuzzle.board import format_board

    return "\n\n".join(format_board(b) for b in boards)
