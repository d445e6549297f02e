"""Drawing boards and positions: text as the assignment draws it, and SVG."""

from __future__ import annotations

from html import escape

from searchlab.puzzles.peg.board import Board


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


def _centre(board: Board, i: int, step: float) -> tuple[float, float]:
    r, c = board.coords[i]
    if board.kind == "triangle":
        x = (c + (board.height - 1 - r) / 2) * step
        y = r * step * 0.866
    else:
        x, y = c * step, r * step
    return x + step, y + step


def render_svg(
    board: Board, position: int, *, highlight: tuple[int, ...] = (), size: int = 28
) -> str:
    """The position as a self-contained SVG string (pegs filled, empty holes hollow).

    ``highlight`` holes (e.g. the last jump's from/over/to) get a coloured ring.
    """
    step = float(size)
    pts = [_centre(board, i, step) for i in range(board.size)]
    width = max(x for x, _ in pts) + step
    height = max(y for _, y in pts) + step
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width:.0f}" height="{height:.0f}" '
        f'viewBox="0 0 {width:.0f} {height:.0f}" role="img">',
        f"<title>{escape(board.name)}: {position.bit_count()} pegs</title>",
        f'<rect width="{width:.0f}" height="{height:.0f}" rx="{step / 2:.0f}" fill="#e9d8b4"/>',
    ]
    for i, (x, y) in enumerate(pts):
        name = board.hole_name(i)
        ring = ' stroke="#d33" stroke-width="3"' if i in highlight else ' stroke="#8a6d3b"'
        parts.append(
            f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{step * 0.18:.1f}" fill="#6b4f2a"{ring}>'
            f"<title>{name}</title></circle>"
        )
        if position >> i & 1:
            parts.append(
                f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{step * 0.34:.1f}" fill="#2a5db0" '
                f'stroke="#123" stroke-width="1"><title>{name}</title></circle>'
            )
    parts.append("</svg>")
    return "\n".join(parts)
