"""The packed state encoding behind every fast Rush Hour search.

Performance tricks, all here:

* **One int per position.** Vehicle ``i``'s coordinate along its line takes
  bits ``3i .. 3i+2`` of a single Python int (the red car is vehicle 0, so the
  goal test is ``state & 7 == goal``). Hashing, set membership and a move
  (``state + delta``) are single int operations.
* **Occupancy bitboards from chunk tables.** The occupied cells are kept twice
  in one int: row-major bits ``r*W + c`` and column-major bits
  ``W*H + c*H + r``, so the cells of any row *or* column are one shift and
  mask away. The occupancy of a state is the OR of one table lookup per group
  of three vehicles (9 bits of the state, 512 entries per table), plus walls.
* **Precomputed move tables.** For each vehicle, a list indexed by
  ``(position << L) | line_occupancy`` gives the tuple of state deltas of all
  its legal slides (any distance for the move metric, one cell for the step
  metric), so generating successors does no geometry at all. The generic part
  of these tables depends only on (vehicle length, line length, shift) and is
  cached across boards.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cached_property, lru_cache

from .model import Board, Move

BITS = 3
FIELD = 7
CHUNK = 3  # vehicles per occupancy table (9 bits, 512 entries)

Table = list[tuple[int, ...]]
VehicleRow = tuple[int, int, int, int, Table]
"""(position shift, line shift, line bits, line mask, move table) of one vehicle."""


@lru_cache(maxsize=64)
def _slides(length: int, line: int, steps: bool) -> Table:
    """Deltas of every legal slide of a vehicle in the lowest field (shift 0).

    Indexed by ``(pos << line) | occupancy_of_the_line``; the vehicle's own
    cells are part of the occupancy and are ignored here.
    """
    table: Table = []
    for pos in range(1 << BITS):
        for occ in range(1 << line):
            out: list[int] = []
            if pos + length <= line:
                d = -1
                while pos + d >= 0 and not occ >> (pos + d) & 1:
                    out.append(d)
                    if steps:
                        break
                    d -= 1
                d = 1
                while pos + length - 1 + d < line and not occ >> (pos + length - 1 + d) & 1:
                    out.append(d)
                    if steps:
                        break
                    d += 1
            table.append(tuple(out))
    return table


@lru_cache(maxsize=512)
def _move_table(length: int, line: int, shift: int, steps: bool) -> Table:
    """Deltas (already shifted into the vehicle's field) of every legal slide: the
    geometry is worked out once per length and line (:func:`_slides`), then shifted
    for each field (a quick solve built the same geometry once per vehicle)."""
    return [tuple(d << shift for d in ds) if ds else () for ds in _slides(length, line, steps)]


def encode(positions: tuple[int, ...] | list[int]) -> int:
    """The packed state of the vehicles' ``positions`` (vehicle 0 in the lowest bits)."""
    s = 0
    for i, p in enumerate(positions):
        s |= p << (BITS * i)
    return s


def decode(state: int, n: int) -> tuple[int, ...]:
    """The positions of the ``n`` vehicles of packed ``state``."""
    return tuple((state >> (BITS * i)) & FIELD for i in range(n))


def move_between(board: Board, a: int, b: int) -> Move:
    """The move leading from packed state ``a`` to the adjacent state ``b`` of ``board``."""
    for i, v in enumerate(board.vehicles):
        d = ((b >> (BITS * i)) & FIELD) - ((a >> (BITS * i)) & FIELD)
        if d:
            return Move(v.name, d)
    raise ValueError(f"states {a} and {b} are equal")


class Packed:
    """The packed encoding of one board's vehicles (positions vary, everything else fixed).

    Parameters
    ----------
    board : Board
        Supplies the size, the walls and each vehicle's line, length and orientation.
    """

    def __init__(self, board: Board) -> None:
        self.board = board
        w, h = board.width, board.height
        self.width, self.height = w, h
        self.n = len(board.vehicles)
        self.offset = w * h
        self.goal = board.goal_pos
        base = 0
        for r, c in board.walls:
            base |= self.cell_bit(r, c)
        self.base = base
        masks: list[list[int]] = []
        for v in board.vehicles:
            limit = w if v.horizontal else h
            ms = []
            for p in range(1 << BITS):
                m = 0
                if p + v.length <= limit:
                    for r, c in v.at(p).cells():
                        m |= self.cell_bit(r, c)
                ms.append(m)
            masks.append(ms)
        self.masks = masks
        chunks: list[tuple[int, list[int]]] = []
        for start in range(0, self.n, CHUNK):
            group = masks[start : start + CHUNK]
            while len(group) < CHUNK:
                group = [*group, [0] * (1 << BITS)]
            ma, mb, mc = group
            tab = [
                ma[x & FIELD] | mb[(x >> BITS) & FIELD] | mc[x >> (2 * BITS)]
                for x in range(1 << (CHUNK * BITS))
            ]
            chunks.append((start * BITS, tab))
        self.chunks = chunks

    # Each metric's move tables are built when first read: a search reads one of them, and
    # building both was a third of a quick solve's time.
    @cached_property
    def move_rows(self) -> list[VehicleRow]:
        """Each vehicle's row of slides any distance (the ``moves`` metric)."""
        return self._rows(steps=False)

    @cached_property
    def step_rows(self) -> list[VehicleRow]:
        """Each vehicle's row of one-cell slides (the ``steps`` metric)."""
        return self._rows(steps=True)

    def cell_bit(self, r: int, c: int) -> int:
        """The occupancy bits (row-major and column-major) of cell ``(r, c)``."""
        return (1 << (r * self.width + c)) | (1 << (self.offset + c * self.height + r))

    def _rows(self, steps: bool) -> list[VehicleRow]:
        rows: list[VehicleRow] = []
        for i, v in enumerate(self.board.vehicles):
            if v.horizontal:
                line, lsh = self.width, v.row * self.width
            else:
                line, lsh = self.height, self.offset + v.col * self.height
            rows.append(
                (i * BITS, lsh, line, (1 << line) - 1, _move_table(v.length, line, i * BITS, steps))
            )
        return rows

    # -- conversions -------------------------------------------------------------------------
    def encode(self, positions: tuple[int, ...] | list[int]) -> int:
        return encode(positions)

    def decode(self, state: int) -> tuple[int, ...]:
        return decode(state, self.n)

    def start(self) -> int:
        return self.encode(self.board.positions())

    def to_board(self, state: int) -> Board:
        return self.board.with_positions(self.decode(state))

    def move_between(self, a: int, b: int) -> Move:
        """The move leading from state ``a`` to the adjacent state ``b``."""
        return move_between(self.board, a, b)

    # -- search primitives -------------------------------------------------------------------
    def occupancy(self, state: int) -> int:
        occ = self.base
        for sh, tab in self.chunks:
            occ |= tab[(state >> sh) & 511]
        return occ

    def neighbours(self, state: int, steps: bool = False) -> Iterator[int]:
        """Every state one move (or one step) away."""
        occ = self.base
        for sh, tab in self.chunks:
            occ |= tab[(state >> sh) & 511]
        for psh, lsh, lbits, lmask, table in self.step_rows if steps else self.move_rows:
            for d in table[(((state >> psh) & FIELD) << lbits) | ((occ >> lsh) & lmask)]:
                yield state + d

    def is_goal(self, state: int) -> bool:
        return state & FIELD == self.goal
