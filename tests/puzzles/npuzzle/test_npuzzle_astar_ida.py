"""A*+IDA* (:mod:`searchlab.puzzles.npuzzle.astar_ida`) against the compiled IDA* of the
same catalogue (:func:`~searchlab.puzzles.npuzzle.kernel_zpdb.ida_star_zero`, itself
checked against a plain Python IDA*): with a budget of at most four stored nodes the same
nodes, expansions, iterations and solution; with larger budgets a solution of the same
(optimal) length; every solution replayed; with Korf's pruning and with the automaton.
Also the case the automaton's restart below a frontier node is for: the solution found
below a frontier node that lies on IDA*'s solution (the optimal one first in the move
order) but that A* reached by another path."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest
from zpdb_helpers import views3, walks3

from searchlab.puzzles.npuzzle import fsm, goal_board
from searchlab.puzzles.npuzzle.astar_ida import (
    Checkpoint,
    _pack,
    _unpack,
    astar_ida_zero,
    root_rows,
)
from searchlab.puzzles.npuzzle.board import Board
from searchlab.puzzles.npuzzle.instances import random_instance
from searchlab.puzzles.npuzzle.kernel_zpdb import ida_star_zero
from searchlab.puzzles.npuzzle.korf import KORF_GOAL
from searchlab.puzzles.npuzzle.partitions import PARTITIONS
from searchlab.puzzles.npuzzle.solvers import replays
from searchlab.puzzles.npuzzle.zpdb import View, value, views
from searchlab.puzzles.npuzzle.zpdb_bits import bit_views

GOAL3 = goal_board(3, "first")


@pytest.fixture(scope="module")
def automaton() -> np.ndarray:
    return fsm.compile_fsm(fsm.forbidden_strings(8))


@pytest.fixture(scope="module")
def members4(tmp_path_factory: pytest.TempPathFactory) -> list[list[View]]:
    where = tmp_path_factory.mktemp("zpdb")
    part = PARTITIONS["3-3-3-3-3"]
    return [views(4, part, False, where), views(4, part, True, where)]


def _blanks(result: object) -> list[int]:
    return [s.index(0) for s in result.states[1:]]  # type: ignore[attr-defined]


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_3x3_optimal_and_ida_star_at_budget_four(automaton: np.ndarray, pruning: str) -> None:
    auto = automaton if pruning == "fsm" else None
    cats = [[views3(False, True)], [views3(False, False), views3(True, True)]]
    for board in walks3(random.Random(11), 12):
        for members in cats:
            ref = ida_star_zero(board, GOAL3, members, fsm=auto)
            for cap in (0, 1, 4, 5, 9, 30, 200, 100_000):
                got, parts = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=auto)
                assert got.status == "solved" and replays(board, GOAL3, got)
                assert got.length == ref.length
                assert parts.stored <= max(cap, 1)
                assert parts.astar_generated + parts.dfs_generated == got.stats.generated
                if cap <= 4:
                    assert (got.stats.generated, got.stats.expanded, got.stats.iterations) == (
                        ref.stats.generated, ref.stats.expanded, ref.stats.iterations,
                    )  # fmt: skip
                    assert got.states == ref.states


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_4x4_optimal(members4: list[list[View]], automaton: np.ndarray, pruning: str) -> None:
    auto = automaton if pruning == "fsm" else None
    for seed in (1, 2, 3):
        board = random_instance(4, 34, seed=seed, goal=KORF_GOAL)
        ref = ida_star_zero(board, KORF_GOAL, members4, fsm=auto)
        got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=1, fsm=auto)
        assert got.stats.generated == ref.stats.generated and got.states == ref.states
        for cap in (50, 2_000, 40_000):
            got, parts = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=cap, fsm=auto)
            assert got.status == "solved" and replays(board, KORF_GOAL, got)
            assert got.length == ref.length
            assert parts.frontier <= parts.stored <= cap


def test_a_run_resumed_from_a_checkpoint_equals_one_never_interrupted(
    members4: list[list[View]], automaton: np.ndarray
) -> None:
    """From any checkpoint (taken during a frontier node's search or between two), and
    after a run stopped by a limit, the resumed run generates the same nodes, expansions,
    iterations and solution; its iterations report what the whole run's did."""
    board = random_instance(4, 50, seed=3, goal=KORF_GOAL)
    marks: list[Checkpoint] = []
    iters: list[tuple[int, int]] = []
    whole, _ = astar_ida_zero(
        board, KORF_GOAL, members4, astar_nodes=2000, fsm=automaton,
        on_checkpoint=marks.append, on_iteration=lambda t, n: iters.append((t, n)),
    )  # fmt: skip
    assert whole.status == "solved" and len(marks) >= 6 and len(iters) >= 2
    want = (whole.stats.generated, whole.stats.expanded, whole.stats.iterations, whole.states)
    for c in [*marks[:: len(marks) // 5], marks[-1]]:
        seen: list[tuple[int, int]] = []

        def note(t: int, n: int, out: list[tuple[int, int]] = seen) -> None:
            out.append((t, n))

        got, parts = astar_ida_zero(
            board, KORF_GOAL, members4, astar_nodes=2000, fsm=automaton, resume=c,
            on_iteration=note,
        )  # fmt: skip
        assert (got.stats.generated, got.stats.expanded, got.stats.iterations, got.states) == want
        assert seen == iters[c.iterations - 1 :]
        assert parts.astar_generated + parts.dfs_generated == got.stats.generated
    last: list[Checkpoint] = []
    cut, _ = astar_ida_zero(
        board, KORF_GOAL, members4, astar_nodes=2000, fsm=automaton,
        on_checkpoint=last.append, max_nodes=whole.stats.generated // 2,
    )  # fmt: skip
    assert cut.status == "limit" and last
    again, _ = astar_ida_zero(
        board, KORF_GOAL, members4, astar_nodes=2000, fsm=automaton, resume=last[-1]
    )  # fmt: skip
    assert (again.stats.generated, again.stats.expanded, again.stats.iterations) == want[:3]
    assert replays(board, KORF_GOAL, again)
    with pytest.raises(ValueError, match="another frontier"):
        astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=1000, resume=marks[0])


def test_a_frontier_node_reached_by_another_path(automaton: np.ndarray) -> None:
    """Boards where the solution is found below a frontier node on IDA*'s solution (the
    optimal one first in the move order) whose A* path is not that solution's prefix:
    there the automaton restarted (not continued from A*'s path) keeps the solution."""
    members = [views3(False, True), views3(True, True)]
    seen = 0
    for board in walks3(random.Random(5), 60):
        ref = ida_star_zero(board, GOAL3, members, fsm=automaton)
        cells = [board.blank, *_blanks(ref)]
        ref_states = ref.states
        for cap in (9, 20, 40, 80):
            got, parts = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=automaton)
            assert got.length == ref.length and replays(board, GOAL3, got)
            k = len(parts.frontier_path)
            if parts.found_rank < 0 or k == 0:
                continue
            on_ida = got.states[k] == ref_states[k]
            if on_ida and list(parts.frontier_path) != cells[1 : k + 1]:
                seen += 1
    assert seen > 0


def test_pack_round_trip() -> None:
    rng = random.Random(3)
    for cells in (9, 16, 25):
        for _ in range(50):
            labels = list(range(cells))
            rng.shuffle(labels)
            board = np.array(labels, dtype=np.uint8)
            out = np.zeros(cells, dtype=np.uint8)
            k0, k1 = _pack(board, cells)
            assert _unpack(k0, k1, cells, out) == labels.index(0)
            assert out.tolist() == labels


def test_root_rows_forbid_one_move_each(automaton: np.ndarray) -> None:
    rows = root_rows(automaton)
    s = len(automaton)
    assert (rows[:s] == automaton).all()
    for d in range(4):
        assert rows[s + d, d] == -1
        assert all(rows[s + d, j] == automaton[0, j] for j in range(4) if j != d)


def test_limits_and_bad_input(members4: list[list[View]], tmp_path: Path) -> None:
    board = random_instance(4, 40, seed=3, goal=KORF_GOAL)
    got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=1000, max_nodes=70_000)
    assert got.status == "limit" and got.limit == "max_nodes"
    got, _ = astar_ida_zero(board, KORF_GOAL, members4, astar_nodes=10**6, max_nodes=30_000)
    assert got.status == "limit"
    assert astar_ida_zero(KORF_GOAL, KORF_GOAL, members4, astar_nodes=10)[0].length == 0
    with pytest.raises(ValueError):
        astar_ida_zero(board, Board(4, (*range(1, 16), 0)), members4, astar_nodes=10)
    one = [bit_views(4, PARTITIONS["3-3-3-3-3"], False, tmp_path)]
    with pytest.raises(ValueError):
        astar_ida_zero(board, KORF_GOAL, one, astar_nodes=10)


STEP = ((-1, 0), (0, -1), (0, 1), (1, 0))  # the automaton's moves: up, left, right, down


def reference(
    start: Board, members: list[list[View]], table: np.ndarray, cap: int, carry: bool = False
) -> tuple[int, int | None]:  # fmt: skip
    """A plain Python A*+IDA* written from the paper (Bu & Korf 2019), independent of the
    compiled one: A* (heap of ``(f, h, node)``, the move back to a node's A* parent not
    generated) until one more expansion could store more than ``cap`` nodes, then the
    iterations over the frontier in increasing ``(f, h, board)`` (the board read as a
    number), a recursive bounded search
    below each node stepping the automaton ``table`` (restarted with only the move back to
    the A* parent forbidden or, ``carry``, continued from A*'s path, which no argument
    shows sound: tried on 1,350 runs on 8-puzzle boards with the 10-move automaton, it
    never lost the optimal length, docs/npuzzle.md). Returns the nodes generated and the
    solution's length (None: none found)."""
    import heapq

    n = start.size

    def hval(tiles: tuple[int, ...]) -> list[int]:
        where = [0] * (n * n)
        for c, t in enumerate(tiles):
            where[t] = c
        return [sum(value(v, where, where[0]) for v in m) for m in members]

    def kids(tiles: tuple[int, ...]) -> list[tuple[int, int, tuple[int, ...]]]:
        b = tiles.index(0)
        r, c = divmod(b, n)
        out = []
        for m, (dr, dc) in enumerate(STEP):
            if 0 <= r + dr < n and 0 <= c + dc < n:
                nb = (r + dr) * n + c + dc
                t = list(tiles)
                t[b], t[nb] = t[nb], 0
                out.append((m, nb, tuple(t)))
        return out

    nodes = [start.tiles]
    g, h, parent, pcell, pmove = [0], [max(hval(start.tiles))], [-1], [-1], [-1]
    closed = [False]
    index = {start.tiles: 0}
    heap = [(h[0], h[0], 0)]
    generated = 1
    while heap:
        f, _, x = heapq.heappop(heap)
        if closed[x] or f != g[x] + h[x]:
            continue
        if h[x] == 0:
            return generated, g[x]
        if len(nodes) + 4 > cap:
            heapq.heappush(heap, (f, h[x], x))
            break
        closed[x] = True
        for m, nb, t in kids(nodes[x]):
            if nb == pcell[x]:
                continue
            generated += 1
            y = index.get(t)
            if y is not None:
                if not closed[y] and g[y] > g[x] + 1:
                    g[y], parent[y], pcell[y], pmove[y] = g[x] + 1, x, nodes[x].index(0), m
                    heapq.heappush(heap, (g[y] + h[y], h[y], y))
                continue
            y = len(nodes)
            index[t] = y
            nodes.append(t)
            g.append(g[x] + 1)
            h.append(max(hval(t)))
            parent.append(x)
            pcell.append(nodes[x].index(0))
            pmove.append(m)
            closed.append(False)
            heapq.heappush(heap, (g[y] + h[y], h[y], y))

    def key(x: int) -> int:  # ties: the board as a base-32 number, cell 0 the lowest digit
        return sum(t << (5 * c) for c, t in enumerate(nodes[x][:-1]))

    frontier = [
        (f, hx, x)
        for f, hx, _, x in sorted(
            (g[x] + h[x], h[x], key(x), x) for x in range(len(nodes)) if not closed[x]
        )
    ]
    rows = root_rows(table)

    def state(x: int) -> int:
        if not carry:
            return 0 if parent[x] < 0 else len(table) + 3 - pmove[x]
        moves = []
        while parent[x] >= 0:
            moves.append(pmove[x])
            x = parent[x]
        q = 0
        for m in reversed(moves):
            q = int(rows[q, m])
        return q

    count = [generated]
    found = [0]

    def dfs(tiles: tuple[int, ...], depth: int, q: int, bound: int) -> int | None:
        best = 1 << 30
        for m, _, t in kids(tiles):
            q2 = int(rows[q, m])
            if q2 < 0:
                continue
            count[0] += 1
            ss = hval(t)
            cut = next((depth + 1 + s for s in ss if depth + 1 + s > bound), None)
            if cut is None and max(ss) == 0:
                found[0] = depth + 1
                return None
            if cut is None:
                got = dfs(t, depth + 1, q2, bound)
                if got is None:
                    return None
                cut = got
            best = min(best, cut)
        return best

    threshold = frontier[0][0]
    while True:
        nxt = 1 << 30
        for f, hx, x in frontier:
            if f > threshold:
                nxt = min(nxt, f)
                break
            if hx == 0:
                return count[0], g[x] + 0
            got = dfs(nodes[x], 0, state(x), threshold - g[x])
            if got is None:
                return count[0], g[x] + found[0]
            nxt = min(nxt, got + g[x])
        if nxt >= 1 << 30:
            return count[0], None
        threshold = nxt


@pytest.mark.parametrize("pruning", ["parent", "fsm"])
def test_3x3_nodes_equal_the_reference(automaton: np.ndarray, pruning: str) -> None:
    """The compiled A*+IDA* generates exactly the Python reference's nodes."""
    auto = automaton if pruning == "fsm" else None
    table = automaton if pruning == "fsm" else fsm.parent_table()
    members = [views3(False, True), views3(True, True)]
    for board in walks3(random.Random(23), 8):
        for cap in (5, 9, 30, 200, 10_000):
            got, _ = astar_ida_zero(board, GOAL3, members, astar_nodes=cap, fsm=auto)
            assert (got.stats.generated, got.length) == reference(board, members, table, cap)
