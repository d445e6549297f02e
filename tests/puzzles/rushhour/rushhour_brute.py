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
