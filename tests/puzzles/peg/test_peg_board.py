"""Boards: hole counts, jump counts (published), names, symmetries, parsing."""

from __future__ import annotations

import pytest

from searchlab.errors import InputError
from searchlab.puzzles.peg import get_board, parse_board, parse_position, render_text


@pytest.mark.parametrize(
    ("name", "holes", "jumps", "centre"),
    [
        ("english", 33, 76, "d4"),
        ("french", 37, 92, "d4"),
        ("diamond", 41, 100, "e5"),
        ("wiegleb", 45, 108, "e5"),
        ("triangle5", 15, 36, "a1"),
    ],
)
def test_published_jump_counts(name: str, holes: int, jumps: int, centre: str) -> None:
    board = get_board(name)
    assert board.size == holes
    assert len(board.jumps) == jumps
    assert board.hole_name(board.default_vacancy) == centre


def test_symmetries_are_jump_preserving_permutations() -> None:
    for name in ("english", "french", "wiegleb", "diamond", "triangle4", "triangle6"):
        board = get_board(name)
        jumps = set(board.jumps)
        assert len(board.symmetries) == (6 if name.startswith("triangle") else 8)
        for perm in board.symmetries:
            assert sorted(perm) == list(range(board.size))
            assert {(perm[a], perm[b], perm[c]) for a, b, c in jumps} == jumps


def test_names_round_trip_and_errors() -> None:
    board = get_board("english")
    assert board.hole("d4") == board.default_vacancy
    assert all(board.hole(board.hole_name(i)) == i for i in range(board.size))
    with pytest.raises(InputError, match="no hole a1"):
        board.hole("a1")
    with pytest.raises(InputError, match="not a hole name"):
        board.hole("44")
    assert board.jump_name(board.parse_jump("f4-d4")) == "f4-d4"
    with pytest.raises(InputError):
        board.parse_jump("a4-d4")


def test_triangle_naming() -> None:
    board = get_board("triangle5")
    assert [board.hole_name(i) for i in range(3)] == ["a1", "a2", "b2"]
    assert board.hole_name(board.size - 1) == "e5"


def test_diagonal_variant_adds_jumps() -> None:
    board = get_board("english", diagonal=True)
    assert len(board.jumps) > 76
    assert len(board.symmetries) == 8
    with pytest.raises(InputError):
        get_board("triangle5", diagonal=True)


def test_parse_board_seed_drawing_round_trips() -> None:
    english = get_board("english")
    text = render_text(english, english.start())
    board, pos = parse_board(text)
    assert board.coords == english.coords
    assert pos == english.start()
    assert parse_position(english, text) == english.start()


def test_parse_position_triangle_centred() -> None:
    board = get_board("triangle4")
    pos = parse_position(board, "   .\n  o o\n o o o\no o o o\n")
    assert pos == board.start()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty"),
        ("oo\nox?", "unknown character"),
        ("o", "at least three"),
        ("o" * 27, "too wide"),
    ],
)
def test_parse_board_errors(text: str, message: str) -> None:
    with pytest.raises(InputError, match=message):
        parse_board(text)


def test_unknown_board_and_bad_shape() -> None:
    with pytest.raises(InputError, match="unknown board"):
        get_board("hexagon")
    with pytest.raises(InputError, match="shape"):
        parse_position(get_board("english"), "ooo\nooo")


@pytest.mark.parametrize("name", ["triangle4", "triangle5", "triangle6", "english"])
def test_the_view_draws_a_triangle_packed(name: str) -> None:
    """A triangle's holes are drawn side by side in their row (one cell apart), each
    row offset so a hole sits midway between the two under it; every jump is a straight
    line through the hole it jumps over; every hole is drawn inside the picture. Square
    boards have no offsets."""
    from searchlab.puzzles.peg.views import board_view, cell

    board = get_board(name)
    view = board_view(board)
    off = view.get("offsets") or [0.0] * view["rows"]
    assert bool(view.get("offsets")) == name.startswith("triangle")

    def x(hole: int) -> float:  # the drawn centre's column, in cells
        r, c = cell(board, hole)
        return c + off[r] + 0.5

    where = {cell(board, i): i for i in range(board.size)}
    for (r, c), i in where.items():
        assert view["cells"][r][c] == "o"
        assert 0 < x(i) < view["cols"]
        if (r, c + 1) in where:  # side by side
            assert x(where[(r, c + 1)]) - x(i) == 1
        if name.startswith("triangle") and (r + 1, c) in where:
            assert x(i) == (x(where[(r + 1, c)]) + x(where[(r + 1, c + 1)])) / 2
    for a, b, c in board.jumps:
        (ra, _), (rb, _), (rc, _) = cell(board, a), cell(board, b), cell(board, c)
        assert (x(a) + x(c)) / 2 == x(b) and (ra + rc) / 2 == rb


@pytest.mark.parametrize("language", ["en", "es"])
def test_a_board_is_named_in_words_not_by_its_identifier(language: str) -> None:
    """The player's line under the title says 'English board' / 'tablero inglés', not the
    ``board: english`` identifier; other names (a custom board's) are kept as given."""
    from searchlab import i18n
    from searchlab.puzzles.peg.board import BOARD_NAMES, board_title

    i18n.use(language)
    try:
        titles = {name: board_title(get_board(name)) for name in BOARD_NAMES}
        custom = board_title(parse_board("ooo\no.o\n", name="mine")[0])
    finally:
        i18n.use("en")
    assert len(set(titles.values())) == len(titles)
    assert not any(name in title for name, title in titles.items() if not name.isalpha())
    assert "triangle5" not in titles["triangle5"] and "5" in titles["triangle5"]
    assert "mine" in custom
    if language == "es":  # "english" is no Spanish word
        assert titles["english"] == "tablero inglés" and custom == "tablero mine"
        assert not any(name in title for name, title in titles.items() if name != "wiegleb")
