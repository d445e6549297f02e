"""Seed 003's step-by-step print (issue 23 item 12): ``knight tour -a backtrack --steps``
prints the board at every step of the search, ending on the full tour."""

from __future__ import annotations

import itertools
import re

import pytest

from searchlab.cli.main import main


def boards(out: str) -> list[list[list[str]]]:
    """The step boards: blocks of rows of cells, the knight's square ``CC``."""
    blocks = [b for b in out.split("\n\n") if "CC" in b and re.match(r"^(CC|__|\s*\d+) ", b)]
    return [[row.split() for row in block.splitlines()] for block in blocks]


@pytest.mark.parametrize(("size", "start"), [("5x5", "2,2"), ("8x8", "0,0"), ("3x4", "0,0")])
def test_steps_print_every_board_of_the_search(
    size: str, start: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["knight", "tour", "--size", size, "--start", start, "-a", "backtrack", "--steps"]
    assert main(argv) == 0
    steps = boards(capsys.readouterr().out)
    cols, rows = map(int, size.split("x"))
    squares = rows * cols
    assert steps and all(len(b) == rows and all(len(r) == cols for r in b) for b in steps)
    r0, c0 = map(int, start.split(","))
    assert steps[0][r0][c0] == "CC" and sum(row.count("__") for row in steps[0]) == squares - 1
    last = steps[-1]
    numbers = sorted(int(v) for row in last for v in row if v.isdigit())
    assert numbers == list(range(1, squares)) and sum(row.count("CC") for row in last) == 1
    flat = [[v for row in b for v in row] for b in steps]
    for before, after in itertools.pairwise(flat):
        # each step puts the knight one knight move on, or takes a move back
        here = [divmod(b.index("CC"), cols) for b in (before, after)]
        dr, dc = abs(here[0][0] - here[1][0]), abs(here[0][1] - here[1][1])
        moved = {dr, dc} == {1, 2}
        visited = [sum(v != "__" for v in b) for b in (before, after)]
        assert (moved and visited[1] == visited[0] + 1) or visited[1] < visited[0] + 1


def test_steps_need_backtrack(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["knight", "tour", "--size", "5x5", "--steps"]) == 2
    assert main(["knight", "tour", "--size", "30x30", "-a", "backtrack", "--steps"]) == 2
    capsys.readouterr()
