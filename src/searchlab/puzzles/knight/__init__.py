"""Knight's tours: open and closed, on any m×n board up to 2000×2000, from any square.

Public API (used by the CLI and the web player):

* :class:`Board`, :func:`parse_size` (``"8x8"``), :func:`parse_square` (``"3,4"``);
* :func:`tour_verdict` (exact existence with the reason, instant);
* :func:`solve_tour` -> the engine's ``SearchResult`` (``"fast"`` or ``"backtrack"``, limits,
  ``cancel``); :func:`tour_error` checks a tour (the family checks every tour it answers);
* :func:`count_tours` (directed open tours, small boards);
* play mode: :func:`legal_moves`, :func:`apply_move`, :func:`hint`;
* pictures: :func:`render_numbered` (text), :func:`render_svg`;
* the engine view: :class:`KnightTourProblem`, :func:`warnsdorff_order`.

>>> from searchlab.puzzles.knight import Board, solve_tour
>>> r = solve_tour(Board(6, 6), (2, 3), closed=True)
>>> r.solved and r.extra["closed"] and r.states[-1][0] == (2, 3)
True
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from .blocks import construct_closed_tour
    from .board import (
        MAX_SIDE,
        Board,
        is_knight_move,
        parse_size,
        parse_square,
        tour_error,
    )
    from .exhaustive import count_tours, open_tour_exists
    from .existence import Verdict, closed_tour_verdict, tour_verdict
    from .play import apply_move, hint, legal_moves
    from .problem import KnightTourProblem, warnsdorff_order
    from .render import render_numbered
    from .solver import ALGORITHMS, solve_tour
    from .tour import tour_array
    from .views import render_svg
    from .warnsdorff import warnsdorff_tour

__all__ = [
    "ALGORITHMS",
    "MAX_SIDE",
    "Board",
    "KnightTourProblem",
    "Verdict",
    "apply_move",
    "closed_tour_verdict",
    "construct_closed_tour",
    "count_tours",
    "hint",
    "is_knight_move",
    "legal_moves",
    "open_tour_exists",
    "parse_size",
    "parse_square",
    "render_numbered",
    "render_svg",
    "solve_tour",
    "tour_array",
    "tour_error",
    "tour_verdict",
    "warnsdorff_order",
    "warnsdorff_tour",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "blocks": ("construct_closed_tour",),
        "board": (
            "MAX_SIDE",
            "Board",
            "is_knight_move",
            "parse_size",
            "parse_square",
            "tour_error",
        ),
        "exhaustive": ("count_tours", "open_tour_exists"),
        "existence": ("Verdict", "closed_tour_verdict", "tour_verdict"),
        "play": ("apply_move", "hint", "legal_moves"),
        "problem": ("KnightTourProblem", "warnsdorff_order"),
        "render": ("render_numbered",),
        "solver": ("ALGORITHMS", "solve_tour"),
        "tour": ("tour_array",),
        "views": ("render_svg",),
        "warnsdorff": ("warnsdorff_tour",),
    },
)
