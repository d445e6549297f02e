"""The Tower of Hanoi family: the recursion against breadth-first search on every
position of small towers, the heuristics' admissibility, the text format, play."""

from __future__ import annotations

import itertools

import pytest

from searchlab import families
from searchlab.errors import InputError
from searchlab.families.contract import Table
from searchlab.puzzles.hanoi.count import count, count_positions
from searchlab.puzzles.hanoi.model import (
    MAX_DISKS,
    Tower,
    format_tower,
    legal_moves,
    moved,
    parse_tower,
)
from searchlab.puzzles.hanoi.problem import HEURISTICS, HanoiProblem
from searchlab.puzzles.hanoi.solver import distance, optimal_moves
from searchlab.search import solve

FAMILY = families.get("hanoi")


def all_positions(disks: int) -> list[tuple[int, ...]]:
    return list(itertools.product(range(3), repeat=disks))


def bfs_distances(disks: int, goal_peg: int) -> dict[tuple[int, ...], int]:
    """Every position's distance to the tower on ``goal_peg``, by a breadth-first search
    back from the goal written here (independent of the family's code but the moves)."""
    goal = (goal_peg,) * disks
    dist = {goal: 0}
    frontier = [goal]
    while frontier:
        nxt = []
        for state in frontier:
            for disk, _src, dst in legal_moves(state):
                child = moved(state, disk, dst)
                if child not in dist:
                    dist[child] = dist[state] + 1
                    nxt.append(child)
        frontier = nxt
    return dist


@pytest.mark.parametrize("disks", [1, 2, 3, 4, 5])
def test_recursion_is_optimal_from_every_position(disks: int) -> None:
    for goal in range(3):
        exact = bfs_distances(disks, goal)
        assert len(exact) == 3**disks  # every position reaches the goal
        for state in all_positions(disks):
            plan = optimal_moves(state, goal)
            assert len(plan) == distance(state, goal) == exact[state], state
            for disk, src, dst in plan:  # the plan replays through legal moves
                assert (disk, src, dst) in legal_moves(state)
                state = moved(state, disk, dst)
            assert state == (goal,) * disks


@pytest.mark.parametrize("heuristic", HEURISTICS)
def test_heuristics_are_admissible(heuristic: str) -> None:
    for disks in (3, 4):
        exact = bfs_distances(disks, 1)
        problem = HanoiProblem(Tower(disks, (0,) * disks, 1), heuristic)
        for state, d in exact.items():
            assert problem.heuristic(state) <= d


@pytest.mark.parametrize("algorithm", ["astar", "idastar", "bfs", "ucs", "bibfs", "iddfs"])
def test_optimal_engine_algorithms_match_the_recursion(algorithm: str) -> None:
    tower = parse_tower("disks: 4\nstart: CABA\ngoal: B")
    result = solve(HanoiProblem(tower, "misplaced"), algorithm, time_limit=30)
    assert result.solved and result.cost == distance(tower.start, tower.goal_peg)


def test_text_round_trips_and_defaults() -> None:
    tower = parse_tower("  # a comment\n3\n")
    assert tower == Tower(3, (0, 0, 0), 2)
    assert parse_tower(format_tower(tower)) == tower
    assert parse_tower("disks: 4\nstart: b\ngoal: a").start == (1, 1, 1, 1)
    for bad in (
        "",
        "disks: 0",
        f"disks: {MAX_DISKS + 1}",
        "disks: three",
        "disks: 3\nstart: AB",
        "disks: 3\ngoal: D",
        "disks: 3\ndisks: 4",
        "colour: red",
    ):
        with pytest.raises(InputError) as err:
            parse_tower(bad)
        assert "\n" not in str(err.value)


@pytest.mark.parametrize("depth", [0, 1, 5, 7, 8, 100, 4095])
def test_samples_are_exactly_at_their_depth(depth: int) -> None:
    assert FAMILY.sampling is not None
    for seed in range(3):
        tower = FAMILY.read(FAMILY.sampling.sample(depth, seed))
        assert distance(tower.start, tower.goal_peg) == depth


def test_each_move_is_one_grab_and_one_landing_cell() -> None:
    """A disk's moves land on different cells, the landing cell is free, and the grabbed
    cells are the disk's own cells in the view (so clicks and drags find the move)."""
    tower = parse_tower("disks: 4\nstart: ABAC")
    base = FAMILY.base_view(tower)
    rows = base["rows"]
    rods = {f["c"] for f in base["fixtures"] if f["kind"] == "rod"}
    for state in all_positions(4):
        view = FAMILY.state_view(tower, state)
        covered = {}
        for p in view["pieces"]:
            for r in range(p["r"], p["r"] + p.get("h", 1)):
                for c in range(p["c"], p["c"] + p["w"]):
                    assert (r, c) not in covered  # disks never overlap
                    covered[(r, c)] = p["id"]
        moves = FAMILY.legal_moves(tower, state)
        by_piece: dict[tuple[tuple[int, int], ...], set[tuple[int, int]]] = {}
        for m in moves:
            assert m.to not in covered
            (disk,) = {covered[g] for g in m.grab}
            assert set(m.grab) == {k for k, v in covered.items() if v == disk}  # all of it
            r, c = m.to  # on the rod, just above the base or the target's top disk
            assert c in rods and (r + 1 == rows - 1 or (r + 1, c) in covered)
            assert m.to not in by_piece.setdefault(m.grab, set())
            by_piece[m.grab].add(m.to)


def test_hint_is_the_first_move_of_an_optimal_solution() -> None:
    tower = parse_tower("disks: 4\ngoal: B")
    for state in all_positions(4):
        move = FAMILY.suggest(tower, state)
        if state == tower.goal:
            assert move is None
        else:
            assert move is not None
            assert distance(move.state, 1) == distance(state, 1) - 1


@pytest.mark.parametrize("disks", [1, 2, 3, 4, 5])
def test_count_task_counts_every_position_at_its_distance(disks: int) -> None:
    exact = bfs_distances(disks, 2)
    per = count_positions(disks)
    assert sum(per.values()) == 3**disks and max(per) == 2**disks - 1
    for d, n in per.items():
        assert n == sum(1 for v in exact.values() if v == d) == 2 ** d.bit_count()


def test_count_task_is_declared_as_data() -> None:
    (task,) = FAMILY.tasks
    assert task.name == "count" and [o.name for o in task.options] == ["disks"]
    blocks = list(task.run(disks=3))
    assert blocks and "27" in str(blocks[-1])
    with pytest.raises(InputError):
        list(task.run(disks=MAX_DISKS + 1))


@pytest.mark.parametrize("disks", range(1, 9))
def test_count_table_agrees_with_counting_every_position(disks: int) -> None:
    """The table's formula (C(n, k) distances, C(n, k) 2^k positions with k disks to move)
    against the enumeration of all 3^n positions; and it counts every tower solve takes."""
    per = count_positions(disks)
    table = next(b for b in count(disks) if isinstance(b, Table))
    for k, distances, positions in table.rows:
        at_k = [d for d in per if d.bit_count() == int(k)]
        assert int(distances.replace(",", "")) == len(at_k)
        assert int(positions.replace(",", "")) == sum(per[d] for d in at_k)
    assert list(count(MAX_DISKS))


def test_the_picture_is_rods_on_bases_and_disks_by_size() -> None:
    """Every disk sits centred on its peg's rod, four rows high and as wide as 2k + 3
    cells for disk k, on the base or on a larger disk; the rods stand on three lettered
    bases, the goal peg's rod in its own colour; the picture is at most about 2:1 (a
    3:1 strip left a phone's height unused and its disks too thin to tap); all drawn
    with kinds of the one style table."""
    from searchlab.view import PIECES

    for disks in (1, 4, 12):
        tower = parse_tower(f"disks: {disks}\ngoal: B")
        base = FAMILY.base_view(tower)
        assert base["cols"] == 3 * (2 * disks + 3) and base["rows"] == 4 * disks + 3
        assert base["cols"] <= 2.2 * base["rows"]
    tower = parse_tower("disks: 4\nstart: ABAC\ngoal: B")
    base = FAMILY.base_view(tower)
    rods = [f for f in base["fixtures"] if f["kind"] == "rod"]
    bases = [f for f in base["fixtures"] if f["kind"] == "base"]
    assert [b["label"] for b in bases] == ["A", "B", "C"]
    assert [bool(r.get("color")) for r in rods] == [False, True, False]
    assert {r["h"] for r in rods} == {b["r"] for b in bases} == {base["rows"] - 1}
    assert sum(b["w"] for b in bases) == base["cols"]
    for state in all_positions(4):
        view = FAMILY.state_view(tower, state)
        below = {}
        for p in sorted(view["pieces"], key=lambda p: -p["r"]):
            k = int(p["label"]) - 1
            rod = rods[state[k]]
            assert p["kind"] == "disk" and p["w"] == 2 * k + 3 and p["h"] == 4
            assert p["c"] + k + 1 == rod["c"]  # centred on the rod
            under = below.get(state[k])
            assert p["r"] + 4 == (base["rows"] - 1 if under is None else under["r"])
            assert under is None or int(under["label"]) > k + 1  # never on a smaller disk
            below[state[k]] = p
    assert {"rod", "base", "disk"} <= set(PIECES)
