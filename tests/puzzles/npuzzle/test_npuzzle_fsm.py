"""The duplicate-pruning automaton (Korf & Taylor 1996): its strings are true duplicates,
its tree still reaches every state at its exact distance (exhaustively on small boards),
the compiled search stepping it counts the nodes of an independent Python IDA*, and its
solutions are optimal and replay; the cached table is checked when read."""

from __future__ import annotations

import random
from collections import deque
from pathlib import Path

import numpy as np
import pytest

from searchlab.puzzles.npuzzle import fsm, goal_board
from searchlab.puzzles.npuzzle.board import Board, apply_move, apply_moves, legal_moves
from searchlab.puzzles.npuzzle.heuristics import manhattan
from searchlab.puzzles.npuzzle.kernel_md import ida_star_md_compiled
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pure_search import ida_star

DEPTH = 10
"""Strings of up to 10 moves: a table built in about a second (the shipped one is longer)."""


@pytest.fixture(scope="module")
def strings() -> list[tuple[int, ...]]:
    return fsm.forbidden_strings(DEPTH)


@pytest.fixture(scope="module")
def table(strings: list[tuple[int, ...]]) -> np.ndarray:
    return fsm.compile_fsm(strings)


def _blank_moves(size: int, blank: int) -> list[tuple[int, int]]:
    """(automaton move, the blank's new cell) from ``blank``, in the order U, L, R, D."""
    r, c = divmod(blank, size)
    out = []
    for m, (dr, dc) in enumerate(fsm.STEP):
        rr, cc = r + dr, c + dc
        if 0 <= rr < size and 0 <= cc < size:
            out.append((m, rr * size + cc))
    return out


def _slide(tiles: tuple[int, ...], blank: int, nb: int) -> tuple[int, ...]:
    t = list(tiles)
    t[blank], t[nb] = t[nb], 0
    return tuple(t)


def _effect(moves: tuple[int, ...], size: int = 19) -> tuple[int, frozenset[tuple[int, int]]]:
    """The blank's end cell and where each tile is, on a ``size`` board (the blank in the
    middle, tile ``c`` on cell ``c``; tiles left in place not listed) after ``moves``."""
    blank = size * size // 2
    on = {blank: -1}
    for m in moves:
        dr, dc = fsm.STEP[m]
        nb = blank + dr * size + dc
        on[blank] = on.get(nb, nb)
        on[nb] = -1
        blank = nb
    return blank, frozenset((c, t) for c, t in on.items() if c != t)


def _cells(moves: tuple[int, ...], size: int = 19) -> set[int]:
    blank = size * size // 2
    seen = {blank}
    for m in moves:
        dr, dc = fsm.STEP[m]
        blank += dr * size + dc
        seen.add(blank)
    return seen


def test_forbidden_strings_are_duplicates_of_smaller_strings_inside_them() -> None:
    """Each forbidden string has a smaller string (shorter, or as long and first in
    U < L < R < D) with the same effect on a plain board visiting no other cell; none
    contains another; the four that undo a move are there."""
    strings = fsm.forbidden_strings(8)
    assert {(0, 3), (3, 0), (1, 2), (2, 1)} <= set(strings)
    every = _all_strings(8)
    effects = {t: _effect(t) for t in every}
    for s in strings:
        inner = {s[i:j] for i in range(len(s)) for j in range(i + 1, len(s) + 1)} - {s}
        assert not inner & set(strings)
        cells = _cells(s)
        witness = [t for t in every if (len(t), t) < (len(s), s) and effects[t] == _effect(s)]
        assert any(_cells(t) <= cells for t in witness), s


def _all_strings(length: int) -> list[tuple[int, ...]]:
    out: list[tuple[int, ...]] = [()]
    every: list[tuple[int, ...]] = [()]
    for _ in range(length):
        out = [(*s, m) for s in out for m in range(4) if not s or m != 3 - s[-1]]
        every += out
    return every


def test_compiled_automaton_prunes_exactly_the_paths_ending_in_a_forbidden_string(
    table: np.ndarray, strings: list[tuple[int, ...]]
) -> None:
    forbidden = set(strings)
    rng = random.Random(5)
    for _ in range(1000):
        path = [rng.randrange(4) for _ in range(rng.randrange(1, 16))]
        state = 0
        for k, m in enumerate(path):
            state = int(table[state, m])
            done = tuple(path[: k + 1])
            ends = any(done[i:] in forbidden for i in range(len(done)))
            assert (state < 0) == ends
            if state < 0:
                break
    assert fsm.valid_table(table)


def test_parent_table_prunes_the_move_back_only() -> None:
    table = fsm.parent_table()
    assert fsm.valid_table(table)
    assert fsm.allowed_moves(table, 0) == ["U", "L", "R", "D"]
    assert fsm.allowed_moves(table, 1 + 0) == ["U", "L", "R"]  # after U, no D


def _bfs(size: int, start: tuple[int, ...], depth: int) -> dict[tuple[int, ...], int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        s = queue.popleft()
        if dist[s] == depth:
            continue
        b = s.index(0)
        for _, nb in _blank_moves(size, b):
            t = _slide(s, b, nb)
            if t not in dist:
                dist[t] = dist[s] + 1
                queue.append(t)
    return dist


def _fsm_tree(
    size: int, start: tuple[int, ...], depth: int, table: np.ndarray
) -> tuple[dict[tuple[int, ...], int], int]:
    """Every state of the automaton's tree down to ``depth``, at its least depth; and
    the tree's size."""
    least: dict[tuple[int, ...], int] = {}
    nodes = 0
    stack = [(start, 0, 0)]
    while stack:
        s, g, q = stack.pop()
        nodes += 1
        least[s] = min(least.get(s, g), g)
        if g == depth:
            continue
        b = s.index(0)
        for m, nb in _blank_moves(size, b):
            q2 = int(table[q, m])
            if q2 >= 0:
                stack.append((_slide(s, b, nb), g + 1, q2))
    return least, nodes


@pytest.mark.parametrize(("size", "depth"), [(3, 17), (4, 11)])
def test_the_pruned_tree_reaches_every_state_at_its_distance(
    table: np.ndarray, size: int, depth: int
) -> None:
    """On the 8-puzzle (to depth 17) and the 15-puzzle (to depth 11), from starts with the
    blank in a corner, on an edge and inside: the automaton's tree holds exactly the
    states within ``depth``, each first at its exact distance, in fewer nodes than the
    tree with the parent's move pruned alone."""
    for blank in {0, 1, size + 1}:
        tiles = list(range(1, size * size))
        tiles.insert(blank, 0)
        start = tuple(tiles)
        dist = _bfs(size, start, depth)
        least, nodes = _fsm_tree(size, start, depth, table)
        assert least == dist
        _, plain = _fsm_tree(size, start, depth, fsm.parent_table())
        assert nodes < plain


def reference_ida(start: Board, goal: Board, table: np.ndarray) -> tuple[int, int, int, list[int]]:
    """A plain recursive IDA* with Manhattan distance stepping ``table`` (independent of
    the compiled kernel): generated (the root once), expanded, iterations, and the blank's
    cells along the solution."""
    n = start.size
    tiles = list(start.tiles)
    counts = {"generated": 1, "expanded": 0}
    path: list[int] = []

    def h() -> int:
        return manhattan(Board(n, tuple(tiles)), goal)

    def dfs(g: int, q: int, bound: int) -> int | None:
        """None when found, else the least f above the bound."""
        counts["expanded"] += 1
        best = 1 << 30
        b = tiles.index(0)
        for m, nb in _blank_moves(n, b):
            q2 = int(table[q, m])
            if q2 < 0:
                continue
            counts["generated"] += 1
            tiles[b], tiles[nb] = tiles[nb], 0
            hv = h()
            if hv == 0:
                path.append(nb)
                return None
            f = g + 1 + hv
            if f <= bound:
                path.append(nb)
                got = dfs(g + 1, q2, bound)
                if got is None:
                    return None
                path.pop()
                f = got
            best = min(best, f)
            tiles[nb], tiles[b] = tiles[b], 0
        return best

    bound = h()
    iterations = 1
    while bound and (nxt := dfs(0, 0, bound)) is not None:
        bound = nxt
        iterations += 1
    return counts["generated"], counts["expanded"], iterations, path


def test_compiled_counts_equal_python_reference(table: np.ndarray) -> None:
    """Compiled IDA* (Manhattan) with the automaton against the reference above: the same
    nodes, expansions, iterations and solution on random 8- and 15-puzzle boards; each
    solution replays to the goal and is as long as the unpruned search's."""
    rng = random.Random(11)
    for size, walk in ((3, 60), (3, 200), (4, 36), (4, 44)):
        goal = goal_board(size, "first")
        for _ in range(4):
            board = goal
            for _ in range(walk):
                board = apply_move(board, rng.choice(legal_moves(board)))
            got = ida_star_md_compiled(board, goal, linear_conflicts=False, fsm=table)
            generated, expanded, iterations, cells = reference_ida(board, goal, table)
            stats = got.stats
            assert (stats.generated, stats.expanded, stats.iterations) == (
                generated,
                expanded,
                iterations,
            )
            assert [s.index(0) for s in got.states[1:]] == cells
            assert apply_moves(board, list(got.actions))[-1] == goal
            assert got.length == ida_star(board, goal).length


def test_korf_sample_optimal_with_fewer_nodes(table: np.ndarray) -> None:
    """The ten of Korf's 100 with the fewest Manhattan nodes: the published lengths, the
    solutions replayed, fewer nodes than Korf's pruning alone (all 100 in
    ``benchmarks/npuzzle_fsm.py``)."""
    for inst in sorted(korf_instances(), key=lambda k: k.ida_md_nodes)[:10]:
        got = ida_star_md_compiled(inst.board, KORF_GOAL, linear_conflicts=False, fsm=table)
        assert got.length == inst.optimal_length
        assert apply_moves(inst.board, list(got.actions))[-1] == KORF_GOAL
        assert got.stats.generated < inst.ida_md_nodes


def test_load_fsm_caches_checks_and_heals(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    assert fsm.load_fsm(8, build=False) is None
    built = fsm.load_fsm(8)
    assert built is not None
    path = fsm.fsm_path(8)
    assert path.exists() and Path(str(path) + ".sum").exists()

    def refuse(*_: object) -> None:
        raise AssertionError("rebuilt a sound table")

    monkeypatch.setattr(fsm, "build_fsm", refuse)
    again = fsm.load_fsm(8)
    assert again is not None and np.array_equal(again, built)
    data = bytearray(path.read_bytes())
    data[-1] ^= 0xFF  # a flipped bit in the last transition
    path.write_bytes(bytes(data))
    monkeypatch.undo()
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    assert fsm.load_fsm(8, build=False) is None
    assert "checksum" in capsys.readouterr().err
    healed = fsm.load_fsm(8)
    assert healed is not None and np.array_equal(healed, built)


def test_depth_bounds() -> None:
    with pytest.raises(ValueError, match="2 to 13"):
        fsm.build_fsm(1)
