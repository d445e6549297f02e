"""Reading boards: the database notation, the challenge-card notation, multi-line grids.

Recognition rules (see ``docs/rushhour.md``):

* The text is **one line** (a string such as the 36-character ``"BBoooC..."``)
  when it has no line break after stripping surrounding blanks; its length must
  be a square ``n*n`` with ``4 <= n <= 8`` (36 for the usual 6x6 board), or its
  rows are separated by ``/`` (any width and height, e.g. ``oooooB/AACooB/...``
  for 6x4: what :meth:`Board.to_database` writes for a board that is not square).
  Otherwise it is a **grid**: one board row per line, blank lines and lines
  starting with ``#`` ignored, all rows of the same length.
* Cells: ``.`` or ``o`` empty, ``x`` a wall (lower case), ``A``-``Z`` vehicles;
  a vehicle is the maximal set of cells with its letter, in one straight line.
* The red car's letter: the ``red=`` argument when given; else ``A`` when the
  text uses the database's lower-case ``o``/``x`` or has an ``A`` but no ``X``;
  else ``X`` (the challenge-card notation, whose cards also have a car ``A``).
"""

from __future__ import annotations

import math

from searchlab.errors import InputError
from searchlab.i18n import _

from .model import MAX_SIZE, MIN_SIZE, Board, Vehicle, make_board

EMPTY = ".o"
WALL = "x"


def _rows(text: str) -> list[str]:
    stripped = text.strip()
    if not stripped:
        raise InputError(_("empty board"))
    if "\n" not in stripped:
        one = "".join(stripped.split())
        if "/" in one:  # rows separated by '/': any width x height (Board.to_database)
            rows = one.split("/")
            for number, row in enumerate(rows, 1):
                if len(row) != len(rows[0]):
                    raise InputError(
                        _(
                            "row {row} (rows separated by '/') has {width} cells, "
                            "row 1 has {expected}"
                        ).format(row=number, width=len(row), expected=len(rows[0]))
                    )
            return rows
        n = math.isqrt(len(one))
        if n * n != len(one) or not (MIN_SIZE <= n <= MAX_SIZE):
            raise InputError(
                _(
                    "a one-line board needs n*n characters (36 for 6x6, n from "
                    "{min_size} to {max_size}); got {n}"
                ).format(min_size=MIN_SIZE, max_size=MAX_SIZE, n=len(one))
            )
        return [one[i : i + n] for i in range(0, n * n, n)]
    numbered = [
        (number, line.strip())
        for number, line in enumerate(text.splitlines(), 1)
        if line.strip() and not line.strip().startswith("#")
    ]
    if not numbered:
        raise InputError(_("empty board"))
    first, expected = numbered[0][0], len(numbered[0][1])
    for number, row in numbered:
        if len(row) != expected:
            raise InputError(
                _(
                    "grid line {line} has {width} cells, the first row (line {first}) "
                    "has {expected}"
                ).format(line=number, width=len(row), first=first, expected=expected)
            )
    return [row for _number, row in numbered]


def detect_red(text: str) -> str:
    """The red car's letter by the recognition rules above."""
    body = "\n".join(ln for ln in text.splitlines() if not ln.strip().startswith("#"))
    if "o" in body or "x" in body:
        return "A"
    if "A" in body and "X" not in body:
        return "A"
    return "X"


def parse_board(text: str, red: str | None = None) -> Board:
    """Parse a board in the database notation, the card notation or a multi-line grid.

    Parameters
    ----------
    text : str
        The board (see the module docstring for the formats).
    red : str, optional
        The red car's letter; detected by the recognition rules when omitted.

    Raises
    ------
    InputError
        For a wrong length, an unknown character, a vehicle that is not one
        straight line of cells, a vehicle of a length other than 2 or 3, a
        letter used for two vehicles, or a missing or vertical red car.

    Examples
    --------
    >>> b = parse_board("BBoooCDooEoCDAAEoCDooEooFoooGGFoHHHo")
    >>> b.red.name, b.exit_row, len(b.vehicles)
    ('A', 2, 8)
    >>> parse_board("AA...OP..Q.OPXXQ.OP..Q..B...CCB.RRR.").red.name
    'X'
    """
    rows = _rows(text)
    if red is None:
        red = detect_red(text)
    if not (len(red) == 1 and red.isalpha() and red.isupper()):
        raise InputError(
            _("the red car's letter must be one capital letter, got {red!r}").format(red=red)
        )
    height, width = len(rows), len(rows[0])
    if not (MIN_SIZE <= width <= MAX_SIZE and MIN_SIZE <= height <= MAX_SIZE):
        raise InputError(
            _(
                "board is {width}x{height}; sizes from {min_size}x{min_size} "
                "to {max_size}x{max_size} are supported"
            ).format(width=width, height=height, min_size=MIN_SIZE, max_size=MAX_SIZE)
        )
    cells: dict[str, list[tuple[int, int]]] = {}
    walls: set[tuple[int, int]] = set()
    for r, row in enumerate(rows):
        for c, ch in enumerate(row):
            if ch in EMPTY:
                continue
            if ch == WALL:
                walls.add((r, c))
            elif "A" <= ch <= "Z":
                cells.setdefault(ch, []).append((r, c))
            else:
                raise InputError(
                    _(
                        "unknown character {ch!r} at row {r}, column {c} (use '.' or "
                        "'o' for empty, 'x' for a wall, A-Z for vehicles)"
                    ).format(ch=ch, r=r + 1, c=c + 1)
                )
    if red not in cells:
        raise InputError(_("no red car: letter {red!r} is not on the board").format(red=red))
    vehicles = [_vehicle(name, cs) for name, cs in cells.items()]
    vehicles.sort(key=lambda v: (v.name != red, v.row * width + v.col))
    return make_board(width, height, vehicles, walls)


def _vehicle(name: str, cs: list[tuple[int, int]]) -> Vehicle:
    rows = {r for r, _ in cs}
    cols = {c for _, c in cs}
    r0, c0 = min(cs)
    n = len(cs)
    if len(rows) == 1 and sorted(c for _, c in cs) == list(range(c0, c0 + n)):
        horizontal = True
    elif len(cols) == 1 and sorted(r for r, _ in cs) == list(range(r0, r0 + n)):
        horizontal = False
    else:
        raise InputError(
            _(
                "vehicle {name!r} is not one straight line of adjacent cells "
                "(a bent shape, or two vehicles sharing a letter)"
            ).format(name=name)
        )
    if n == 1:
        raise InputError(
            _("vehicle {name!r} has length 1; cars have length 2, trucks 3").format(name=name)
        )
    return Vehicle(name, r0, c0, n, horizontal)
