"""Text and SVG pictures of Rush Hour boards and solutions."""

from __future__ import annotations

from html import escape

from searchlab.i18n import _
from searchlab.puzzles.rushhour.model import Board, Move, parse_move
from searchlab.search.result import SearchResult

CELL = 40
PAD = 6
RED = "#d62728"
WALL = "#444444"


def render_text(board: Board) -> str:
    """The board as a grid ('.' empty, 'x' wall, letters) with '>' marking the exit."""
    rows = ["".join(r) for r in board.grid()]
    return "\n".join(r + (" >" if i == board.exit_row else "") for i, r in enumerate(rows))


def render_solution_text(boards: list[Board], moves: list[Move]) -> str:
    """Each position of a solution, with the move that led to it, as text blocks."""
    out = [_("start:"), render_text(boards[0])]
    for k, (mv, b) in enumerate(zip(moves, boards[1:], strict=True), start=1):
        out += ["", f"{k}. {mv}", render_text(b)]
    return "\n".join(out)


CAR_COLOURS = (
    "#4d9de0",
    "#e1bc29",
    "#3bb273",
    "#7768ae",
    "#f49d37",
    "#15616d",
    "#9c6644",
    "#ff7f51",
    "#5c80bc",
    "#8cb369",
    "#c08497",
    "#48a9a6",
)


def solution_text(board: Board, result: SearchResult) -> str:
    """A solve's boards as text (:func:`render_solution_text` of its states and moves)."""
    return render_solution_text(list(result.states), [parse_move(str(a)) for a in result.actions])


def car_colour(label: str) -> str:
    """Every vehicle letter its own colour: hues a golden angle apart, so letters next to
    each other differ most, never near the red car's red; the letters whose hues come
    close (13 or 21 apart) differ in lightness (A-M dark, N-Z light). Other labels take a
    colour of the palette. The web page, the replay pages and the SVG files all show these
    colours (the views carry them as the pieces' ``color``)."""
    k = ord(label[:1].upper() or "?") - 65
    if not 0 <= k < 26:
        return CAR_COLOURS[sum(map(ord, label)) % len(CAR_COLOURS)]
    hue = 25 + (k * 137.508) % 360 * (310 / 360)  # within 25..335: never red
    return f"hsl({round(hue)}, 55%, {38 if k < 13 else 56}%)"


def _board_group(board: Board, x0: int, y0: int, caption: str | None) -> list[str]:
    w, h = board.width * CELL, board.height * CELL
    out = [
        f'<g transform="translate({x0},{y0})">',
        f'<rect x="0" y="0" width="{w}" height="{h}" fill="#f4f1e8" stroke="#333" '
        'stroke-width="2"/>',
    ]
    for r in range(board.height):
        for c in range(board.width):
            out.append(
                f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" '
                'fill="none" stroke="#ddd" stroke-width="1"/>'
            )
    ey = board.exit_row * CELL
    out.append(f'<rect x="{w - 2}" y="{ey + 4}" width="6" height="{CELL - 8}" fill="#2ca02c"/>')
    for r, c in sorted(board.walls):
        out.append(
            f'<rect x="{c * CELL}" y="{r * CELL}" width="{CELL}" height="{CELL}" fill="{WALL}"/>'
        )
    for k, v in enumerate(board.vehicles):
        vw = (v.length if v.horizontal else 1) * CELL - 8
        vh = (1 if v.horizontal else v.length) * CELL - 8
        fill = RED if k == 0 else car_colour(v.name)
        x, y = v.col * CELL + 4, v.row * CELL + 4
        out.append(
            f'<rect x="{x}" y="{y}" width="{vw}" height="{vh}" rx="7" fill="{fill}" '
            'stroke="#222" stroke-width="1.5"/>'
        )
        out.append(
            f'<text x="{x + vw / 2}" y="{y + vh / 2 + 5}" text-anchor="middle" '
            f'font-family="sans-serif" font-size="15" font-weight="bold" fill="#111">'
            f"{escape(v.name)}</text>"
        )
    if caption:
        out.append(
            f'<text x="{w / 2}" y="{h + 16}" text-anchor="middle" font-family="sans-serif" '
            f'font-size="13">{escape(caption)}</text>'
        )
    out.append("</g>")
    return out


def render_svg(
    board: Board | list[Board], moves: list[Move] | None = None, *, columns: int = 6
) -> str:
    """A self-contained SVG picture of a board, or of every position of a solution.

    Parameters
    ----------
    board : Board or list of Board
        One position, or the positions of a solution (start first).
    moves : list of Move, optional
        The moves between the positions, written under each one.
    columns : int
        Positions per row when drawing a solution.
    """
    boards = board if isinstance(board, list) else [board]
    first = boards[0]
    bw, bh = first.width * CELL + 2 * PAD + 8, first.height * CELL + 2 * PAD + 20
    cols = min(columns, len(boards))
    rows = (len(boards) + cols - 1) // cols
    width, height = cols * bw, rows * bh
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}">'
    ]
    for k, b in enumerate(boards):
        if len(boards) == 1:
            caption = None
        elif k == 0:
            caption = "start"
        else:
            caption = f"{k}. {moves[k - 1]}" if moves and k - 1 < len(moves) else str(k)
        parts += _board_group(b, (k % cols) * bw + PAD, (k // cols) * bh + PAD, caption)
    parts.append("</svg>")
    return "\n".join(parts)
