"""Admissible heuristics for Rush Hour, on packed states.

* ``blocking`` (the course project's): 0 when solved, else 1 + the number of vehicles
  between the red car and the exit. Each blocker must move at least once and
  the red car too, so it is admissible for moves (and, with the red car's
  distance instead of the 1, for steps).
* ``strong``: ``blocking`` plus the vehicles that *must* move so that a
  blocker can leave the exit row. For each blocker and each direction in which
  it could clear the row (not through a wall or off the board), take the set
  of vehicles on the cells it would have to cross; a vehicle lying in that set
  for *every* open direction of some blocker certainly moves. Those vehicles
  are added (each distinct vehicle moves at least once, and none of them is a
  blocker or the red car); if some blocker has every open direction obstructed
  but no vehicle is common to all of them, one more move is still needed. A
  horizontal vehicle or a wall in front of the red car, or a blocker with no
  open direction, makes the position unsolvable (a large value).
* ``zero``: 0 (turns A* into uniform-cost search).

For the step metric the red car contributes its distance to the exit, and each
blocker the shortest slide that clears the row.
"""

from __future__ import annotations

from collections.abc import Callable

from .packed import BITS, FIELD, Packed

HEURISTICS = ("blocking", "strong", "zero")
UNSOLVABLE = 10_000


def make_heuristic(pk: Packed, name: str, steps: bool = False) -> Callable[[int], int]:
    """The heuristic ``name`` (one of :data:`HEURISTICS`) for boards encoded by ``pk``."""
    if name == "zero":
        return lambda s: 0
    if name not in HEURISTICS:
        raise ValueError(f"unknown heuristic {name!r}; choose from {', '.join(HEURISTICS)}")
    board = pk.board
    h = board.height
    row = board.exit_row
    red_len = board.red.length
    goal = pk.goal
    strong = name == "strong"
    vehicles = board.vehicles
    n = len(vehicles)
    wall_cols = {c for r, c in board.walls if r == row}
    # vertical vehicles crossing the exit row, by column; horizontal vehicles on the exit row.
    verticals = [i for i in range(1, n) if not vehicles[i].horizontal]
    same_row = [i for i in range(1, n) if vehicles[i].horizontal and vehicles[i].row == row]

    masks = pk.masks
    cell_bit = pk.cell_bit
    wall_bits = pk.base

    def column_bits(col: int, rows: range) -> int:
        m = 0
        for r in rows:
            m |= cell_bit(r, col)
        return m

    def h_fn(s: int) -> int:
        red_col = s & FIELD
        if red_col == goal:
            return 0
        front = red_col + red_len  # first column in front of the red car
        if any(c >= front for c in wall_cols):
            return UNSOLVABLE
        pos = tuple((s >> (BITS * i)) & FIELD for i in range(n))
        for i in same_row:
            if pos[i] >= front:
                return UNSOLVABLE
        blockers: list[tuple[int, int]] = []  # (vehicle, column)
        for i in verticals:
            v = vehicles[i]
            if v.col >= front and pos[i] <= row < pos[i] + v.length:
                blockers.append((i, v.col))
        total = (goal - red_col) if steps else 1
        if not blockers:
            return total
        if not strong:
            return total + len(blockers)
        occ = pk.occupancy(s)
        certain: set[int] = set()
        extra_needed = False
        for i, col in blockers:
            top, length = pos[i], vehicles[i].length
            options: list[tuple[int, set[int]]] = []
            up_to = row - length  # new top row when moved up just off the exit row
            down_to = row + 1  # new top row when moved down just off the exit row
            for ok, dist, rows in (
                (up_to >= 0, top - up_to, range(max(up_to, 0), top)),
                (down_to + length <= h, down_to - top, range(top + length, down_to + length)),
            ):
                if not ok:
                    continue
                need = column_bits(col, rows)
                if need & wall_bits:
                    continue
                hit = need & occ
                owners = {j for j in range(1, n) if masks[j][pos[j]] & hit} if hit else set()
                options.append((dist, owners))
            if not options:
                return UNSOLVABLE
            total += min(d for d, _ in options) if steps else 1
            common = set.intersection(*(o for _, o in options))
            certain |= common
            if all(o for _, o in options) and not common:
                extra_needed = True
        return total + len(certain) + (1 if extra_needed and not certain else 0)

    return h_fn
