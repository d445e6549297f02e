"""Sliding-tile boards as plain text (the SVG picture is drawn from the board's view:
:func:`searchlab.puzzles.npuzzle.views.render_svg`)."""

from __future__ import annotations

from .board import Board


def render_text(boards: list[Board]) -> str:
    """Boards one after another, separated by blank lines (the CLI's plain output)."""
    from .board import format_board

    return "\n\n".join(format_board(b) for b in boards)
