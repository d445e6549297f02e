"""The ``searchlab demo`` lines for the two 8-puzzle assignment programs (seeds 001 and 002)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.i18n import _

from ..board import board_from_tiles
from .puzzle3x3 import OPERATIONS, stack_search
from .puzzle8 import solve_puzzle8


def demo() -> Iterator[str]:
    """puzzle8 on its assignment's datos2 with every heuristic; the three stack searches of
    puzzle3x3heuristics."""
    start = board_from_tiles([0, 1, 3, 4, 2, 5, 7, 8, 6])
    yield _("puzzle8 <h> datos2.txt (the 8-puzzle A* assignment): A* from 0 1 3 / 4 2 5 / 7 8 6")
    for letter, name in (("z", "zero"), ("d", "misplaced"), ("m", "Manhattan"), ("b", "blank")):
        a = solve_puzzle8(start, letter)
        yield f"  {letter} ({name}): " + _("{moves} moves, {opened} states opened").format(
            moves=a.moves, opened=a.opened
        )
    start = board_from_tiles([1, 2, 3, 4, 0, 5, 6, 7, 8])
    yield _(
        "puzzle3x3heuristics (the 3x3-puzzle assignment): stack search from 1 2 3 / 4 0 5 / 6 7 8"
    )
    for kind in OPERATIONS.values():
        run = stack_search(start, kind)
        yield f"  {kind}: " + _("{n} boards popped").format(n=len(run.popped))
