"""The fast solver: published results, replayed solutions, exact answers on small boards."""

from __future__ import annotations

import threading

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from searchlab.puzzles.peg import (
    apply_jump,
    endgame,
    finishing_holes,
    get_board,
    hint,
    impossibility_reason,
    legal_jumps,
    move_count,
    parse_board,
    solve_fast,
)
from searchlab.puzzles.peg.board import Board
from searchlab.puzzles.peg.solver import FIRST_ENDGAME_BUDGET
from searchlab.puzzles.peg.symmetry import make_canonical, stabilizer
from searchlab.search.result import SearchResult


def replay(board: Board, result: SearchResult, target: int | None) -> None:
    """Every jump legal, every listed position the result of the jumps, finish reached."""
    pos = result.states[0]
    for jump, after in zip(result.actions, result.states[1:], strict=True):
        pos = apply_jump(board, pos, jump)
        assert pos == after
    if target is None:
        assert pos.bit_count() == 1
    else:
        assert pos == target


def reachable(board: Board, start: int) -> set[int]:
    seen = {start}
    stack = [start]
    while stack:
        p = stack.pop()
        for j in legal_jumps(board, p):
            q = apply_jump(board, p, j)
            if q not in seen:
                seen.add(q)
                stack.append(q)
    return seen


def test_english_central_game() -> None:
    board = get_board("english")
    r = solve_fast(board, board.start(), 1 << board.hole("d4"))
    assert r.status == "solved" and r.length == 31
    assert board.jump_name(r.actions[-1]).endswith("-d4")
    replay(board, r, 1 << board.hole("d4"))
    assert r.extra["move_count"] == move_count(r.actions) <= 31


@pytest.mark.parametrize(
    ("name", "vacancy", "finish"), [("wiegleb", "e5", "e5"), ("french", "c1", None)]
)
def test_larger_classic_boards_solved(name: str, vacancy: str, finish: str | None) -> None:
    """The standard games of the larger boards (found by the vectorised beam)."""
    board = get_board(name)
    target = None if finish is None else 1 << board.hole(finish)
    r = solve_fast(board, board.start([vacancy]), target, time_limit=60)
    assert r.status == "solved" and r.length == board.size - 2
    replay(board, r, target)
    if target is None:
        assert r.states[-1].bit_length() - 1 in finishing_holes(board, r.states[0])


def test_beam_off_still_exact_on_small_problems() -> None:
    board = get_board("english")
    r = solve_fast(board, board.start(["c1"]), 1 << board.hole("f4"), beam=False, grow_after=10)
    assert r.status == "solved"
    replay(board, r, 1 << board.hole("f4"))


def test_move_count_merges_chains() -> None:
    assert move_count([(0, 1, 2), (2, 3, 4), (5, 6, 7)]) == 2
    assert move_count([]) == 0


@pytest.mark.parametrize("name", ["french", "diamond"])
def test_central_games_impossible(name: str) -> None:
    board = get_board(name)
    r = solve_fast(board, board.start(), 1 << board.default_vacancy)
    assert r.status == "impossible" and r.reason
    assert r.stats.expanded == 0


def _english_pairs() -> list[tuple[int, int]]:
    board = get_board("english")
    pairs = set()
    for v in range(board.size):
        for f in finishing_holes(board, board.full & ~(1 << v)):
            pairs.add(min((p[v], p[f]) for p in board.symmetries))
    return sorted(pairs)


@pytest.mark.slow
def test_english_rule_of_three_is_exact() -> None:
    """Vacate X, finish at Y: solvable exactly when the rule of three allows it.

    Every allowed pair (21 up to symmetry) is actually solved and replayed; every
    other pair is rejected by the class check (sound: see test_peg_classes).
    """
    board = get_board("english")
    pairs = _english_pairs()
    assert len(pairs) == 21
    for v, f in pairs:
        r = solve_fast(board, board.full & ~(1 << v), 1 << f, time_limit=60)
        assert r.status == "solved", (board.hole_name(v), board.hole_name(f), r.status)
        replay(board, r, 1 << f)
    allowed = {
        (v, f) for v in range(board.size) for f in finishing_holes(board, board.full & ~(1 << v))
    }
    for v in range(board.size):
        for f in range(board.size):
            reason = impossibility_reason(board, board.full & ~(1 << v), 1 << f)
            assert (reason is not None) == ((v, f) not in allowed)


@pytest.mark.parametrize("side", [4, 5])
def test_triangles_against_exhaustive_search(side: int) -> None:
    board = get_board(f"triangle{side}")
    for v in range(board.size):
        start = board.full & ~(1 << v)
        singles = {q for q in reachable(board, start) if q.bit_count() == 1}
        r = solve_fast(board, start, None)
        assert r.solved == bool(singles), board.hole_name(v)
        if r.solved:
            replay(board, r, None)
        for f in range(board.size):
            rf = solve_fast(board, start, 1 << f)
            assert rf.solved == ((1 << f) in singles)
            assert rf.status in ("solved", "impossible", "no_solution")


@settings(max_examples=25, deadline=None)
@given(st.integers(min_value=1, max_value=(1 << 15) - 1), st.data())
def test_random_triangle5_positions(start: int, data: st.DataObject) -> None:
    board = get_board("triangle5")
    reach = reachable(board, start)
    target = data.draw(st.sampled_from(sorted(reach)))
    r = solve_fast(board, start, target)
    assert r.status == "solved"
    replay(board, r, target)


def test_custom_board_with_diagonal_jumps() -> None:
    board, start = parse_board("ooo\no.o\nooo", diagonal=True)
    r = solve_fast(board, start, None)
    singles = {q for q in reachable(board, start) if q.bit_count() == 1}
    assert r.solved == bool(singles)
    if r.solved:
        replay(board, r, None)


def test_canonical_is_minimum_over_symmetries() -> None:
    board = get_board("wiegleb")
    canon = make_canonical(board, board.symmetries)
    pos = board.start(["a4", "e1", "e2"])
    images = [board.position(p[i] for i in board.pegs(pos)) for p in board.symmetries]
    assert canon(pos) == min(images)


@settings(max_examples=60, deadline=None)
@given(
    st.sampled_from(["english", "wiegleb", "triangle5", "triangle12"]),
    st.data(),
)
def test_canonical_tables_on_any_position(name: str, data: st.DataObject) -> None:
    """The chunk tables (made once per board and symmetry group) give the least image."""
    board = get_board(name)
    perms = data.draw(st.lists(st.sampled_from(board.symmetries), unique=True))
    canon = make_canonical(board, perms)
    for _ in range(20):
        pos = data.draw(st.integers(0, board.full))
        images = [board.position(p[i] for i in board.pegs(pos)) for p in perms]
        assert canon(pos) == min([pos, *images])


def _same_run(a: SearchResult, b: SearchResult) -> None:
    assert (a.status, a.actions, a.stats.expanded, a.stats.generated, a.stats.duplicates) == (
        b.status,
        b.actions,
        b.stats.expanded,
        b.stats.generated,
        b.stats.duplicates,
    )


def test_set_up_kept_between_solves_gives_the_same_search() -> None:
    """The second solve on a board starts from the kept endgame table: same search, same
    counts; a solve that grows its table past the kept one leaves the kept one as it was."""
    endgame._GROWN.clear()
    board = get_board("english")
    target = 1 << board.hole("d4")
    first = solve_fast(board, board.start(), target)
    assert len(endgame._GROWN) == 1
    (kept,) = endgame._GROWN.values()
    again = solve_fast(board, board.start(), target)
    _same_run(first, again)
    replay(board, again, target)
    start, finish = board.start(["c1"]), 1 << board.hole("f4")
    hard = [
        solve_fast(board, start, finish, grow_after=200, endgame_budget=150_000, beam=False)
        for _ in range(2)
    ]
    _same_run(*hard)
    assert hard[0].status == "solved"
    replay(board, hard[1], finish)
    assert any(table is kept for table in endgame._GROWN.values())
    assert [len(level) for level in kept.levels] == [len(level) for level in first_levels(board)]


def first_levels(board: Board) -> list[set[int]]:
    """The English central game's first endgame table, built afresh (nothing kept)."""
    target = 1 << board.hole("d4")
    perms = stabilizer(board, target)
    table = endgame.Endgame(board, [target], 32, make_canonical(board, perms), perms)
    table._grow(FIRST_ENDGAME_BUDGET, None)
    return table.levels


def test_limits_and_cancel() -> None:
    board = get_board("wiegleb")
    r = solve_fast(board, board.start(), 1 << board.default_vacancy, max_expansions=10)
    assert r.status == "limit" and r.limit == "max_expansions"
    token = threading.Event()
    token.set()
    r = solve_fast(board, board.start(), None, cancel=token, max_expansions=10**9)
    assert r.status == "cancelled"


def test_memo_bound_reported() -> None:
    board = get_board("english")
    r = solve_fast(
        board, board.start(["c1"]), 1 << board.hole("f4"), max_memo=10, max_expansions=20_000
    )
    assert r.extra["memo_size"] <= 10 and r.extra["memo_full"]


def test_hint_starts_a_solution() -> None:
    board = get_board("triangle5")
    j = hint(board, board.start())
    assert j is not None and j in legal_jumps(board, board.start())
    r = solve_fast(board, apply_jump(board, board.start(), j), None)
    assert r.solved
