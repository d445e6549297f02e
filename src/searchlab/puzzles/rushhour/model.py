"""The Rush Hour board: vehicles (cars of length 2, trucks of length 3), walls, the red car.

A position is a tuple of ints, one per vehicle in board order: the column of
the leftmost cell of a horizontal vehicle, the row of the top cell of a
vertical one. The red car is always vehicle 0, horizontal, and leaves by the
right edge of its row (the *exit row*).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import NamedTuple

from searchlab.errors import InputError
from searchlab.i18n import _

MIN_SIZE = 4
MAX_SIZE = 8
LENGTHS = (2, 3)


class Vehicle(NamedTuple):
    """One vehicle: its letter, top-left cell, length and orientation (a ``NamedTuple``:
    defining a frozen dataclass costs a solve's start-up four times as much)."""

    name: str
    row: int
    col: int
    length: int
    horizontal: bool

    @property
    def pos(self) -> int:
        """The coordinate the vehicle moves along (column if horizontal, else row)."""
        return self.col if self.horizontal else self.row

    def at(self, pos: int) -> Vehicle:
        """The same vehicle moved to coordinate ``pos`` along its line."""
        if self.horizontal:
            return Vehicle(self.name, self.row, pos, self.length, True)
        return Vehicle(self.name, pos, self.col, self.length, False)

    def cells(self) -> list[tuple[int, int]]:
        """The ``(row, col)`` cells the vehicle covers."""
        if self.horizontal:
            return [(self.row, self.col + k) for k in range(self.length)]
        return [(self.row + k, self.col) for k in range(self.length)]


class Move(NamedTuple):
    """Vehicle ``name`` slid ``delta`` cells: positive = right or down, negative = left or up."""

    name: str
    delta: int

    def __str__(self) -> str:
        return f"{self.name}{self.delta:+d}"


_MOVE_RE = re.compile(r"\s*([A-Za-z])\s*([+-]\d+)\s*")


def parse_move(text: str) -> Move:
    """Parse ``"A+2"`` / ``"C-1"`` into a :class:`Move` (raises :class:`InputError`)."""
    m = _MOVE_RE.fullmatch(text)
    if not m or int(m[2]) == 0:
        raise InputError(
            _(
                "bad move {text!r}: expected a vehicle letter and a signed "
                "distance, e.g. A+2 or C-1"
            ).format(text=text)
        )
    return Move(m[1], int(m[2]))


@dataclass(frozen=True)
class Board:
    """A Rush Hour board. Build it with :func:`make_board` or the parsers, which validate it.

    ``vehicles[0]`` is the red car. ``walls`` are ``(row, col)`` cells no vehicle may enter.
    """

    width: int
    height: int
    vehicles: tuple[Vehicle, ...]
    walls: frozenset[tuple[int, int]] = field(default_factory=frozenset)

    @property
    def red(self) -> Vehicle:
        return self.vehicles[0]

    @property
    def exit_row(self) -> int:
        return self.vehicles[0].row

    @property
    def goal_pos(self) -> int:
        """The red car's column when solved (touching the right edge)."""
        return self.width - self.vehicles[0].length

    def positions(self) -> tuple[int, ...]:
        return tuple(v.pos for v in self.vehicles)

    def with_positions(self, positions: tuple[int, ...] | list[int]) -> Board:
        """The board with every vehicle moved to ``positions`` (not re-validated)."""
        vs = tuple(v.at(p) for v, p in zip(self.vehicles, positions, strict=True))
        return Board(self.width, self.height, vs, self.walls)

    def is_solved(self) -> bool:
        return self.red.col == self.goal_pos

    def index(self, name: str) -> int:
        """The index of the vehicle called ``name`` (raises :class:`InputError`)."""
        for i, v in enumerate(self.vehicles):
            if v.name == name:
                return i
        raise InputError(_("no vehicle {name!r} on this board").format(name=name))

    def grid(self) -> list[list[str]]:
        """Rows of one-character cells: '.' empty, 'x' wall, else the vehicle's letter."""
        g = [["."] * self.width for _ in range(self.height)]
        for r, c in self.walls:
            g[r][c] = "x"
        for v in self.vehicles:
            for r, c in v.cells():
                g[r][c] = v.name
        return g

    def to_text(self) -> str:
        """A multi-line grid in the board's own letters ('.' empty, 'x' wall)."""
        return "\n".join("".join(row) for row in self.grid())

    def database_names(self) -> dict[str, str]:
        """Map each vehicle letter to its letter in the database notation.

        The red car is 'A'. When that is already so the letters are kept;
        otherwise vehicles are renamed B, C, ... in order of first appearance.
        """
        if self.red.name == "A":
            return {v.name: v.name for v in self.vehicles}
        letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
        return {v.name: letters[i] for i, v in enumerate(self.vehicles)}

    def to_database(self) -> str:
        """The one-line database notation: 'o' empty, 'x' wall, 'A' the red car, row by row.

        A square board is its n*n cells (36 characters for 6x6, Fogleman's notation); a
        board of other proportions has its rows separated by '/' (e.g. 6x4:
        ``oooooB/AACooB/ooCoDD/ooEEoo``), since n*n cells alone do not say its width.
        :func:`~searchlab.puzzles.rushhour.notation.parse_board` reads both back.
        """
        names = self.database_names()
        rows = [
            "".join("o" if ch == "." else "x" if ch == "x" else names[ch] for ch in row)
            for row in self.grid()
        ]
        return ("" if self.width == self.height else "/").join(rows)

    def legal_moves(self) -> list[Move]:
        """Every move (one vehicle slid one or more cells) from this position."""
        occupied = {cell for v in self.vehicles for cell in v.cells()} | set(self.walls)
        out: list[Move] = []
        for v in self.vehicles:
            limit = self.width if v.horizontal else self.height
            for step in (-1, 1):
                d = step
                while True:
                    p = v.pos + d
                    if p < 0 or p + v.length > limit:
                        break
                    edge = p if step < 0 else p + v.length - 1
                    cell = (v.row, edge) if v.horizontal else (edge, v.col)
                    if cell in occupied:
                        break
                    out.append(Move(v.name, d))
                    d += step
        return out

    def apply(self, move: Move | str) -> Board:
        """The board after ``move`` (raises :class:`InputError` if it is illegal)."""
        mv = parse_move(move) if isinstance(move, str) else move
        i = self.index(mv.name)
        if mv not in self.legal_moves():
            raise InputError(
                _("illegal move {mv}: vehicle {name!r} cannot slide {delta:+d}").format(
                    mv=mv, name=mv.name, delta=mv.delta
                )
            )
        vs = list(self.vehicles)
        vs[i] = vs[i].at(vs[i].pos + mv.delta)
        return Board(self.width, self.height, tuple(vs), self.walls)

    def _repr_svg_(self) -> str:
        from .views import render_svg

        return render_svg(self)

    def __str__(self) -> str:
        return self.to_text()


def make_board(
    width: int,
    height: int,
    vehicles: list[Vehicle] | tuple[Vehicle, ...],
    walls: frozenset[tuple[int, int]] | set[tuple[int, int]] = frozenset(),
) -> Board:
    """Validate and build a board; ``vehicles[0]`` is the red car.

    Raises :class:`InputError` for a size outside 4..8, a vehicle of another
    length than 2 or 3, a vehicle or wall off the board, two vehicles (or a
    vehicle and a wall) on the same cell, duplicate letters, or a red car
    that is missing or vertical.
    """
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise InputError(
            _(
                "board is {width}x{height}; sizes from {min_size}x{min_size} "
                "to {max_size}x{max_size} are supported"
            ).format(width=width, height=height, min_size=MIN_SIZE, max_size=MAX_SIZE)
        )
    if not vehicles:
        raise InputError(_("no red car on the board"))
    if not vehicles[0].horizontal:
        raise InputError(
            _("the red car {name!r} is vertical; it must be horizontal").format(
                name=vehicles[0].name
            )
        )
    seen: dict[tuple[int, int], str] = {}
    for r, c in walls:
        if not (0 <= r < height and 0 <= c < width):
            raise InputError(
                _("wall at row {r}, column {c} is off the {width}x{height} board").format(
                    r=r, c=c, width=width, height=height
                )
            )
        seen[(r, c)] = "a wall"
    names: set[str] = set()
    for v in vehicles:
        if not (len(v.name) == 1 and v.name.isalpha() and v.name.isupper()):
            raise InputError(_("vehicle name {v!r} is not one capital letter").format(v=v.name))
        if v.name in names:
            raise InputError(_("two vehicles are called {v!r}").format(v=v.name))
        names.add(v.name)
        if v.length not in LENGTHS:
            raise InputError(
                _("vehicle {v!r} has length {length}; cars have length 2, trucks 3").format(
                    v=v.name, length=v.length
                )
            )
        for r, c in v.cells():
            if not (0 <= r < height and 0 <= c < width):
                raise InputError(
                    _("vehicle {v!r} sticks out of the {width}x{height} board").format(
                        v=v.name, width=width, height=height
                    )
                )
            if (r, c) in seen:
                raise InputError(
                    _("vehicle {v!r} overlaps {other} at row {r}, column {c}").format(
                        v=v.name, other=seen[r, c], r=r + 1, c=c + 1
                    )
                )
            seen[(r, c)] = f"vehicle {v.name!r}"
    return Board(width, height, tuple(vehicles), frozenset(walls))
