"""The dual lookup (issue 24, item 2): admissible on every 8-puzzle state for goals with
the blank on and off the reflection's diagonal, and the compiled kernel makes the same
lookups as the pure-Python reference: identical node counts, on 3x3 boards and on
Korf's 15-puzzle instances."""

from __future__ import annotations

from typing import Any

import pytest

from searchlab.puzzles.npuzzle import Board, goal_board, instances_at_depth
from searchlab.puzzles.npuzzle.heuristics import goal_positions
from searchlab.puzzles.npuzzle.instances import _layers, _unpack
from searchlab.puzzles.npuzzle.kernel import build_ranked, ida_star_compiled
from searchlab.puzzles.npuzzle.korf import KORF_GOAL, korf_instances
from searchlab.puzzles.npuzzle.pdb import pack_ranked
from searchlab.puzzles.npuzzle.pure_search import _ranked_value, dual_lookup, ida_star
from searchlab.search import SearchResult

GOALS = {
    "blank first": (0, 1, 2, 3, 4, 5, 6, 7, 8),
    "blank centre": (1, 2, 3, 8, 0, 4, 7, 6, 5),
    "blank off the diagonal": (1, 0, 2, 3, 4, 5, 6, 7, 8),
}


def _parts(goal: Board) -> list[tuple[int, ...]]:
    cells = [c for c in range(9) if c != goal.blank]
    return [tuple(cells[:4]), tuple(cells[4:])]


def _same(a: SearchResult, b: SearchResult) -> None:
    assert (a.status, a.length, a.actions) == (b.status, b.length, b.actions)
    sa, sb = a.stats, b.stats
    assert (sa.generated, sa.expanded, sa.iterations) == (sb.generated, sb.expanded, sb.iterations)


@pytest.mark.slow
@pytest.mark.parametrize("name", list(GOALS))
def test_dual_lookup_is_admissible_on_every_8_puzzle_state(name: str) -> None:
    """Every one of the 181,440 states: the dual lookup never exceeds the exact distance,
    has its parity, and beats the board's own lookup on some states."""
    goal = Board(3, GOALS[name])
    where = goal_positions(goal)
    parts = _parts(goal)
    full = [(p, build_ranked(3, p)) for p in parts]
    pdbs: list[tuple[Any, Any]] = [(full[0][0], full[0][1].tobytes())]
    pdbs.append((parts[1], bytes(pack_ranked(3, parts[1], full[1][1]))))  # one packed
    better = 0
    for depth, layer in enumerate(_layers(goal.tiles)):
        for packed in layer:
            labels = [where[t] for t in _unpack(packed, 9)]
            hd = dual_lookup(3, goal.blank, labels, pdbs)
            assert hd <= depth and (depth - hd) % 2 == 0
            cells_of = [[labels.index(lab) for lab in p] for p in parts]
            h = sum(
                _ranked_value(cs, t, False, p, 3) for cs, (p, t) in zip(cells_of, full, strict=True)
            )
            better += hd > h
    assert better > 1000


@pytest.mark.parametrize("name", list(GOALS))
def test_dual_lookups_compiled_equal_python(name: str) -> None:
    goal = Board(3, GOALS[name])
    pdbs = [(p, build_ranked(3, p).tobytes()) for p in _parts(goal)]
    for depth in (2, 14, 24, 28):
        for board in instances_at_depth(depth, 3, seed=5, goal=goal):
            for reflect in (True, False):
                a = ida_star(board, goal, pdbs=pdbs, reflect=reflect, dual=True)
                assert a.length == depth
                _same(a, ida_star_compiled(board, goal, pdbs=pdbs, reflect=reflect, dual=True))


@pytest.fixture(scope="module")
def ranked_3x5() -> list[tuple[tuple[int, ...], bytes]]:
    parts = [(1, 2, 3), (4, 5, 6), (7, 8, 9), (10, 11, 12), (13, 14, 15)]
    return [(p, bytes(pack_ranked(4, p, build_ranked(4, p)))) for p in parts]


@pytest.mark.parametrize("ident", [79, pytest.param(12, marks=pytest.mark.slow)])
def test_dual_lookups_compiled_equal_python_on_korf_instances(ranked_3x5: Any, ident: int) -> None:
    """Korf's #79 (and #12, slow) with the 3-3-3-3-3 ranked tables (packed): board,
    reflection and dual lookups, the same counts in both searches, and optimal lengths."""
    inst = next(k for k in korf_instances() if k.id == ident)
    a = ida_star(inst.board, KORF_GOAL, pdbs=ranked_3x5, dual=True)
    _same(a, ida_star_compiled(inst.board, KORF_GOAL, pdbs=ranked_3x5, dual=True))
    assert a.length == inst.optimal_length


def test_dual_lookup_of_the_goal_is_zero() -> None:
    goal = goal_board(3, "first")
    pdbs = [(p, build_ranked(3, p).tobytes()) for p in _parts(goal)]
    assert dual_lookup(3, 0, list(range(9)), pdbs) == 0
