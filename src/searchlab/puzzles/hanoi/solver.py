"""The optimal recursive method and the exact distance to a tower on one peg.

To gather disks ``0..k`` on peg ``t``: if disk ``k`` already is on ``t``, gather the
smaller ones on ``t``; otherwise gather the smaller ones on the third peg, move disk
``k`` to ``t``, and move the smaller tower onto it (``2**k - 1`` moves). Working from
the largest disk down, this is optimal from any position to a tower on one peg
(the largest misplaced disk must move at least once, and then every smaller disk must
be out of its way: Hinz, "The Tower of Hanoi", Enseign. Math. 35 (1989), and the
classic recursion of Lucas, 1883). So the distance is exact and cheap:
``sum(2**k)`` over the disks whose target peg, computed top-down, they are not on.
"""

from __future__ import annotations

from .model import State


def distance(state: State, goal_peg: int) -> int:
    """The fewest moves from ``state`` to every disk on ``goal_peg`` (exact)."""
    target, moves = goal_peg, 0
    for disk in range(len(state) - 1, -1, -1):
        if state[disk] != target:
            moves += 1 << disk
            target = 3 - state[disk] - target
    return moves


def optimal_moves(state: State, goal_peg: int) -> list[tuple[int, int, int]]:
    """An optimal solution as ``(disk, from_peg, to_peg)`` moves: the recursion of the
    module docstring (``len(optimal_moves(s, g)) == distance(s, g)``)."""
    pegs = list(state)
    out: list[tuple[int, int, int]] = []

    def gather(k: int, target: int) -> None:
        """Move disks ``0..k`` onto ``target``."""
        while k >= 0 and pegs[k] == target:
            k -= 1
        if k < 0:
            return
        aux = 3 - pegs[k] - target
        gather(k - 1, aux)
        out.append((k, pegs[k], target))
        pegs[k] = target
        gather(k - 1, target)

    gather(len(pegs) - 1, goal_peg)
    return out
