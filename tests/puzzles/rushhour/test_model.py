"""The board model: moves, notation round trips, rendering."""

from __future__ import annotations

import xml.etree.ElementTree as ET

import pytest

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import (
    Move,
    cards,
    parse_board,
    parse_move,
    render_solution_text,
    render_svg,
    render_text,
    solve_board,
)


def test_move_notation() -> None:
    assert parse_move("A+2") == Move("A", 2) and str(Move("C", -1)) == "C-1"
    for bad in ("A", "A+0", "2+A", "AB+1", ""):
        with pytest.raises(InputError, match="bad move"):
            parse_move(bad)


def test_legal_moves_and_apply() -> None:
    b = parse_board("BBoooo\noooooC\nAAoooC\noooooo\noooooo\noooooo")
    moves = {str(m) for m in b.legal_moves()}
    assert {"A+1", "A+2", "A+3", "B+1", "B+4", "C+1", "C+3", "C-1"} <= moves
    assert "A+4" not in moves and "A-1" not in moves and "C+4" not in moves
    assert b.apply("C-1").apply("A+4").is_solved()
    with pytest.raises(InputError, match="illegal move"):
        b.apply("A+4")
    with pytest.raises(InputError, match="no vehicle"):
        b.apply("Z+1")


def test_database_round_trip_and_text() -> None:
    c = cards()[10]
    b = parse_board(c.database)
    assert parse_board(b.to_database()).to_database() == c.database
    assert parse_board(b.to_text()).to_database() == c.database
    assert " >" in render_text(b).splitlines()[b.exit_row]


def test_svg_is_self_contained_xml() -> None:
    b = cards()[0].parse()
    svg = render_svg(b)
    root = ET.fromstring(svg)
    assert root.tag.endswith("svg") and "href" not in svg
    assert svg == b._repr_svg_()
    r = solve_board(b)
    tour = render_svg(r.states, r.actions)
    ET.fromstring(tour)
    assert tour.count("<g ") == len(r.states)
    assert render_solution_text(r.states, r.actions).count("\n\n") == len(r.actions)
