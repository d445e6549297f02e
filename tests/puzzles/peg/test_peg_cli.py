"""``searchlab peg``: solve, compare, boards, JSON fields and bad input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from tests.cli.interrupt import interrupt_when

from searchlab.cli.main import main
from searchlab.families.output import RESULT_KEYS


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(["peg", *args])
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_central_game_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--board", "english", "--finish", "d4")
    assert code == 0
    assert "solved: 31 jumps" in out and "moves" in out
    assert "o o o . o o o" in out  # the start drawn as in the seed


def test_solve_json_fields(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "b.svg"
    code, out, _ = run(capsys, "solve", "--board", "triangle5", "--json", "--svg", str(svg))
    assert code == 0
    data = json.loads(out)
    assert tuple(data) == RESULT_KEYS and data["extra"]["move_count"] <= 13
    assert data["status"] == "solved" and data["length"] == 13 == len(data["moves"])
    assert len(data["states"]) == 14 and int(data["states"][-1], 16).bit_count() == 1
    assert svg.read_text().startswith("<svg")


def test_impossible_json_and_text(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--board", "french", "--finish", "d4", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "impossible" and "position class" in data["reason"]
    code, out, err = run(capsys, "solve", "--board", "diamond")
    assert code == 1 and "impossible" in out and not err
    code, out, _ = run(capsys, "compare", "--finish", "c4")
    assert code == 1 and "impossible" in out


def test_limit_status(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "solve", "--board", "wiegleb", "--finish", "e5", "--max-expansions", "5", "--json"
    )
    assert code == 1 and json.loads(out)["status"] == "limit"


def test_engine_algorithm(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "-b", "triangle5", "-a", "astar", "-q")
    assert code == 0 and "solved: 13 jumps" in out


def test_custom_board_file_and_positions(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    board = tmp_path / "plus.txt"
    board.write_text("# a small cross\n-o-\nooo\n.oo\n-o-\n")
    code, out, _ = run(capsys, "solve", "--board", str(board), "--diagonal", "--json")
    status = json.loads(out)["status"]
    assert (code, status) in ((0, "solved"), (1, "no_solution"))
    target = tmp_path / "t.txt"
    target.write_text(
        "    . . .\n    . . .\n. . . . . . .\n. . . o . . .\n. . . . . . .\n    . . .\n    . . .\n"
    )
    code, out, _ = run(capsys, "solve", "--target", str(target), "--json")
    assert code == 0 and json.loads(out)["length"] == 31


def test_compare_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "compare", "--board", "triangle5", "--max-expansions", "200", "--time-limit", "5"
    )
    assert code == 0
    assert "BFS" in out and "A*" in out and "searchlab" in out and "stop" in out


def test_boards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "boards")
    assert code == 0 and "wiegleb" in out and "108" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "--board", "hexagon"], "unknown board"),
        (["solve", "--vacancy", "a1"], "no hole a1"),
        (["solve", "--finish", "x"], "not a hole name"),
        (["solve", "--vacancy", "d4", "--vacancy", "d4"], "twice"),
        (["solve", "--finish", "d4", "--target", "nofile"], "not both"),
        (["solve", "--start", "nofile"], "no such file"),
        (["solve", "--board", "triangle5", "--diagonal"], "diagonal"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert message in err and err.startswith("searchlab: error:")
    assert "Traceback" not in err


def test_count_json_and_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "--board", "triangle5", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["complete"] and data["total"] == 3016 and data["total_up_to_symmetry"] == 1544
    assert [lv["positions"] for lv in data["levels"]][:3] == [1, 2, 8]
    code, out, _ = run(capsys, "count", "--board", "english", "--time-limit", "0")
    assert code == 1 and "stopped by the time limit" in out


def test_count_bad_input(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    big = tmp_path / "big.txt"
    big.write_text("\n".join(["ooooooooooooo"] * 5 + ["oooooo.oooooo"]))
    code, _, err = run(capsys, "count", "--board", str(big))
    assert code == 2 and "at most 64" in err
    code, _, err = run(capsys, "count", "--board", "english", "--vacancy", "a1")
    assert code == 2 and "no hole a1" in err


def test_count_solutions_and_games(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["count", "--board", "triangle5", "--vacancy", "a3", "--solutions", "--games"]
    code, out, _ = run(capsys, *args, "--json")
    assert code == 0
    data = json.loads(out)
    # Durango Bill's row for hole 4: 85,258 solutions, 51,452 back on the start hole,
    # 1,234,826 "total possible games" (= our games + our solutions)
    assert data["solutions"] == 85_258 and data["finish"] is None
    assert data["solutions_by_finish"]["a3"] == 51_452
    assert data["games"] + data["solutions"] == 1_234_826
    assert sum(level["games"] for level in data["levels"]) == data["games"]
    code, out, _ = run(capsys, *args)
    assert code == 0
    assert "solutions (one peg left): 85,258" in out and "games (no jump left): 1,149,568" in out
    assert "by finishing hole:" in out and "a3 51,452" in out
    assert out.count("(match)") == 3 and "DIFFER" not in out
    code, out, _ = run(capsys, *args[:5], "--solutions", "--finish", "c4", "--json")
    assert code == 0 and json.loads(out)["solutions"] == 1_550 and "games" not in out


def test_count_paths_stopped(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "count", "--solutions", "--games", "--time-limit", "0.5")
    assert code == 1
    assert "incomplete" in out and "stopped by the time limit" in out
    code, out, _ = run(capsys, "count", "--games", "--time-limit", "0", "--json")
    data = json.loads(out)
    assert code == 1 and not data["complete"] and data["games"] == 0


def test_count_paths_ctrl_c() -> None:
    args = ["peg", "count", "--solutions", "--games"]
    code, out, _ = interrupt_when(args, b"games so far")
    assert code == 130
    assert "interrupted (Ctrl-C)" in out and "incomplete" in out and "games (no jump left)" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--finish", "d4"], "add --solutions"),
        (["--solutions", "--finish", "z9"], "no hole z9"),
        (["--solutions", "--finish", "d4", "--vacancy", "a1"], "no hole a1"),
    ],
)
def test_count_paths_bad_input(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    code, _, err = run(capsys, "count", *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_min_moves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "solve", "--board", "triangle4", "--vacancy", "a3", "--min-moves")
    assert code == 0 and "fewest moves:" in out and "proved minimal" in out
    code, out, _ = run(
        capsys,
        "solve",
        "-b",
        "english",
        "-f",
        "d4",
        "--min-moves",
        "--json",
        "--max-expansions",
        "2000",
    )
    data = json.loads(out)
    assert code == 1 and data["status"] == "limit" and data["extra"]["min_moves"] is None
    assert data["extra"]["moves_proved_too_few"] >= 8
    code, _, err = run(capsys, "solve", "--min-moves", "--algorithm", "bfs")
    assert code == 2 and "--min-moves" in err


def test_the_commands_are_the_familys(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """``searchlab peg`` is built from the family's declarations, and its solve answers
    as ``searchlab solve peg`` does on the same problem."""
    from searchlab.puzzles.peg.family import FAMILY

    code, out, _ = run(capsys, "--help")
    assert code == 0
    for name in ("solve", *(task.name for task in FAMILY.tasks)):
        assert f"\n  {name} " in out
    code, out, _ = run(capsys, "solve", "--board", "triangle5", "--vacancy", "c3", "--json")
    own = json.loads(out)
    monkeypatch.setattr("sys.stdin", io.StringIO("board: triangle5\nvacancy: c3\n"))
    assert main(["solve", "peg", "-", "--json"]) == code
    generic = json.loads(capsys.readouterr().out)
    assert own["status"] == generic["status"] and own["length"] == generic["length"]
    assert own["states"][0] == generic["states"][0]
