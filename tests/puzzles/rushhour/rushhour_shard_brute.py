"""A plain-Python reference for one shard of the puzzle database, fast enough for 6x6.

Independent of the enumeration's walk, of its skips (``skips.py``) and of the compiled
cluster search (``kernel.py``): nothing here imports searchlab. The definitions are
M. Fogleman's ("Solving Rush Hour, the Puzzle", 2018), re-derived from first principles:

* a *layout* is the board's walls and its vehicles, each on a fixed *line* (a row for
  a horizontal vehicle, a column for a vertical one) with a fixed length (2 or 3); the
  red car is the horizontal car on the exit row ``(size - 1) // 2``. Fogleman's rules
  for an interesting layout: nothing else horizontal on the exit row, walls there only
  left of the red car, no row filled by its horizontal vehicles and walls, no column
  filled by its vertical vehicles;
* a *position* is where each vehicle is along its line; a move slides one vehicle any
  number of free cells along its line. A *cluster* is the set of positions reachable
  from one another (one layout; vehicles of a line never pass one another);
* *solvable*: one of the cluster's positions has the red car at the exit (its left
  cell on column ``size - 2``). The *hardest* position is the one farthest from a
  solved one; among several, the smallest pair (horizontal vehicles' and walls' cells,
  vertical vehicles' cells) as row-major bitboards, Fogleman's order;
* *minimal*: at the hardest position (``moves`` from a solved one), removing any one
  vehicle other than the red car, or any wall, leaves a board solvable in fewer moves;
* *packed*: no vehicle can slide one cell left (horizontal) or up (vertical);
* *canonical*: the cluster's smallest position, vehicles ordered by line (the red car,
  the horizontal vehicles by row then column, the vertical ones by column then row:
  an order the whole cluster shares) and compared by place along the line from the
  last vehicle to the first. Sliding a vehicle left or up makes a position smaller, so
  the canonical position is packed;
* a *shard* fixes the number of walls and the whole content of some rows (the exit
  row, then the top rows: which vehicles and walls lie along them); its work is the
  set of clusters whose canonical position is a packed position with those rows.

Each of those clusters is one row of the database when solvable and minimal:
``(moves, hardest position in the database notation, cluster size)``.

How, in plain Python (the speed is in the encoding, not in any shortcut of the
definitions): a position is an int holding each vehicle's place along its line in
3 bits, the vehicle order above from the lowest bits, so comparing ints is the
canonical order; a move reads the occupied cells of the vehicle's line from a
row-major or column-major bitboard and looks up its slides in a table built once per
vehicle length. Packed positions are listed cell by cell in reading order (every cell
left of or above a vehicle's first cell is decided before it). Each packed position's
cluster is searched breadth-first unless an earlier search already met it; a search
stops at a position smaller than its start (the start is not canonical) or at a
position an earlier search met (packed positions run in increasing order, so an
earlier one shares the cluster). A full search gives the cluster; its distances come
from a breadth-first search from all its solved positions; minimality from one
breadth-first search per removed piece, from the hardest position, up to
``moves - 1`` moves.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

Arrangement = list[tuple[int, int]]
"""A row's content as (start column, length), length 1 a wall."""
Vehicle = tuple[bool, int, int]  # horizontal, line, length
Walls = tuple[tuple[int, int], ...]  # (row, col), sorted
Row = tuple[int, str, int]  # moves, board, cluster size

Slides = tuple[tuple[int, ...], ...]  # see _slides

LETTERS = "BCDEFGHIJKLMNOPQRSTUVWXYZ"


@cache
def _slides(size: int, length: int, shift: int) -> Slides:
    """``[place << size | line cells]``: the changes of a position (vehicle places, 3
    bits each) when a vehicle of ``length`` whose place is at bit ``shift`` slides from
    ``place``, given the occupied cells of its line (bit k: cell k; its own cells may be
    set or not)."""
    if shift:
        return tuple(tuple(d << shift for d in ds) for ds in _slides(size, length, 0))
    table = []
    for place in range(8):
        own = ((1 << length) - 1) << place
        for occupied in range(1 << size):
            others = occupied & ~own
            deltas = []
            for step in (-1, 1):
                p = place + step
                while 0 <= p <= size - length and not (((1 << length) - 1) << p) & others:
                    deltas.append(p - place)
                    p += step
            table.append(tuple(deltas) if place <= size - length else ())
    return tuple(table)


COLUMN_MAJOR = 64
"""Where the column-major copy of the cells starts in a bitboard (after the row-major
one): one int holds both, so a vehicle's line is one shift away either way."""


@cache
def _vehicle(size: int, vehicle: Vehicle, i: int) -> tuple[tuple[int, ...], int, int, Slides]:
    """Vehicle ``i`` of a layout: its cells at each place (row-major bits, and
    column-major bits from :data:`COLUMN_MAJOR`), where its place is in a position
    (bit ``3 * i``), where its line is in a bitboard, and its slides."""
    horizontal, line, length = vehicle
    cells = []
    for place in range(size - length + 1):
        bits = 0
        for k in range(length):
            r, c = (line, place + k) if horizontal else (place + k, line)
            bits |= 1 << (r * size + c) | 1 << (COLUMN_MAJOR + c * size + r)
        cells.append(bits)
    line_shift = line * size + (0 if horizontal else COLUMN_MAJOR)
    return tuple(cells), 3 * i, line_shift, _slides(size, length, 3 * i)


class Layout:
    """Walls and vehicles (the red car first); positions are ints, 3 bits a vehicle."""

    def __init__(self, size: int, vehicles: tuple[Vehicle, ...], walls: Walls) -> None:
        self.size = size
        self.vehicles = vehicles
        self.walls = walls
        self.wall_cells = sum(
            1 << (r * size + c) | 1 << (COLUMN_MAJOR + c * size + r) for r, c in walls
        )
        parts = [_vehicle(size, v, i) for i, v in enumerate(vehicles)]
        self.cells = [cells for cells, _, _, _ in parts]
        self.lines = [(shift, line, slides) for _, shift, line, slides in parts]
        self.goal = size - 2

    def places(self, state: int) -> list[int]:
        return [(state >> (3 * i)) & 7 for i in range(len(self.vehicles))]

    def neighbours(self, state: int) -> list[int]:
        """Every position one move away."""
        occupied = self.wall_cells
        s = state
        for cells in self.cells:
            occupied |= cells[s & 7]
            s >>= 3
        size = self.size
        full = (1 << size) - 1
        out = []
        for shift, line_shift, slides in self.lines:
            for d in slides[((state >> shift) & 7) << size | ((occupied >> line_shift) & full)]:
                out.append(state + d)
        return out

    def solved(self, state: int) -> bool:
        return state & 7 == self.goal

    def order(self, state: int) -> tuple[int, int]:
        """Fogleman's order: (horizontal cells and walls, vertical cells), row-major."""
        row_major = (1 << COLUMN_MAJOR) - 1
        hm, vm = self.wall_cells & row_major, 0
        for p, (h, _, _), cells in zip(self.places(state), self.vehicles, self.cells, strict=True):
            if h:
                hm |= cells[p] & row_major
            else:
                vm |= cells[p] & row_major
        return hm, vm

    def text(self, state: int) -> str:
        """The database notation: 'o' empty, 'x' wall, 'A' the red car, then B, C, ...
        in reading order of the vehicles' first cells."""
        n = self.size
        grid = ["o"] * (n * n)
        for r, c in self.walls:
            grid[r * n + c] = "x"
        firsts = []
        places = self.places(state)
        for i, (p, (h, line, length)) in enumerate(zip(places, self.vehicles, strict=True)):
            cells = [line * n + p + k if h else (p + k) * n + line for k in range(length)]
            firsts.append((cells[0], i, cells))
        letters = iter(LETTERS)
        for _, i, cells in sorted(firsts):
            name = "A" if i == 0 else next(letters)
            for cell in cells:
                grid[cell] = name
        return "".join(grid)

    def without_vehicle(self, state: int, i: int) -> tuple[Layout, int]:
        """The layout and position without vehicle ``i``."""
        low = state & ((1 << (3 * i)) - 1)
        high = state >> (3 * (i + 1))
        rest = self.vehicles[:i] + self.vehicles[i + 1 :]
        return Layout(self.size, rest, self.walls), low | (high << (3 * i))

    def without_wall(self, k: int) -> Layout:
        return Layout(self.size, self.vehicles, self.walls[:k] + self.walls[k + 1 :])


def solvable_within(layout: Layout, start: int, limit: int) -> bool:
    """A solved position within ``limit`` moves of ``start`` (breadth-first search that
    stops at that depth; none within a negative limit)."""
    if limit < 0:
        return False
    if layout.solved(start):
        return True
    seen = {start}
    frontier = [start]
    for _ in range(limit):
        nxt = []
        for s in frontier:
            for t in layout.neighbours(s):
                if t not in seen:
                    if layout.solved(t):
                        return True
                    seen.add(t)
                    nxt.append(t)
        frontier = nxt
    return False


def cluster_row(layout: Layout, cluster: dict[int, list[int]]) -> Row | None:
    """The database row of a cluster (each position with its neighbours): ``None``
    unless solvable and minimal."""
    dist = {s: 0 for s in cluster if layout.solved(s)}
    if not dist:
        return None
    queue = deque(dist)
    while queue:
        s = queue.popleft()
        d = dist[s] + 1
        for t in cluster[s]:
            if t not in dist:
                dist[t] = d
                queue.append(t)
    moves = max(dist.values())
    hardest = min((s for s, d in dist.items() if d == moves), key=layout.order)
    for i in range(1, len(layout.vehicles)):
        smaller, start = layout.without_vehicle(hardest, i)
        if not solvable_within(smaller, start, moves - 1):
            return None
    for k in range(len(layout.walls)):
        if not solvable_within(layout.without_wall(k), hardest, moves - 1):
            return None
    return moves, layout.text(hardest), len(cluster)


Packed = dict[tuple[tuple[Vehicle, ...], Walls], list[int]]


def packed_positions(size: int, walls: int, fixed: dict[int, Arrangement]) -> Packed:
    """Every packed position with exactly ``walls`` walls, Fogleman's rules, and the rows
    of ``fixed`` holding exactly the given horizontal vehicles and walls (the red car:
    the car on the exit row), grouped by layout: ``{(vehicles, walls): [positions]}``.

    Cells are decided in reading order; a vehicle may start on a cell only when the cell
    left of it (horizontal) or above it (vertical) is off the board or occupied, which
    is known by then; vertical vehicles may cross fixed rows, and start on them."""
    exit_row = (size - 1) // 2
    fixed_pieces: list[tuple[int, int, int, bool]] = []  # row, col, length, horizontal
    fixed_walls: list[tuple[int, int]] = []
    taken = required = 0  # cells occupied by the fixed rows; cells left of their vehicles
    row_used = [0] * size  # cells of each row held by walls and horizontal vehicles
    col_used = [0] * size  # cells of each column held by vertical vehicles
    for r, arrangement in fixed.items():
        row_used[r] = sum(n for _, n in arrangement)
        assert row_used[r] < size  # the row is not full
        for c, n in arrangement:
            if n == 1:
                fixed_walls.append((r, c))
            else:
                fixed_pieces.append((r, c, n, True))
                if c > 0:
                    required |= 1 << (r * size + c - 1)
            taken |= ((1 << n) - 1) << (r * size + c)
    required &= ~taken  # those a vertical vehicle must fill
    (red,) = [p for p in fixed_pieces if p[0] == exit_row]  # the red car alone there
    assert red[2] == 2 and all(c < red[1] for r, c in fixed_walls if r == exit_row)
    out: Packed = {}
    pieces: list[tuple[int, int, int, bool]] = []
    wall_cells: list[tuple[int, int]] = []

    def record() -> None:
        everything = fixed_pieces + pieces
        horizontal = sorted(p for p in everything if p[3] and p is not red)
        vertical = sorted((c, r, n) for r, c, n, h in everything if not h)
        vehicles = [(True, red[0], red[2])] + [(True, r, n) for r, _, n, _ in horizontal]
        vehicles += [(False, c, n) for c, _, n in vertical]
        places = [red[1]] + [c for _, c, _, _ in horizontal] + [r for _, r, _ in vertical]
        state = sum(p << (3 * i) for i, p in enumerate(places))
        key = (tuple(vehicles), tuple(sorted(fixed_walls + wall_cells)))
        out.setdefault(key, []).append(state)

    def free(cell: int, occupied: int) -> bool:
        return not (occupied >> cell) & 1

    def place(i: int, occupied: int) -> None:
        if i == size * size:
            if len(wall_cells) + len(fixed_walls) == walls:
                record()
            return
        if not free(i, occupied):
            place(i + 1, occupied)
            return
        if not (required >> i) & 1:  # left of a fixed row's vehicle: never empty
            place(i + 1, occupied)  # the cell stays empty
        r, c = divmod(i, size)
        if r not in fixed and len(wall_cells) + len(fixed_walls) < walls and row_used[r] + 1 < size:
            wall_cells.append((r, c))
            row_used[r] += 1
            place(i + 1, occupied | 1 << i)
            row_used[r] -= 1
            wall_cells.pop()
        for n in (2, 3):
            for h in (False, True) if r not in fixed else (False,):
                if h and (c + n > size or (c > 0 and free(i - 1, occupied))):
                    continue
                if not h and (r + n > size or (r > 0 and free(i - size, occupied))):
                    continue
                used = row_used if h else col_used  # no row or column filled
                line = r if h else c
                cells = sum(1 << (i + k if h else i + k * size) for k in range(n))
                if cells & occupied or used[line] + n >= size:
                    continue
                pieces.append((r, c, n, h))
                used[line] += n
                place(i + 1, occupied | cells)
                used[line] -= n
                pieces.pop()

    place(0, taken)
    return out


@dataclass(frozen=True)
class ShardWork:
    """What a shard holds, by brute force."""

    positions: int  # packed positions
    clusters: int  # clusters whose canonical position is one of them
    solvable: int  # of those, the solvable ones
    states: int  # their positions
    rows: list[Row]  # the solvable minimal ones, sorted


def explore(layout: Layout, start: int, met: set[int]) -> dict[int, list[int]] | None:
    """The cluster of ``start``, each position with its neighbours, by breadth-first
    search; ``None`` as soon as it reaches a position smaller than ``start`` or one in
    ``met`` (reached from a smaller start). Adds the positions reached to ``met``."""
    cluster: dict[int, list[int]] = {start: []}
    queue = [start]
    for s in queue:
        cluster[s] = moves = layout.neighbours(s)
        for t in moves:
            if t not in cluster:
                if t < start or t in met:
                    met.update(cluster)
                    return None
                cluster[t] = []
                queue.append(t)
    met.update(cluster)
    return cluster


def shard_work(size: int, walls: int, fixed: dict[int, Arrangement]) -> ShardWork:
    """The clusters whose canonical position is a packed position with ``walls`` walls
    and the rows of ``fixed``, and their database rows."""
    packed = packed_positions(size, walls, fixed)
    clusters = solvable = states = 0
    rows = []
    for (vehicles, wall_cells), starts in packed.items():
        layout = Layout(size, vehicles, wall_cells)
        met: set[int] = set()  # every position some search of this layout reached
        for start in sorted(starts):
            if start in met:
                continue
            cluster = explore(layout, start, met)
            if cluster is None:
                continue
            clusters += 1
            states += len(cluster)
            if any(layout.solved(s) for s in cluster):
                solvable += 1
                row = cluster_row(layout, cluster)
                if row is not None:
                    rows.append(row)
    positions = sum(len(s) for s in packed.values())
    return ShardWork(positions, clusters, solvable, states, sorted(rows))
