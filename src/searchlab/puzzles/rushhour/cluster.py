"""A board's cluster: every position reachable from it, its move graph, and each
position's distance to the goal.

The reference enumeration the rating, the generator and the problem's goal set
share (the compiled kernel in :mod:`searchlab.puzzles.rushhour.kernel` is checked
against it). Breadth-first search over the packed ints of
:mod:`searchlab.puzzles.rushhour.packed`.
"""

from __future__ import annotations

from .model import Board
from .packed import FIELD, Packed


def explore_cluster(
    board: Board, *, max_states: int | None = None
) -> tuple[Packed, list[int], list[list[int]]] | None:
    """Every position reachable from ``board`` (its *cluster*) and the move graph.

    Returns ``(packed, states, adjacency)`` where ``adjacency[k]`` lists the
    indices of the states one move from ``states[k]`` (``states[0]`` is the
    start), or ``None`` when the cluster has more than ``max_states`` positions.
    Breadth-first enumeration, O(N·b) time and memory.
    """
    pk = Packed(board)
    start = pk.start()
    index = {start: 0}
    states = [start]
    adjacency: list[list[int]] = []
    base, chunks, rows = pk.base, pk.chunks, pk.move_rows
    cap = max_states if max_states is not None else 1 << 62
    k = 0
    while k < len(states):
        s = states[k]
        k += 1
        occ = base
        for sh, tab in chunks:
            occ |= tab[(s >> sh) & 511]
        out: list[int] = []
        for psh, lsh, lbits, lmask, table in rows:
            for d in table[(((s >> psh) & FIELD) << lbits) | ((occ >> lsh) & lmask)]:
                t = s + d
                j = index.get(t)
                if j is None:
                    j = index[t] = len(states)
                    states.append(t)
                out.append(j)
        adjacency.append(out)
        if len(states) > cap:
            return None
    return pk, states, adjacency


def distances_to_goal(pk: Packed, states: list[int], adjacency: list[list[int]]) -> list[int]:
    """For each state of a cluster, its optimal number of moves to the goal (-1: unsolvable).

    Multi-source breadth-first search from every solved state of the cluster,
    backwards; moves are reversible, so the move graph is undirected. O(N·b).
    """
    goal = pk.goal
    dist = [-1] * len(states)
    frontier = [k for k, s in enumerate(states) if s & FIELD == goal]
    for k in frontier:
        dist[k] = 0
    d = 0
    while frontier:
        d += 1
        nxt = []
        for k in frontier:
            for j in adjacency[k]:
                if dist[j] < 0:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist
