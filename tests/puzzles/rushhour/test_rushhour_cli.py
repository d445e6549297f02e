"""``searchlab rushhour``: solve, rate, hint, generate, and their bad-input paths."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.interrupt import interrupt_when

from searchlab.cli.main import main
from searchlab.families.output import RESULT_KEYS
from searchlab.puzzles.rushhour import cards, parse_board

CARD1 = cards()[0]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_fields_and_replay(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rushhour", "solve", CARD1.database, "--json")
    assert code == 0
    data = json.loads(out)
    assert tuple(data) == RESULT_KEYS
    assert data["status"] == "solved" and data["length"] == CARD1.moves
    assert len(data["states"]) == len(data["moves"]) + 1
    board = parse_board(data["extra"]["board"])
    assert list(board.positions()) == data["states"][0]
    for move, state in zip(data["moves"], data["states"][1:], strict=True):
        board = board.apply(move)
        assert list(board.positions()) == state
    assert board.is_solved()


def test_solve_text_file_and_svg(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    f = tmp_path / "card.txt"
    f.write_text("\n".join(CARD1.board[i : i + 6] for i in range(0, 36, 6)) + "\n")
    svg = tmp_path / "out.svg"
    code, out, _ = run(capsys, "rushhour", "solve", str(f), "--svg", str(svg))
    assert code == 0 and f"{CARD1.moves} moves" in out and "moves: " in out
    assert svg.read_text().startswith("<svg")


@pytest.mark.parametrize(
    "options",
    [
        ["--algorithm", "astar", "--heuristic", "strong"],
        ["--algorithm", "astar", "--heuristic", "blocking"],
        ["--metric", "steps"],
    ],
)
def test_solve_options(capsys: pytest.CaptureFixture[str], options: list[str]) -> None:
    code, out, _ = run(capsys, "rushhour", "solve", "--card", "4", "--json", *options)
    data = json.loads(out)
    c = cards()[3]
    assert code == 0 and data["length"] == (c.steps if "steps" in options else c.moves)


@pytest.mark.parametrize(("metric", "unit"), [("moves", "moves"), ("steps", "steps")])
def test_the_human_answer_counts_in_the_metric_asked(
    capsys: pytest.CaptureFixture[str], metric: str, unit: str
) -> None:
    code, out, _ = run(capsys, "rushhour", "solve", "--card", "4", "--metric", metric, "-q")
    c = cards()[3]
    n = c.steps if metric == "steps" else c.moves
    assert code == 0 and f"solved: cost {n}, {n} {unit}" in out
    assert f"optimal: no solution has fewer {unit} (-a fast guarantees it)" in out


def test_solve_card_notation_reports_names(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "rushhour", "solve", CARD1.board, "--json")
    data = json.loads(out)
    assert data["extra"]["names"]["X"] == "A" and data["extra"]["board"] == CARD1.database


def test_rate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rushhour", "rate", "--card", "40", "--json")
    data = json.loads(out)
    assert code == 0 and data["moves"] == 51 and data["steps"] == 81
    assert data["cluster_size"] == 4780 and data["level"] == "expert"


def test_hint(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "rushhour", "hint", CARD1.database)
    assert code == 0 and out.strip() in {str(m) for m in parse_board(CARD1.database).legal_moves()}


def test_generate_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys,
        "rushhour",
        "generate",
        "--min-moves",
        "5",
        "--count",
        "2",
        "--seed",
        "4",
        "--independent",
        "--json",
    )
    data = json.loads(out)
    assert code == 0 and len(data) == 2
    assert all(len(p["board"]) == 36 and p["moves"] >= 5 for p in data)


def test_generate_short_of_count_exits_1_with_what_it_found(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("rushhour", "generate", "--min-moves", "51", "--time-limit", "0.5", "--json")
    code, out, err = run(capsys, *args)
    assert code == 1
    assert json.loads(out) == []
    assert "found 0 of 1 puzzles within the time limit" in err


def test_generate_beyond_the_hardest_6x6_is_impossible_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, err = run(capsys, "rushhour", "generate", "--min-moves", "52")
    assert code == 1 and out == ""
    assert "impossible: no 6x6 puzzle without walls needs more than 51 moves" in err
    code, out, err = run(capsys, "rushhour", "generate", "--min-moves", "52", "--json")
    assert code == 1 and json.loads(out) == []


def test_generate_ctrl_c_exits_130() -> None:
    args = ["rushhour", "generate", "--min-moves", "51", "--count", "2", "--time-limit", "120"]
    code, _, err = interrupt_when(args, b"boards evaluated")
    assert code == 130
    assert b"found 0 of 2 puzzles before Ctrl-C interrupted" in err


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["solve", "AAoo"], "n*n characters"),
        (["solve", "o" * 36], "no red car"),
        (["solve", "nofile/here.txt"], "no such file"),
        (["solve"], "give a BOARD"),
        (["solve", "--card", "41"], "no card 41"),
        (["solve", CARD1.board, "--red", "Q"], "vertical"),
        (["generate", "--min-moves", "5", "--size", "9x9"], "sizes from"),
        (["solve", "--card", "1", "--red", "Q"], "the red car of card 1 is X"),
        (["rate", "--card", "2", "--red", "A"], "the red car of card 2 is X"),
        (["solve", "o" * 5000], "n*n characters"),  # too long a name for a file: a board
        (["solve", "oooooB/AACooB/ooCoDD/ooEEo"], "row 4 (rows separated by '/') has 5 cells"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, "rushhour", *args)
    assert code == 2 and message in err and "Traceback" not in err


def test_rate_unsolvable_is_an_answer(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = run(capsys, "rushhour", "rate", "oooooooooooooAAoBBoooooooooooooooooo")
    assert code == 1 and "no solution" in err and "Traceback" not in err


def test_red_is_honoured_for_a_card_only_as_its_own_red_car(
    capsys: pytest.CaptureFixture[str],
) -> None:
    code, out, _ = run(capsys, "rushhour", "solve", "--card", "1", "--red", "X", "--json")
    assert code == 0 and json.loads(out)["length"] == CARD1.moves


def test_a_directory_or_device_given_as_board_says_what_it_is(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    code, _, err = run(capsys, "rushhour", "solve", str(tmp_path))
    assert code == 2 and "is a directory" in err and "no such file" not in err
    assert len(err.strip().splitlines()) == 1
    if Path("/dev/zero").exists():  # endless: the read is bounded, the message true
        code, _, err = run(capsys, "rushhour", "solve", "/dev/zero")
        assert code == 2 and "too large" in err and "no such file" not in err
        assert len(err.strip().splitlines()) == 1


def test_generated_boards_of_any_proportions_are_read_back_by_solve(
    capsys: pytest.CaptureFixture[str],
) -> None:
    for size in ("6x4", "4x6", "5x7"):
        args = ("rushhour", "generate", "--size", size, "--min-moves", "4", "--seed", "1")
        code, out, _ = run(capsys, *args, "--json")
        assert code == 0
        found = json.loads(out)[0]
        code, out, _ = run(capsys, "rushhour", "solve", found["board"], "--json")
        assert code == 0
        solved = json.loads(out)
        assert solved["length"] == found["moves"]
        board = parse_board(solved["extra"]["board"])
        assert f"{board.width}x{board.height}" == size
        # the human output's board line reads back too
        code, out, _ = run(capsys, *args)
        line = out.splitlines()[0].split()[1]
        code, out, _ = run(capsys, "rushhour", "solve", line, "--json")
        assert code == 0 and json.loads(out)["length"] == found["moves"]


def test_generate_with_walls_filling_the_board_is_impossible_at_once(
    capsys: pytest.CaptureFixture[str],
) -> None:
    args = ("rushhour", "generate", "--size", "4x4", "--walls", "12", "--min-moves", "3")
    code, out, err = run(capsys, *args)
    assert code == 1 and out == ""
    assert "impossible: 12 walls fill every cell of a 4x4 board off the exit row" in err


def test_compare_above_the_hardest_6x6_puzzle_fails_before_generating(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SEARCHLAB_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    code, out, err = run(capsys, "compare", "rushhour", "--min-moves", "50-52", "-n", "1")
    assert code == 2 and out == ""
    assert "--min-moves 52: no 6x6 puzzle without walls needs more than 51 moves" in err
    assert len(err.strip().splitlines()) == 1
