"""The seed's model through the generic engine, its heuristics and the comparison."""

from __future__ import annotations

import math

from searchlab.puzzles.peg import PegProblem, compare, get_board, render_svg, render_text
from searchlab.search import audit_heuristic, solve


def test_engine_solves_triangle5() -> None:
    board = get_board("triangle5")
    for algorithm in ("dfs", "astar", "idastar"):
        r = solve(
            PegProblem(board, board.start(), None, heuristic="pagoda"), algorithm, time_limit=30
        )
        assert r.solved and r.length == 13


def test_heuristic_audit() -> None:
    board = get_board("triangle5")
    target = 1 << board.hole("a1")
    pegs = audit_heuristic(PegProblem(board, board.start(), target, heuristic="pegs"))
    assert pegs.admissible
    pagoda = audit_heuristic(PegProblem(board, board.start(), target, heuristic="pagoda"))
    assert pagoda.admissible


def test_pagoda_heuristic_flags_dead_positions() -> None:
    board = get_board("english")
    target = 1 << board.hole("d4")
    far = board.position([board.hole("c1"), board.hole("e1")])
    assert PegProblem(board, far, target, heuristic="pagoda").heuristic(far) == math.inf


def test_symmetry_key_merges_mirror_images() -> None:
    board = get_board("english")
    p = PegProblem(board, board.start(), None, symmetry=True)
    a = board.start(["d4", "d2"])
    b = board.start(["d4", "b4"])
    assert p.key(a) == p.key(b)


def test_compare_rows_stop_cleanly() -> None:
    board = get_board("english")
    rows = compare(board, board.start(), 1 << board.hole("d4"), max_expansions=300, time_limit=5)
    assert rows[0].algorithm == "BFS"
    assert rows[-1].algorithm == "searchlab fast solver" and rows[-1].found
    assert all(r.found or r.stop.startswith("limit") for r in rows)


def test_rendering() -> None:
    board = get_board("english")
    text = render_text(board, board.start())
    assert text.splitlines()[0] == "    o o o" and text.count("o") == 32
    svg = render_svg(board, board.start())
    assert svg.startswith("<svg") and svg.count("<circle") == 33 + 32
    assert "<svg" in board._repr_svg_()
    tri = render_text(get_board("triangle4"), get_board("triangle4").start())
    assert tri.splitlines()[0] == "   ."
