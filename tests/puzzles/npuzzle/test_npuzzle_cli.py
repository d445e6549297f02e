from __future__ import annotations

import json
from pathlib import Path

import pytest

from searchlab.cli.main import main
from searchlab.families.output import RESULT_KEYS
from searchlab.puzzles.npuzzle import apply_moves, exact_distance, goal_board, parse_tiles
from searchlab.puzzles.npuzzle.board import Board


@pytest.fixture(autouse=True)
def _private_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Never read or write the user's pattern-database cache (and never build big ones)."""
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path / "cache"))


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_solve_json_fields(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "npuzzle", "solve", "--tiles", "8 6 7 2 5 4 3 0 1", "--json")
    assert code == 0
    data = json.loads(out)
    assert tuple(data) == RESULT_KEYS
    assert set(data["stats"]) >= {"expanded", "generated", "max_frontier", "seconds"}
    assert data["status"] == "solved" and data["length"] == 31 and data["family"] == "npuzzle"
    start = parse_tiles("8 6 7 2 5 4 3 0 1")
    boards = apply_moves(start, data["moves"])
    assert [list(b.tiles) for b in boards] == data["states"]
    assert boards[-1] == goal_board(3)


def test_solve_file_goal_algorithm_heuristic(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    f = tmp_path / "b.txt"
    f.write_text("1 2 3\n4 5 6\n0 7 8\n")
    code, out, _ = run(capsys, "npuzzle", "solve", str(f), "-a", "bfs", "--heuristic", "zero")
    assert code == 0 and "moves: RR" in out
    code, out, _ = run(
        capsys,
        "npuzzle",
        "solve",
        "--tiles",
        "1 2 3 4 5 6 7 8 0",
        "--goal",
        "first",
        "--json",
        "--heuristic",
        "linear_conflict",
    )
    data = json.loads(out)
    assert data["length"] == exact_distance(goal_board(3), goal_board(3, "first"))


IDA_MD = ("npuzzle", "solve", "-a", "idastar", "--heuristic", "manhattan", "--json")


def test_solve_15_puzzle_manhattan_ida(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = "1 2 3 4 5 6 7 8 9 10 11 12 13 0 14 15"
    code, out, _ = run(capsys, *IDA_MD, "--tiles", tiles)
    assert code == 0 and json.loads(out)["moves"] == ["R", "R"]


def test_unsolvable(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 8 7 0", "--json")
    assert code == 1
    data = json.loads(out)
    assert data["status"] == "impossible" and "parity" in data["reason"] and data["states"] == []
    code, out, _ = run(capsys, "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 8 7 0")
    assert code == 1 and "unsolvable" in out


def test_limit(capsys: pytest.CaptureFixture[str]) -> None:
    tiles = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    args = ("--tiles", tiles, "--goal", "first")
    code, out, _ = run(capsys, *IDA_MD, *args, "--max-expansions", "50000")
    assert code == 1 and json.loads(out)["limit"] == "max_expansions"
    # IDA* stores only its path: a stored-node bound does not stop it (issue 20, item 5)
    code, out, _ = run(capsys, *IDA_MD, *args, "--max-nodes", "50000", "--time-limit", "0.5")
    assert json.loads(out)["limit"] != "max_nodes"


@pytest.mark.parametrize(
    "args",
    [
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 7 0"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 six 7 8 0"],
        ["npuzzle", "solve"],
        ["npuzzle", "solve", "/nonexistent/board.txt"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8 0", "--heuristic", "magic"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8 0", "-a", "quantum"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8 0", "--goal", "0 1 2 3"],
        ["npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 8 0", "--heuristic", "pdb"],
        ["npuzzle", "random", "--depth", "40"],
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], args: list[str]) -> None:
    code, _, err = run(capsys, *args)
    assert code == 2
    assert err.startswith("searchlab: error:") and len(err.strip().splitlines()) == 1


def test_random_exact_depth(capsys: pytest.CaptureFixture[str]) -> None:
    for depth in ("0", "13", "31"):
        code, out, _ = run(
            capsys, "npuzzle", "random", "--size", "3", "--depth", depth, "--seed", "3"
        )
        assert code == 0
        assert exact_distance(parse_tiles(out)) == int(depth)
    code, out, _ = run(capsys, "npuzzle", "random", "--depth", "20", "--seed", "1", "--json")
    assert json.loads(out)["depth"] == 20


def test_svg_output(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    svg = tmp_path / "b.svg"
    code, _, _ = run(capsys, "npuzzle", "solve", "--tiles", "1 2 3 4 5 6 7 0 8", "--svg", str(svg))
    assert code == 0 and svg.read_text().startswith("<svg")


def test_node_storing_searches_have_a_default_memory_bound(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """BFS on a hard 15-puzzle stops at the default stored-node limit (5,000,000 in use;
    1,000 here) instead of growing until the machine swaps; IDA* has none."""
    import searchlab.puzzles.npuzzle.commands as cli_npuzzle

    monkeypatch.setattr(cli_npuzzle, "DEFAULT_STORED_NODES", 1000)
    board = tmp_path / "korf1.txt"
    board.write_text("14 13 15 7\n11 12 9 5\n6 0 2 1\n4 8 10 3\n")
    code = main(["npuzzle", "solve", str(board), "--goal", "first", "-a", "bfs", "--json"])
    out = json.loads(capsys.readouterr().out)
    assert code == 1 and out["status"] == "limit" and out["limit"] == "max_nodes"


def test_random_prints_its_seed_and_honours_limits(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["npuzzle", "random", "--size", "4", "--depth", "12"])
    out, err = capsys.readouterr()
    assert code == 0
    seed = int(err.split()[1])
    again = main(["npuzzle", "random", "--size", "4", "--depth", "12", "--seed", str(seed)])
    assert again == 0 and capsys.readouterr().out == out  # the printed seed draws it again
    assert main(["npuzzle", "random", "--size", "4", "--depth", "81"]) == 2
    assert "more than 80 moves" in capsys.readouterr().err


def test_random_out_of_time_is_a_limit(capsys: pytest.CaptureFixture[str]) -> None:
    """Running out of --time-limit is a limit reached, exit status 1 as for a solve (2 is
    for a request that cannot be run), one line on stderr, nothing on stdout."""
    args = ["npuzzle", "random", "--size", "5", "--depth", "100", "--seed", "1"]
    assert main([*args, "--time-limit", "0.2"]) == 1
    out, err = capsys.readouterr()
    assert out == "" and err.strip().splitlines()[-1].startswith("no exact-depth 5x5 board")


def test_pdb_option_errors_are_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    """--pdb: a 7-8 or 6-6-6-6 table not built yet is named with the command that builds
    it (nothing starts a build of minutes implicitly); wrong sizes and combinations too."""
    easy4 = "1 2 3 4 5 6 7 8 9 10 11 12 13 14 0 15"
    for args, words in (
        (("--tiles", easy4, "--pdb", "7-8"), "npuzzle pdb --build 7-8"),
        (("--tiles", easy4, "--pdb", "6-6-6-6"), "5x5"),
        (("--tiles", "1 2 3 4 5 6 7 0 8", "--pdb", "6-6-3"), "4x4"),
        (("--tiles", easy4, "--pdb", "6-6-3", "-a", "astar"), "--pdb needs"),
    ):
        code, _out, err = run(capsys, "npuzzle", "solve", *args)
        assert code != 0 and words in err and len(err.strip().splitlines()) == 1
        assert "Traceback" not in err


def test_pdb_build_then_solve_with_it(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "npuzzle", "pdb", "--build", "3-3-3-3-3", "--goal", "first")
    assert code == 0 and out.count("ready") == 5
    tiles = "1 2 3 0 4 5 6 7 8 9 10 11 12 13 14 15"
    code, out, _ = run(
        capsys, "npuzzle", "solve", "--tiles", tiles, "--goal", "first", "--pdb", "3-3-3-3-3",
        "--json",
    )  # fmt: skip
    data = json.loads(out)
    assert code == 0 and data["length"] == 3 and data["algorithm"] == "idastar+pdb 3-3-3-3-3"


def test_fsm_build_caches_then_reads(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "npuzzle", "fsm", "--depth", "8")
    assert code == 0 and "124 states" in out and "fsm-8.npy" in out
    code, again, _ = run(capsys, "npuzzle", "fsm", "--depth", "8")
    assert code == 0 and again == out


def test_fsm_bad_depth_or_cache_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, "npuzzle", "fsm", "--depth", "14")
    assert code == 2 and "--depth" in err and "Traceback" not in err
    blocked = tmp_path / "file"
    blocked.write_text("not a folder")
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(blocked))
    code, _, err = run(capsys, "npuzzle", "fsm", "--depth", "6")
    assert code != 0 and len(err.strip().splitlines()) == 1 and "Traceback" not in err, err


def test_pdb_build_auto_builds_what_auto_uses(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """`--build auto --size N` builds what the solver's auto uses on an NxN board
    (:func:`~.solvers.prepare_auto`, recorded, not run: it takes minutes; what it builds is
    tested in test_npuzzle_auto_catalogue.py); a size without databases, or a partition of
    another size, is one line."""
    from searchlab.puzzles.npuzzle import commands

    built: list[int] = []

    def fake(goal: Board, *_: object) -> tuple[str, list[tuple[int, ...]]]:
        built.append(goal.size)
        return "name", [(1, 2)]

    monkeypatch.setattr(commands, "prepare_auto", fake)
    for size in (4, 5):
        code, out, _ = run(capsys, "npuzzle", "pdb", "--build", "auto", "--size", str(size),
                           "--goal", "first", "--json")  # fmt: skip
        record = json.loads(out)
        assert code == 0 and built[-1] == size
        assert record["partition"] == "name" and record["automaton"].endswith("fsm-12.npy")
    for args in (("--build", "auto", "--size", "3"), ("--build", "6-6-3", "--size", "5")):
        code, _, err = run(capsys, "npuzzle", "pdb", *args)
        assert code == 2 and len(err.strip().splitlines()) == 1 and "Traceback" not in err
