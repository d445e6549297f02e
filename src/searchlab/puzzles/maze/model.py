"""Maze model: a rectangular grid of open cells and walls, a start and a goal."""

from __future__ import annotations

import random
from collections.abc import Iterable
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _

MAX_CELLS = 25_000_000


@dataclass(frozen=True, slots=True)
class Maze:
    """A grid maze. Cells are numbered row-major: ``cell = row * width + col``.

    ``open`` holds 1 for an open cell and 0 for a wall.
    """

    width: int
    height: int
    open: bytes
    start: int
    goal: int

    def cell(self, row: int, col: int) -> int:
        return row * self.width + col

    def coords(self, cell: int) -> tuple[int, int]:
        return divmod(cell, self.width)

    def neighbour(self, cell: int, label: str) -> int | None:
        """The open cell one step ``label`` (U, D, L or R) from ``cell``, or ``None``
        (a wall, the edge, or no such step)."""
        delta = STEPS.get(label)
        if delta is None:
            return None
        r, c = divmod(cell, self.width)
        r, c = r + delta[0], c + delta[1]
        if not (0 <= r < self.height and 0 <= c < self.width):
            return None
        nxt = r * self.width + c
        return nxt if self.open[nxt] else None

    def step(self, cell: int, label: str) -> int:
        """The cell one step ``label`` from ``cell``; an InputError when it is no move."""
        nxt = self.neighbour(cell, label)
        if nxt is None:
            raise InputError(_("{move} is not a legal move from this position").format(move=label))
        return nxt


STEPS = {"U": (-1, 0), "D": (1, 0), "L": (0, -1), "R": (0, 1)}
"""Each move's label and (row, column) step, in the order moves are listed."""


def parse_maze(text: str) -> Maze:
    """Read a maze from text: ``#`` wall, ``.`` or space open, ``S`` start, ``G`` goal.

    Rows may differ in length (short rows are padded with walls). Raises
    :class:`~searchlab.errors.InputError` for unknown characters or a missing
    or repeated start or goal.
    """
    rows = [line.rstrip("\n\r") for line in text.splitlines()]
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
    start = goal = -1
    for r, line in enumerate(rows):
        for c, ch in enumerate(line):
            i = r * width + c
            if ch == "#":
                continue
            if ch not in ".SG ":
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
    return Maze(width, height, bytes(cells), start, goal)


def random_maze(
    width: int,
    height: int,
    *,
    walls: float = 0.3,
    seed: int | None = None,
    solvable: bool = False,
    tries: int = 200,
) -> Maze:
    """A random maze: each cell is a wall with probability ``walls``; start at
    the top-left corner, goal at the bottom-right (both kept open). The goal
    may be unreachable (the experiments count such mazes), unless ``solvable``:
    then mazes are drawn until one has a path (``tries`` at most; an InputError
    past that, as happens above about 40 % walls on large grids, where walls
    percolate)."""
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
        maze = Maze(width, height, bytes(cells), start, goal)
        if not solvable or connected(maze):
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


def render_maze(maze: Maze, path: Iterable[int] = ()) -> str:
    """The maze as text, with ``*`` on the cells of ``path``."""
    on_path = set(path)
    lines = []
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
                row.append("*" if i in on_path else ".")
        lines.append("".join(row))
    return "\n".join(lines)
