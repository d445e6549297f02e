"""Calibrate the rating levels on the 40 challenge cards.

Prints each card's seed score and the thresholds (the lowest score of each
level) that put the most cards in their published level; those thresholds are
``LEVELS`` in ``searchlab/puzzles/rushhour/rating.py``.

Run: ``.venv/bin/python benchmarks/rushhour_calibrate.py``
"""

from __future__ import annotations

import itertools

from searchlab.puzzles.rushhour import cards, rate

NAMES = ("beginner", "intermediate", "advanced", "expert")


def main() -> None:
    data = []
    for c in cards():
        r = rate(c.parse())
        data.append((r.score, NAMES.index(c.level.lower())))
        print(f"card {c.number:2d} {c.level:12s} moves {r.moves:2d} score {r.score:8.2f}")
    scores = sorted({s for s, _ in data})
    cuts = [(a + b) / 2 for a, b in itertools.pairwise(scores)]
    best: tuple[int, tuple[float, ...]] = (-1, ())
    for t in itertools.combinations(cuts, 3):
        hits = sum(1 for s, lv in data if sum(s >= x for x in t) == lv)
        if hits > best[0]:
            best = (hits, t)
    print(f"best thresholds {[round(x, 1) for x in best[1]]}: {best[0]}/40 cards in their level")


if __name__ == "__main__":
    main()
