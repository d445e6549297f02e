"""Compare a 6x6 puzzle database with M. Fogleman's published histogram, move by move.

Run: ``.venv/bin/python benchmarks/rushhour_histogram.py [DB]`` (default: the database
``rushhour enumerate`` writes by default)

Fogleman's database holds the 6x6 puzzles with up to two walls (2,577,412, the
hardest of 60 moves). Prints, for each number of moves, his count and ours (up to
two walls) and whether they agree, then the totals; says how many shards are still
missing when the enumeration is not complete (the comparison is then partial).
"""

from __future__ import annotations

import sys

from searchlab.puzzles.rushhour.database import PuzzleDatabase, default_path
from searchlab.puzzles.rushhour.enumeration import FOGLEMAN_6X6_HISTOGRAM, shards


def main() -> None:
    path = sys.argv[1] if len(sys.argv) > 1 else str(default_path())
    with PuzzleDatabase(path) as db:
        ours = db.histogram(6, range(3))
        done = len(db.done(6) & {s.key for s in shards(6, 2)})
    total = len(shards(6, 2))
    if done < total:
        print(f"partial: {done} of {total} shards of 6x6 with up to two walls are done")
    agree = 0
    for moves in range(1, 61):
        his, mine = FOGLEMAN_6X6_HISTOGRAM[moves], ours.get(moves, 0)
        agree += his == mine
        print(
            f"{moves:2d} moves: Fogleman {his:>9,}  ours {mine:>9,}  {'=' if his == mine else '!='}"
        )
    print(
        f"total: Fogleman {sum(FOGLEMAN_6X6_HISTOGRAM.values()):,}, ours {sum(ours.values()):,}; "
        f"{agree}/60 move counts agree"
    )


if __name__ == "__main__":
    main()
