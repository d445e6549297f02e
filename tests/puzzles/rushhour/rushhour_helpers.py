"""Shared helpers: an independent reference solver and a solution replayer."""

from __future__ import annotations

from collections import deque

from searchlab.puzzles.rushhour import Board, Move


def reference_distance(board: Board, steps: bool = False) -> int:
    """Optimal moves (or steps) by plain BFS over Board objects, -1 if unsolvable.

    Independent of the packed encoding: uses only Board.legal_moves/apply.
    """
    seen = {board.to_database()}
    queue = deque([(board, 0)])
    while queue:
        b, d = queue.popleft()
        if b.is_solved():
            return d
        for m in b.legal_moves():
            if steps and abs(m.delta) != 1:
                continue
            nb = b.apply(m)
            k = nb.to_database()
            if k not in seen:
                seen.add(k)
                queue.append((nb, d + 1))
    return -1


def replay(start: Board, moves: list[Move], states: list[Board] | None = None) -> Board:
    """Apply ``moves`` one by one (each must be legal); check ``states`` along the way."""
    b = start
    if states is not None:
        assert states[0].to_database() == start.to_database()
    for k, m in enumerate(moves, 1):
        b = b.apply(m)
        if states is not None:
            assert states[k].to_database() == b.to_database()
    return b
