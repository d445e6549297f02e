"""Which algorithms are optimal is said in --help and under every solved result
(issue 23 item 7)."""

from __future__ import annotations

import json
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
    assert "optimal: " in out and f"-a {algorithm} " in out


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


def test_generic_solve_help_names_each_familys_optimal_algorithms(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from searchlab import families

    assert main(["solve", "--help"]) == 0
    text = " ".join(capsys.readouterr().out.split())
    for family in families.all_families():
        assert f"{family.name}: " in text
        if family.optimal is not None:
            assert set(family.optimal) <= set(family.algorithms)
            # the engine's guarantees, from its registry: the least-cost algorithms
            # always; the fewest-moves ones (BFS, IDDFS) too where every move costs 1,
            # never where moves may cost more (a weighted maze)
            assert set(family.algorithms) & OPTIMAL <= set(family.optimal)
            assert not set(family.optimal) & {"dfs", "greedy", "wastar", "backtrack"}


@pytest.mark.parametrize(("algorithm", "optimal"), [("recursive", True), ("dfs", False)])
def test_generic_solve_result_says_whether_optimal(
    algorithm: str, optimal: bool, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    board = tmp_path / "tower.txt"
    board.write_text("disks: 3\n")
    argv = ["solve", "hanoi", str(board), "-a", algorithm]
    assert main(argv) == 0
    out = capsys.readouterr().out
    assert ("not necessarily optimal" in out) == (not optimal)
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimal"] is optimal


def test_json_optimal_is_null_where_cost_ranks_nothing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["knight", "tour", "--size", "5x5", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimal"] is None


@pytest.mark.parametrize(
    ("algorithm", "optimal"), [("fast", True), ("bfs", True), ("greedy", False)]
)
def test_rushhour_solve_says_whether_optimal(
    algorithm: str, optimal: bool, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["rushhour", "solve", "--card", "1", "-a", algorithm, "-q"]
    assert main(argv) == 0
    assert ("not necessarily optimal" in capsys.readouterr().out) == (not optimal)
    assert main([*argv, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["optimal"] is optimal
    assert main(["rushhour", "solve", "--help"]) == 0
    assert "not optimal: greedy, wastar" in " ".join(capsys.readouterr().out.split())
