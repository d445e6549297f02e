"""Published counts of peg solitaire solutions and games, to check ours against.

Bill Butler ("Durango Bill") enumerated every jump sequence of the 15-hole
triangle from each starting hole and of the English central game. His
definitions, set against ours (:mod:`~searchlab.puzzles.peg.paths`):

* *solutions*: jump sequences leaving one peg; on the 33-hole page, the
  central game's winning sequences, i.e. those ending on the centre d4. Ours
  (``solutions``, and per finishing hole) match both pages exactly.
* *games*: our ``games`` are the jump sequences ending where no jump is left,
  one-peg finishes included. His 33-hole "different game sequences" equal our
  ``games``. His 15-hole "Total Possible Games" column equals our ``games``
  plus our ``solutions`` on all fifteen rows, as if that table counted each
  winning sequence twice: once as a win and once as a game with no move left.

Sources: B. Butler, "Peg Solitaire" (15 holes),
http://www.durangobill.com/PegSolitaire.html, "33 Hole Peg Solitaire",
http://www.durangobill.com/Peg33.html, and "37-Hole Peg Solitaire",
http://www.durangobill.com/Peg37.html (its central figure, 16,662,591,542,028,
595,169,821,912 game sequences and no solution, as quoted by a third party; our
count matches it to the unit).
"""

from __future__ import annotations

from dataclasses import dataclass

from .board import Board, get_board

TRIANGLE_SOURCE = "http://www.durangobill.com/PegSolitaire.html"
ENGLISH_SOURCE = "http://www.durangobill.com/Peg33.html"
FRENCH_SOURCE = "http://www.durangobill.com/Peg37.html"
"""Its table was not readable here; the central figure is as a third party quotes it."""


@dataclass(frozen=True)
class Published:
    """One published line: counts from one start (``None`` where not published).

    ``solutions`` counts every finishing hole; ``at_start`` those ending on the
    starting vacancy, ``centre`` those ending on an interior hole (triangle).
    ``total_games`` is the source's own game count and ``games_rule`` how it
    relates to ours: ``"games"`` (equal to our games) or
    ``"games+solutions"``. ``shortest_game`` is the fewest jumps to a
    position with no jump left.
    """

    board: str
    vacancy: str
    source: str
    solutions: int | None = None
    at_start: int | None = None
    centre: int | None = None
    total_games: int | None = None
    games_rule: str = "games"
    shortest_game: int | None = None

    def our_games(self, games: int, solutions: int) -> int:
        """What the source's game count is, in our terms."""
        return games + solutions if self.games_rule == "games+solutions" else games


# Butler's 15-hole table: holes numbered 1 (apex) to 15 row by row; here by
# our names (row letter a.. left to right, row number from the apex).
_TRIANGLE_HOLES = ["a1", "a2", "b2", "a3", "b3", "c3", "a4", "b4", "c4", "d4"] + [
    f"{c}5" for c in "abcde"
]
# (total solutions, centre solutions, last peg at the initial hole, shortest
# game in jumps, total possible games), for holes 1..15 in order.
_TRIANGLE_ROWS = [
    (29_760, 0, 6_816, 6, 598_390),
    (14_880, 0, 720, 6, 309_423),
    (14_880, 0, 720, 6, 309_423),
    (85_258, 1_550, 51_452, 7, 1_234_826),
    (1_550, 0, 0, 4, 139_396),
    (85_258, 1_550, 51_452, 7, 1_234_826),
    (14_880, 0, 720, 6, 309_423),
    (1_550, 0, 0, 4, 139_396),
    (1_550, 0, 0, 4, 139_396),
    (14_880, 0, 720, 6, 309_423),
    (29_760, 0, 6_816, 6, 598_390),
    (14_880, 0, 720, 6, 309_423),
    (85_258, 1_550, 51_452, 7, 1_234_826),
    (14_880, 0, 720, 6, 309_423),
    (29_760, 0, 6_816, 6, 598_390),
]
TRIANGLE_CENTRE = ("b3", "b4", "c4")
"""The interior holes of the 15-hole triangle (Butler's 5, 8, 9)."""

PUBLISHED: tuple[Published, ...] = (
    *(
        Published(
            "triangle5",
            hole,
            TRIANGLE_SOURCE,
            solutions=sols,
            at_start=at_start,
            centre=centre,
            total_games=total,
            games_rule="games+solutions",
            shortest_game=shortest,
        )
        for hole, (sols, centre, at_start, shortest, total) in zip(
            _TRIANGLE_HOLES, _TRIANGLE_ROWS, strict=True
        )
    ),
    Published(
        "english",
        "d4",
        ENGLISH_SOURCE,
        at_start=40_861_647_040_079_968,
        total_games=577_116_156_815_309_849_672,
        shortest_game=6,
    ),
    Published(
        "french",
        "d4",
        FRENCH_SOURCE,
        solutions=0,
        total_games=16_662_591_542_028_595_169_821_912,
    ),
)


def published(board: Board, start: int) -> Published | None:
    """The published line for this board and start (one vacancy), if there is one."""
    holes = [i for i in range(board.size) if not start >> i & 1]
    if board.diagonal or len(holes) != 1:
        return None
    name = board.hole_name(holes[0])
    for line in PUBLISHED:
        ref = get_board(line.board)
        if line.vacancy == name and (ref.kind, ref.coords) == (board.kind, board.coords):
            return line
    return None
