"""Seed 000's users (issue 23 item 11): its 7x7 matrix of -1/0/1 is read (or refused
naming the formats read), its depth-limited DFS and its weighted heuristic h2 are
offered."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.puzzles.peg import get_board, parse_board
from searchlab.puzzles.peg.family import FAMILY
from searchlab.puzzles.peg.problem import PegProblem

LAYOUT = ["OOXXXOO", "OOXXXOO", "XXXXXXX", "XXX0XXX", "XXXXXXX", "OOXXXOO", "OOXXXOO"]
"""The seed's english_board() template: 'O' off the board, '0' empty, 'X' a peg."""
MATRIX = [[{"O": -1, "0": 0, "X": 1}[c] for c in row] for row in LAYOUT]


def as_rows(matrix: list[list[int]]) -> str:
    return "\n".join(" ".join(str(v) for v in row) for row in matrix) + "\n"


@pytest.mark.parametrize("text", [as_rows(MATRIX), str(MATRIX) + "\n", json.dumps(MATRIX)])
def test_the_seed_matrix_is_the_english_board(text: str) -> None:
    board, start = parse_board(text)
    english = get_board("english")
    assert sorted(board.coords) == sorted(english.coords)
    assert start.bit_count() == 32 and board.coords[board.default_vacancy] == (3, 3)
    assert not start >> board.index[(3, 3)] & 1


def test_the_seed_board_file_is_solved(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "tablero.txt"
    path.write_text(as_rows(MATRIX))
    assert main(["peg", "solve", "--board", str(path), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["status"] == "solved" and result["length"] == 31


@pytest.mark.parametrize("text", ["-1 2 1\n1 1 1\n", "-1 1 x\n1 1 1\n"])
def test_a_matrix_with_other_numbers_is_refused_naming_the_formats(text: str) -> None:
    from searchlab.errors import InputError

    with pytest.raises(InputError, match="the assignment's matrix"):
        parse_board(text)


def test_depth_limited_dfs_is_offered() -> None:
    instance = FAMILY.read(as_rows(MATRIX))
    r = FAMILY.run(instance, "dls", "pegs", depth_limit=5, time_limit=30)
    assert r.status == "limit" and r.limit == "depth_limit"  # 31 jumps are needed
    r = FAMILY.run(FAMILY.read("board: triangle5\n"), "dls", "pegs", time_limit=30)
    assert r.solved and r.length == 13


def test_weighted_centre_heuristic() -> None:
    board = get_board("english")
    start = board.start()
    for weight in (0.0, 0.25, 2.0):
        p = PegProblem(board, start, heuristic="centre", centre_weight=weight)
        nearest = min(
            abs(r - 3) + abs(c - 3) for r, c in (board.coords[i] for i in board.pegs(start))
        )
        assert p.heuristic(start) == 31 + weight * nearest


def test_cli_depth_limit_and_centre_weight(capsys: pytest.CaptureFixture[str]) -> None:
    base = ["peg", "solve", "--board", "triangle5", "-q"]
    assert main([*base, "-a", "dls", "--depth-limit", "3"]) == 1
    assert main([*base, "-a", "dls"]) == 0
    assert main([*base, "--depth-limit", "3"]) == 2
    assert main([*base, "-a", "astar", "-H", "centre", "--centre-weight", "1.5"]) == 0
    assert main([*base, "-a", "astar", "-H", "centre", "--centre-weight", "nan"]) == 2
    capsys.readouterr()
