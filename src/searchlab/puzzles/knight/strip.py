"""Open knight's tours of thin boards (3×n, 4×n, and their transposes) by a strip automaton.

A knight move spans at most two columns, so a Hamiltonian path of a k×n board
can be built column by column (the frontier or "transfer-matrix" method, as in
Knuth's SIMPATH and the plug DP for grid paths). After column ``c`` the
**state** describes the squares of columns ``c-1`` and ``c`` (the only ones
that can still get edges): each one's degree so far, which path fragment it
ends (labels, normalised), how many of each fragment's ends are already final
path ends, the number of path ends committed (``e`` <= 2), and which frontier
square is the designated start (degree at most 1). A transition adds one
column and chooses a subset of its edges back to the two previous columns; the
departing column must have degree 2 (or 1 as a path end), fragments never
close a cycle, and a fragment may finish (both ends final) only when it is the
whole board.

The states reachable for k = 3 and k = 4 form a finite automaton
(:func:`explore`: 7,017 and 57,649 states); the ones that can still finish a
tour (3,302 and 6,464; 160 for 3-row cycles) are stored as edge arrays in
``strip_automata.json`` (:func:`generate_strip_data`; run this module to
regenerate) and loaded once by :func:`automaton`. Two uses:

* **exact existence for every n** (:func:`strip_start_exists`): a tour from
  (r, j) on k×n exists iff the word ``T^j S_r T^(n-j-1)`` leads from the
  initial state to an accepting one. The subset sequence ``T^a({init})`` is
  eventually periodic, and so is ``T^b`` applied to each of the finitely many
  sets after the start column, so a finite computation decides all n
  (:func:`eventual_period`; the tests compare it with exhaustive search and with
  :mod:`~searchlab.puzzles.knight.existence` for every n).
* **construction** (:func:`strip_tour`): forward subset sets column by column
  (memoised on the subset, so O(1) per column once the sequence cycles), then a
  walk back through the reverse transitions, then the chosen edges are joined
  into the path. O(n · k) after the cached automaton; 4×2000 in milliseconds.

References: A. Conrad, T. Hindrichs, H. Morsy, I. Wegener, "Solution of the
knight's Hamiltonian path problem on chessboards", Discrete Applied Math. 50
(1994) 125-134 (thin boards); D. E. Knuth, TAOCP 4A, 7.1.4 (frontier method).

>>> path = strip_tour(3, 10, (1, 4))
>>> len(path), path[0]
(30, (1, 4))
"""

from __future__ import annotations

import base64
import json
import sys
import zlib
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from pathlib import Path

import numpy as np
import numpy.typing as npt

from .board import Board

State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...], int, int, int]
"""``(degrees, labels, terminal ends per label, e, done, start slot)`` over 2k slots."""

_FREE = -1


def _edges(k: int) -> list[tuple[int, int]]:
    """The back edges of a new column as (new slot, old slot) over the 3k working slots."""
    out = []
    for r in range(k):
        for r2 in range(k):
            if abs(r - r2) == 2:
                out.append((2 * k + r, k + r2))
            if abs(r - r2) == 1:
                out.append((2 * k + r, r2))
    return out


def _depart(
    deg: list[int],
    lab: list[int],
    term: dict[int, int],
    e: int,
    sslot: int,
    slots: range,
    closed: bool = False,
) -> int | None:
    """Retire ``slots``: degree 2, or 1 as a path end. Returns the new ``e`` or None."""
    for i in slots:
        d = deg[i]
        if d == 2:
            continue
        if d == 0 or closed:
            return None
        term[lab[i]] += 1
        if i != sslot:
            e += 1
    return e if e <= 2 else None


def _normalise(
    deg: list[int], lab: list[int], term: dict[int, int], e: int, done: int, sslot: int
) -> State:
    relabel: dict[int, int] = {}
    labels = []
    for d, lb in zip(deg, lab, strict=True):
        if d < 2:
            labels.append(relabel.setdefault(lb, len(relabel)))
        else:
            labels.append(_FREE)
    terms = [0] * len(relabel)
    for old, new in relabel.items():
        terms[new] = term[old]
    return tuple(deg), tuple(labels), tuple(terms), e, done, sslot


def _finish(
    deg: list[int], lab: list[int], term: dict[int, int], e: int, sslot: int, k: int
) -> State | None:
    """Check fragments after a departure; the state over the kept slots, or None."""
    done = sum(1 for t in term.values() if t == 2)
    if done > 1 or (done == 1 and len(term) > 1):
        return None
    kept = range(k, 3 * k)
    return _normalise(
        [deg[i] for i in kept],
        [lab[i] for i in kept],
        term,
        e,
        done,
        sslot - k if sslot >= k else -1,
    )


def transitions(
    k: int, state: State, start_row: int | None, closed: bool = False
) -> Iterator[tuple[State, int]]:
    """The states after adding one column (with the start at ``start_row`` if given).

    Yields ``(next state, mask)``, ``mask`` the chosen subset of :func:`_edges`.
    ``closed``: Hamiltonian cycles instead of paths (no path ends; a fragment may
    close into a cycle, which then has to be the whole board).
    """
    degs, labels, terms, e, done, sslot = state
    if done:
        return
    deg0 = [*degs, *([0] * k)]
    lab0 = [*(lb if lb >= 0 else 1000 + i for i, lb in enumerate(labels)), *range(100, 100 + k)]
    term0 = {i: t for i, t in enumerate(terms)}
    term0.update({lb: 0 for lb in range(100, 100 + k)})
    cap = [2] * (3 * k)
    if sslot >= 0:
        cap[sslot] = 1
    if start_row is not None:
        sslot = 2 * k + start_row
        cap[sslot] = 1
        e += 1
        if e > 2:
            return
    edges = _edges(k)
    seen: set[State] = set()

    def rec(
        idx: int, deg: list[int], lab: list[int], term: dict[int, int], mask: int
    ) -> Iterator[tuple[State, int]]:
        if idx == len(edges):
            # Every new square must be reachable later or now: nothing to check here.
            d2, l2, t2 = deg[:], lab[:], dict(term)
            e2 = _depart(d2, l2, t2, e, sslot, range(k), closed)
            if e2 is None:
                return
            st = _finish(d2, l2, t2, e2, sslot, k)
            if st is not None and st not in seen:
                seen.add(st)
                yield st, mask
            return
        yield from rec(idx + 1, deg, lab, term, mask)
        a, b = edges[idx]
        if deg[a] < cap[a] and deg[b] < cap[b] and (lab[a] != lab[b] or closed):
            if lab[a] == lab[b]:  # closes a cycle: marked finished (two "ends" used)
                nd = deg[:]
                nd[a] += 1
                nd[b] += 1
                nt = dict(term)
                nt[lab[a]] = 2
                yield from rec(idx + 1, nd, lab, nt, mask | (1 << idx))
                return
            la, lb = lab[a], lab[b]
            nd = deg[:]
            nd[a] += 1
            nd[b] += 1
            nl = [la if x == lb else x for x in lab]
            nt = dict(term)
            nt[la] += nt.pop(lb)
            yield from rec(idx + 1, nd, nl, nt, mask | (1 << idx))

    yield from rec(0, deg0, lab0, term0, 0)


def accepts(k: int, state: State, closed: bool = False) -> bool:
    """Whether the board can end after this state (one path covering everything)."""
    degs, labels, terms, e, done, sslot = state
    if done or closed:
        return bool(done)
    deg = list(degs)
    lab = [lb if lb >= 0 else 1000 + i for i, lb in enumerate(labels)]
    term = {i: t for i, t in enumerate(terms)}
    e2 = _depart(deg, lab, term, e, sslot, range(2 * k))
    if e2 is None:
        return False
    return len(term) == 1 and next(iter(term.values())) == 2


def initial_state(k: int) -> State:
    """The state before the first column (the missing columns count as finished)."""
    return (2,) * (2 * k), (_FREE,) * (2 * k), (), 0, 0, -1


def explore(
    k: int, closed: bool = False
) -> tuple[list[State], list[list[list[tuple[int, int]]]], list[bool]]:
    """All states reachable from the initial one, their transitions and acceptance (slow).

    ``succ[kind][state]`` lists ``(next state, mask)``; kind 0 is a plain column,
    ``1 + r`` the column holding the start on row r. About 2 s for k = 3 and
    2 minutes for k = 4 (57,649 states), hence the stored, pruned form.
    ``closed``: the cycle automaton (plain columns only).
    """
    states = [initial_state(k)]
    index = {states[0]: 0}
    kinds = 1 if closed else k + 1
    succ: list[list[list[tuple[int, int]]]] = [[] for _ in range(kinds)]
    i = 0
    while i < len(states):
        for kind in range(kinds):
            out = []
            for nst, mask in transitions(k, states[i], None if kind == 0 else kind - 1, closed):
                j = index.get(nst)
                if j is None:
                    j = index[nst] = len(states)
                    states.append(nst)
                out.append((j, mask))
            succ[kind].append(out)
        i += 1
    return states, succ, [accepts(k, st, closed) for st in states]


def prune(succ: list[list[list[tuple[int, int]]]], accepting: list[bool]) -> dict[str, list[int]]:
    """Keep the states that can still reach an accepting one (exact: the others never
    complete a tour), renumbered with the initial state 0, as flat edge lists."""
    n = len(accepting)
    pred: list[list[int]] = [[] for _ in range(n)]
    for outs in succ:
        for s, lst in enumerate(outs):
            for t, _ in lst:
                pred[t].append(s)
    alive = [i for i in range(n) if accepting[i]]
    live = set(alive)
    while alive:
        x = alive.pop()
        for p in pred[x]:
            if p not in live:
                live.add(p)
                alive.append(p)
    order = sorted(live)
    assert order[0] == 0, "the initial state cannot complete a tour"
    new = {old: i for i, old in enumerate(order)}
    out: dict[str, list[int]] = {"accepting": [int(accepting[o]) for o in order]}
    for kind, outs in enumerate(succ):
        src, dst, msk = [], [], []
        for s in order:
            for t, mask in outs[s]:
                if t in live:
                    src.append(new[s])
                    dst.append(new[t])
                    msk.append(mask)
        out[f"src{kind}"], out[f"dst{kind}"], out[f"mask{kind}"] = src, dst, msk
    return out


def _pack(values: list[int]) -> str:
    return base64.b64encode(zlib.compress(np.asarray(values, dtype=np.int32).tobytes(), 9)).decode()


def _unpack(text: str) -> npt.NDArray[np.int64]:
    raw = zlib.decompress(base64.b64decode(text))
    return np.frombuffer(raw, dtype=np.int32).astype(np.int64)


def generate_strip_data(path: Path) -> None:
    """Build, prune and store the automata (``strip_automata.json``): open paths for
    k = 3 and 4 (keys ``"3"``, ``"4"``), cycles for k = 3 (``"3c"``)."""
    doc: dict[str, dict[str, str | int]] = {}
    for k, closed in ((3, False), (4, False), (3, True)):
        _, succ, acc = explore(k, closed)
        flat = prune(succ, acc)
        doc[f"{k}{'c' if closed else ''}"] = {"states": len(flat["accepting"])} | {
            key: _pack(val) for key, val in flat.items()
        }
    path.write_text(json.dumps(doc, indent=1) + "\n")


@dataclass
class Automaton:
    """The pruned k-row strip automaton: edge arrays per column kind, accepting flags.

    Subsets of states are boolean arrays; :meth:`step` is vectorised and memoised
    on the subset (the subset sequences are eventually periodic, so a long board
    costs a dictionary lookup per column).
    """

    k: int
    size: int
    src: list[npt.NDArray[np.int64]]
    dst: list[npt.NDArray[np.int64]]
    mask: list[npt.NDArray[np.int64]]
    accepting: npt.NDArray[np.bool_]
    # Reverse edges by destination (CSR): rev_ptr[kind][q]..rev_ptr[kind][q+1] in rev_idx[kind].
    rev_ptr: list[npt.NDArray[np.int64]] = field(default_factory=list)
    rev_idx: list[npt.NDArray[np.int64]] = field(default_factory=list)
    _ids: dict[bytes, int] = field(default_factory=dict)
    _sets: list[npt.NDArray[np.bool_]] = field(default_factory=list)
    _next: dict[tuple[int, int], int] = field(default_factory=dict)

    def set_id(self, s: npt.NDArray[np.bool_]) -> int:
        """A small integer naming the subset ``s``."""
        key = s.tobytes()
        sid = self._ids.get(key)
        if sid is None:
            sid = self._ids[key] = len(self._sets)
            self._sets.append(s)
        return sid

    def subset(self, sid: int) -> npt.NDArray[np.bool_]:
        """The subset named ``sid`` (a boolean array over the states)."""
        return self._sets[sid]

    def step(self, sid: int, kind: int) -> int:
        """The subset after one column of ``kind`` (0 plain, 1 + r start on row r)."""
        key = (sid, kind)
        out = self._next.get(key)
        if out is None:
            nxt = np.zeros(self.size, dtype=np.bool_)
            nxt[self.dst[kind][self._sets[sid][self.src[kind]]]] = True
            out = self._next[key] = self.set_id(nxt)
        return out

    def accepts_set(self, sid: int) -> bool:
        """Whether some state of the subset accepts."""
        return bool((self._sets[sid] & self.accepting).any())


@cache
def automaton(k: int, closed: bool = False) -> Automaton:
    """The stored, pruned automaton for k rows (open: k in 3, 4; closed: k = 3), loaded once."""
    if k not in (3, 4) or (closed and k != 3):
        raise ValueError(f"no stored strip automaton for {k} rows (closed={closed})")
    text = resources.files(__package__).joinpath("strip_automata.json").read_text()
    doc = json.loads(text)[f"{k}{'c' if closed else ''}"]
    size = int(doc["states"])
    kinds = 1 if closed else k + 1
    aut = Automaton(
        k,
        size,
        [_unpack(doc[f"src{i}"]) for i in range(kinds)],
        [_unpack(doc[f"dst{i}"]) for i in range(kinds)],
        [_unpack(doc[f"mask{i}"]) for i in range(kinds)],
        _unpack(doc["accepting"]).astype(np.bool_),
    )
    for kind in range(kinds):
        order = np.argsort(aut.dst[kind], kind="stable")
        aut.rev_idx.append(order)
        ptr = np.zeros(size + 1, dtype=np.int64)
        np.cumsum(np.bincount(aut.dst[kind], minlength=size), out=ptr[1:])
        aut.rev_ptr.append(ptr)
    init = np.zeros(size, dtype=np.bool_)
    init[0] = True
    aut.set_id(init)
    return aut


def _layers(aut: Automaton, n: int, start: tuple[int, int] | None) -> tuple[list[int], list[int]]:
    """Column kinds and the subset after each column (index 0: before column 0)."""
    kinds = [0] * n
    if start is not None:
        kinds[start[1]] = 1 + start[0]
    sets = [0]
    for kind in kinds:
        sets.append(aut.step(sets[-1], kind))
    return kinds, sets


def strip_start_exists(k: int, n: int, start: tuple[int, int]) -> bool:
    """Whether an open tour of the k×n board (k rows, k in 3, 4) starts on (row, col).

    Exact: the automaton recognises exactly the boards and starts with a tour.
    O(n) memoised subset steps (microseconds each once the subsets recur).
    """
    aut = automaton(k)
    _, sets = _layers(aut, n, start)
    return aut.accepts_set(sets[-1])


def strip_tour(k: int, n: int, start: tuple[int, int]) -> list[tuple[int, int]] | None:
    """An open tour of the k×n board (k in 3, 4) from ``start`` = (row, col), or None.

    ``None`` means that no tour starts there (exact). Complexity O(n · k) once the
    automaton is loaded: forward memoised subset steps, then one walk back through
    the reverse edges, then the chosen edges joined into the path.
    """
    return _walk(automaton(k), n, start, start)


def strip_cycle(k: int, n: int, start: tuple[int, int]) -> list[tuple[int, int]] | None:
    """A closed tour of the k×n board (k = 3) from ``start``, or None if none exists.

    Same method as :func:`strip_tour` on the cycle automaton, O(n · k).
    """
    return _walk(automaton(k, closed=True), n, None, start)


def _walk(
    aut: Automaton, n: int, marked: tuple[int, int] | None, start: tuple[int, int]
) -> list[tuple[int, int]] | None:
    k = aut.k
    kinds, sets = _layers(aut, n, marked)
    final = np.flatnonzero(aut.subset(sets[-1]) & aut.accepting)
    if not len(final):
        return None
    cur = int(final[0])
    masks = [0] * n
    for c in range(n - 1, -1, -1):
        kind = kinds[c]
        prev = aut.subset(sets[c])
        ptr, idx = aut.rev_ptr[kind], aut.rev_idx[kind]
        for e in idx[ptr[cur] : ptr[cur + 1]]:
            p = int(aut.src[kind][e])
            if prev[p]:
                masks[c] = int(aut.mask[kind][e])
                cur = p
                break
        else:  # pragma: no cover - the subsets were built from these edges
            raise AssertionError("strip automaton walk-back failed")
    return _join_edges(k, n, masks, start)


def _join_edges(k: int, n: int, masks: list[int], start: tuple[int, int]) -> list[tuple[int, int]]:
    """Follow the chosen edges (column masks) from ``start`` into the path."""
    edges = _edges(k)
    adj: list[list[int]] = [[] for _ in range(k * n)]
    for c, mask in enumerate(masks):
        for idx, (a, b) in enumerate(edges):
            if mask >> idx & 1:
                cb = c - 1 if b >= k else c - 2
                u, v = c * k + a - 2 * k, cb * k + b % k
                adj[u].append(v)
                adj[v].append(u)
    s = start[1] * k + start[0]
    path = [s]
    prev, cur = -1, s
    for _ in range(k * n - 1):
        nxt = adj[cur][1] if adj[cur][0] == prev else adj[cur][0]
        prev, cur = cur, nxt
        path.append(cur)
    return [(v % k, v // k) for v in path]


def thin_tour(
    board: Board, start: tuple[int, int], *, closed: bool = False
) -> npt.NDArray[np.int64] | None:
    """A tour of a board with 3 or 4 rows or columns from ``start``, as an (N, 2) array.

    Transposes n×3 / n×4 boards onto the strip; ``None`` if no such tour exists
    (exact) or the board is not thin (closed tours: 3 rows or columns only).
    """
    m, n = board.rows, board.cols
    flip = m not in (3, 4) or (closed and m != 3)
    if flip:
        m, n = n, m
        start = (start[1], start[0])
    if m not in (3, 4) or (closed and m != 3):
        return None
    path = strip_cycle(m, n, start) if closed else strip_tour(m, n, start)
    if path is None:
        return None
    arr = np.asarray(path, dtype=np.int64)
    return arr[:, ::-1].copy() if flip else arr


def eventual_period(k: int, sid: int = 0, kind: int = 0, limit: int = 500) -> tuple[int, int]:
    """``(a0, p)`` with ``T^(a0+p)(X) == T^a0(X)`` for the subset ``sid`` under plain columns.

    The proof step for "finitely many n decide all n": the subset sequence is
    deterministic over a finite set, so once it repeats it cycles.
    """
    aut = automaton(k)
    seen: dict[int, int] = {}
    for a in range(limit):
        if sid in seen:
            return seen[sid], a - seen[sid]
        seen[sid] = a
        sid = aut.step(sid, kind)
    raise AssertionError("no period found")  # pragma: no cover


if __name__ == "__main__":  # pragma: no cover - regenerates the stored data (minutes)
    generate_strip_data(
        Path(sys.argv[1]) if len(sys.argv) > 1 else Path(__file__).with_name("strip_automata.json")
    )
