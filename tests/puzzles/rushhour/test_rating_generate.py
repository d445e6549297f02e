"""Rating (the seed's formula, the calibrated levels) and the generator."""

from __future__ import annotations

import math
import random

import pytest
from rushhour_helpers import reference_distance

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import LEVELS, Board, cards, fast_bfs, parse_board, rate
from searchlab.puzzles.rushhour.generate import (
    _mutate,
    check_walls,
    generate,
    random_board,
    unreachable,
)
from searchlab.puzzles.rushhour.rating import level_of, seed_score, symmetry


def test_rate_card_figures_match_published_data() -> None:
    for c in (cards()[0], cards()[22], cards()[39]):
        r = rate(c.parse())
        assert (r.moves, r.steps, r.cluster_size) == (c.moves, c.steps, c.cluster)
        assert r.score == round(seed_score(r.moves, r.vehicles_moved, r.symmetry), 3)
        assert 1 <= r.vehicles_moved <= len(c.parse().vehicles)


def test_seed_formula() -> None:
    assert math.isclose(seed_score(10, 4, 2), 0.7 * 10**1.4 + 0.2 * 2 + 0.1 * 2)


def test_symmetry_counts_mirrored_vehicles() -> None:
    # B and C mirror each other left-right; the red car is its own mirror only when centred.
    b = parse_board("BBooCC\noooooo\nooAAoo\noooooo\noooooo\noooooo")
    assert symmetry(b) == 3
    assert symmetry(parse_board("BBoooo\noooooo\nAAoooo\noooooo\noooooo\noooooo")) == 0


def test_levels_calibrated_on_the_cards() -> None:
    # Card scores are monotone in the moves; the published levels are met for 37 of 40.
    assert [name for name, _ in LEVELS] == ["beginner", "intermediate", "advanced", "expert"]
    hits = 0
    for c in cards():
        moved = len({m.name for m in c.parse().legal_moves()})  # any plausible value
        hits += level_of(seed_score(c.moves, moved, 0)) == c.level.lower()
    assert hits >= 36


def test_generate_small_puzzles_are_distinct_minimal_and_correct() -> None:
    found = generate(8, count=2, seed=3, time_limit=30, max_cluster=3000, chain=False)
    assert len(found) == 2
    assert len({g.board.to_database() for g in found}) == 2
    for g in found:
        assert g.moves >= 8
        assert reference_distance(g.board) == g.moves
        b = g.board
        for k in range(1, len(b.vehicles)):  # every vehicle needed
            smaller = type(b)(b.width, b.height, b.vehicles[:k] + b.vehicles[k + 1 :], b.walls)
            assert fast_bfs(smaller).length < g.moves


def _cluster_depths(board: Board) -> dict[str, int]:
    """Moves to the goal of every position of ``board``'s cluster, over Board objects only:
    enumerate the cluster, then breadth-first search back from its solved positions."""
    seen = {board.to_database(): board}
    todo = [board]
    while todo:
        for m in (b := todo.pop()).legal_moves():
            nb = b.apply(m)
            if nb.to_database() not in seen:
                seen[nb.to_database()] = nb
                todo.append(nb)
    depth = {k: 0 for k, b in seen.items() if b.is_solved()}
    layer = list(depth)
    while layer:
        nxt = []
        for k in layer:
            for m in seen[k].legal_moves():
                n = seen[k].apply(m).to_database()
                if n not in depth:
                    depth[n] = depth[k] + 1
                    nxt.append(n)
        layer = nxt
    return depth


def test_generate_gives_hardest_positions_of_distinct_clusters() -> None:
    found = generate(8, count=3, seed=5, time_limit=30, max_cluster=1000)
    assert len(found) == 3
    clusters = []
    for g in found:
        depths = _cluster_depths(g.board)
        assert len(depths) == g.cluster_size
        assert max(depths.values()) == depths[g.board.to_database()] == g.moves
        clusters.append(set(depths))
    for i in range(len(clusters)):  # no puzzle is a position of another one's cluster
        for j in range(i):
            assert not clusters[i] & clusters[j]


def test_generate_is_reproducible_and_honours_walls() -> None:
    a = generate(6, count=1, seed=11, walls=2, time_limit=30)
    b = generate(6, count=1, seed=11, walls=2, time_limit=30)
    assert [g.board.to_database() for g in a] == [g.board.to_database() for g in b]
    assert len(a[0].board.walls) == 2


def test_mutations_keep_walls_off_the_exit_row_and_the_vehicles() -> None:
    rng = random.Random(2)
    board = random_board(rng, walls=3)
    for _ in range(300):
        board = _mutate(board, rng)
        cells = [c for v in board.vehicles for c in v.cells()]
        assert len(board.walls) == 3
        assert len(set(cells)) == len(cells)
        assert not board.walls & set(cells)
        assert all(r != board.exit_row for r, _ in board.walls)


def test_unreachable_only_beyond_the_proven_6x6_maximum() -> None:
    assert unreachable(51) is None
    assert unreachable(52) is not None
    assert unreachable(52, walls=1) is None  # walls: no proven maximum here
    assert unreachable(52, 7, 7) is None
    assert generate(52, count=1, seed=1, time_limit=30) == []


def test_unreachable_with_walls_filling_every_cell_off_the_exit_row() -> None:
    assert unreachable(2, 4, 4, 12) is not None
    assert unreachable(1, 4, 4, 12) is None
    assert unreachable(2, 4, 4, 11) is None  # a vertical car still fits
    assert unreachable(61, walls=2) is not None  # Fogleman's 60 with up to two walls
    assert unreachable(60, walls=2) is None
    assert generate(3, width=4, height=4, walls=12, time_limit=60) == []
    # the one-move puzzle is there: the red car alone
    (only,) = generate(1, width=4, height=4, walls=12, time_limit=60)
    assert only.moves == 1 and len(only.board.vehicles) == 1


def test_walls_that_do_not_fit_off_the_exit_row_are_refused() -> None:
    with pytest.raises(InputError, match="room for at most 12 walls"):
        generate(1, width=4, height=4, walls=13)
    check_walls(4, 4, 12)


def test_generate_time_limit_returns_partial() -> None:
    assert generate(60, count=1, seed=1, time_limit=0.5) == []
