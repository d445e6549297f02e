"""The pure-Python optimal searches: A* on packed ints and IDA* with incremental heuristics
(their compiled counterparts are :mod:`.kernel` and :mod:`.kernel_md`).

Both take a solvable ``start`` and ``goal`` (check with
:func:`~searchlab.puzzles.npuzzle.solvability.is_solvable` first, as
:func:`~searchlab.puzzles.npuzzle.solvers.solve_board` does) and return an
engine :class:`~searchlab.search.SearchResult` whose ``states`` are row-major
tuples, start first, and whose ``actions`` are the blank moves ``U D L R``.

Performance tricks, named where they live:

- **relabelled tiles**: every tile is renamed by its goal cell, so heuristic
  tables are indexed by (tile, cell) for any goal layout;
- **packed states** (:func:`astar`): a board is one int, 4 (or 5) bits per
  cell; a move is two additions, and the blank cell travels with the state;
- **incremental heuristics**: a move changes one tile's cell, so Manhattan
  changes by a table entry ``delta[tile, from, to]`` and each pattern
  database index by ``(to - from) * cells**i`` (see :mod:`.pdb`);
- **precomputed move tables** in Korf's order (up, left, right, down) without
  undoing the previous move, and **no per-node allocation** in IDA*: one
  board list updated in place and restored on backtrack;
- **reflection** (Korf & Felner 2002): with the blank's goal on the main
  diagonal, the transposed board has the same distance, so the heuristic is
  the max of the database values of the board and of its mirror;
- **one recursion per heuristic**: :func:`_manhattan_search`, :func:`_pdb_search`,
  :func:`_pdb_search_any` and :func:`_ranked_search` each write out the same loop
  (skip the parent, count the child, prune on ``f``, descend, restore) around their own
  heuristic update, on purpose: in pure Python a shared loop calling the heuristic
  would cost a call per child, the largest cost of the search. What they share is
  built once (:class:`_Walk`, :func:`_delta_tables`, :func:`next_pause`).
"""

from __future__ import annotations

import heapq
import math
from collections.abc import Callable, Sequence
from typing import Unpack

from searchlab.search import SearchResult, SearchStats
from searchlab.search.limits import Budget
from searchlab.search.options import LimitOptions, limit_budget
from searchlab.search.result import LimitName

from .board import Board, neighbours
from .heuristics import goal_positions
from .pdb_index import ESCAPE, NIBBLE, layout, read3, table_format

Table = bytes | memoryview
"""A pattern database: one byte per index (a memory view of a memory-mapped file)."""

ProgressFn = Callable[[SearchStats], None]

_DIRS = {-1: "L", 1: "R"}


def _move_name(size: int, frm: int, to: int) -> str:
    d = to - frm
    if d == -size:
        return "U"
    if d == size:
        return "D"
    return _DIRS[d]


def _result(
    name: str,
    start: Board,
    blanks: Sequence[int] | None,
    stats: SearchStats,
    budget: Budget,
    limit: LimitName | None,
) -> SearchResult:
    budget.finish(stats)
    if blanks is None:
        if limit is None:
            return SearchResult(name, "no_solution", stats=stats)
        return SearchResult(name, "limit", stats=stats, limit=limit)
    tiles = list(start.tiles)
    states = [start.tiles]
    actions = []
    b = start.blank
    for nb in blanks:
        actions.append(_move_name(start.size, b, nb))
        tiles[b], tiles[nb] = tiles[nb], 0
        states.append(tuple(tiles))
        b = nb
    return SearchResult(name, "solved", actions, states, len(actions), stats)


def _tables(start: Board, goal: Board) -> tuple[list[int], list[int]]:
    """The start relabelled by goal cells, and the taxicab table ``md[label * C + cell]``."""
    n, cells = start.size, start.size * start.size
    where = goal_positions(goal)
    labels = [where[t] for t in start.tiles]
    md = [
        0 if lab == goal.blank else abs(lab // n - c // n) + abs(lab % n - c % n)
        for lab in range(cells)
        for c in range(cells)
    ]
    return labels, md


def astar(start: Board, goal: Board, **limits: Unpack[LimitOptions]) -> SearchResult:
    """A* with Manhattan distance on packed-int states (for the 8-puzzle and easy larger boards).

    Requires a solvable ``start``. Returns an optimal solution (Manhattan is
    consistent, so no state is reopened). Ties on ``f`` are broken towards the
    larger ``g`` (deepest first). Memory holds every generated state: use
    :func:`ida_star` beyond the 8-puzzle. Honours the engine's limits through a
    :class:`~searchlab.search.limits.Budget` (``time_limit``, ``max_expansions``,
    ``cancel``, ``progress``, checked every 1,024 expansions, one integer compare
    per expansion in between) and ``max_nodes`` stored states (checked sooner as it
    nears: at most one expansion's children, 4 states, are stored past it).
    Hart, Nilsson & Raphael (1968); AIMA 4th ed. Fig. 3.7 / §3.5.2.

    >>> from searchlab.puzzles.npuzzle.board import parse_tiles, goal_board
    >>> astar(parse_tiles("8 6 7 2 5 4 3 0 1"), goal_board(3)).length
    31
    """
    budget = limit_budget(limits)
    stats = SearchStats()
    cells = start.size * start.size
    bits = 4 if cells <= 16 else 5 if cells <= 32 else 6
    mask = (1 << bits) - 1
    labels, md = _tables(start, goal)
    gb = goal.blank
    nbrs = [[c for _, c in cs] for cs in neighbours(start.size)]
    # delta[(label * C + frm) * C + to]: change of Manhattan when `label` slides frm -> to
    delta = [
        md[lab * cells + to] - md[lab * cells + frm]
        for lab in range(cells)
        for frm in range(cells)
        for to in range(cells)
    ]
    state = 0
    for c, lab in enumerate(labels):
        state |= lab << (bits * c)
    goal_state = 0
    for c in range(cells):
        goal_state |= c << (bits * c)
    b0 = start.blank
    h0 = sum(md[lab * cells + c] for c, lab in enumerate(labels))
    # parent[state] = parent state (or -1); the blank cell is recomputed on the walk back
    parent: dict[int, int] = {state: -1}
    best_g: dict[int, int] = {state: 0}
    shift = 10
    heap: list[tuple[int, int, int]] = [((h0 << shift) | ((1 << shift) - 1), state, b0)]
    stats.generated = 1
    limit: LimitName | None = None
    found = -1

    def schedule() -> float:
        # The budget's checkpoint, brought forward so that no more than one
        # expansion's children (at most 4 states) are stored past ``max_nodes``.
        # Without a node cap there is nothing to bring forward (and inf // 4 is
        # NaN, which made max(1, ...) check the limits at every expansion).
        if budget.max_nodes == math.inf:
            return budget.next_check
        room = (int(budget.max_nodes) - len(best_g)) // 4
        return min(budget.next_check, stats.expanded + max(1, room))

    next_check = schedule()
    while heap:
        prio, s, b = heapq.heappop(heap)
        g = (1 << shift) - 1 - (prio & ((1 << shift) - 1))
        if best_g[s] != g:
            continue
        if s == goal_state:
            found = s
            break
        stats.expanded += 1
        if stats.expanded >= next_check:
            stats.max_frontier = max(stats.max_frontier, len(heap))
            limit = "max_nodes" if len(best_g) > budget.max_nodes else budget.check(stats)
            if limit is not None:
                break
            next_check = schedule()
        f = prio >> shift
        h = f - g
        g1 = g + 1
        base_b = b * bits
        for nb in nbrs[b]:
            lab = (s >> (bits * nb)) & mask
            child = s + ((lab - gb) << base_b) + ((gb - lab) << (bits * nb))
            old = best_g.get(child)
            stats.generated += 1
            if old is not None and old <= g1:
                stats.duplicates += 1
                continue
            best_g[child] = g1
            parent[child] = s
            h1 = h + delta[(lab * cells + nb) * cells + b]
            heapq.heappush(heap, (((g1 + h1) << shift) | ((1 << shift) - 1 - g1), child, nb))
    stats.max_frontier = max(stats.max_frontier, len(heap))
    if found < 0:
        return _result("astar", start, None, stats, budget, limit)
    chain = []
    s = found
    while s != -1:
        chain.append(s)
        s = parent[s]
    chain.reverse()
    blanks = []
    for s in chain[1:]:
        for c in range(cells):
            if (s >> (bits * c)) & mask == gb:
                blanks.append(c)
                break
    stats.max_depth = len(blanks)
    return _result("astar", start, blanks, stats, budget, limit)


class _Stop(Exception):
    """Raised inside the IDA* recursion when a limit is hit."""


class Counters:
    """The IDA* counters the recursive searches update in place.

    ``generated`` and ``expanded`` follow Korf's conventions (see :func:`ida_star`);
    ``next_check`` is the ``generated`` count at which the limits are next checked
    (one integer compare per expansion, the engine's trick). Slot attributes cost
    the same as list items in the inner loop (measured: benchmarks/korf100.py).
    """

    __slots__ = ("expanded", "generated", "next_check")

    def __init__(self, check_every: int) -> None:
        self.generated = 0
        self.expanded = 0
        self.next_check = check_every


class _Walk:
    """What the bounded searches of :func:`ida_star` share with it: the board's side ``n``,
    the blank's goal cell ``gb``, the start's ``labels`` (:func:`_tables`), the blank's
    ``moves`` from each cell (in Korf's order, each with its table offset), the ``board``
    of premultiplied labels they move tiles on, the ``counter``, the ``path`` of blank
    cells and ``check``, which checks the limits (raising :class:`_Stop`).

    A builder reads these once into local names, so its search reads them as closure
    variables, as fast as before (nothing is looked up on this object per node).
    """

    __slots__ = ("board", "check", "counter", "gb", "labels", "moves", "n", "path")

    def __init__(
        self,
        n: int,
        gb: int,
        labels: list[int],
        moves: list[tuple[tuple[int, int], ...]],
        board: list[int],
        counter: Counters,
        path: list[int],
        check: Callable[[], None],
    ) -> None:
        self.n, self.gb, self.labels, self.moves, self.board = n, gb, labels, moves, board
        self.counter, self.path, self.check = counter, path, check


def ida_star(
    start: Board,
    goal: Board,
    *,
    pdbs: Sequence[tuple[Sequence[int], Table]] | None = None,
    reflect: bool = True,
    dual: bool = False,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """IDA* with an incremental heuristic: Manhattan distance, or additive pattern databases.

    Requires a solvable ``start``. Returns an optimal solution with memory
    linear in its length. ``pdbs`` is a list of ``(pattern, table)`` pairs whose
    patterns (goal cells) partition the goal cells other than the blank's, with
    tables as built by :func:`~searchlab.puzzles.npuzzle.pdb.build_pdb` (as
    ``bytes`` or a memory view of the cached file); without it the heuristic is
    Manhattan distance. With ``reflect`` and the blank's goal cell on the main
    diagonal, the max of the board's and its transpose's values is used; with
    ``dual`` and ranked tables, also the dual lookup's (:func:`dual_lookup`; Felner
    et al. 2005), admissible for any blank cell and any goal with tables built from
    the goal with the blank anywhere (``blank=None`` in
    :func:`~searchlab.puzzles.npuzzle.kernel.build_ranked` or
    :func:`~searchlab.puzzles.npuzzle.pdb_build.build_packed`) and **not admissible**
    with the ranked tables :func:`~searchlab.puzzles.npuzzle.solvers.pattern_databases`
    ships, which are searched from the blank's goal region only (off by default: it
    costs more CPU than it saves).

    Counting follows Korf (1985): blank moves tried up, left, right, down,
    never undoing the previous move; ``generated`` counts every child produced
    and an iteration stops as soon as a
    goal is generated; the root counts once. With Manhattan distance this reproduces the node counts
    of Korf's Table 1. ``expanded`` counts nodes whose children were produced.
    The engine's limits (``time_limit``, ``max_expansions``, ``cancel``,
    ``progress``, through a :class:`~searchlab.search.limits.Budget`) and
    ``max_nodes`` (nodes generated) are checked about every 65,536 nodes
    (``max_nodes`` may overshoot by that much); ``max_expansions`` is exact
    (:func:`next_pause`).

    Complexity: O(b^d) time for branching factor ``b`` (about 2.13 on the
    15-puzzle) reduced by the heuristic; O(d) memory.
    Korf (1985), "Depth-first iterative-deepening: an optimal admissible tree
    search"; Korf & Felner (2002), "Disjoint pattern database heuristics".
    """
    budget = limit_budget(limits, stored_nodes=False)
    max_nodes = limits.get("max_nodes")
    stats = SearchStats()
    n = start.size
    cells = n * n
    c2 = cells * cells
    labels, md = _tables(start, goal)
    gb = goal.blank
    # Korf's order: up, left, right, down; offsets nb * C + b into per-label tables
    order = {"U": 0, "L": 1, "R": 2, "D": 3}
    moves: list[tuple[tuple[int, int], ...]] = []
    for b, cs in enumerate(neighbours(n)):
        ms = sorted(cs, key=lambda mc: order[mc[0]])
        moves.append(tuple((nb, nb * cells + b) for _, nb in ms))
    board = [lab * c2 for lab in labels]  # premultiplied labels: table index = L + nb*C + b
    blank0 = start.blank
    counter = Counters(_CHECK_EVERY)
    path: list[int] = []

    cap = budget.max_expansions

    def check() -> None:
        counter.next_check = next_pause(counter.generated, counter.expanded, cap, 0)
        stats.generated, stats.expanded = counter.generated, counter.expanded
        if max_nodes is not None and counter.generated >= max_nodes:
            raise _Stop("max_nodes")
        limit = budget.check(stats)
        if limit is not None:
            raise _Stop(limit)

    walk = _Walk(n, gb, labels, moves, board, counter, path, check)
    if pdbs is None:
        delta = [
            md[lab * cells + b] - md[lab * cells + nb]
            for lab in range(cells)
            for nb in range(cells)
            for b in range(cells)
        ]
        h_start = sum(md[lab * cells + c] for c, lab in enumerate(labels) if c != blank0)
        search, best = _manhattan_search(walk, delta)
        args: tuple[int, ...] = (h_start,)
    else:
        search, best, args, h_start = _pdb_search(walk, pdbs, reflect, dual)
    bound = h_start
    limit: LimitName | None = None
    solved = False
    try:
        while True:
            stats.iterations += 1
            if stats.iterations == 1:
                counter.generated += 1  # the root, counted once as in Korf (1985)
            if h_start and counter.expanded >= cap:
                raise _Stop("max_expansions")
            start_pause = next_pause(counter.generated, counter.expanded, cap, 1)
            counter.next_check = min(counter.next_check, start_pause)
            if h_start == 0 or search(blank0, -1, 0, bound, *args):
                solved = True
                break
            if best[0] >= _INF:
                break  # the space is exhausted: no solution
            bound, best[0] = best[0], _INF
    except _Stop as stop:
        limit = stop.args[0]
    stats.generated, stats.expanded = counter.generated, counter.expanded
    stats.max_depth = stats.max_frontier = bound
    return _result("idastar", start, path if solved else None, stats, budget, limit)


_INF = 1 << 30
_CHECK_EVERY = 1 << 16


def next_pause(generated: int, expanded: int, cap: float, extra: int) -> int:
    """The ``generated`` count past which IDA* next pauses to check its limits.

    Every :data:`_CHECK_EVERY` nodes, or sooner so that ``max_expansions`` (``cap``)
    is exact: the searches pause only on a descent into a child, and every descent
    adds at least one generated node before the child is expanded (``extra``: the
    root's expansion at an iteration's start, which follows no descent). So pausing
    once ``cap - expanded - extra`` more nodes are generated pauses at the latest
    at the descent after the cap-th expansion; the inner loop is unchanged (there
    are only a few more pauses as the cap nears).
    """
    left = _CHECK_EVERY if cap == math.inf else min(_CHECK_EVERY, int(cap) - expanded - extra)
    return generated + left - 1


def _mirror(n: int) -> Callable[[int], int]:
    return lambda c: (c % n) * n + c // n


def _groups(
    n: int, gb: int, pdbs: Sequence[tuple[Sequence[int], Table]], reflect: bool
) -> tuple[list[int], list[int], Callable[[int], int]]:
    """Group and radix weight of each label, and the reflection to use (identity if none)."""
    cells = n * n
    grp = [-1] * cells
    weight = [0] * cells
    for k, (pattern, _) in enumerate(pdbs):
        for i, c in enumerate(pattern):
            if grp[c] != -1:
                raise ValueError(f"goal cell {c} is in two patterns")
            grp[c], weight[c] = k, cells**i
    missing = [c for c in range(cells) if c != gb and grp[c] == -1]
    if missing or grp[gb] != -1:
        raise ValueError("the patterns must partition the goal cells other than the blank's")
    mirror = _mirror(n)
    m = mirror if reflect and mirror(gb) == gb else (lambda c: c)
    return grp, weight, m


Search = Callable[..., bool]


def _manhattan_search(walk: _Walk, delta: list[int]) -> tuple[Search, list[int]]:
    """The recursive bounded DFS with incremental Manhattan distance."""
    moves, board, counter, path, check = walk.moves, walk.board, walk.counter, walk.path, walk.check
    best = [_INF]

    def search(b: int, prev: int, g: int, bound: int, h: int) -> bool:
        counter.expanded += 1
        g1 = g + 1
        cnt = 0
        for nb, off in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            tile = board[nb]
            h1 = h + delta[tile + off]
            if h1 == 0:
                counter.generated += cnt
                path.append(nb)
                return True
            f = g1 + h1
            if f > bound:
                if f < best[0]:
                    best[0] = f
                continue
            board[b] = tile
            path.append(nb)
            counter.generated += cnt
            cnt = 0
            if counter.generated > counter.next_check:
                check()
            if search(nb, b, g1, bound, h1):
                return True
            path.pop()
            board[nb] = tile
        counter.generated += cnt
        return False

    return search, best


def _delta_tables(
    n: int,
    gb: int,
    labels: list[int],
    pdbs: Sequence[tuple[Sequence[int], Table]],
    reflect: bool,
    slots: int,
) -> tuple[list[list[int]], list[list[int]], list[int], list[int], list[Table]]:
    """Per-slot index deltas ``d[k][tile + nb*C + b]`` (and ``e`` for the mirror), the start
    indices, and the tables, padded with an all-zero database up to ``slots`` entries."""
    cells = n * n
    c2 = cells * cells
    grp, weight, m = _groups(n, gb, pdbs, reflect)
    tabs = [t for _, t in pdbs] + [b"\x00"] * (slots - len(pdbs))
    blank_w = [0] * slots
    for k, (pattern, table) in enumerate(pdbs):
        if len(table) == cells ** (len(pattern) + 1):
            blank_w[k] = cells ** len(pattern)
        elif len(table) != cells ** len(pattern):
            raise ValueError(f"database {k} has {len(table)} entries: not built for this board")
    d = [[0] * (cells * c2) for _ in range(slots)]
    e = [[0] * (cells * c2) for _ in range(slots)]
    for lab in range(cells):
        if lab == gb:
            continue
        big = lab * c2
        for nb in range(cells):
            for b in range(cells):
                o = big + nb * cells + b
                for k in range(slots):
                    d[k][o] = (nb - b) * blank_w[k]
                    e[k][o] = (m(nb) - m(b)) * blank_w[k]
                d[grp[lab]][o] += (b - nb) * weight[lab]
                e[grp[m(lab)]][o] += (m(b) - m(nb)) * weight[m(lab)]
    start = [0] * slots
    startm = [0] * slots
    for c, lab in enumerate(labels):
        if lab == gb:
            for k in range(slots):
                start[k] += c * blank_w[k]
                startm[k] += m(c) * blank_w[k]
        else:
            start[grp[lab]] += c * weight[lab]
            startm[grp[m(lab)]] += m(c) * weight[m(lab)]
    return d, e, start, startm, tabs


def _pdb_search_any(
    walk: _Walk, pdbs: Sequence[tuple[Sequence[int], Table]], reflect: bool
) -> tuple[Search, list[int], tuple[int, ...], int]:
    """The bounded DFS for any number of databases (index lists rebuilt per child: slower)."""
    n, gb, labels, moves, board = walk.n, walk.gb, walk.labels, walk.moves, walk.board
    counter, path, check = walk.counter, walk.path, walk.check
    d, e, start, startm, tabs = _delta_tables(n, gb, labels, pdbs, reflect, len(pdbs))
    slots = list(zip(tabs, d, e, strict=True))
    best = [_INF]

    def search(b: int, prev: int, g: int, bound: int, js: list[int], ks: list[int]) -> bool:
        counter.expanded += 1
        g1 = g + 1
        cnt = 0
        for nb, off in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            tile = board[nb]
            o = tile + off
            nj = [j + dk[o] for j, (_, dk, _) in zip(js, slots, strict=True)]
            h = sum(t[x] for x, (t, _, _) in zip(nj, slots, strict=True))
            if h == 0:
                counter.generated += cnt
                path.append(nb)
                return True
            nk = [k + ek[o] for k, (_, _, ek) in zip(ks, slots, strict=True)]
            f = g1 + h
            if f <= bound:
                f = g1 + max(h, sum(t[x] for x, (t, _, _) in zip(nk, slots, strict=True)))
            if f > bound:
                if f < best[0]:
                    best[0] = f
                continue
            board[b] = tile
            path.append(nb)
            counter.generated += cnt
            cnt = 0
            if counter.generated > counter.next_check:
                check()
            if search(nb, b, g1, bound, nj, nk):
                return True
            path.pop()
            board[nb] = tile
        counter.generated += cnt
        return False

    h1 = sum(t[x] for t, x in zip(tabs, start, strict=True))
    h2 = sum(t[x] for t, x in zip(tabs, startm, strict=True))
    return search, best, (start, startm), max(h1, h2)  # type: ignore[return-value]


def _pdb_search(
    walk: _Walk, pdbs: Sequence[tuple[Sequence[int], Table]], reflect: bool, dual: bool
) -> tuple[Search, list[int], tuple[int, ...], int]:
    """The bounded DFS with up to three databases, each index passed down the recursion.

    Every database index (and its mirror's) changes by a precomputed
    ``delta[tile + nb * C + b]`` per move, so a child costs three additions
    and three table reads per orientation, with no list updates to undo.
    Databases built ``with_blank`` (indexed by the blank cell too) are
    detected by their length and get the blank's digit in the same deltas;
    ranked ones (:func:`~.pdb_index.rank`) go to :func:`_ranked_search`.
    """
    n, gb, labels, moves, board = walk.n, walk.gb, walk.labels, walk.moves, walk.board
    counter, path, check = walk.counter, walk.path, walk.check
    if layout(n * n, pdbs) == "ranked":
        return _ranked_search(walk, pdbs, reflect, dual)
    if len(pdbs) > 3:
        return _pdb_search_any(walk, pdbs, reflect)
    d, e, start, startm, tabs = _delta_tables(n, gb, labels, pdbs, reflect, 3)
    t0, t1, t2 = tabs
    d0, d1, d2 = d
    e0, e1, e2 = e
    best = [_INF]

    def search(
        b: int,
        prev: int,
        g: int,
        bound: int,
        j0: int,
        j1: int,
        j2: int,
        k0: int,
        k1: int,
        k2: int,
    ) -> bool:
        counter.expanded += 1
        g1 = g + 1
        cnt = 0
        for nb, off in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            tile = board[nb]
            o = tile + off
            a0 = j0 + d0[o]
            a1 = j1 + d1[o]
            a2 = j2 + d2[o]
            h = t0[a0] + t1[a1] + t2[a2]
            if h == 0:
                counter.generated += cnt
                path.append(nb)
                return True
            f = g1 + h
            if f > bound:
                if f < best[0]:
                    best[0] = f
                continue
            c0 = k0 + e0[o]
            c1 = k1 + e1[o]
            c2_ = k2 + e2[o]
            f = g1 + t0[c0] + t1[c1] + t2[c2_]
            if f > bound:
                if f < best[0]:
                    best[0] = f
                continue
            board[b] = tile
            path.append(nb)
            counter.generated += cnt
            cnt = 0
            if counter.generated > counter.next_check:
                check()
            if search(nb, b, g1, bound, a0, a1, a2, c0, c1, c2_):
                return True
            path.pop()
            board[nb] = tile
        counter.generated += cnt
        return False

    h1 = t0[start[0]] + t1[start[1]] + t2[start[2]]
    h2 = t0[startm[0]] + t1[startm[1]] + t2[startm[2]]
    return search, best, (*start, *startm), max(h1, h2)


def _ranked_value(cs: Sequence[int], tab: Table, packed: int, goal: Sequence[int], n: int) -> int:
    """The value of a ranked table for its tiles on cells ``cs``, stored as ``packed``
    says (:func:`~.pdb_index.table_format`: a byte, or the Manhattan distance plus twice a
    nibble or a three-bit entry)."""
    cells = n * n
    used = r = 0
    for i, c in enumerate(cs):
        r = r * (cells - i) + c - (used & ((1 << c) - 1)).bit_count()
        used |= 1 << c
    if not packed:
        return tab[r]
    md = sum(abs(c // n - g // n) + abs(c % n - g % n) for c, g in zip(cs, goal, strict=True))
    if packed == NIBBLE:
        return md + 2 * ((tab[r >> 1] >> ((r & 1) << 2)) & 15)
    p = 3 * r  # read3 inlined (``tab`` a memory view or bytes: its items are ints)
    o = p >> 3
    code = ((tab[o] | tab[o + 1] << 8) >> (p & 7)) & 7
    return md + 2 * (code if code != ESCAPE else read3(tab, r))


def dual_lookup(
    n: int, gb: int, cell_labels: Sequence[int], pdbs: Sequence[tuple[Sequence[int], Table]]
) -> int:
    """The dual lookup (Felner, Zahavi, Schaeffer & Holte 2005; Zahavi et al. 2008) of the
    board whose cell ``c`` holds the tile of goal cell ``cell_labels[c]`` (``gb`` the
    blank's), with ranked databases ``pdbs``: an admissible estimate of its distance.

    The board is a permutation ``p`` (cell to label) and a solution a sequence of
    transpositions of the blank's cell with a neighbour, ``b0 b1, b1 b2, ...``, ending
    with the blank on ``gb``. Applied in reverse order to the inverse permutation, the
    dual state (cell ``l`` holds label ``p(l)``: tile ``l`` sits on the cell named by the
    label on cell ``l``), the same transpositions always move the object of label
    ``b0`` (the blank's cell) and reach the identity: the dual state is as far, by the
    same number of moves, from the goal whose blank is on ``b0`` instead of ``gb``. The
    ranked databases built with the blank anywhere (``blank=None``) hold, for a
    pattern's tiles, the fewest moves of those tiles to their goal cells with the blank
    anywhere at the end, so they bound any goal's distance (tables searched from the
    blank's goal region, as shipped, do not: with them this may overestimate): every
    pattern not holding label ``b0`` adds its value on the dual state;
    the pattern holding it (the dual's blank) adds only its other tiles' Manhattan
    distances, and label ``gb`` (a tile of the dual) its own. All are lower bounds on
    moves of disjoint sets of tiles, so the sum is admissible, and with the blank on
    ``gb`` it is the plain dual lookup. Its parity is the board's Manhattan distance's
    (the dual state's Manhattan distance is the board's), like every lookup here.
    """
    b0 = cell_labels.index(gb)
    total = 0
    for pattern, table in pdbs:
        cs = [cell_labels[lab] for lab in pattern]
        if b0 in pattern:
            total += sum(
                abs(c // n - g // n) + abs(c % n - g % n)
                for c, g in zip(cs, pattern, strict=True)
                if g != b0
            )
        else:
            packed = table_format(n * n, pattern, table)
            total += _ranked_value(cs, memoryview(table), packed, pattern, n)
    if b0 != gb:
        c = cell_labels[gb]
        total += abs(c // n - gb // n) + abs(c % n - gb % n)
    return total


def _ranked_search(
    walk: _Walk, pdbs: Sequence[tuple[Sequence[int], Table]], reflect: bool, dual: bool
) -> tuple[Search, list[int], tuple[int, ...], int]:
    """The bounded DFS with ranked databases (:func:`~.pdb_index.rank`, no blank in the index).

    A move moves one tile, so only its database is read again: its rank is
    recomputed from the cells of its tiles (kept in one list per database, and
    one per database for the mirror) and ``h`` changes by the difference of its new
    value and the one kept for the parent. Packed tables (:func:`~.pdb.pack_ranked`,
    :func:`~.pdb.pack3_ranked`) add the pattern's Manhattan distance back. With
    ``dual``, the dual lookup (:func:`dual_lookup`) is kept incrementally too: a move
    changes the labels on two cells, the blank's old and new ones, so at most two
    patterns' dual placements (the patterns of those cells as labels) are ranked
    again. The lookups are made in the order board,
    reflection, dual, each only if the ones before it do not prune the child. The
    dual lookup is not consistent (a child's value may exceed its parent's by more
    than one), so it is used with pathmax from child to parent (BPMX, Felner et al.
    2005): the parent's distance is at least the child's value minus one, so a
    child whose ``g + h`` exceeds the bound by more than two prunes its parent
    (its remaining children are not generated; the parent's revised ``f``, two less,
    is a candidate for the next bound). The reference for the compiled kernel's
    ranked mode; the solvers use it for easy boards (no Numba import).
    """
    n, gb, labels, moves, board = walk.n, walk.gb, walk.labels, walk.moves, walk.board
    counter, path, check = walk.counter, walk.path, walk.check
    cells = n * n
    grp, _, m = _groups(n, gb, pdbs, reflect)
    mirror = reflect and _mirror(n)(gb) == gb
    slot = [0] * cells
    for pattern, _ in pdbs:
        for i, c in enumerate(pattern):
            slot[c] = i
    tabs = [(memoryview(t), table_format(cells, p, t), tuple(p)) for p, t in pdbs]
    pos = [[0] * len(p) for p, _ in pdbs]
    posm = [[0] * len(p) for p, _ in pdbs]
    mir = [m(c) for c in range(cells)]
    for c, lab in enumerate(labels):
        if lab != gb:
            pos[grp[lab]][slot[lab]] = c
            posm[grp[mir[lab]]][slot[mir[lab]]] = mir[c]
    # per board entry (a label times cells**2, see ida_star): (its database's cells,
    # its slot, that table, its index), and the same for its mirror image
    c2 = cells * cells
    where = {t * c2: (pos[grp[t]], slot[t], tabs[grp[t]], grp[t]) for t in range(cells) if t != gb}
    wherem = {
        t * c2: (posm[grp[mir[t]]], slot[mir[t]], tabs[grp[mir[t]]], grp[mir[t]])
        for t in range(cells)
        if t != gb
    }
    lb = list(labels)  # each cell's label, kept exact for the dual lookup
    patterns = [tuple(p) for p, _ in pdbs]
    best = [_INF]

    def value(cs: list[int], lookup: tuple[Table, int, tuple[int, ...]]) -> int:
        return _ranked_value(cs, lookup[0], lookup[1], lookup[2], n)

    # each database's value on the current board and its mirror, kept along the path:
    # a move reads only the new value of the one database it changes
    cur = [value(cs, t) for cs, t in zip(pos, tabs, strict=True)]
    curm = [value(cs, t) for cs, t in zip(posm, tabs, strict=True)]

    def dvalue(k: int) -> int:
        return value([lb[lab] for lab in patterns[k]], tabs[k])

    def dual_h(x: int, total: int, vx: int) -> int:
        """:func:`dual_lookup` from the patterns' dual values (sum ``total``)."""
        if x == gb:
            return total
        part = 0
        for lab in patterns[grp[x]]:
            if lab != x:
                c = lb[lab]
                part += abs(c // n - lab // n) + abs(c % n - lab % n)
        c = lb[gb]
        return total - vx + part + abs(c // n - gb // n) + abs(c % n - gb % n)

    def search(
        b: int, prev: int, g: int, bound: int, h: int, hm: int, hd: int, vd: list[int]
    ) -> bool:
        counter.expanded += 1
        g1 = g + 1
        cnt = 0
        for nb, _ in moves[b]:
            if nb == prev:
                continue
            cnt += 1
            tile = board[nb]
            cs, s, tab, k = where[tile]
            old = cur[k]
            cs[s] = b
            new = value(cs, tab)
            h1 = h - old + new
            cs[s] = nb
            if h1 == 0:
                counter.generated += cnt
                path.append(nb)
                return True
            f = g1 + h1
            if f > bound:
                if f < best[0]:
                    best[0] = f
                continue
            hm1 = 0
            if mirror:
                csm, sm, tabm, km = wherem[tile]
                oldm = curm[km]
                csm[sm] = mir[b]
                newm = value(csm, tabm)
                hm1 = hm - oldm + newm
                csm[sm] = mir[nb]
                f = g1 + hm1
                if f > bound:
                    if f < best[0]:
                        best[0] = f
                    continue
            lab = tile // c2
            hd1, vd1 = 0, vd
            if dual:
                lb[b], lb[nb] = lab, gb
                kb = grp[b] if b != gb else -1
                kn = grp[nb] if nb != gb else -1
                hd1, vd1, vn = hd, list(vd), 0
                if kb >= 0:
                    vd1[kb] = dvalue(kb)
                    hd1 += vd1[kb] - vd[kb]
                if kn >= 0:
                    if kn != kb:
                        vd1[kn] = dvalue(kn)
                        hd1 += vd1[kn] - vd[kn]
                    vn = vd1[kn]
                he = dual_h(nb, hd1, vn)
                lb[b], lb[nb] = gb, lab
                f = g1 + he
                if f > bound:
                    if f - 2 > bound:  # pathmax to the parent: its h >= he - 1 prunes it
                        best[0] = min(best[0], f - 2)
                        break
                    if f < best[0]:
                        best[0] = f
                    continue
            board[b] = tile
            lb[b], lb[nb] = lab, gb
            cs[s] = b
            cur[k] = new
            if mirror:
                csm[sm] = mir[b]
                curm[km] = newm
            path.append(nb)
            counter.generated += cnt
            cnt = 0
            if counter.generated > counter.next_check:
                check()
            if search(nb, b, g1, bound, h1, hm1, hd1, vd1):
                return True
            path.pop()
            board[nb] = tile
            lb[b], lb[nb] = gb, lab
            cs[s] = nb
            cur[k] = old
            if mirror:
                csm[sm] = mir[nb]
                curm[km] = oldm
        counter.generated += cnt
        return False

    h0 = sum(cur)
    hm0 = sum(curm) if mirror else 0
    vd0 = [dvalue(k) for k in range(len(pdbs))]
    x = labels.index(gb)
    he0 = dual_h(x, sum(vd0), vd0[grp[x]] if x != gb else 0) if dual else 0
    return search, best, (h0, hm0, sum(vd0), vd0), max(h0, hm0, he0)  # type: ignore[return-value]
