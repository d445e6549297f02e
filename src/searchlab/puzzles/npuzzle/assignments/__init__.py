"""The course's two 8-puzzle assignment programs, as a library.

- The 8-puzzle A* assignment, ``puzzle8 <h> <file>`` (:mod:`.puzzle8`): A* with the heuristics
  ``z d m b`` to the goal ``1..8`` with the blank last; :func:`solve_puzzle8`
  returns the path, the states opened and the time, :func:`format_answer`
  the exact output.
- The 3x3-puzzle stack-search assignment, ``puzzle3x3heuristics``
  (:mod:`.puzzle3x3`): a stack search with
  the orderings PIEZAS, SUMAS and REGRESOS to the goal ``0..8`` with the blank
  first; :func:`stack_search` returns the popped boards, :func:`format_run`
  one block of the output file and :func:`run_menu` runs a whole menu.

The console scripts are declared in :mod:`searchlab.puzzles.npuzzle.programs` (the CLI
builds them: :mod:`searchlab.cli.programs`); the guide is
``docs/npuzzle-assignments.md``.
"""

from .puzzle3x3 import (
    GOAL,
    OPERATIONS,
    StackRun,
    direct_reversals,
    format_run,
    priority,
    run_menu,
    stack_search,
)
from .puzzle8 import (
    NO_SOLUTION,
    PUZZLE8_HEURISTICS,
    Puzzle8Answer,
    format_answer,
    parse_instance,
    solve_puzzle8,
)

__all__ = [
    "GOAL",
    "NO_SOLUTION",
    "OPERATIONS",
    "PUZZLE8_HEURISTICS",
    "Puzzle8Answer",
    "StackRun",
    "direct_reversals",
    "format_answer",
    "format_run",
    "parse_instance",
    "priority",
    "run_menu",
    "solve_puzzle8",
    "stack_search",
]
