"""Sliding-tile puzzles (8-, 15-, 24-puzzle and any N x N): model, heuristics, solvers.

Boards are :class:`Board` (``size``, row-major ``tiles``, 0 the blank); moves
are the blank's direction ``U D L R``.

>>> from searchlab.puzzles.npuzzle import parse_tiles, goal_board, is_solvable, NPuzzleProblem
>>> start = parse_tiles("8 6 7 2 5 4 3 0 1")
>>> is_solvable(start, goal_board(3))
True
>>> from searchlab.search import solve
>>> solve(NPuzzleProblem(start, heuristic="manhattan"), "astar").length
31

Stable public API (used by the assignment programs ``puzzle8`` and
``puzzle3x3heuristics``, the experiments and the web player):

- model: :class:`Board`, :func:`goal_board`, :func:`board_from_tiles`,
  :func:`parse_tiles` (alias :func:`parse_board`), :func:`format_board`,
  :func:`legal_moves`, :func:`apply_move`, :func:`apply_moves`, :data:`MOVES`
- :func:`is_solvable`
- heuristics: :func:`zero`, :func:`misplaced`, :func:`manhattan`,
  :func:`blank_distance`, :func:`linear_conflict` (each ``h(tiles, goal)``),
  :func:`heuristic_function` (``name, goal -> h(tiles)``), :data:`HEURISTICS`
- :class:`NPuzzleProblem` (``start, goal=None, heuristic="manhattan"``) for the engine
- instances: :func:`instances_at_depth`, :func:`random_instance`,
  :func:`exact_distance`, :func:`depth_counts`
- solving: :func:`solve_board` (fastest optimal method, solvability first,
  limits and ``cancel``), :func:`optimal_length`, :func:`hint`
- Korf's benchmark: :func:`korf_instances`, :data:`KORF_GOAL`
- :func:`render_svg` (``Board._repr_svg_`` for Jupyter)

Lower level: :mod:`.pure_search` (``astar``, ``ida_star``), :mod:`.pdb`
(``build_pdb``, ``load_pdb``, ``PARTITIONS``).
"""

from typing import TYPE_CHECKING

from searchlab.lazy import exports

if TYPE_CHECKING:
    from .board import (
        MOVES,
        Board,
        apply_move,
        apply_moves,
        board_from_tiles,
        format_board,
        goal_board,
        legal_moves,
        parse_board,
        parse_tiles,
    )
    from .heuristics import (
        HEURISTICS,
        blank_distance,
        heuristic_function,
        linear_conflict,
        manhattan,
        misplaced,
        zero,
    )
    from .instances import (
        depth_counts,
        exact_distance,
        instances_at_depth,
        random_instance,
    )
    from .korf import KORF_GOAL, KorfInstance, korf_instances
    from .problem import NPuzzleProblem
    from .solvability import is_solvable
    from .solvers import hint, optimal_length, solve_board
    from .views import render_svg

__all__ = [
    "HEURISTICS",
    "KORF_GOAL",
    "MOVES",
    "Board",
    "KorfInstance",
    "NPuzzleProblem",
    "apply_move",
    "apply_moves",
    "blank_distance",
    "board_from_tiles",
    "depth_counts",
    "exact_distance",
    "format_board",
    "goal_board",
    "heuristic_function",
    "hint",
    "instances_at_depth",
    "is_solvable",
    "korf_instances",
    "legal_moves",
    "linear_conflict",
    "manhattan",
    "misplaced",
    "optimal_length",
    "parse_board",
    "parse_tiles",
    "random_instance",
    "render_svg",
    "solve_board",
    "zero",
]

__getattr__, __dir__ = exports(
    __name__,
    {
        "board": (
            "MOVES",
            "Board",
            "apply_move",
            "apply_moves",
            "board_from_tiles",
            "format_board",
            "goal_board",
            "legal_moves",
            "parse_board",
            "parse_tiles",
        ),
        "heuristics": (
            "HEURISTICS",
            "blank_distance",
            "heuristic_function",
            "linear_conflict",
            "manhattan",
            "misplaced",
            "zero",
        ),
        "instances": ("depth_counts", "exact_distance", "instances_at_depth", "random_instance"),
        "korf": ("KORF_GOAL", "KorfInstance", "korf_instances"),
        "problem": ("NPuzzleProblem",),
        "solvability": ("is_solvable",),
        "solvers": ("hint", "optimal_length", "solve_board"),
        "views": ("render_svg",),
    },
)
