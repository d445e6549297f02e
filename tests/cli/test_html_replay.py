"""``--html FILE`` on every family's solve command: a self-contained replay page."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from searchlab.cli.main import main

MAZE = "S..#\n.#..\n...G\n"

CASES = {
    "maze": (["maze", "solve", "{board}"], MAZE, 5),
    "npuzzle": (["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 0 7 8"], None, 2),
    "peg": (["peg", "solve", "--board", "triangle5", "--vacancy", "a1", "-q"], None, 13),
    "knight": (["knight", "tour", "--size", "5x6", "--start", "2,3", "--closed"], None, 29),
    "rushhour": (["rushhour", "solve", "--card", "1", "-q"], None, 8),
}


def solution_of(html: str) -> dict[str, Any]:
    m = re.search(r'<script type="application/json" id="solution">(.*?)</script>', html, re.S)
    assert m, "no solution payload"
    data: dict[str, Any] = json.loads(m[1])
    return data


def self_contained(html: str) -> bool:
    """No URL loads anything from elsewhere (the SVG namespace is a name, not a load)."""
    urls = re.findall(r"(?:https?:)?//[\w.-]+", html)
    return all(u.endswith("www.w3.org") for u in urls) and "src=" not in html


@pytest.mark.parametrize("family", list(CASES))
def test_html_page_is_written(
    family: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    args, board, length = CASES[family]
    if board is not None:
        (tmp_path / "board.txt").write_text(board)
        args = [a.replace("{board}", str(tmp_path / "board.txt")) for a in args]
    out = tmp_path / "replay.html"
    rc = main([*args, "--html", str(out)])
    capsys.readouterr()
    assert rc in (0, None)
    html = out.read_text(encoding="utf-8")
    assert self_contained(html)
    data = solution_of(html)
    assert len(data["frames"]) == len(data["moves"]) + 1
    if length is not None:
        assert len(data["moves"]) == length
    assert data["moves"]


def test_knight_tour_page_shares_the_tour(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = tmp_path / "t.html"
    assert main(["knight", "tour", "--size", "30x30", "--html", str(out)]) == 0
    capsys.readouterr()
    data = solution_of(out.read_text())
    assert len(data["shared"]["path"]) == 900
    assert all(set(f) == {"pieces", "path_len"} for f in data["frames"])


def test_no_solution_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "none.html"
    rc = main(["knight", "tour", "--size", "4x4", "--html", str(out)])
    _, err = capsys.readouterr()
    assert rc == 1 and not out.exists()
    assert "not written" in err
    (tmp_path / "walled.txt").write_text("S#.\n##G\n")
    rc = main(["maze", "solve", str(tmp_path / "walled.txt"), "--html", str(out)])
    _, err = capsys.readouterr()
    assert rc == 1 and not out.exists() and "not written" in err


def test_too_large_or_unwritable(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rc = main(["knight", "tour", "--size", "101x100", "--html", str(tmp_path / "big.html")])
    _, err = capsys.readouterr()
    assert rc == 2 and "too large for a replay page" in err
    (tmp_path / "m.txt").write_text(MAZE)
    rc = main(["maze", "solve", str(tmp_path / "m.txt"), "--html", str(tmp_path / "no" / "x.html")])
    _, err = capsys.readouterr()
    assert rc == 2 and "cannot write" in err
