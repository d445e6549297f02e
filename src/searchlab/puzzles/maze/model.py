"""Maze model: a rectangular grid of open cells and walls, a start and a goal."""

from __future__ import annotations

import math
import random
import re
from collections.abc import Iterable
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _

MAX_CELLS = 25_000_000
MOVES_LINE = re.compile(r"\s*moves\s*:\s*(\S*)\s*$", re.IGNORECASE)
"""The optional first line of a maze's text: ``moves: 4`` or ``moves: 8``."""


@dataclass(frozen=True, slots=True)
class Maze:
    """A grid maze. Cells are numbered row-major: ``cell = row * width + col``.

    ``open`` holds 1 for an open cell and 0 for a wall; ``costs`` the cost of entering
    each cell (1-9; empty: every cell costs 1); ``moves`` is 4 (up, down, left, right)
    or 8 (the diagonals too).
    """

    width: int
    height: int
    open: bytes
    start: int
    goal: int
    costs: bytes = b""
    moves: int = 4

    def cost(self, cell: int) -> int:
        """What entering ``cell`` costs (1 for a plain floor cell)."""
        return self.costs[cell] if self.costs else 1

    @property
    def weighted(self) -> bool:
        """Whether some open cell costs more than 1."""
        return any(c > 1 for c in self.costs)

    def cell(self, row: int, col: int) -> int:
        return row * self.width + col

    def coords(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.width)

    def neighbour(self, cell: int, label: str) -> int | None:
        """The open cell one step ``label`` from ``cell`` (U, D, L or R; with ``moves:
        8`` also UL, UR, DL or DR, which may not cut a corner past a wall), or ``None``
        (a wall, the edge, or no such step)."""
        delta = STEPS.get(label) or (DIAGONAL_STEPS.get(label) if self.moves == 8 else None)
        if delta is None:
            return None
        r0, c0 = divmod(cell, self.width)
        r, c = r0 + delta[0], c0 + delta[1]
        if not (0 <= r < self.height and 0 <= c < self.width):
            return None
        nxt = r * self.width + c
        if (
            delta[0]
            and delta[1]
            and not (self.open[r0 * self.width + c] and self.open[r * self.width + c0])
        ):
            return None  # a diagonal past a wall's corner
        return nxt if self.open[nxt] else None

    def step_cost(self, label: str, entered: int) -> float:
        """What the step ``label`` into the cell ``entered`` costs: the cell's cost, √2
        times it on a diagonal."""
        return self.cost(entered) * (SQRT2 if label in DIAGONAL_STEPS else 1)

    def step(self, cell: int, label: str) -> int:
        """The cell one step ``label`` from ``cell``; an InputError when it is no move."""
        nxt = self.neighbour(cell, label)
        if nxt is None:
            raise InputError(_("{move} is not a legal move from this position").format(move=label))
        return nxt


STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Each move's label and (row, column) step, in the order moves are listed."""
DIAGONAL_STEPS = {"UL": (-1, -1), "UR": (-1, 1), "DL": (1, -1), "DR": (1, 1)}
"""The diagonal steps of a maze with ``moves: 8``, in the order they are listed."""
SQRT2 = math.sqrt(2.0)


def parse_maze(text: str) -> Maze:
    """Read a maze from text: ``#`` wall, ``.`` or space open, a digit 1-9 an open cell
    costing that much to enter, ``S`` start, ``G`` goal; an optional first line
    ``moves: 4`` or ``moves: 8``.

    Rows may differ in length (short rows are padded with walls). Raises
    :class:`~searchlab.errors.InputError` for unknown characters, a bad ``moves``
    line, or a missing or repeated start or goal.
    """
    rows = [line.rstrip("\n\r") for line in text.splitlines()]
    moves = 4
    header = MOVES_LINE.match(rows[0]) if rows else None
    if header:
        if header.group(1) not in ("4", "8"):
            raise InputError(
                _("the first line 'moves: {value}' must say 4 or 8").format(
                    value=header.group(1)[:20]
                )
            )
        moves = int(header.group(1))
        rows = rows[1:]
    while rows and not rows[-1].strip():
        rows.pop()
    if not rows:
        raise InputError(_("empty maze"))
    width, height = max(len(r) for r in rows), len(rows)
    if width * height > MAX_CELLS:
        raise InputError(
            _("maze too large ({width}x{height}); at most {max_cells:,} cells").format(
                width=width, height=height, max_cells=MAX_CELLS
            )
        )
    cells = bytearray(width * height)
    costs = bytearray(width * height)
    start = goal = -1
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            i = r * width + c
            if ch == "#":
                continue
            if ch in "123456789":
                costs[i] = int(ch)
            elif ch not in ".SG ":
                raise InputError(
                    _("unknown character {ch!r} at row {r}, column {c}").format(
                        ch=ch, r=r + 1, c=c + 1
                    )
                )
            cells[i] = 1
            if ch == "S":
                if start >= 0:
                    raise InputError(_("more than one start 'S'"))
                start = i
            elif ch == "G":
                if goal >= 0:
                    raise InputError(_("more than one goal 'G'"))
                goal = i
    if start < 0 or goal < 0:
        raise InputError(_("the maze needs one start 'S' and one goal 'G'"))
    weighted = any(c > 1 for c in costs)
    if weighted:
        for i, ok in enumerate(cells):
            if ok and not costs[i]:
                costs[i] = 1
    return Maze(width, height, bytes(cells), start, goal, bytes(costs) if weighted else b"", moves)


def random_maze(
    width: int,
    height: int,
    *,
    walls: float = 0.3,
    seed: int | None = None,
    solvable: bool = False,
    tries: int = 200,
    weighted: float = 0.0,
    moves: int = 4,
) -> Maze:
    """A random maze: each cell is a wall with probability ``walls``; start at
    the top-left corner, goal at the bottom-right (both kept open). The goal
    may be unreachable (the experiments count such mazes), unless ``solvable``:
    then mazes are drawn until one has a path (``tries`` at most; an InputError
    past that, as happens above about 40 % walls on large grids, where walls
    percolate). ``weighted``: the fraction of open cells (start and goal aside) that get
    a cost drawn from 2-9 (drawn after the walls, so the walls of a seed stay);
    ``moves``: 4 or 8 (the diagonals; only the walls are checked for a path)."""
    if width < 1 or height < 1 or width * height < 2:
        raise InputError(_("a maze needs at least two cells"))
    if width * height > MAX_CELLS:
        raise InputError(
            _("maze too large; at most {max_cells:,} cells").format(max_cells=MAX_CELLS)
        )
    if not 0 <= walls < 1:
        raise InputError(_("walls must be a fraction in [0, 1)"))
    rng = random.Random(seed)
    # Each draw costs time in the maze's size: a few draws only for the largest grids.
    tries = min(tries, max(3, 4_000_000 // (width * height)))
    for _try in range(tries if solvable else 1):
        cells = bytearray(1 if rng.random() >= walls else 0 for _ in range(width * height))
        start, goal = 0, width * height - 1
        cells[start] = cells[goal] = 1
        maze = Maze(width, height, bytes(cells), start, goal, moves=moves)
        if not solvable or connected(maze):
            if weighted > 0:
                costs = bytearray(
                    (rng.randint(2, 9) if rng.random() < weighted else 1) if ok else 0
                    for ok in cells
                )
                costs[start] = costs[goal] = 1
                maze = Maze(width, height, bytes(cells), start, goal, bytes(costs), moves)
            return maze
    raise InputError(
        _(
            "no {width}x{height} maze with {walls:.0%} walls had a path "
            "in {tries} draws: lower the wall density"
        ).format(width=width, height=height, walls=walls, tries=tries)
    )


def connected(maze: Maze) -> bool:
    """Whether the goal can be reached from the start (a breadth-first flood fill)."""
    w, n = maze.width, len(maze.open)
    seen = bytearray(n)
    seen[maze.start] = 1
    frontier = [maze.start]
    while frontier:
        nxt = []
        for i in frontier:
            if i == maze.goal:
                return True
            r, c = divmod(i, w)
            for j, ok in ((i - w, r > 0), (i + w, i + w < n), (i - 1, c > 0), (i + 1, c < w - 1)):
                if ok and maze.open[j] and not seen[j]:
                    seen[j] = 1
                    nxt.append(j)
        frontier = nxt
    return False


def render_maze(maze: Maze, path: Iterable[int] = (), *, header: bool = False) -> str:
    """The maze as text, with ``*`` on the cells of ``path`` and each weighted cell's
    digit; ``header``: with the ``moves: 8`` line of a maze with diagonals (the text
    :func:`parse_maze` reads back)."""
    on_path = set(path)
    costs = maze.costs
    lines = ["moves: 8"] if header and maze.moves == 8 else []
    for r in range(maze.height):
        row = []
        for c in range(maze.width):
            i = r * maze.width + c
            if i == maze.start:
                row.append("S")
            elif i == maze.goal:
                row.append("G")
            elif not maze.open[i]:
                row.append("#")
            else:
                weight = costs[i] if costs else 1
                row.append("*" if i in on_path else str(weight) if weight > 1 else ".")
        lines.append("".join(row))
    return "\n".join(lines)
