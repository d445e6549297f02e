"""Rush Hour: boards, parsers, an optimal solver, difficulty ratings and a generator.

Public API (for the CLI, the web player and notebooks):

* :func:`parse_board` (text → :class:`Board`, raises :class:`~searchlab.errors.InputError`),
  :func:`make_board`, :class:`Vehicle`, :class:`Move`, :func:`parse_move`;
  ``board.legal_moves()``, ``board.apply(move)``, ``board.to_database()``;
* :func:`cards` / :func:`card` (the 40 built-in challenge cards);
* :func:`solve_board` (optimal by default; ``states`` are boards), :func:`hint`;
* :func:`rate` → :class:`Rating`; :func:`generate` → list of :class:`Generated`;
  :func:`random_board` (random, possibly unsolvable; ``generate`` for good puzzles);
* :func:`render_svg`, :func:`render_text`; :class:`RushHourProblem` for the engine.

>>> from searchlab.puzzles.rushhour import parse_board, solve_board
>>> solve_board(parse_board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo")).length
8
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from .cards import Card, card, cards
    from .cluster import explore_cluster
    from .generate import Generated, generate, random_board, unreachable
    from .heuristics import HEURISTICS
    from .model import Board, Move, Vehicle, make_board, parse_move
    from .notation import detect_red, parse_board
    from .problem import RushHourProblem
    from .rating import LEVELS, Rating, rate
    from .render import render_solution_text, render_text
    from .solver import (
        ALGORITHM_CHOICES,
        fast_bfs,
        hint,
        solve_board,
    )
    from .views import render_svg

__all__ = [
    "ALGORITHM_CHOICES",
    "HEURISTICS",
    "LEVELS",
    "Board",
    "Card",
    "Generated",
    "Move",
    "Rating",
    "RushHourProblem",
    "Vehicle",
    "card",
    "cards",
    "detect_red",
    "explore_cluster",
    "fast_bfs",
    "generate",
    "hint",
    "make_board",
    "parse_board",
    "parse_move",
    "random_board",
    "rate",
    "render_solution_text",
    "render_svg",
    "render_text",
    "solve_board",
    "unreachable",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "cards": ("Card", "card", "cards"),
        "cluster": ("explore_cluster",),
        "generate": ("Generated", "generate", "random_board", "unreachable"),
        "heuristics": ("HEURISTICS",),
        "model": ("Board", "Move", "Vehicle", "make_board", "parse_move"),
        "notation": ("detect_red", "parse_board"),
        "problem": ("RushHourProblem",),
        "rating": ("LEVELS", "Rating", "rate"),
        "render": ("render_solution_text", "render_text"),
        "solver": ("ALGORITHM_CHOICES", "fast_bfs", "hint", "solve_board"),
        "views": ("render_svg",),
    },
)
