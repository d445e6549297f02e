"""``searchlab hanoi count``: every position of a tower, counted by how far it is from
the goal (the family's own task, declared in ``family.py`` and built into a command by
the CLI)."""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator

from searchlab.errors import InputError
from searchlab.families.contract import Block, Table
from searchlab.families.kit import count_record
from searchlab.i18n import _

from .model import MAX_DISKS, PEGS
from .solver import distance


def count_positions(disks: int, goal_peg: int = 2) -> Counter[int]:
    """How many of the ``3**disks`` positions lie at each distance from the tower on
    ``goal_peg`` (by enumerating them all: the tests' check of :func:`count`)."""
    return Counter(distance(s, goal_peg) for s in itertools.product(range(3), repeat=disks))


def count(disks: int, as_json: bool = False) -> Iterator[Block]:
    """The positions of ``disks`` disks grouped by how many disks must move: a position
    ``d`` moves from the goal has one moving disk per binary digit 1 of ``d``, and each
    such disk sits on one of two pegs, so there are ``2**k`` positions at each distance
    with ``k`` digits 1: ``C(n, k)`` distances and ``C(n, k) * 2**k`` positions, counted
    without visiting them (any tower ``hanoi solve`` takes, 1 to :data:`MAX_DISKS`)."""
    if not 1 <= disks <= MAX_DISKS:
        raise InputError(_("count 1 to {most} disks, got {n}").format(most=MAX_DISKS, n=disks))
    levels = [
        {
            "disks_moving": k,
            "distances": math.comb(disks, k),
            "positions": math.comb(disks, k) * 2**k,
        }
        for k in range(disks + 1)
    ]
    yield count_record(
        board=disks, complete=True, total=3**disks, farthest=2**disks - 1, levels=levels
    )
    rows = [
        (str(level["disks_moving"]), f"{level['distances']:,}", f"{level['positions']:,}")
        for level in levels
    ]
    yield Table(
        _("{n} disks onto peg {peg}: positions by the disks that must move").format(
            n=disks, peg=PEGS[2]
        ),
        (_("disks that move"), _("distances"), _("positions")),
        rows,
    )
    yield _("{total:,} positions in all; the farthest are {far:,} moves away.").format(
        total=3**disks, far=2**disks - 1
    )
