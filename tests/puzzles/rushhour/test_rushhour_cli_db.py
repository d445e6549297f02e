"""``rushhour enumerate`` and ``rushhour generate --from-db``, and the web player's Random board."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from tests.cli.interrupt import interrupt_when

from searchlab.cli.main import main
from searchlab.puzzles.rushhour import kernel, parse_board
from searchlab.puzzles.rushhour.database import PuzzleDatabase, Row, default_path
from searchlab.puzzles.rushhour.family import FAMILY


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
        (["generate", "--db", "nowhere.sqlite", "--min-moves", "5"], "no puzzle database at"),
        (
            ["generate", "--from-db", "--walls", "1", "--min-moves", "5"],
            "(searchlab ships the 6x6 puzzles without walls); about a day of CPU time (or a "
            "Dask cluster: --scheduler) builds it: searchlab rushhour enumerate --size 6 --walls 1",
        ),
        (
            ["generate", "--from-db", "--size", "5x5", "--min-moves", "5"],
            "builds it: searchlab rushhour enumerate --size 5 --walls 0",
        ),
        (["generate", "--from-db", "--size", "8x8", "--min-moves", "5"], "not 8x8 with 0"),
        (["generate", "--from-db", "--min-moves", "52"], "6x6 with 0 walls puzzle of 52 or more"),
        (["export", "--walls", "2"], "nothing built for 6x6 with 1, 2 walls yet"),
        (["export", "--walls", "3"], "with up to 2 walls, not 6x6 with 3"),
        (["export", "--size", "4"], "no 4x4 puzzles yet; seconds to minutes builds them"),
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
    assert code == 2 and "has no 6x6" in err and "enumerate --size 6 --walls 0 --db" in err


def test_without_a_database_the_bundled_6x6_puzzles_answer(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """A fresh machine: no database built, ``generate --from-db`` and ``export`` answer
    from the puzzles that ship with searchlab (every 6x6 puzzle without walls)."""
    assert not default_path().exists()
    args = ["rushhour", "generate", "--from-db", "--min-moves", "45", "--count", "3"]
    code, out, _ = run(capsys, *args, "--seed", "7", "--json")
    assert code == 0
    drawn = json.loads(out)
    assert len({d["board"] for d in drawn}) == 3 and all(d["moves"] >= 45 for d in drawn)
    for d in drawn:
        assert kernel.distance(parse_board(d["board"])) == d["moves"]
    code, out, _ = run(capsys, "rushhour", "export", "--min-moves", "49")
    assert code == 0
    lines = out.splitlines()
    assert lines[0] == "51 BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo 4780"
    assert [int(x.split()[0]) for x in lines] == [51, 50, 49, 49, 49, 49]  # docs/rushhour.md
    code, out, _ = run(capsys, "rushhour", "export", "--min-moves", "30", "--max-moves", "30")
    assert code == 0 and len(out.splitlines()) == 391


def test_the_errors_speak_spanish(capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--lang", "es", "rushhour", "generate", "--from-db", "--walls", "2", "--min-moves", "5"]
    code, _, err = run(capsys, *args)
    assert code == 2 and "searchlab rushhour enumerate --size 6 --walls 2" in err
    assert "todavía no hay nada construido para 6x6 con 2 muros" in err
    assert "tarda alrededor de cuatro días de CPU (o un clúster Dask: --scheduler)" in err


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


def test_the_web_random_board_draws_from_the_databases() -> None:
    """Without walls the bundled 6x6 puzzles answer (the user's database need not exist);
    with walls the user's database when it holds some, else the generator."""
    path = default_path()  # the tests' private data directory (tests/conftest.py)
    assert not path.exists()
    text = FAMILY.generator.generate({"min_moves": 40}, 1)
    assert text.startswith("# from the puzzle database: ")
    moves = int(text.split(": ")[1].split()[0])
    assert moves >= 40 and kernel.distance(parse_board(text)) == moves
    text = FAMILY.generator.generate({"min_moves": 10, "walls": 1, "seconds": 30.0}, 1)
    assert text.startswith("# generated")  # nothing with a wall built: the generator
    text = FAMILY.generator.generate({"min_moves": 10, "walls": 3, "seconds": 30.0}, 1)
    assert text.startswith("# generated")  # beyond what the database holds
    walled = parse_board(FAMILY.examples[-1].text)  # two walls
    assert len(walled.walls) == 2
    size, moves, hardest, _ = kernel.cluster_summary(walled)
    farthest = walled.with_positions(kernel.unpack(hardest, len(walled.vehicles)))
    row = Row(moves, farthest.to_database(), size)
    try:
        with PuzzleDatabase(path, create=True) as db:
            db.insert(6, 2, [row], "test")
        text = FAMILY.generator.generate({"min_moves": 10, "walls": 2}, 1)
        assert text.startswith(f"# from the puzzle database: {row.moves} moves")
        assert parse_board(text).to_database() == row.board
        text = FAMILY.generator.generate({"min_moves": 10}, 1)
        assert text.startswith("# from the puzzle database")  # still the bundled ones
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
    assert code == 2 and out == "" and "has no 6x6; to build it: " in err
    assert f"searchlab rushhour enumerate --size 6 --db {db4}" in err
    code, out, err = run(
        capsys, "rushhour", "export", "--db", str(db4), "--size", "4", "--min-moves", "8"
    )
    assert code == 2 and out == "" and "no 4x4 puzzle of 8 or more moves in the database" in err
    code, _, err = run(capsys, "rushhour", "export", "--db", str(db4.parent / "none.sqlite"))
    assert code == 2 and "no puzzle database at" in err


@pytest.mark.parametrize("huge", ["99999999999999999999", str(2**63)])
def test_huge_move_counts_ask_for_nothing_instead_of_overflowing(
    capsys: pytest.CaptureFixture[str], db4: Path, huge: str
) -> None:
    """Numbers past SQLite's 64-bit integers are clamped: a one-line answer, never a crash."""
    base = ["--db", str(db4), "--size"]
    code, _, err = run(capsys, "rushhour", "export", *base, "4", "--min-moves", huge)
    assert code == 2 and f"no 4x4 puzzle of {huge} or more moves" in err
    code, out, _ = run(capsys, "rushhour", "export", *base, "4", "--max-moves", huge)
    assert code == 0 and out.startswith("7 ")
    gen = ["rushhour", "generate", "--from-db", *base, "4x4"]
    code, _, err = run(capsys, *gen, "--min-moves", huge)
    assert code == 2 and "the hardest: 7" in err and "internal error" not in err
    code, out, _ = run(capsys, *gen, "--min-moves", "1", "--max-moves", huge, "--seed", "1")
    assert code == 0 and "from the database" in out


@pytest.mark.parametrize("content", [b"", b"not a database\n", b"\x00" * 4096])
def test_a_file_given_to_read_is_never_changed(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, content: bytes
) -> None:
    """export and generate --from-db only read --db: a file that is not a puzzle
    database (an empty one included) is refused in one line and left as it was."""
    path = tmp_path / "given.sqlite"
    path.write_bytes(content)
    for args in (["export"], ["generate", "--from-db", "--min-moves", "5"]):
        code, out, err = run(capsys, "rushhour", *args, "--db", str(path))
        assert code == 2 and out == "" and "not a usable puzzle database" in err, err
        assert len(err.strip().splitlines()) == 1
    assert path.read_bytes() == content
    assert sorted(p.name for p in tmp_path.iterdir()) == ["given.sqlite"]  # no journal left
