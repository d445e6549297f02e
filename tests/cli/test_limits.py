"""Every limit a solve command documents is honoured by each of its algorithms, or
refused (issue 23 item 5): a run given ``max_expansions=k`` (``max_nodes=k``) either
stops with that limit or answers within it."""

from __future__ import annotations

from pathlib import Path

import pytest

from searchlab import families
from searchlab.cli.main import main

FAMILIES = ("peg", "knight", "maze", "hanoi")
"""The families whose algorithms this checks (the sliding tiles and Rush Hour have their own)."""


def cases() -> list[tuple[str, str, str]]:
    return [
        (name, example.id, algorithm)
        for name in FAMILIES
        for example in families.get(name).examples[:3]
        for algorithm in families.get(name).algorithms
    ]


@pytest.mark.parametrize(("family", "example", "algorithm"), cases())
@pytest.mark.parametrize("limit", [1, 20])
def test_expansion_and_node_limits_are_honoured(
    family: str, example: str, algorithm: str, limit: int
) -> None:
    fam = families.get(family)
    instance = fam.read(next(e.text for e in fam.examples if e.id == example))
    heuristic = fam.heuristics[0] if fam.heuristics else None
    r = fam.run(instance, algorithm, heuristic, time_limit=30, max_expansions=limit)
    assert (
        r.status in ("impossible", "no_solution")
        or r.limit == "max_expansions"
        or (r.stats.expanded <= limit)
    ), (r.status, r.stats.expanded)
    r = fam.run(instance, algorithm, heuristic, time_limit=30, max_nodes=limit)
    assert r.status in ("impossible", "no_solution", "limit") or len(r.states) <= limit, (
        r.status,
        r.limit,
        len(r.states),
    )


def test_peg_solve_max_expansions_stops(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["peg", "solve", "--board", "english", "--finish", "d4", "-q"]
    assert main([*argv, "--max-expansions", "1"]) == 1
    assert "stopped by" in capsys.readouterr().out
    assert main([*argv, "--max-nodes", "100"]) == 1
    assert "stopped by" in capsys.readouterr().out
    assert main(argv) == 0


def test_knight_fast_refuses_max_expansions(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["knight", "tour", "--size", "8x8", "--max-expansions", "5"]
    assert main(argv) == 2
    assert "backtrack" in capsys.readouterr().err
    assert main([*argv, "-a", "backtrack"]) == 1


@pytest.mark.parametrize("algorithm", ["idastar", "auto", "astar"])
def test_npuzzle_max_expansions_stops(algorithm: str, capsys: pytest.CaptureFixture[str]) -> None:
    """IDA* (pure Python and compiled) pauses before its expansion past the cap."""
    argv = ["npuzzle", "solve", "-a", algorithm, "--tiles", "0 1 3 4 2 5 7 8 6", "--json"]
    assert main([*argv, "--max-expansions", "1"]) == 1
    out = capsys.readouterr().out
    assert '"status":"limit"' in out and '"limit":"max_expansions"' in out
    assert main(argv) == 0


def test_npuzzle_compiled_idastar_expansion_cap_is_exact() -> None:
    from searchlab.puzzles.npuzzle.board import goal_board, parse_tiles
    from searchlab.puzzles.npuzzle.kernel_md import ida_star_md_compiled
    from searchlab.puzzles.npuzzle.pure_search import ida_star

    board, goal = parse_tiles("8 6 7 2 5 4 3 0 1"), goal_board(3)
    full = ida_star_md_compiled(board, goal, linear_conflicts=False)
    for cap in (0, 1, 2, 7, 100, full.stats.expanded - 1, full.stats.expanded):
        for solve in (ida_star, ida_star_md_compiled):
            r = solve(board, goal, max_expansions=cap)
            assert r.stats.expanded <= cap
            assert r.status == "solved" or r.limit == "max_expansions"
    assert ida_star_md_compiled(
        board, goal, linear_conflicts=False, max_expansions=full.stats.expanded
    ).solved


@pytest.mark.parametrize("cap", [1, 5, 50])
def test_npuzzle_astar_stores_at_most_one_expansion_past_max_nodes(cap: int) -> None:
    from searchlab.puzzles.npuzzle.board import goal_board, parse_tiles
    from searchlab.puzzles.npuzzle.pure_search import astar

    r = astar(parse_tiles("8 6 7 2 5 4 3 0 1"), goal_board(3), max_nodes=cap)
    assert r.limit == "max_nodes"
    # generated - duplicates bounds the states stored from above (a state reached again
    # by a shorter path is stored once), tightly on these small searches
    assert r.stats.generated - r.stats.duplicates <= cap + 4


def test_npuzzle_astar_max_nodes_stops_before_solving(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["npuzzle", "solve", "-a", "astar", "--tiles", "0 1 3 4 2 5 7 8 6", "--json"]
    assert main([*argv, "--max-nodes", "1"]) == 1
    assert '"limit":"max_nodes"' in capsys.readouterr().out


def test_hanoi_recursive_honours_limits(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    board = tmp_path / "tower.txt"
    board.write_text(families.get("hanoi").examples[0].text)
    fam = families.get("hanoi")
    n = len(fam.run(fam.read(board.read_text()), "recursive", None).actions)
    assert n > 1
    argv = ["solve", "hanoi", str(board), "-a", "recursive", "--json"]
    assert main([*argv, "--max-expansions", str(n - 1)]) == 1
    assert '"limit":"max_expansions"' in capsys.readouterr().out
    assert main([*argv, "--max-nodes", str(n)]) == 1
    assert '"limit":"max_nodes"' in capsys.readouterr().out
    assert main([*argv, "--max-expansions", str(n), "--max-nodes", str(n + 1)]) == 0
