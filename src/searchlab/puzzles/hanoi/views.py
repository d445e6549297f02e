"""How a tower is drawn (views) and played (moves you click or drag).

The grid: one region of ``2n + 3`` columns per peg, the rod in its middle column, and
``4n + 3`` rows, the bottom one the base: about 9:5 (3 disks: 27 x 15 cells), so that
on a phone, where the width sets the cell size, the tower uses the screen's height (a
3:1 strip was a 374 x 126 picture with 28-pixel disks). The rods and the base are the
view's fixtures (``rod`` and ``base`` kinds: a bar, a plank under each rod carrying
its letter; the goal peg's rod green); disk ``k`` (size ``k + 1``) is a ``disk`` four
rows high and ``2k + 3`` cells wide, of its own colour, centred on its rod (on a
390-pixel phone the smallest disk is about 42 x 55 pixels, a finger's target). To
play, grab the top disk of a peg (click it, or drag it) and click or drop it on the
cell where its lower row lands on another peg.
"""

from __future__ import annotations

from searchlab.families.contract import Move
from searchlab.view import View

from .model import PEGS, State, Tower, legal_moves, move_label, moved

DISK_ROWS = 4
"""The rows a disk covers."""


def region(tower: Tower) -> int:
    """The columns of one peg's region: ``2n + 3``."""
    return 2 * tower.disks + 3


def height(tower: Tower) -> int:
    """The rows of the grid: ``DISK_ROWS * n + 3`` (two rows over the tallest tower,
    the base)."""
    return DISK_ROWS * tower.disks + 3


def centre(tower: Tower, peg: int) -> int:
    """The column of a peg's rod."""
    return peg * region(tower) + tower.disks + 1


def half_width(disk: int) -> int:
    """The columns of disk ``disk`` (0 the smallest) on each side of its rod's."""
    return disk + 1


def disk_colour(disk: int, disks: int) -> str:
    """Small disks warm, large ones cool: hues spread over the disks."""
    return f"hsl({round(20 + 220 * disk / max(1, disks - 1))}, 60%, 55%)"


GOAL_ROD = "#2e7d32"
"""The goal peg's rod colour."""


def base_view(tower: Tower) -> View:
    """The empty grid, the three rods, each standing on its base named by its letter."""
    side = region(tower)
    width = 3 * side
    rows = height(tower)
    rods = [
        {
            "r": 0,
            "c": centre(tower, p),
            "h": rows - 1,
            "kind": "rod",
            **({"color": GOAL_ROD} if p == tower.goal_peg else {}),
        }
        for p in range(3)
    ]
    bases = [
        {"r": rows - 1, "c": p * side, "w": side, "kind": "base", "label": PEGS[p]}
        for p in range(3)
    ]
    # Moves are written as people write them, from peg to peg ("A>C"): shown as they are.
    return {
        "rows": rows,
        "cols": width,
        "cells": [" " * width] * rows,
        "fixtures": [*rods, *bases],
        "notation": "labels",
    }


def landing_row(tower: Tower, under: int) -> int:
    """The top row of a disk with ``under`` disks under it (on the base, ``under`` 0:
    ``4n - 2``; the disk covers rows ``4n - 2`` to ``4n + 1``, the base row ``4n + 2``)."""
    return height(tower) - 1 - DISK_ROWS * (under + 1)


def rows_of(tower: Tower, state: State) -> list[int]:
    """The top row of each disk: on each peg, the largest at the bottom."""
    stacked = [0, 0, 0]
    row = [0] * tower.disks
    for disk in range(tower.disks - 1, -1, -1):
        peg = state[disk]
        row[disk] = landing_row(tower, stacked[peg])
        stacked[peg] += 1
    return row


def state_view(tower: Tower, state: State) -> View:
    rows = rows_of(tower, state)
    return {
        "pieces": [
            {
                "id": f"disk{disk + 1}",
                "r": rows[disk],
                "c": centre(tower, state[disk]) - half_width(disk),
                "w": 2 * half_width(disk) + 1,
                "h": DISK_ROWS,
                "kind": "disk",
                "label": str(disk + 1),
                "color": disk_colour(disk, tower.disks),
            }
            for disk in range(tower.disks)
        ]
    }


def to_move(tower: Tower, state: State, disk: int, src: int, dst: int) -> Move[State]:
    """A move as the player makes it: grab the disk's cells, land (its lower row) on
    the target peg's rod."""
    rows = rows_of(tower, state)
    on_target = sum(1 for peg in state if peg == dst)
    left = centre(tower, src) - half_width(disk)
    return Move(
        move_label(src, dst),
        (landing_row(tower, on_target) + DISK_ROWS - 1, centre(tower, dst)),
        moved(state, disk, dst),
        tuple(
            (rows[disk] + dr, c)
            for dr in range(DISK_ROWS)
            for c in range(left, left + 2 * half_width(disk) + 1)
        ),
    )


def moves(tower: Tower, state: State) -> list[Move[State]]:
    return [to_move(tower, state, *m) for m in legal_moves(state)]
