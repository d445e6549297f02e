"""Peg solitaire: the classic boards, the assignment's search comparison, a fast solver.

Positions are ``int`` bitboards over a :class:`Board`'s holes (bit ``i`` =
hole ``i``); jumps are ``(from, over, to)`` hole indices, named ``f4-d4``.

>>> from searchlab.puzzles.peg import get_board, solve_fast
>>> board = get_board("english")
>>> result = solve_fast(board, board.start(["d4"]), 1 << board.hole("d4"))
>>> result.status, result.length, result.moves[-1][-2:]
('solved', 31, 'd4')
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from .board import (
        BOARD_DESCRIPTIONS,
        BOARD_NAMES,
        Board,
        Jump,
        get_board,
        parse_board,
        parse_position,
        triangle_board,
    )
    from .classes import class_space, finishing_holes, impossibility_reason
    from .compare import CompareRow, compare
    from .counting import LevelCount, count_levels
    from .minmoves import solve_min_moves
    from .pagoda import distance_pagoda, is_pagoda
    from .play import apply_jump, hint, legal_jumps
    from .problem import HEURISTICS, PegProblem
    from .render import render_text
    from .solver import solve_fast
    from .solver_run import move_count
    from .views import render_svg

__all__ = [
    "BOARD_DESCRIPTIONS",
    "BOARD_NAMES",
    "HEURISTICS",
    "Board",
    "CompareRow",
    "Jump",
    "LevelCount",
    "PegProblem",
    "apply_jump",
    "class_space",
    "compare",
    "count_levels",
    "distance_pagoda",
    "finishing_holes",
    "get_board",
    "hint",
    "impossibility_reason",
    "is_pagoda",
    "legal_jumps",
    "move_count",
    "parse_board",
    "parse_position",
    "render_svg",
    "render_text",
    "solve_fast",
    "solve_min_moves",
    "triangle_board",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "board": (
            "BOARD_DESCRIPTIONS",
            "BOARD_NAMES",
            "Board",
            "Jump",
            "get_board",
            "parse_board",
            "parse_position",
            "triangle_board",
        ),
        "classes": ("class_space", "finishing_holes", "impossibility_reason"),
        "compare": ("CompareRow", "compare"),
        "counting": ("LevelCount", "count_levels"),
        "minmoves": ("solve_min_moves",),
        "pagoda": ("distance_pagoda", "is_pagoda"),
        "play": ("apply_jump", "hint", "legal_jumps"),
        "problem": ("HEURISTICS", "PegProblem"),
        "render": ("render_text",),
        "solver": ("solve_fast",),
        "solver_run": ("move_count",),
        "views": ("render_svg",),
    },
)
