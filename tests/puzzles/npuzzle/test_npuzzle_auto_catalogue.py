"""``auto`` with the zero-aware catalogue (``solvers._zero_ida_star``), its wiring checked
on 3x3 boards with a small catalogue in place of the 24-puzzle's (whose nine tables take
20 CPU minutes to build: docs/npuzzle.md measures them): optimal lengths against A*, every
answer replayed, the goal's frame (blank first or last), the automaton, a path that does
not replay healed by a search without tables, and what ``auto`` chooses."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from zpdb_helpers import views3

from searchlab.puzzles.npuzzle import solvers
from searchlab.puzzles.npuzzle.board import Board, goal_board
from searchlab.puzzles.npuzzle.fsm import build_fsm
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.pure_search import astar
from searchlab.puzzles.npuzzle.solvers import Search
from searchlab.puzzles.npuzzle.zpdb import View
from searchlab.search import SearchResult


def _members() -> list[list[View]]:
    """The 3x3 split and its reflection through the diagonal (the catalogue's shape)."""
    return [views3(False, True), views3(True, True)]


@pytest.fixture(scope="module")
def members() -> list[list[View]]:
    return _members()


@pytest.fixture
def catalogue(monkeypatch: pytest.MonkeyPatch, members: list[list[View]]) -> None:
    monkeypatch.setattr(solvers, "_catalogue", lambda build: members)
    stopped = SearchResult("idastar", "limit", limit="max_nodes")
    monkeypatch.setattr(solvers, "ida_star", lambda *a, **k: stopped)  # the compiled one answers


@pytest.mark.parametrize("blank", ["first", "last"])
@pytest.mark.parametrize("with_fsm", [False, True])
def test_optimal_and_replayed(
    catalogue: None, monkeypatch: pytest.MonkeyPatch, blank: str, with_fsm: bool
) -> None:
    fsm = build_fsm(8) if with_fsm else None
    monkeypatch.setattr(solvers, "automaton", lambda: fsm)
    goal = goal_board(3, blank=blank)
    rng = random.Random(7)
    for _ in range(12):
        board = random_instance(3, rng.randrange(8, 30), rng.randrange(10**6), goal=goal)
        result = solvers._zero_ida_star(board, goal)
        assert result.solved
        assert solvers.replays(board, goal, result)
        assert result.length == astar(board, goal).length
        if result.length:
            assert result.extra["partition"] == solvers.ZERO_NAME
            assert ("pruning" in result.extra) == with_fsm


def test_a_path_that_does_not_replay_is_healed(
    catalogue: None, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(solvers, "automaton", lambda: None)
    goal = goal_board(3, blank="first")
    board = random_instance(3, 20, 3, goal=goal)
    wrong = SearchResult("idastar", "solved", states=[board.tiles, goal.tiles], actions=["U"])

    real = solvers.python_then_compiled
    calls: list[int] = []

    def fake(
        python: Search | None, compiled: Search, limit: float | None
    ) -> tuple[SearchResult, bool]:
        calls.append(1)
        return (wrong, False) if len(calls) == 1 else real(python, compiled, limit)

    monkeypatch.setattr(solvers, "python_then_compiled", fake)
    checked: list[bool] = []
    monkeypatch.setattr(solvers, "_verify_catalogue", lambda: checked.append(True))
    result = solvers._zero_ida_star(board, goal)
    assert checked == [True]
    assert solvers.replays(board, goal, result)
    assert result.length == astar(board, goal).length
    err = capsys.readouterr().err
    assert "does not reach the goal" in err and err.count("\n") == 1


def test_auto_chooses_the_catalogue_only_where_it_is_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    goal5 = goal_board(5, blank="first")
    assert not solvers.catalogue_ready(goal_board(4))  # 4x4: additive 7-8
    assert not solvers.catalogue_ready(goal5)  # the test cache holds no table
    centre = Board(5, (1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 0, 13, 14, 15, 16, 17, 18, 19,
                       20, 21, 22, 23, 24))  # fmt: skip
    from searchlab.puzzles.npuzzle import pdb

    monkeypatch.setattr(pdb, "trusted", lambda path, rebuild, *a, **k: True)  # all cached
    assert solvers.catalogue_ready(goal5)
    assert not solvers.catalogue_ready(centre)  # the tables' goal: a corner blank
    assert solvers._auto_heuristic(5, "idastar", goal5, None) == ("zpdb", None)
    assert solvers._auto_heuristic(5, "idastar", goal5, "6-6-6-6") == ("pdb", "6-6-6-6")
    assert solvers._auto_heuristic(5, "astar", goal5, None)[0] == "manhattan"


def test_prepare_auto_builds_what_auto_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    """On 5x5 the tables built are exactly those the catalogue's members read, each also
    by cell digits, then the automaton; on 4x4 the 7-8 databases and the automaton (builds
    recorded, not run)."""
    import numpy as np

    from searchlab.puzzles.npuzzle import fsm, zpdb, zpdb_radix
    from searchlab.puzzles.npuzzle.catalogues import auto_members

    asked: list[tuple[int, ...]] = []
    radix: list[tuple[int, ...]] = []

    def load(size: int, pattern: tuple[int, ...], *_: object, **__: object) -> np.ndarray:
        asked.append(tuple(pattern))
        return np.zeros((zpdb.entries(size, len(pattern)) + 1) // 2, np.uint8)

    def load_radix(size: int, pattern: tuple[int, ...], *_: object, **__: object) -> np.ndarray:
        radix.append(tuple(pattern))
        return np.zeros(1, np.uint8)

    automata: list[bool] = []
    monkeypatch.setattr(zpdb, "load_zpdb", load)
    monkeypatch.setattr(zpdb_radix, "load_radix", load_radix)
    monkeypatch.setattr(fsm, "load_fsm", lambda build=True: automata.append(build))
    monkeypatch.setattr(solvers, "prepare_databases", lambda goal, p, *_: [(7, 8)])
    titles: list[tuple[int, int]] = []
    name, patterns = solvers.prepare_auto(
        goal_board(5, blank="last"), None, lambda i, n, p: titles.append((i, n))
    )
    assert name == solvers.ZERO_NAME and automata == [True]
    assert asked == patterns and titles == [(i + 1, len(patterns)) for i in range(len(patterns))]
    assert radix == patterns
    asked.clear()
    auto_members(build=False)
    assert set(asked) == set(patterns)
    assert solvers.prepare_auto(goal_board(4), None) == ("7-8", [(7, 8)])
    assert automata == [True, True]


def test_a_table_gone_since_it_was_found_falls_back(monkeypatch: pytest.MonkeyPatch) -> None:
    """catalogue_ready looks at the files only; if a table cannot be read when the search
    needs it, the compiled search with linear conflict answers (no table, no error)."""
    monkeypatch.setattr(solvers, "_catalogue", lambda build: None)
    stopped = SearchResult("idastar", "limit", limit="max_nodes")
    monkeypatch.setattr(solvers, "ida_star", lambda *a, **k: stopped)
    goal = goal_board(3, blank="first")
    board = random_instance(3, 22, 5, goal=goal)
    result = solvers._zero_ida_star(board, goal)
    assert solvers.replays(board, goal, result)
    assert result.length == astar(board, goal).length
    assert "partition" not in result.extra and result.extra["heuristic"] == "linear_conflict"


def test_the_tables_by_cell_digits_are_read_when_cached(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:  # fmt: skip
    """``auto`` reads the catalogue's tables by cell digits when they are cached, and the
    dense ones alone when they are not (a cache built before the layout existed); a dense
    table missing is no catalogue at all."""
    from searchlab.puzzles.npuzzle import catalogues
    from searchlab.puzzles.npuzzle.zpdb import views
    from searchlab.puzzles.npuzzle.zpdb_radix import load_radix

    split = ((1, 2, 3, 4), (5, 6, 7, 8))
    members = [views(3, split, False, tmp_path), views(3, split, True, tmp_path)]
    monkeypatch.setattr(catalogues, "auto_members", lambda directory=None, build=False: members)
    monkeypatch.setattr("searchlab.puzzles.npuzzle.zpdb.cache_dir", lambda: tmp_path)
    got = solvers._catalogue(build=False)
    assert got is members  # no table by cell digits cached: the dense ones
    for p in split:
        load_radix(3, p, 0, tmp_path)
    got = solvers._catalogue(build=False)
    assert got is not None and all(v.radix is not None for m in got for v in m)

    def gone(directory: object = None, build: bool = False) -> list[list[object]]:
        raise FileNotFoundError("a table")

    monkeypatch.setattr(catalogues, "auto_members", gone)
    assert solvers._catalogue(build=False) is None
