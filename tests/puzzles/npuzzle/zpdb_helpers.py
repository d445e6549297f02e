"""Zero-aware tables of the 8-puzzle for the search tests: the split 1-4 / 5-8 of Korf's
goal (the blank first), built in a moment, as the searches read them."""

from __future__ import annotations

import random

from searchlab.puzzles.npuzzle import goal_board
from searchlab.puzzles.npuzzle.board import Board, apply_move, legal_moves
from searchlab.puzzles.npuzzle.zpdb import View, lookup_tables, mirror
from searchlab.puzzles.npuzzle.zpdb_build import build_zpdb, pack_nibbles

SPLIT3 = ((1, 2, 3, 4), (5, 6, 7, 8))


def views3(reflected: bool, packed: bool) -> list[View]:
    """The split's views, reflected through the diagonal or not, four bits or a byte an
    entry."""
    m = mirror(3) if reflected else tuple(range(9))
    out = []
    for p in SPLIT3:
        byte = build_zpdb(3, p, 0)
        table = pack_nibbles(3, p, byte) if packed else byte
        assert table is not None
        tiles = tuple(m[g] for g in p)
        out.append(View(tiles, m, p, table.tobytes(), packed, lookup_tables(3, len(p))))
    return out


def walks3(rng: random.Random, count: int) -> list[Board]:
    """``count`` 8-puzzle boards, each a random walk of 12, 40, 200 or 201 moves from Korf's
    goal (the blank first)."""
    goal = goal_board(3, "first")
    out = []
    for _ in range(count):
        board = goal
        for _ in range(rng.choice((12, 40, 200, 201))):
            board = apply_move(board, rng.choice(legal_moves(board)))
        out.append(board)
    return out
