"""Parsers: both notations, grid files, recognition rules, and every kind of bad board."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import Vehicle, cards, detect_red, make_board, parse_board


def test_database_and_card_notations_agree_on_all_cards() -> None:
    for c in cards():
        a, b = parse_board(c.board), parse_board(c.database)
        assert a.red.name == "X" and b.red.name == "A"
        assert b.to_database() == c.database
        assert a.to_database() == c.database  # relabelled in order of first appearance
        assert a.exit_row == 2 and a.red.horizontal


def test_multiline_grid_in_either_notation() -> None:
    grid = "# card 1\nAA...O\nP..Q.O\nPXXQ.O\nP..Q..\n\nB...CC\nB.RRR.\n"
    assert parse_board(grid).to_database() == cards()[0].database
    db = "\n".join(cards()[0].database[i : i + 6] for i in range(0, 36, 6))
    assert parse_board(db).to_database() == cards()[0].database


def test_other_sizes_and_walls() -> None:
    b = parse_board("ooBoo\nAAB.o\nxoooo\nooCCo\nooooo")
    assert (b.width, b.height, b.exit_row) == (5, 5, 1)
    assert b.walls == frozenset({(2, 0)})
    big = parse_board("o" * 24 + "AA" + "o" * 38)
    assert (big.width, big.height) == (8, 8)


def test_red_letter_rules_and_explicit_option() -> None:
    assert detect_red("oooAAo") == "A"
    assert detect_red("..AA..XX") == "X"
    assert detect_red("..AA....") == "A"
    b = parse_board("BB....\n......\nCC....\n......\n......\n......", red="C")
    assert b.red.name == "C" and b.exit_row == 2


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("AAoo", "n*n characters"),
        ("o" * 35, "n*n characters"),
        ("o" * 12 + "AA" + "o" * 21 + "?", "unknown character"),
        ("o" * 36, "no red car"),
        ("o" * 12 + "AA" + "o" * 20 + "AA", "straight line"),
    ],
)
def test_bad_strings(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_board(text)


BAD_GRIDS = {
    "missing red car": ("BBoooo\noooooo\noooooo\noooooo\noooooo\noooooo", "no red car"),
    "vertical red car": ("Aooooo\nAooooo\noooooo\noooooo\noooooo\noooooo", "vertical"),
    "bent vehicle": ("BBoooo\nBooooo\nAAoooo\noooooo\noooooo\noooooo", "straight line"),
    "split letter": ("BBooBB\noooooo\nAAoooo\noooooo\noooooo\noooooo", "straight line"),
    "length 1": ("Booooo\noooooo\nAAoooo\noooooo\noooooo\noooooo", "length 1"),
    "length 4": ("BBBBoo\noooooo\nAAoooo\noooooo\noooooo\noooooo", "length 4"),
    "unknown char": ("BB-ooo\noooooo\nAAoooo\noooooo\noooooo\noooooo", "unknown character"),
    "ragged rows": ("BBooo\noooooo\nAAoooo\noooooo\noooooo\noooooo", "line 2 has 6 cells"),
    "only comments": ("# a\n#\n  # b\n", "empty board"),
    "too small": ("AAo\nooo\nooo", "sizes from"),
    "too big": ("\n".join(["AA" + "o" * 7] + ["o" * 9] * 8), "sizes from"),
    "empty": ("  \n ", "empty"),
}


@pytest.mark.parametrize("name", sorted(BAD_GRIDS))
def test_bad_grids(name: str) -> None:
    text, message = BAD_GRIDS[name]
    with pytest.raises(InputError, match=message):
        parse_board(text)


@given(
    widths=st.lists(st.integers(1, 5_000), min_size=2, max_size=400).filter(
        lambda ws: len(set(ws)) > 1
    ),
    slashes=st.booleans(),
)
def test_ragged_rows_are_named_by_the_first_offender_in_one_short_line(
    widths: list[int], slashes: bool
) -> None:
    """However many rows of however many widths (a 200 KB file), the error names the
    first row whose width differs from the first row's, and both widths: never the
    list of every width."""
    bad = next(i for i, w in enumerate(widths) if w != widths[0])
    text = ("/" if slashes else "\n").join("o" * w for w in widths)
    with pytest.raises(InputError) as caught:
        parse_board(text)
    message = str(caught.value)
    assert len(message) < 100, message
    where = f"row {bad + 1}" if slashes else f"line {bad + 1}"
    assert f"{where} (" in message or f"{where} has" in message, message
    assert f"has {widths[bad]} cells" in message and message.endswith(f"has {widths[0]}")


def test_bad_red_option() -> None:
    with pytest.raises(InputError, match="one capital letter"):
        parse_board(cards()[0].board, red="xx")
    with pytest.raises(InputError, match="no red car"):
        parse_board(cards()[0].board, red="Z")


def test_make_board_rejects_overlap_and_off_board() -> None:
    red = Vehicle("A", 2, 0, 2, True)
    with pytest.raises(InputError, match="overlaps"):
        make_board(6, 6, [red, Vehicle("B", 1, 1, 3, False)])
    with pytest.raises(InputError, match="overlaps"):
        make_board(6, 6, [red], {(2, 1)})
    with pytest.raises(InputError, match="sticks out"):
        make_board(6, 6, [red, Vehicle("B", 4, 0, 3, False)])
    with pytest.raises(InputError, match="two vehicles"):
        make_board(6, 6, [red, Vehicle("A", 0, 0, 2, True)])
    with pytest.raises(InputError, match="length 4"):
        make_board(6, 6, [red, Vehicle("B", 0, 0, 4, True)])
    with pytest.raises(InputError, match="vertical"):
        make_board(6, 6, [Vehicle("A", 0, 0, 2, False)])
    with pytest.raises(InputError, match="no red car"):
        make_board(6, 6, [])


def test_boards_that_are_not_square_round_trip_through_the_one_line_notation() -> None:
    import random

    from searchlab.puzzles.rushhour.generate import random_board

    rng = random.Random(5)
    for width, height in ((6, 4), (4, 6), (5, 7), (8, 5), (6, 6)):
        for walls in (0, 2):
            board = random_board(rng, width, height, walls)
            text = board.to_database()
            assert ("/" in text) == (width != height)
            again = parse_board(text)
            assert (again.width, again.height) == (width, height)
            assert again.walls == board.walls
            assert again.to_database() == text
            assert {(v.row, v.col, v.length, v.horizontal) for v in again.vehicles} == {
                (v.row, v.col, v.length, v.horizontal) for v in board.vehicles
            }
