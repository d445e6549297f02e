"""How a tower is drawn (views) and played (moves you click or drag).

The grid: one region of ``2n + 1`` columns per peg, the rod in its middle column;
``n + 2`` rows, the bottom one the base. The rods and the base are the view's
fixtures (``rod`` and ``base`` kinds: a bar, a plank under each rod carrying its
letter; the goal peg's rod green); disk ``k`` (size ``k + 1``) is a ``disk``, a bar
``2k + 1`` cells wide and of its own colour, centred on its rod. To play, grab the top
disk of a peg (click it, or drag it) and click or drop it on the cell where it lands
on another peg.
"""

from __future__ import annotations

from searchlab.families.contract import Move
from searchlab.view import View

from .model import PEGS, State, Tower, legal_moves, move_label, moved


def centre(tower: Tower, peg: int) -> int:
    """The column of a peg's rod."""
    return peg * (2 * tower.disks + 1) + tower.disks


def disk_colour(disk: int, disks: int) -> str:
    """Small disks warm, large ones cool: hues spread over the disks."""
    return f"hsl({round(20 + 220 * disk / max(1, disks - 1))}, 60%, 55%)"


GOAL_ROD = "#2e7d32"
"""The goal peg's rod colour."""


def base_view(tower: Tower) -> View:
    """The empty grid, the three rods, each standing on its base named by its letter."""
    n = tower.disks
    width = 3 * (2 * n + 1)
    rods = [
        {
            "r": 0,
            "c": centre(tower, p),
            "h": n + 1,
            "kind": "rod",
            **({"color": GOAL_ROD} if p == tower.goal_peg else {}),
        }
        for p in range(3)
    ]
    bases = [
        {"r": n + 1, "c": p * (2 * n + 1), "w": 2 * n + 1, "kind": "base", "label": PEGS[p]}
        for p in range(3)
    ]
    # Moves are written as people write them, from peg to peg ("A>C"): shown as they are.
    return {
        "rows": n + 2,
        "cols": width,
        "cells": [" " * width] * (n + 2),
        "fixtures": [*rods, *bases],
        "notation": "labels",
    }


def rows_of(tower: Tower, state: State) -> list[int]:
    """The row of each disk: on each peg, the largest at the bottom (row ``n``)."""
    height = [0, 0, 0]
    row = [0] * tower.disks
    for disk in range(tower.disks - 1, -1, -1):
        peg = state[disk]
        row[disk] = tower.disks - height[peg]
        height[peg] += 1
    return row


def state_view(tower: Tower, state: State) -> View:
    rows = rows_of(tower, state)
    return {
        "pieces": [
            {
                "id": f"disk{disk + 1}",
                "r": rows[disk],
                "c": centre(tower, state[disk]) - disk,
                "w": 2 * disk + 1,
                "kind": "disk",
                "label": str(disk + 1),
                "color": disk_colour(disk, tower.disks),
            }
            for disk in range(tower.disks)
        ]
    }


def to_move(tower: Tower, state: State, disk: int, src: int, dst: int) -> Move[State]:
    """A move as the player makes it: grab the disk's cells, land on the target peg."""
    rows = rows_of(tower, state)
    on_target = sum(1 for peg in state if peg == dst)
    left = centre(tower, src) - disk
    return Move(
        move_label(src, dst),
        (tower.disks - on_target, centre(tower, dst)),
        moved(state, disk, dst),
        tuple((rows[disk], c) for c in range(left, left + 2 * disk + 1)),
    )


def moves(tower: Tower, state: State) -> list[Move[State]]:
    return [to_move(tower, state, *m) for m in legal_moves(state)]
