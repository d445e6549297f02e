"""The course's two 8-puzzle assignments, marked by ``searchlab grade``: the hidden
instances and the reference programs' output (:mod:`searchlab.families.grading`).

- ``puzzle8``: ``COMMAND H instance.txt`` for H in z, d, m, b; its standard output
  compared with the reference's, the ``Tiempo:`` line aside;
- ``puzzle3x3heuristics``: the menu ``1 <board> 2 3 4 5`` on standard input; the
  ``puzzle3x3heuristics.txt`` it writes compared with the reference's.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from io import StringIO

from searchlab.families.grading import Assignment, Question

from .assignments.puzzle3x3 import OUTPUT_FILE, run_menu
from .assignments.puzzle8 import (
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    solve_puzzle8,
)


def scramble(goal: tuple[int, ...], steps: int, rng: random.Random) -> tuple[int, ...]:
    """A 3x3 board ``steps`` random blank moves from ``goal`` (never undoing the last)."""
    board = list(goal)
    blank, last = board.index(0), -1
    for _i in range(steps):
        r, c = divmod(blank, 3)
        options = [
            (r + dr) * 3 + c + dc
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < 3 and 0 <= c + dc < 3 and (r + dr) * 3 + c + dc != last
        ]
        nxt = rng.choice(options)
        board[blank], board[nxt] = board[nxt], 0
        last, blank = blank, nxt
    return tuple(board)


def grid(board: Sequence[int]) -> str:
    return "\n".join(" ".join(str(v) for v in board[r * 3 : r * 3 + 3]) for r in range(3)) + "\n"


def puzzle8_questions(n: int, rng: random.Random) -> list[Question]:
    """``n`` boards (the last one unsolvable from three on: two tiles swapped), each
    asked with the four heuristics."""
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    boards = [scramble(goal, rng.randint(6, 16), rng) for _i in range(n)]
    if n >= 3:  # one board that cannot reach the goal: swap two tiles
        b = list(boards[-1])
        i, j = [k for k, v in enumerate(b) if v][:2]
        b[i], b[j] = b[j], b[i]
        boards[-1] = tuple(b)
    out = []
    for k, board in enumerate(boards, 1):
        text = grid(board)
        for h in PUZZLE8_HEURISTICS:
            expected = format_answer(solve_puzzle8(parse_instance(text), h))
            out.append(
                Question(
                    f"{k}-{h}",
                    (h, "instance.txt"),
                    {"instance.txt": text},
                    "",
                    expected,
                    ignored=("Tiempo:",),
                )
            )
    return out


def puzzle3x3_questions(n: int, rng: random.Random) -> list[Question]:
    """``n`` menus, each one board and the three searches (the first, from two on,
    asks a search before any board: ``-1``)."""
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    out = []
    for k in range(1, n + 1):
        board = scramble(goal, rng.randint(4, 14), rng)
        menu = "1 " + " ".join(map(str, board)) + " 2 3 4 5\n"
        if k == 1 and n >= 2:
            menu = "2 " + menu  # an operation before any board: -1
        ref = StringIO()
        run_menu(menu, ref)
        out.append(Question(str(k), (), {}, menu, ref.getvalue(), output=OUTPUT_FILE))
    return out


ASSIGNMENTS = (
    Assignment("puzzle8", 1, puzzle8_questions),
    Assignment("puzzle3x3heuristics", 2, puzzle3x3_questions),
)
"""The assignments this family marks (``searchlab grade``)."""
