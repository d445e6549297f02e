"""Play-mode helpers: legal jumps, applying one, and a hint."""

from __future__ import annotations

from typing import Unpack

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.options import LimitOptions

from .board import Board, Jump
from .solver import solve_fast


def legal_jumps(board: Board, position: int) -> list[Jump]:
    """The jumps playable from ``position``, in the board's jump order."""
    out = []
    for a, b, c in board.jumps:
        if position >> a & 1 and position >> b & 1 and not position >> c & 1:
            out.append((a, b, c))
    return out


def apply_jump(board: Board, position: int, jump: Jump) -> int:
    """The position after ``jump``; :class:`InputError` if it is not legal there."""
    a, b, c = jump
    if jump not in board.jumps:
        raise InputError(_("not a jump of this board"))
    if not (position >> a & 1 and position >> b & 1 and not position >> c & 1):
        raise InputError(
            _("{jump} is not playable in this position").format(jump=board.jump_name(jump))
        )
    return position ^ ((1 << a) | (1 << b) | (1 << c))


def hint(
    board: Board, position: int, target: int | None = None, **limits: Unpack[LimitOptions]
) -> Jump | None:
    """The first jump of a solution from ``position``, or ``None``.

    ``None`` when there is no solution or the limits stopped the search first:
    the engine's (:class:`~searchlab.search.options.LimitOptions`), ``time_limit``
    2 seconds unless given.
    """
    given: LimitOptions = {"time_limit": 2.0, **limits}
    result = solve_fast(board, position, target, **given)
    return result.actions[0] if result.solved and result.actions else None
