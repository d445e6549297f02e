"""Check: Fogleman's hardest 6x6 puzzle without walls is a row of the shard that holds it.

Run: ``.venv/bin/python benchmarks/rushhour_hardest.py`` (about 2 CPU minutes: one
6x6 shard)

The board is the 51-move puzzle of Fogleman's repository (a cluster of 4,780
positions). :func:`~searchlab.puzzles.rushhour.enumeration.shard_of` names the
shard that finds its cluster; the shard must hold exactly one row of that cluster,
with 51 moves and 4,780 positions, whose position is, among the cluster's
farthest from a solved position, the first in Fogleman's order (horizontal cells,
then vertical cells, as row-major bitboards), computed here with the Python
reference search (``cluster.explore_cluster``), not the compiled kernel.
"""

from __future__ import annotations

import time

from searchlab.puzzles.rushhour import parse_board
from searchlab.puzzles.rushhour.cluster import distances_to_goal, explore_cluster
from searchlab.puzzles.rushhour.enumeration import run_shard, shard_of
from searchlab.puzzles.rushhour.generate import cluster_key
from searchlab.puzzles.rushhour.model import Board

BOARD = "BCDDE.BCF.EGB.FAAGHHHI.G..JIKKLLJMM."


def fogleman_order(board: Board) -> tuple[int, int]:
    """(horizontal cells and walls, vertical cells) as row-major bitboards."""
    n = board.width
    hm = sum(1 << (r * n + c) for r, c in board.walls)
    vm = 0
    for v in board.vehicles:
        bits = sum(1 << (r * n + c) for r, c in v.cells())
        if v.horizontal:
            hm |= bits
        else:
            vm |= bits
    return hm, vm


def main() -> None:
    board = parse_board(BOARD, red="A")
    shard = shard_of(board)
    t0 = time.perf_counter()
    result = run_shard(shard)
    print(
        f"{shard.key}: {result.cpu:.1f} s CPU ({time.perf_counter() - t0:.1f} s), "
        f"{len(result.rows):,} puzzles"
    )
    key = cluster_key(board)
    mine = [
        r
        for r in result.rows
        if r.cluster_size == 4780 and cluster_key(parse_board(r.board)) == key
    ]
    assert [(r.moves, r.cluster_size) for r in mine] == [(51, 4780)], mine
    found = explore_cluster(board)
    assert found is not None
    pk, states, adjacency = found
    dist = distances_to_goal(pk, states, adjacency)
    farthest = [pk.to_board(s) for s, d in zip(states, dist, strict=True) if d == 51]
    assert fogleman_order(parse_board(mine[0].board)) == min(map(fogleman_order, farthest))
    print(f"OK: {mine[0].moves} moves, {mine[0].board}, cluster {mine[0].cluster_size:,}")


if __name__ == "__main__":
    main()
