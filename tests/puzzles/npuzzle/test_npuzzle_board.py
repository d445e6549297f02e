from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.npuzzle import (
    Board,
    apply_move,
    apply_moves,
    format_board,
    goal_board,
    legal_moves,
    parse_tiles,
    render_svg,
)


def test_parse_any_whitespace() -> None:
    b = parse_tiles("  1 2\t3\n\n4 5 6\n7 8 0  \n")
    assert b == goal_board(3)
    assert parse_tiles("1 2 3 4 5 6 7 8 0") == b
    assert parse_tiles("# comment\n1,2,3\n4,5,6\n7,8,_") == b


@pytest.mark.parametrize(
    ("text", "fragment"),
    [
        ("1 2 3 4 5 6 7 8", "square"),
        ("1 2 3 4 5 6 7 8 8", "more than once"),
        ("1 2 3 4 5 6 7 x 0", "not a number"),
        ("1 2 3 4 5 6 7 9 0", "out of range"),
        ("", "no tiles"),
        ("0 1 2", "square"),
        ("0", "between"),
    ],
)
def test_parse_errors(text: str, fragment: str) -> None:
    with pytest.raises(InputError, match=fragment):
        parse_tiles(text)


def test_parse_size_mismatch() -> None:
    with pytest.raises(InputError, match="needs 16"):
        parse_tiles("1 2 3 4 5 6 7 8 0", size=4)


def test_goal_layouts() -> None:
    assert goal_board(4, "first").tiles == tuple(range(16))
    assert goal_board(5).tiles[-1] == 0
    with pytest.raises(InputError):
        goal_board(3, "middle")


@given(st.integers(3, 5), st.lists(st.sampled_from("UDLR"), max_size=30))
def test_moves_round_trip(size: int, moves: list[str]) -> None:
    board = goal_board(size)
    for m in moves:
        if m in legal_moves(board):
            after = apply_move(board, m)
            back = apply_move(after, {"U": "D", "D": "U", "L": "R", "R": "L"}[m])
            assert back == board
            board = after
    assert parse_tiles(format_board(board)) == board


def test_illegal_moves() -> None:
    g = goal_board(3)  # blank bottom-right
    assert legal_moves(g) == ["U", "L"]
    with pytest.raises(InputError, match="not legal"):
        apply_move(g, "D")
    with pytest.raises(InputError, match="unknown move"):
        apply_move(g, "X")
    assert apply_moves(g, "UL")[-1].blank == 4


def test_svg() -> None:
    svg = render_svg(Board(3, (1, 2, 3, 4, 5, 6, 7, 8, 0)))
    assert svg.startswith("<svg") and svg.endswith("</svg>") and ">8<" in svg
    assert goal_board(3)._repr_svg_() == svg


def test_huge_numbers_are_a_clean_input_error() -> None:
    import pytest

    from searchlab.errors import InputError
    from searchlab.puzzles.npuzzle import parse_tiles

    with pytest.raises(InputError, match="too large"):
        parse_tiles("9" * 5000)
