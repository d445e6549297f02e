"""Check: the rows of enumeration shards against M. Fogleman's C++ enumerator, row for row.

Run: ``.venv/bin/python benchmarks/rushhour_cpp_rows.py RUSH [SHARD ...] [--pick W COUNT
SEED [--positions LO HI] [--rows MIN]]``

``RUSH`` is a checkout (or a bare git directory) of github.com/fogleman/rush; his
``cpp/`` is built as ``benchmarks/rushhour_vs_cpp.py`` builds it (his ``Makefile``, one
worker thread, the exact number of walls, and one filter: only the shard's fixed rows).
Each ``SHARD`` (e.g. ``6x6/w1/0-3-42``) runs on both sides, one process each; ``--pick
W COUNT SEED`` adds COUNT random 6x6 shards with exactly W walls whose packed
positions (counted first, enumeration only) lie between LO and HI (default 40,000 and
1,500,000: seconds to a few CPU minutes each) and where we find at least MIN puzzles
(default 1; most shards with walls hold none, and those check only the packed count).

What is compared, per shard:

* the packed positions (his ``inp`` counter, our ``positions``): must be equal;
* the rows. Both programs print a cluster's hardest position by the same rule (the
  farthest from a solved position, the smallest pair (horizontal cells and walls,
  vertical cells) as row-major bitboards among several), so a row is compared as
  (moves, board, cluster size) with the board's letters renamed in reading order
  (his are the pieces' indices, walls included). But the two call different members
  of a cluster *canonical* (we the smallest packed int, he the smallest bitboard pair),
  so a cluster may be a row of this shard for one program and of another shard for
  the other. Every row only one side found is therefore followed to its cluster: its
  canonical member under the other program's rule (his: the smallest pair over the
  whole cluster; ours: :func:`~searchlab.puzzles.rushhour.enumeration.shard_of`) must
  lie in a different shard. The script prints the rows in common (must be those both
  rules put in this shard, identical), and the one-sided rows, each explained or not;
  and, for his rows, that his per-distance counts add up to the cluster size.

Exit status 1 when anything does not match.
"""

from __future__ import annotations

import random
import sys
from pathlib import Path

from rushhour_ours import run_ours
from rushhour_vs_cpp import Row, build, his_rows, renamed, rows_spec, run_cpp
from searchlab.puzzles.rushhour import kernel
from searchlab.puzzles.rushhour.cluster import distances_to_goal, explore_cluster
from searchlab.puzzles.rushhour.enumeration import (
    count_positions,
    run_shard,
    shard_holding,
    shard_of,
    shards,
)
from searchlab.puzzles.rushhour.model import Board
from searchlab.puzzles.rushhour.notation import parse_board


def his_canonical(board: Board) -> Board:
    """The member of ``board``'s cluster his enumerator searches from: the smallest pair
    (horizontal cells and walls, vertical cells) as row-major bitboards."""
    explored = explore_cluster(board)
    assert explored is not None  # no cap
    pk, states, _ = explored
    n = board.width
    masks = []
    for v in board.vehicles:
        lim = board.width if v.horizontal else board.height
        masks.append(
            [
                sum(1 << (r * n + c) for r, c in v.at(p).cells()) if p + v.length <= lim else 0
                for p in range(8)
            ]
        )
    walls = sum(1 << (r * n + c) for r, c in board.walls)
    best: tuple[int, int] | None = None
    best_state = states[0]
    for s in states:
        h, w = walls, 0
        for i, v in enumerate(board.vehicles):
            m = masks[i][(s >> (3 * i)) & 7]
            if v.horizontal:
                h |= m
            else:
                w |= m
        if best is None or (h, w) < best:
            best, best_state = (h, w), s
    return pk.to_board(best_state)


def _order(board: Board) -> tuple[int, int]:
    """Fogleman's order of positions: (horizontal cells and walls, vertical cells) as
    row-major bits."""
    n = board.width
    h = sum(1 << (r * n + c) for r, c in board.walls)
    v = 0
    for vehicle in board.vehicles:
        bits = sum(1 << (r * n + c) for r, c in vehicle.cells())
        if vehicle.horizontal:
            h |= bits
        else:
            v |= bits
    return h, v


def rederived(text: str) -> Row | None:
    """The row of the cluster of ``text``, from the board alone, by neither enumerator:
    the reference cluster search and distances (``cluster.py``), the hardest position
    in Fogleman's order, minimality by removing each piece and solving again with the
    compiled breadth-first search (``kernel.distance``); ``None`` unless solvable and
    minimal."""
    board = parse_board(text)
    explored = explore_cluster(board)
    assert explored is not None  # no cap
    pk, states, adjacency = explored
    dist = distances_to_goal(pk, states, adjacency)
    moves = max(dist)
    if moves < 0:
        return None
    hardest = min(
        (pk.to_board(s) for s, d in zip(states, dist, strict=True) if d == moves), key=_order
    )
    n = board.width
    vs = hardest.vehicles
    for k in range(1, len(vs)):
        if kernel.distance(Board(n, n, vs[:k] + vs[k + 1 :], hardest.walls)) >= moves:
            return None
    for wall in hardest.walls:
        if kernel.distance(Board(n, n, vs, hardest.walls - {wall})) >= moves:
            return None
    return moves, renamed(hardest.to_database()), len(states)


def pick(walls: int, count: int, seed: int, lo: int, hi: int, rows: int) -> list[str]:
    """``count`` random 6x6 shards with exactly ``walls`` walls, ``lo .. hi`` packed
    positions and at least ``rows`` puzzles of ours (most shards with walls hold none,
    and a shard without rows checks only the packed count), with distinct exit rows
    where possible."""
    every = [s for s in shards(6, walls) if s.walls == walls]
    random.Random(seed).shuffle(every)
    chosen: list[str] = []
    exits: set[int] = set()
    for s in every:
        if len(chosen) == count:
            break
        if s.prefix[0] in exits and len(exits) < count:
            continue
        if lo <= count_positions(s) <= hi and len(run_shard(s).rows) >= rows:
            chosen.append(s.key)
            exits.add(s.prefix[0])
    return chosen


def check(rush: Path, key: str) -> bool:
    size, walls = int(key[0]), int(key.split("/")[1][1:])
    cpp, lines = run_cpp(build(rush, size, walls), {"RUSH_SHARD": rows_spec(key)})
    mine = run_ours([key])
    his, wrong = his_rows(lines)
    our_rows = {(m, b, c) for m, b, c in mine["rows"]}  # type: ignore[attr-defined]
    common = our_rows & his
    only_ours = sorted(our_rows - his)
    only_his = sorted(his - our_rows)
    # a one-sided row is explained when the other program's canonical member of its
    # cluster lies in another shard (it is found there, not here)
    unexplained = [
        r for r in only_ours if shard_holding(his_canonical(parse_board(r[1]))).key == key
    ]
    unexplained += [r for r in only_his if shard_of(parse_board(r[1])).key == key]
    # and every row of either side, re-derived from its board alone
    false = [r for r in sorted(our_rows | his) if rederived(r[1]) != r]
    same = int(cpp["inp"]) == mine["positions"]
    ok = same and not unexplained and not wrong and not false
    print(
        f"{key}: packed positions C++ {int(cpp['inp']):,}, ours {mine['positions']:,} "
        f"({'same' if same else 'DIFFERENT'}); puzzles C++ {len(his):,}, ours "
        f"{len(our_rows):,}; identical rows {len(common):,}; only ours {len(only_ours):,}, "
        f"only his {len(only_his):,}, each in another shard by the other's canonical "
        f"member: {'yes' if not unexplained else f'NO ({len(unexplained)})'}; every row "
        f"re-derived from its board: {'yes' if not false else f'NO ({len(false)})'}; CPU C++ "
        f"{cpp['cpu']:.1f} s, ours {float(mine['cpu']):.1f} s",  # type: ignore[arg-type]
        flush=True,
    )
    for r in unexplained[:5]:
        print(f"  unexplained: {r}")
    for r in false[:5]:
        print(f"  re-derived differently: {r}: {rederived(r[1])}")
    for line in wrong[:5]:
        print(f"  distance counts do not add up: {line}")
    return ok


def main() -> None:
    args = sys.argv[1:]
    rush = Path(args.pop(0))
    keys = [a for a in args if "/" in a]
    if "--pick" in args:
        at = args.index("--pick")
        walls, count, seed = (int(x) for x in args[at + 1 : at + 4])
        lo, hi = 40_000, 1_500_000
        if "--positions" in args:
            at = args.index("--positions")
            lo, hi = int(args[at + 1]), int(args[at + 2])
        least = int(args[args.index("--rows") + 1]) if "--rows" in args else 1
        keys += pick(walls, count, seed, lo, hi, least)
    results = [check(rush, key) for key in keys]
    print(f"{sum(results)} of {len(results)} shards match")
    sys.exit(0 if all(results) else 1)


if __name__ == "__main__":
    main()
