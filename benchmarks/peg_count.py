"""Counting every peg solitaire solution and game exactly (issue 15, part 1; not timed tests).

Run: .venv/bin/python benchmarks/peg_count.py [--quick] [--french]

Prints, for the English central game (skipped with ``--quick``) and the 15-hole
triangle from each of its 15 holes: seconds (and CPU seconds, the fairer
figure on a shared machine), peak resident memory, the
positions, the solutions and the games, each next to Durango Bill's published
figure with whether they match. Targets: the English central solution count in
under 5 minutes and 8 GB; the triangle instantly. ``--french`` adds the French
central game (50 minutes here, 5.2 GB), against Butler's 37-hole figure.
"""

from __future__ import annotations

import sys
import time

from searchlab.puzzles.peg import count_levels, get_board
from searchlab.puzzles.peg.published import TRIANGLE_CENTRE, published
from searchlab.search.result import peak_memory_mb


def verdict(ours: int, theirs: int | None) -> str:
    if theirs is None:
        return "(not published)"
    return f"(published {theirs:,}: {'match' if ours == theirs else 'DIFFER'})"


def central(name: str) -> bool:
    board = get_board(name)
    start = board.start()
    t, cpu = time.perf_counter(), time.process_time()
    c = count_levels(board, start, paths=True, max_memory_mb=8192)
    seconds, cpu = time.perf_counter() - t, time.process_time() - cpu
    peak = peak_memory_mb() or 0.0
    assert c.complete and c.paths is not None
    line = published(board, start)
    assert line is not None
    d4 = c.paths.solutions(board.hole("d4"))
    print(
        f"{name} central game: {seconds:.1f} s ({cpu:.1f} s of CPU), peak {peak:,.0f} MiB "
        "(target < 300 s, 8 GiB)"
    )
    print(f"  positions {c.sum_total:,} ({c.sum_canonical:,} up to symmetry)")
    print(f"  solutions on d4 {d4:,} {verdict(d4, line.at_start)}")
    anywhere = c.paths.solutions()
    print(f"  solutions anywhere {anywhere:,} {verdict(anywhere, line.solutions)}")
    print(f"  games {c.paths.games:,} {verdict(c.paths.games, line.total_games)}")
    ok = c.paths.games == line.total_games
    ok &= line.at_start is None or d4 == line.at_start
    ok &= line.solutions is None or c.paths.solutions() == line.solutions
    return ok and peak < 8192 and (name != "english" or seconds < 300)


def triangle() -> bool:
    board = get_board("triangle5")
    ok = True
    t = time.perf_counter()
    print(
        "15-hole triangle, per starting hole (Butler's 'total possible games' = games + solutions):"
    )
    for hole in range(board.size):
        start = board.full & ~(1 << hole)
        c = count_levels(board, start, paths=True)
        line = published(board, start)
        assert c.paths is not None and line is not None
        sols, games = c.paths.solutions(), c.paths.games
        centre = sum(c.paths.solutions(board.hole(h)) for h in TRIANGLE_CENTRE)
        back = c.paths.solutions(hole)
        shortest = next(k for k, n in enumerate(c.paths.dead_ends) if n)
        total = line.our_games(games, sols)
        same = (sols, centre, back, total, shortest) == (
            line.solutions,
            line.centre,
            line.at_start,
            line.total_games,
            line.shortest_game,
        )
        ok &= same
        print(
            f"  {board.hole_name(hole):>3}: solutions {sols:>6,}, on the centre {centre:>5,}, "
            f"back on the start {back:>6,}, shortest game {shortest} jumps, "
            f"games {games:>9,} + solutions = {total:>9,}  {'match' if same else 'DIFFER'}"
        )
    seconds = time.perf_counter() - t
    print(f"  all 15 starts: {seconds:.2f} s (target: instant)")
    return ok


def main() -> None:
    ok = True
    if "--quick" not in sys.argv:
        ok &= central("english")  # first, so the peak memory is its own
    if "--french" in sys.argv:
        ok &= central("french")
    ok &= triangle()
    print("all published figures matched" if ok else "MISMATCH or target missed")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
