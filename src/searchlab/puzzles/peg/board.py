"""Peg solitaire boards: holes, their names, the jumps and the symmetries.

A :class:`Board` is a set of holes plus the list of legal jumps. A *position*
is a plain ``int`` bitboard: bit ``i`` is set when hole ``i`` holds a peg
(holes are numbered row by row, top to bottom, left to right).

Hole names: square boards name a hole by column letter and row number, columns
``a, b, c, ...`` left to right and rows ``1, 2, 3, ...`` top to bottom, so the
English centre is ``d4``. Triangular boards are drawn with the apex on top; row
``r`` (from 1 at the apex) has ``r`` holes named ``a..`` left to right, so the
apex is ``a1``, the next row ``a2 b2``, and the bottom row of a side-5
triangle ``a5 b5 c5 d5 e5``.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import cached_property

from searchlab.errors import InputError
from searchlab.i18n import N_, _

Coord = tuple[int, int]
_Transform = Callable[[tuple[int, int]], tuple[int, int]]
Jump = tuple[int, int, int]
"""``(from, over, to)`` hole indices of one jump."""

ORTHOGONAL: tuple[Coord, ...] = ((0, 1), (0, -1), (1, 0), (-1, 0))
DIAGONAL: tuple[Coord, ...] = ((1, 1), (1, -1), (-1, 1), (-1, -1))
# Triangles are stored in skewed coordinates (row r, column c <= r); the six
# directions along the three lines of the triangular lattice.
TRIANGULAR: tuple[Coord, ...] = ((0, 1), (0, -1), (1, 0), (-1, 0), (1, 1), (-1, -1))

MAX_WIDTH = 26
MAX_HOLES = 200


@dataclass(frozen=True)
class Board:
    """The holes of a peg solitaire board and the jumps allowed on it.

    ``kind`` is ``"square"`` or ``"triangle"``; ``coords[i]`` is the
    ``(row, col)`` of hole ``i``; ``diagonal`` adds the four diagonal jump
    directions (square boards only). ``default_vacancy`` is the hole emptied by
    the classic start (the centre, or the apex of a triangle).
    """

    name: str
    kind: str
    coords: tuple[Coord, ...]
    diagonal: bool = False
    default_vacancy: int = 0
    index: dict[Coord, int] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "index", {rc: i for i, rc in enumerate(self.coords)})

    # -- geometry --------------------------------------------------------
    @property
    def size(self) -> int:
        """Number of holes."""
        return len(self.coords)

    @property
    def full(self) -> int:
        """The position with a peg in every hole."""
        return (1 << len(self.coords)) - 1

    @property
    def height(self) -> int:
        return max(r for r, _ in self.coords) + 1

    @property
    def width(self) -> int:
        return max(c for _, c in self.coords) + 1

    @property
    def directions(self) -> tuple[Coord, ...]:
        if self.kind == "triangle":
            return TRIANGULAR
        return ORTHOGONAL + DIAGONAL if self.diagonal else ORTHOGONAL

    @cached_property
    def jumps(self) -> tuple[Jump, ...]:
        """Every ``(from, over, to)`` triple of holes in a line (the move generator)."""
        out: list[Jump] = []
        idx = self.index
        for i, (r, c) in enumerate(self.coords):
            for dr, dc in self.directions:
                over = idx.get((r + dr, c + dc))
                to = idx.get((r + 2 * dr, c + 2 * dc))
                if over is not None and to is not None:
                    out.append((i, over, to))
        return tuple(out)

    @cached_property
    def symmetries(self) -> tuple[tuple[int, ...], ...]:
        """The board's symmetries as hole permutations (identity first).

        A permutation ``p`` maps hole ``i`` to hole ``p[i]``; only geometric
        symmetries that map holes to holes and jumps to jumps are kept.
        """
        perms: list[tuple[int, ...]] = []
        jumps = set(self.jumps)
        for f in self._transforms():
            image = [self.index.get(f(rc), -1) for rc in self.coords]
            if -1 in image or len(set(image)) != self.size:
                continue
            if all((image[a], image[b], image[c]) in jumps for a, b, c in self.jumps):
                perm = tuple(image)
                if perm not in perms:
                    perms.append(perm)
        return tuple(perms)

    def _transforms(self) -> list[_Transform]:
        if self.kind == "triangle":
            n = self.height - 1

            def tri(perm: tuple[int, int, int]) -> _Transform:
                def f(rc: Coord) -> Coord:
                    r, c = rc
                    xyz = (c, r - c, n - r)
                    x, _, z = (xyz[perm[0]], xyz[perm[1]], xyz[perm[2]])
                    return (n - z, x)

                return f

            perms3 = [(0, 1, 2), (1, 0, 2), (0, 2, 1), (2, 1, 0), (1, 2, 0), (2, 0, 1)]
            return [tri(p) for p in perms3]
        h, w = self.height - 1, self.width - 1
        fs: list[_Transform] = [
            lambda rc: rc,
            lambda rc: (rc[0], w - rc[1]),
            lambda rc: (h - rc[0], rc[1]),
            lambda rc: (h - rc[0], w - rc[1]),
        ]
        if h == w:
            fs += [
                lambda rc: (rc[1], rc[0]),
                lambda rc: (rc[1], h - rc[0]),
                lambda rc: (h - rc[1], rc[0]),
                lambda rc: (h - rc[1], h - rc[0]),
            ]
        return fs

    # -- names -----------------------------------------------------------
    def hole_name(self, i: int) -> str:
        """The name of hole ``i``, such as ``d4``."""
        r, c = self.coords[i]
        return f"{chr(ord('a') + c)}{r + 1}"

    def hole(self, name: str) -> int:
        """The index of the hole called ``name``; :class:`InputError` if there is none."""
        m = re.fullmatch(r"\s*([A-Za-z])\s*(\d{1,3})\s*", name)
        if not m:
            raise InputError(
                _("{name!r} is not a hole name (column letter + row number, e.g. d4)").format(
                    name=name
                )
            )
        rc = (int(m[2]) - 1, ord(m[1].lower()) - ord("a"))
        if rc not in self.index:
            raise InputError(
                _("the {name} board has no hole {hole}").format(
                    name=self.name, hole=f"{m[1].lower()}{m[2]}"
                )
            )
        return self.index[rc]

    def jump_name(self, jump: Jump) -> str:
        """A jump as ``from-to``, e.g. ``f4-d4``."""
        return f"{self.hole_name(jump[0])}-{self.hole_name(jump[2])}"

    def parse_jump(self, text: str) -> Jump:
        """The jump named ``from-to`` (:class:`InputError` if it is not a jump of this board)."""
        parts = text.replace(" ", "").split("-")
        if len(parts) != 2:
            raise InputError(
                _("{text!r} is not a jump (write it as from-to, e.g. f4-d4)").format(text=text)
            )
        a, c = self.hole(parts[0]), self.hole(parts[1])
        for j in self.jumps:
            if j[0] == a and j[2] == c:
                return j
        raise InputError(
            _("{text} is not a jump on the {name} board").format(text=text, name=self.name)
        )

    # -- positions -------------------------------------------------------
    def position(self, pegs: Iterable[int]) -> int:
        """The bitboard with pegs in the given holes."""
        pos = 0
        for i in pegs:
            pos |= 1 << i
        return pos

    def pegs(self, position: int) -> list[int]:
        """The holes holding a peg in ``position``."""
        return [i for i in range(self.size) if position >> i & 1]

    def start(self, vacancies: Sequence[str] = ()) -> int:
        """The full board minus the named vacancies (the classic vacancy if none)."""
        holes = [self.hole(v) for v in vacancies] or [self.default_vacancy]
        if len(set(holes)) != len(holes):
            raise InputError(_("the same vacancy is given twice"))
        pos = self.full
        for h in holes:
            pos &= ~(1 << h)
        return pos

    def with_diagonal(self) -> Board:
        """The same board with diagonal jumps too (Bell's diagonal peg solitaire)."""
        if self.kind == "triangle":
            raise InputError(
                _("--diagonal applies to square-grid boards; triangles have 6 directions")
            )
        return Board(f"{self.name}+diagonal", self.kind, self.coords, True, self.default_vacancy)

    def _repr_svg_(self) -> str:
        from .views import render_svg

        return render_svg(self, self.full & ~(1 << self.default_vacancy))


# -- the built-in boards ------------------------------------------------------
_SHAPES = {
    "english": ["..ooo..", "..ooo..", "ooooooo", "ooooooo", "ooooooo", "..ooo..", "..ooo.."],
    "french": ["..ooo..", ".ooooo.", "ooooooo", "ooooooo", "ooooooo", ".ooooo.", "..ooo.."],
    "wiegleb": ["...ooo..."] * 3 + ["ooooooooo"] * 3 + ["...ooo..."] * 3,
    "diamond": [
        "".join("o" if abs(r - 4) + abs(c - 4) <= 4 else "." for c in range(9)) for r in range(9)
    ],
}
BOARD_DESCRIPTIONS = {
    "english": N_("English cross, 33 holes, centre d4"),
    "french": N_("French (European), 37 holes, centre d4"),
    "wiegleb": N_("Wiegleb's board, 45 holes, centre e5"),
    "diamond": N_("Diamond, 41 holes, centre e5"),
    "triangle4": N_("triangle of side 4, 10 holes, apex a1"),
    "triangle5": N_("triangle of side 5, 15 holes, apex a1"),
    "triangle6": N_("triangle of side 6, 21 holes, apex a1"),
}
BOARD_NAMES = tuple(BOARD_DESCRIPTIONS)
_TITLES = {
    "english": N_("English board"),
    "french": N_("French board"),
    "wiegleb": N_("Wiegleb's board"),
    "diamond": N_("diamond board"),
}


def board_title(board: Board) -> str:
    """The board's name as a sentence says it, in the reader's language (``English
    board``, ``tablero inglés``, ``triangular board, side 5``); the names of the files'
    ``board:`` line (``english``) are identifiers."""
    if board.name in _TITLES:
        return _(_TITLES[board.name])
    if board.kind == "triangle":
        return _("triangular board, side {side}").format(side=max(r for r, _c in board.coords) + 1)
    return _("{name} board").format(name=board.name)


def _square(name: str, rows: Sequence[str]) -> Board:
    coords = tuple((r, c) for r, row in enumerate(rows) for c, ch in enumerate(row) if ch == "o")
    centre = (len(rows) // 2, len(rows[0]) // 2)
    return Board(name, "square", coords, False, coords.index(centre))


def triangle_board(side: int) -> Board:
    """The triangular board of the given side (six jump directions, apex vacancy)."""
    if not 3 <= side <= 12:
        raise InputError(_("a triangle's side must be between 3 and 12"))
    coords = tuple((r, c) for r in range(side) for c in range(r + 1))
    return Board(f"triangle{side}", "triangle", coords, False, 0)


def get_board(name: str, *, diagonal: bool = False) -> Board:
    """A built-in board by name (english, french, wiegleb, diamond, triangleN)."""
    key = name.strip().lower()
    m = re.fullmatch(r"triangle(\d+)", key)
    if m:
        board = triangle_board(int(m[1]))
    elif key in _SHAPES:
        board = _square(key, _SHAPES[key])
    else:
        raise InputError(
            _("unknown board {name!r}; choose one of {board_names}").format(
                name=name, board_names=", ".join(BOARD_NAMES)
            )
        )
    return board.with_diagonal() if diagonal else board


def parse_board(text: str, *, name: str = "custom", diagonal: bool = False) -> tuple[Board, int]:
    """Read a board and a position from text; return ``(board, position)``.

    Format: one line per row, top to bottom. ``o`` (or ``x``, ``1``) is a hole
    holding a peg, ``.`` (or ``0``) an empty hole, ``-`` (or a space, or ``_``)
    no hole. Lines starting with ``#`` are comments. Rows may be written as the
    seed draws them, one cell every other column (``"    o o o    "``): when
    every odd column of every row is blank the text is read that way. At most
    26 columns (named ``a..z``).

    The peg assignment's matrix is read too (:func:`seed_matrix`): one row per line (or a
    Python list of lists), ``-1`` no hole, ``0`` empty, ``1`` peg.

    >>> board, pos = parse_board("ooo\\no.o\\nooo")
    >>> board.size, bin(pos).count("1")
    (9, 8)
    """
    matrix = seed_matrix(text)
    if matrix is not None:
        text = "\n".join("".join(".o-"[v] for v in row) for row in matrix)
    lines = [ln.rstrip("\r\n") for ln in text.splitlines()]
    lines = [ln.rstrip() for ln in lines if not ln.lstrip().startswith("#")]
    first = next((i for i, ln in enumerate(lines) if ln.strip()), len(lines))
    lines = lines[first:]  # (one slice: popping the front line by line was quadratic)
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise InputError(_("empty board: draw one row per line with 'o' (peg), '.' (empty), '-'"))
    if any(len(ln) > 1 for ln in lines) and all(ch == " " for ln in lines for ch in ln[1::2]):
        lines = [ln[0::2] for ln in lines]
    coords: list[Coord] = []
    pegs: list[int] = []
    for r, line in enumerate(lines):
        for c, ch in enumerate(line):
            if ch in " -_":
                continue
            if ch not in "ox1.0":
                raise InputError(
                    _(
                        "unknown character {ch!r} at row {r}, column {c} (use 'o' "
                        "peg, '.' empty hole, '-' no hole)"
                    ).format(ch=ch, r=r + 1, c=c + 1)
                )
            if c >= MAX_WIDTH:
                raise InputError(
                    _("board too wide: at most {max_width} columns (a..z)").format(
                        max_width=MAX_WIDTH
                    )
                )
            if ch in "ox1":
                pegs.append(len(coords))
            coords.append((r, c))
            if len(coords) > MAX_HOLES:  # said at once, not after reading the rest
                raise InputError(
                    _("board too large: at most {max_holes} holes").format(max_holes=MAX_HOLES)
                )
    if len(coords) < 3:
        raise InputError(_("a board needs at least three holes"))
    # normalise so the top row and left column hold holes
    r0, c0 = min(r for r, _ in coords), min(c for _, c in coords)
    coords = [(r - r0, c - c0) for r, c in coords]
    centre = min(range(len(coords)), key=lambda i: _centre_distance(coords, i))
    board = Board(name, "square", tuple(coords), diagonal, centre)
    return board, board.position(pegs)


MATRIX_FORMATS = (
    N_("a drawing ('o' peg, '.' empty, '-' no hole)"),
    N_("the assignment's matrix (-1 no hole, 0 empty, 1 peg)"),
)


def seed_matrix(text: str) -> list[list[int]] | None:
    """The board of the peg solitaire course project, a matrix of ``-1`` (no hole), ``0``
    (empty) and ``1`` (peg), as rows of integers; ``None`` when ``text`` is not one
    (no ``-1`` in it: a drawing of ``1``/``0`` reads the same either way). Rows are lines of numbers
    separated by spaces or commas, or the ``[...]`` lists of a Python list of lists.
    A text with ``-1`` that is not such a matrix is an :class:`InputError` naming
    the formats that are read (a drawing would misread ``-1`` as no hole + peg).

    >>> seed_matrix("-1 1 -1\\n1 0 1\\n-1 1 -1")
    [[-1, 1, -1], [1, 0, 1], [-1, 1, -1]]
    >>> seed_matrix("[[-1, 1], [1, 0]]")
    [[-1, 1], [1, 0]]
    """
    body = "\n".join(ln for ln in text.splitlines() if not ln.lstrip().startswith("#"))
    if not re.search(r"-\s*1", body):
        return None
    rows_text = re.findall(r"\[([^\[\]]*)\]", body) if "[" in body else body.splitlines()
    rows: list[list[int]] = []
    for row in rows_text:
        tokens = row.replace(",", " ").split()
        if not tokens:
            continue
        if any(t not in ("-1", "0", "1") for t in tokens):
            raise InputError(
                _("cannot read this board: the formats read are {formats}").format(
                    formats="; ".join(_(f) for f in MATRIX_FORMATS)
                )
            )
        rows.append([int(t) for t in tokens])
    if not rows:
        return None
    return rows


def _centre_distance(coords: Sequence[Coord], i: int) -> tuple[float, int]:
    h = max(r for r, _ in coords) / 2
    w = max(c for _, c in coords) / 2
    r, c = coords[i]
    return (abs(r - h) + abs(c - w), i)


def parse_position(board: Board, text: str) -> int:
    """A position of ``board`` drawn as text (same format as :func:`parse_board`).

    The drawing must have exactly the board's holes. Triangles are read row by
    row, the non-blank cells of row ``r`` being its ``r`` holes (so they may be
    drawn centred or left-aligned).
    """
    if board.kind == "triangle":
        rows = [
            [ch for ch in ln if ch not in " \t"]
            for ln in text.splitlines()
            if ln.strip() and not ln.lstrip().startswith("#")
        ]
        if [len(r) for r in rows] != list(range(1, board.height + 1)):
            raise InputError(
                _("the drawn position does not have the shape of the {board} board").format(
                    board=board.name
                )
            )
        text = "\n".join("".join(r) for r in rows)
    drawn, pos = parse_board(text, name=board.name, diagonal=board.diagonal)
    if sorted(drawn.coords) != sorted(board.coords):
        raise InputError(
            _("the drawn position does not have the shape of the {board} board").format(
                board=board.name
            )
        )
    return board.position(board.index[drawn.coords[i]] for i in range(drawn.size) if pos >> i & 1)


def popcount(position: int) -> int:
    """Number of pegs in a position."""
    return position.bit_count()
