"""Duplicate pruning by a finite-state machine (Taylor & Korf 1993; Korf & Taylor 1996).

IDA* searches a tree: every path is a node, so a state reached by two move strings is
searched twice. Korf's pruning of the move back to the parent removes the shortest such
duplicates (``UD``, ``LR``, ...); this module removes longer ones. Offline, a
breadth-first search over move strings of the blank on an unbounded board finds the
*forbidden* strings: those with the same effect (the blank's end cell and every tile's
new cell) as a smaller string, smaller meaning shorter, or as long and first in the
order ``U < L < R < D`` (the search's move order). The forbidden strings are compiled
into an Aho-Corasick automaton (Aho & Corasick 1975) and minimised (Moore 1956): a
table ``fsm[state, move]`` giving the next state, or ``-1`` when the path just made
ends with a forbidden string, so the move is not generated. The search keeps one state
a frame (the root's is 0) and looks the child's up in place of comparing with the
parent's cell (:func:`~searchlab.puzzles.npuzzle.kernel._search`).

Why it keeps IDA* optimal: among the solutions of least length, take the one first in
the order above. Every substring of it is the smallest string with its effect from its
own starting cell (replacing it by a smaller one would give a smaller solution), so it
is never forbidden there; and a string ``X`` is forbidden only when a smaller string
with its effect visits no cell ``X`` does not visit (:func:`forbidden_strings`), so the
smaller one is a legal move string wherever ``X`` is, on any board. The search thus
still generates that solution, in the same iteration. The tests check it on the
8-puzzle exhaustively: the automaton's tree reaches every state at its exact distance.

The table depends only on the longest string searched (``depth``), not on the board:
one table serves every board size. :func:`parent_table` is the automaton of Korf's
pruning alone (state = the last move), with which the search's counts are Korf's.
:func:`load_fsm` builds the table once and caches it in ``<cache>/npuzzle`` with its
checksum (:mod:`searchlab.checksum`), verified when read.
"""

from __future__ import annotations

import struct
from collections import deque
from collections.abc import Callable
from pathlib import Path

import numpy as np
import numpy.typing as npt

from searchlab.cache import cache_root, ensure_writable
from searchlab.puzzles import folder_name

I32 = npt.NDArray[np.int32]
Move = int
"""A move of the blank: 0 up, 1 left, 2 right, 3 down (Korf's order); ``3 - m`` undoes it."""
STEP = ((-1, 0), (0, -1), (0, 1), (1, 0))
"""The blank's (row, column) step of each move."""
NAMES = "ULRD"
DEFAULT_DEPTH = 12
"""The longest strings searched for the shipped table (measured in ``docs/npuzzle.md``)."""
MAX_DEPTH = 13
"""The longest strings searched: the search keeps every string kept, about three times
more a move (13 moves: 2.5 GB of memory, 30 s)."""
PRUNED = -1


def forbidden_strings(
    depth: int, progress: Callable[[int, int, int], None] | None = None
) -> list[tuple[Move, ...]]:
    """The forbidden move strings of at most ``depth`` moves, none containing another.

    A breadth-first search over the strings of the blank on an unbounded board, each
    level in the order ``U < L < R < D``, extending only strings with no forbidden
    substring. A string's effect is the blank's end cell and the origin of every tile
    it moved, relative to the blank's start; a string is forbidden when an earlier
    string (shorter, or as long and smaller) has the same effect and visits only
    cells it visits (so the earlier one is legal wherever it is). ``progress(length,
    strings kept, forbidden)`` is told after each level.
    """
    forbidden: set[tuple[Move, ...]] = set()
    # cells of the unbounded board as numbers, the blank's start in the middle of a
    # square wide enough for any string of ``depth`` moves; a set of cells is a bit mask
    width = 2 * depth + 3
    origin = (depth + 1) * width + depth + 1
    step = (-width, -1, 1, width)
    pack = struct.Struct(f"<{2 * depth + 1}H").pack  # an effect as bytes: compact keys
    seen: dict[bytes, list[int]] = {pack(origin, *[0] * 2 * depth): [1 << origin]}
    # a string: (moves, blank cell, tiles moved (cell, origin) in cell order, cells visited)
    level: list[tuple[tuple[Move, ...], int, tuple[int, ...], int]] = [
        ((), origin, (), 1 << origin)
    ]
    for length in range(1, depth + 1):
        nxt = []
        for moves, blank, moved, visited in level:
            for m in range(4):
                if moves and m == 3 - moves[-1]:
                    continue  # undoes the last move: forbidden since length 2
                s = (*moves, m)
                if any(s[i:] in forbidden for i in range(1, len(s) - 2)):
                    continue  # it contains a shorter forbidden string (its own suffix)
                nb = blank + step[m]
                tiles = dict(zip(moved[::2], moved[1::2], strict=True))
                came = tiles.pop(nb, nb)  # the tile on nb slides onto the blank's cell
                if came != blank:
                    tiles[blank] = came
                flat = tuple(x for kv in sorted(tiles.items()) for x in kv)
                cells = visited | (1 << nb)
                key = pack(nb, *flat, *[0] * (2 * depth - len(flat)))
                earlier = seen.setdefault(key, [])
                if any(f & ~cells == 0 for f in earlier):
                    forbidden.add(s)
                    continue
                earlier.append(cells)
                nxt.append((s, nb, flat, cells))
        level = nxt
        if progress is not None:
            progress(length, len(level), len(forbidden))
    forbidden.update(((m, 3 - m) for m in range(4)) if depth >= 2 else ())
    return sorted(forbidden, key=lambda s: (len(s), s))


def compile_fsm(strings: list[tuple[Move, ...]]) -> I32:
    """The minimal automaton recognising paths that end with one of ``strings``: a table
    ``fsm[state, move]`` of next states, :data:`PRUNED` where the path would end with a
    forbidden string; state 0 is the start (the empty path).

    An Aho-Corasick automaton (the trie of the strings with its failure links, every
    transition resolved), minimised by Moore's partition refinement with the pruned
    transitions as one absorbing class.
    """
    goto: list[list[int]] = [[-1] * 4]
    final = [False]
    for s in strings:
        node = 0
        for m in s:
            if goto[node][m] < 0:
                goto[node][m] = len(goto)
                goto.append([-1] * 4)
                final.append(False)
            node = goto[node][m]
        final[node] = True
    fail = [0] * len(goto)
    delta = [[0] * 4 for _ in goto]
    queue: deque[int] = deque()
    for m in range(4):
        child = goto[0][m]
        if child < 0:
            delta[0][m] = 0
        else:
            delta[0][m] = child
            queue.append(child)
    while queue:
        node = queue.popleft()
        final[node] = final[node] or final[fail[node]]
        for m in range(4):
            child = goto[node][m]
            if child < 0:
                delta[node][m] = delta[fail[node]][m]
            else:
                fail[child] = delta[fail[node]][m]
                delta[node][m] = child
                queue.append(child)
    table = np.array(delta, dtype=np.int64)
    table[np.array(final, dtype=bool)[table]] = PRUNED
    return _minimise(table, np.array(final, dtype=bool))


def _minimise(table: npt.NDArray[np.int64], final: npt.NDArray[np.bool_]) -> I32:
    """Moore's minimisation of the automaton ``table`` restricted to its live states
    (not ``final``); returns it renumbered, the start state first."""
    live = np.flatnonzero(~final)
    index = np.full(len(table), -1, dtype=np.int64)
    index[live] = np.arange(len(live))
    t = table[live]
    t = np.where(t >= 0, index[np.maximum(t, 0)], PRUNED)
    cls = np.zeros(len(live), dtype=np.int64)
    count = 1
    while True:
        sig = np.column_stack([cls, *(np.where(t[:, m] >= 0, cls[t[:, m]], -1) for m in range(4))])
        _, new = np.unique(sig, axis=0, return_inverse=True)
        new = new.reshape(-1)
        n = int(new.max()) + 1
        if n == count:
            break
        cls, count = new, n
    # renumber the classes in breadth-first order from the start's, so state 0 is the start
    order = {int(cls[0]): 0}
    rep = {int(c): i for i, c in reversed(list(enumerate(cls.tolist())))}
    out: list[list[int]] = []
    queue = deque([int(cls[0])])
    while queue:
        c = queue.popleft()
        row = []
        for m in range(4):
            nxt = int(t[rep[c], m])
            if nxt < 0:
                row.append(PRUNED)
                continue
            nc = int(cls[nxt])
            if nc not in order:
                order[nc] = len(order)
                queue.append(nc)
            row.append(order[nc])
        out.append(row)
    return np.array(out, dtype=np.int32)


def parent_table() -> I32:
    """The automaton of Korf's pruning alone: state 0 the root, ``1 + m`` after move
    ``m``, whose undoing move ``3 - m`` is pruned."""
    table = np.zeros((5, 4), dtype=np.int32)
    for s in range(5):
        for m in range(4):
            table[s, m] = PRUNED if s and m == 3 - (s - 1) else 1 + m
    return table


def build_fsm(
    depth: int = DEFAULT_DEPTH, progress: Callable[[int, int, int], None] | None = None
) -> I32:
    """The minimised automaton of the forbidden strings of at most ``depth`` moves."""
    if not 2 <= depth <= MAX_DEPTH:
        raise ValueError(f"the automaton's strings are 2 to {MAX_DEPTH} moves long")
    return compile_fsm(forbidden_strings(depth, progress))


def valid_table(table: np.ndarray) -> bool:
    """Whether ``table`` is an automaton the search can step: ``(states, 4)`` integers,
    each next state a state or :data:`PRUNED`, the move undoing the last one pruned."""
    if table.ndim != 2 or table.shape[1] != 4 or len(table) == 0:
        return False
    if table.dtype != np.int32 or table.min() < PRUNED or table.max() >= len(table):
        return False
    # after any move m (a state reached by m), the move 3 - m is pruned
    for s in range(len(table)):
        for m in range(4):
            t = int(table[s, m])
            if t >= 0 and table[t, 3 - m] != PRUNED:
                return False
    return True


def fsm_path(depth: int = DEFAULT_DEPTH, directory: Path | None = None) -> Path:
    """The cache file of the automaton of strings of at most ``depth`` moves."""
    return (directory or cache_root() / folder_name(__name__)) / f"fsm-{depth}.npy"


def load_fsm(
    depth: int = DEFAULT_DEPTH,
    build: bool = True,
    progress: Callable[[int, int, int], None] | None = None,
) -> I32 | None:
    """The automaton of strings of at most ``depth`` moves from the cache, checked by its
    checksum and its shape; built (and cached, with its checksum) when missing or
    damaged if ``build``, else None. A damaged file is said on stderr and removed."""
    from searchlab.checksum import check, discard, seal
    from searchlab.durable import atomic_write, notice
    from searchlab.i18n import _

    path = fsm_path(depth)
    if path.exists():
        problem = check(path)
        table = None
        if problem is None:
            try:
                table = np.load(path, allow_pickle=False)
            except (OSError, ValueError):
                problem = _("unreadable")
            if table is not None and not valid_table(table):
                problem, table = _("not an automaton"), None
        if table is not None:
            sound: I32 = table
            return sound
        notice(
            _("{path}: {problem}: removed, to be built again").format(path=path, problem=problem)
        )
        discard(path)
    if not build:
        return None
    ensure_writable(path.parent)  # before the build, not after it
    table = build_fsm(depth, progress)
    with atomic_write(path) as tmp, open(tmp, "wb") as f:
        np.save(f, table)
    seal(path)
    return table


def allowed_moves(table: I32, state: int) -> list[str]:
    """The moves the automaton allows in ``state`` (for reading a table)."""
    return [NAMES[m] for m in range(4) if table[state, m] >= 0]
