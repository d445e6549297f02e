"""Which algorithms are optimal is said in --help and under every solved result
(issue 23 item 7)."""

from __future__ import annotations

from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.search.solve import OPTIMAL, SHORTEST

ONE_MOVE = "1 2 3 4 5 6 7 0 8"
MAZE = str(Path(__file__).resolve().parents[2] / "examples" / "maze.txt")


@pytest.mark.parametrize("algorithm", ["auto", "astar", "bfs", "idastar", "dfs", "greedy"])
def test_npuzzle_result_says_whether_optimal(
    algorithm: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["npuzzle", "solve", "--tiles", ONE_MOVE, "-a", algorithm]) == 0
    out = capsys.readouterr().out
    optimal = algorithm == "auto" or algorithm in OPTIMAL | SHORTEST
    assert ("not necessarily optimal" not in out) == optimal, out
    assert f"optimal: {algorithm}" in out


@pytest.mark.parametrize("algorithm", ["astar", "bfs", "dfs", "greedy", "backtrack"])
def test_maze_result_says_whether_optimal(
    algorithm: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["maze", "solve", MAZE, "-a", algorithm]) == 0
    out = capsys.readouterr().out
    assert ("not necessarily optimal" in out) == (algorithm not in OPTIMAL | SHORTEST)


@pytest.mark.parametrize("command", [["npuzzle", "solve"], ["maze", "solve"]])
def test_help_names_the_optimal_algorithms(
    command: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    assert main([*command, "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    assert "optimal: " in text and "not optimal: " in text and "dfs" in text
    assert "solve the board in file ('-' for stdin) or --tiles optimally" not in text.lower()
