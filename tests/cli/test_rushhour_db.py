"""``rushhour enumerate`` and ``rushhour generate --from-db``, and the web player's Random board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.puzzles.rushhour import card, kernel, parse_board
from searchlab.puzzles.rushhour.database import PuzzleDatabase, Row, default_path
from searchlab.puzzles.rushhour.enumeration import Shard, ShardResult
from searchlab.puzzles.rushhour.family import FAMILY
from tests.cli.interrupt import interrupt_when


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def db4(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("rush") / "db.sqlite"
    assert main(["rushhour", "enumerate", "--size", "4", "--db", str(path), "--workers", "0"]) == 0
    return path


def test_enumerate_prints_the_summary_and_json(
    capsys: pytest.CaptureFixture[str], db4: Path
) -> None:
    code, out, _ = run(capsys, "rushhour", "enumerate", "--size", "4", "--db", str(db4))
    assert code == 0  # complete already: nothing left to run, the summary at once
    assert "3 of 3 shards" in out and "32 puzzles" in out and "7: 3" in out
    code, out, _ = run(capsys, "rushhour", "enumerate", "--size", "4", "--db", str(db4), "--json")
    data = json.loads(out)
    assert data["complete"] and data["puzzles"] == 32 and data["positions"] == 1349
    assert data["histogram"] == {"1": 1, "2": 2, "3": 7, "4": 8, "5": 5, "6": 6, "7": 3}


def test_generate_from_the_database(capsys: pytest.CaptureFixture[str], db4: Path) -> None:
    args = ["rushhour", "generate", "--from-db", "--db", str(db4), "--size", "4x4"]
    code, out, _ = run(capsys, *args, "--min-moves", "6", "--count", "2", "--seed", "1", "--json")
    assert code == 0
    drawn = json.loads(out)
    assert len(drawn) == 2 and all(d["moves"] >= 6 for d in drawn)
    for d in drawn:
        assert kernel.distance(parse_board(d["board"])) == d["moves"]
    code, again, _ = run(capsys, *args, "--min-moves", "6", "--count", "2", "--seed", "1", "--json")
    assert again == out  # the same seed draws the same puzzles
    code, out, _ = run(capsys, *args, "--min-moves", "7", "--max-moves", "7")
    assert code == 0 and "7 moves" in out and "from the database" in out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["enumerate", "--size", "7"], "covers 4x4, 5x5 and 6x6"),
        (["enumerate", "--size", "4", "--walls", "3"], "from 0 to 2 walls"),
        (["generate", "--min-moves", "5", "--max-moves", "9"], "--max-moves needs --from-db"),
        (["generate", "--from-db", "--min-moves", "5"], "no puzzle database at"),
        (["generate", "--db", "nowhere.sqlite", "--min-moves", "5"], "no puzzle database at"),
    ],
)
def test_one_line_errors(capsys: pytest.CaptureFixture[str], args: list[str], message: str) -> None:
    code, _, err = run(capsys, "rushhour", *args)
    assert code == 2 and message in err and len(err.strip().splitlines()) <= 2


def test_no_matching_row_is_a_one_line_error(capsys: pytest.CaptureFixture[str], db4: Path) -> None:
    base = ["rushhour", "generate", "--from-db", "--db", str(db4)]
    code, _, err = run(capsys, *base, "--size", "4x4", "--min-moves", "8")
    assert code == 2 and "no 4x4 with 0 walls puzzle of 8 or more moves" in err
    assert "the hardest: 7" in err
    code, _, err = run(capsys, *base, "--min-moves", "8")  # 6x6 is not in this file
    assert code == 2 and "has no 6x6" in err and "enumerate --size 6" in err


def test_the_time_limit_keeps_the_finished_shards(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    db = str(tmp_path / "db.sqlite")
    code, _, err = run(
        capsys, "rushhour", "enumerate", "--size", "5", "--db", db, "--time-limit", "0"
    )
    assert code == 1 and "0 of 44 shards done; run the same command again to resume" in err


def test_ctrl_c_keeps_the_finished_shards_and_a_rerun_completes(tmp_path: Path) -> None:
    db = str(tmp_path / "db.sqlite")
    args = ["rushhour", "enumerate", "--size", "5", "--walls", "1", "--db", db, "--workers", "0"]
    code, _, err = interrupt_when(args, b" shards, ")
    assert code == 130 and b"interrupted by Ctrl-C" in err
    with PuzzleDatabase(db) as store:
        kept = len(store.done(5))
    assert 0 < kept < 246
    assert main([*args, "--time-limit", "0"]) == 1  # nothing new, still incomplete


def a_6x6_row() -> Row:
    board = card(40).parse()
    size, moves, hardest, _ = kernel.cluster_summary(board)
    pos = board.with_positions(kernel.unpack(hardest, len(board.vehicles)))
    return Row(moves, pos.to_database(), size)


def test_the_web_random_board_draws_from_the_database_when_present() -> None:
    row = a_6x6_row()
    path = default_path()  # the tests' private data directory (tests/conftest.py)
    assert not path.exists()
    text = FAMILY.generator.generate({"min_moves": 10, "seconds": 30.0}, 1)  # stops at the first
    assert text.startswith("# generated")  # no database: the generator
    try:
        with PuzzleDatabase(path, create=True) as db:
            db.save(
                ShardResult(Shard(6, 0, (0,)), (row,), 1, 1, 1, row.cluster_size, 0, 0, 0.0, 0.0)
            )
        text = FAMILY.generator.generate({"min_moves": 10}, 1)
        assert text.startswith(f"# from the puzzle database: {row.moves} moves")
        assert parse_board(text).to_database() == row.board
        text = FAMILY.generator.generate({"min_moves": 10, "walls": 1, "seconds": 30.0}, 1)
        assert text.startswith("# generated")  # nothing with a wall there: the generator
    finally:
        path.unlink()


def test_export_is_fogleman_s_format_hardest_first(
    capsys: pytest.CaptureFixture[str], db4: Path, tmp_path: Path
) -> None:
    code, out, _ = run(capsys, "rushhour", "export", "--db", str(db4), "--size", "4")
    assert code == 0
    lines = out.splitlines()
    assert len(lines) == 32  # every 4x4 puzzle, one line each
    moves = []
    for line in lines:
        m, board, cluster = line.split(" ")
        assert len(board) == 16 and set(board) <= set("oxABCDEFGHIJKLMNOPQRSTUVWXYZ")
        b = parse_board(board)
        assert kernel.distance(b) == int(m)  # the row's moves, from its own board
        assert kernel.cluster_summary(b)[:2] == (int(cluster), int(m))  # hardest of its cluster
        moves.append(int(m))
    assert moves == sorted(moves, reverse=True)
    f = tmp_path / "rush4.txt"
    args = ["rushhour", "export", "--db", str(db4), "--size", "4", "--min-moves", "6", "-o", str(f)]
    code, out, _ = run(capsys, *args)
    assert code == 0 and out == ""
    assert f.read_text().splitlines() == [x for x in lines if int(x.split()[0]) >= 6]


def test_export_of_nothing_is_a_one_line_error(
    capsys: pytest.CaptureFixture[str], db4: Path
) -> None:
    code, out, err = run(capsys, "rushhour", "export", "--db", str(db4))  # no 6x6 rows
    assert code == 2 and out == "" and "no 6x6 puzzle in" in err
    code, _, err = run(capsys, "rushhour", "export", "--db", str(db4.parent / "none.sqlite"))
    assert code == 2 and "no puzzle database at" in err
