"""A plain-Python reference for the puzzle database of a small board.

Independent of the enumeration module and of the compiled kernel: every position of
every layout is listed cell by cell, clusters are found by breadth-first search over
positions (sets of pieces), distances by multi-source breadth-first search from the
solved positions, and minimality by removing each piece and solving again.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator

Piece = tuple[int, int, int, bool]  # row, col, length, horizontal
Position = tuple[Piece, frozenset[Piece], frozenset[tuple[int, int]]]  # red, others, walls


def _cells(p: Piece) -> list[tuple[int, int]]:
    r, c, n, h = p
    return [(r, c + k) if h else (r + k, c) for k in range(n)]


def positions(size: int, walls: int) -> Iterator[Position]:
    """Every position with the red car (length 2) on row ``(size-1)//2``, exactly
    ``walls`` walls, Fogleman's rules: nothing else horizontal on the exit row, walls
    there only left of the red car, no row filled by its horizontal pieces and walls,
    no column filled by its vertical pieces."""
    exit_row = (size - 1) // 2
    taken: set[tuple[int, int]] = set()
    pieces: list[Piece] = []
    wall_cells: list[tuple[int, int]] = []

    def ok() -> bool:
        for r in range(size):
            used = sum(n for pr, _, n, h in pieces if h and pr == r)
            used += sum(1 for wr, _ in wall_cells if wr == r)
            if used >= size:
                return False
        for c in range(size):
            if sum(n for _, pc, n, h in pieces if not h and pc == c) >= size:
                return False
        return True

    def place(i: int, red: Piece | None) -> Iterator[Position]:
        if i == size * size:
            if red is not None and len(wall_cells) == walls and ok():
                yield red, frozenset(pieces), frozenset(wall_cells)
            return
        r, c = divmod(i, size)
        if (r, c) in taken:
            yield from place(i + 1, red)
            return
        yield from place(i + 1, red)
        if len(wall_cells) < walls and (r != exit_row or red is None):
            wall_cells.append((r, c))
            taken.add((r, c))
            yield from place(i + 1, red)
            taken.discard((r, c))
            wall_cells.pop()
        for n in (2, 3):
            for h in (True, False):
                p = (r, c, n, h)
                cells = _cells(p)
                if any(not (0 <= a < size and 0 <= b < size) or (a, b) in taken for a, b in cells):
                    continue
                is_red = h and r == exit_row
                if is_red and (red is not None or n != 2):
                    continue
                taken.update(cells)
                if is_red:
                    yield from place(i + 1, p)
                else:
                    pieces.append(p)
                    yield from place(i + 1, red)
                    pieces.pop()
                taken.difference_update(cells)

    yield from place(0, None)


def neighbours(pos: Position, size: int) -> Iterator[Position]:
    red, others, walls = pos
    taken = set(walls)
    for p in (red, *others):
        taken.update(_cells(p))
    for p in (red, *others):
        r, c, n, h = p
        for step in (-1, 1):
            d = step
            while True:
                q = (r, c + d, n, h) if h else (r + d, c, n, h)
                if any(
                    not (0 <= a < size and 0 <= b < size)
                    or ((a, b) in taken and (a, b) not in _cells(p))
                    for a, b in _cells(q)
                ):
                    break
                if p == red:
                    yield q, others, walls
                else:
                    yield red, (others - {p}) | {q}, walls
                d += step


def solved(pos: Position, size: int) -> bool:
    return pos[0][1] == size - 2


def distance(pos: Position, size: int) -> int:
    """Optimal moves by breadth-first search, -1 if unsolvable."""
    seen = {pos}
    queue = deque([(pos, 0)])
    while queue:
        p, d = queue.popleft()
        if solved(p, size):
            return d
        for q in neighbours(p, size):
            if q not in seen:
                seen.add(q)
                queue.append((q, d + 1))
    return -1


def cluster_of(start: Position, size: int) -> list[Position]:
    """Every position reachable from ``start`` (breadth-first, ``start`` first)."""
    cluster = [start]
    seen = {start}
    for p in cluster:
        for q in neighbours(p, size):
            if q not in seen:
                seen.add(q)
                cluster.append(q)
    return cluster


def row_of(start: Position, size: int) -> tuple[int, str, int] | None:
    """The database row of ``start``'s cluster: ``None`` unless solvable and minimal."""
    return _row(cluster_of(start, size), size)


def _order(pos: Position, size: int) -> tuple[int, int]:
    """Fogleman's order: (horizontal cells and walls, vertical cells) as row-major bits."""
    red, others, walls = pos
    hm = sum(1 << (r * size + c) for r, c in walls)
    vm = 0
    for p in (red, *others):
        bits = sum(1 << (r * size + c) for r, c in _cells(p))
        if p[3]:
            hm |= bits
        else:
            vm |= bits
    return hm, vm


def text(pos: Position, size: int) -> str:
    """The database notation, letters in reading order after the red car's A."""
    red, others, walls = pos
    grid = [["o"] * size for _ in range(size)]
    for r, c in walls:
        grid[r][c] = "x"
    for r, c in _cells(red):
        grid[r][c] = "A"
    letters = iter("BCDEFGHIJKLMNOPQRSTUVWXYZ")
    for p in sorted(others):
        name = next(letters)
        for r, c in _cells(p):
            grid[r][c] = name
    return "".join("".join(row) for row in grid)


def database(size: int, walls: int) -> list[tuple[int, str, int]]:
    """``(moves, hardest position, cluster size)`` of every solvable minimal cluster."""
    rows = []
    seen: set[Position] = set()
    for start in positions(size, walls):
        if start in seen:
            continue
        cluster = cluster_of(start, size)
        seen.update(cluster)
        row = _row(cluster, size)
        if row is not None:
            rows.append(row)
    return sorted(rows)


Arrangement = list[tuple[int, int]]  # (start, length) along a row; length 1 a wall


def packed_positions(size: int, walls: int, fixed: dict[int, Arrangement]) -> Iterator[Position]:
    """Every *packed* position (no piece can slide one cell left or up) with exactly
    ``walls`` walls, Fogleman's rules, and the rows of ``fixed`` holding exactly the
    given horizontal pieces and walls (the red car is the piece of length 2 on the
    exit row); vertical pieces may cross fixed rows. Pieces are placed cell by cell in
    reading order, so a new piece's left (or upper) neighbour is already decided."""
    exit_row = (size - 1) // 2
    taken: set[tuple[int, int]] = set()
    pieces: list[Piece] = []
    wall_cells: list[tuple[int, int]] = []
    red: Piece | None = None
    for r, arrangement in fixed.items():
        for c, n in arrangement:
            if n == 1:
                wall_cells.append((r, c))
                taken.add((r, c))
                continue
            p = (r, c, n, True)
            taken.update(_cells(p))
            if r == exit_row:
                red = p
            else:
                pieces.append(p)
    assert red is not None

    def packed(pos: Position) -> bool:
        red_, others, ws = pos
        cells = set(ws)
        for p in (red_, *others):
            cells.update(_cells(p))
        for r, c, _n, h in (red_, *others):
            before = (r, c - 1) if h else (r - 1, c)
            if min(before) >= 0 and before not in cells:
                return False
        return True

    def ok() -> bool:
        for r in range(size):
            used = sum(n for pr, _, n, h in (red, *pieces) if h and pr == r)
            used += sum(1 for wr, _ in wall_cells if wr == r)
            if used >= size:
                return False
        for c in range(size):
            if sum(n for _, pc, n, h in pieces if not h and pc == c) >= size:
                return False
        return True

    def place(i: int) -> Iterator[Position]:
        if i == size * size:
            if len(wall_cells) == walls and ok():
                pos = (red, frozenset(pieces), frozenset(wall_cells))
                if packed(pos):
                    yield pos  # type: ignore[misc]
            return
        r, c = divmod(i, size)
        if (r, c) in taken:
            yield from place(i + 1)
            return
        yield from place(i + 1)
        if r in fixed:  # only vertical pieces start on a fixed row's free cells
            shapes = [(n, False) for n in (2, 3)]
        else:
            shapes = [(n, h) for n in (2, 3) for h in (True, False)]
            if len(wall_cells) < walls:
                wall_cells.append((r, c))
                taken.add((r, c))
                yield from place(i + 1)
                taken.discard((r, c))
                wall_cells.pop()
        for n, h in shapes:
            before = (r, c - 1) if h else (r - 1, c)
            if min(before) >= 0 and before not in taken:
                continue  # it could slide left or up: not packed
            p = (r, c, n, h)
            cells = _cells(p)
            if any(not (0 <= a < size and 0 <= b < size) or (a, b) in taken for a, b in cells):
                continue
            taken.update(cells)
            pieces.append(p)
            yield from place(i + 1)
            pieces.pop()
            taken.difference_update(cells)

    yield from place(0)


def _line_key(pos: Position) -> tuple[int, ...]:
    """The enumeration's order of positions, re-derived: pieces by line (the red car,
    horizontal ones by row then column, vertical ones by column then row; pieces on one
    line never pass each other, so this order is the same all over a cluster), compared
    from the last piece to the first by place along the line (its column, or row)."""
    red, others, _ = pos
    horizontal = sorted((r, c) for r, c, _n, h in others if h)
    vertical = sorted((c, r) for r, c, _n, h in others if not h)
    places = [red[1], *(c for _, c in horizontal), *(r for _, r in vertical)]
    return tuple(reversed(places))


def _row(cluster: list[Position], size: int) -> tuple[int, str, int] | None:
    """The database row of a cluster: ``None`` unless solvable and minimal."""
    dist = {p: 0 for p in cluster if solved(p, size)}
    if not dist:
        return None
    queue = deque(dist)
    while queue:
        p = queue.popleft()
        for q in neighbours(p, size):
            if q not in dist:
                dist[q] = dist[p] + 1
                queue.append(q)
    moves = max(dist.values())
    hardest = min((p for p in cluster if dist[p] == moves), key=lambda p: _order(p, size))
    red, others, wall_cells = hardest
    smaller = [(red, others - {p}, wall_cells) for p in others]
    smaller += [(red, others, wall_cells - {w}) for w in wall_cells]
    if all(distance(s, size) < moves for s in smaller):
        return moves, text(hardest, size), len(cluster)
    return None


def shard_database(
    size: int, walls: int, fixed: dict[int, Arrangement]
) -> tuple[int, list[tuple[int, str, int]]]:
    """``(packed positions, rows)`` of one shard: every cluster whose smallest position
    (:func:`_line_key`) is a packed position with the rows of ``fixed``, found by plain
    breadth-first search from each such position."""
    starts = set(packed_positions(size, walls, fixed))
    seen: set[Position] = set()
    rows = []
    for start in starts:
        if start in seen:
            continue
        cluster = cluster_of(start, size)
        seen.update(cluster)
        if min(cluster, key=_line_key) not in starts:
            continue  # counted in the shard that holds its smallest position
        row = _row(cluster, size)
        if row is not None:
            rows.append(row)
    return len(starts), sorted(rows)
