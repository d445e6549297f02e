"""Generating hard puzzles: iterated local search over boards, scored by whole clusters.

Each candidate board is scored by the hardest position of its *cluster* (all
positions reachable from it): one breadth-first enumeration of the cluster,
then one multi-source breadth-first search backwards from its solved positions
(:func:`~searchlab.puzzles.rushhour.cluster.explore_cluster`,
:func:`~searchlab.puzzles.rushhour.cluster.distances_to_goal`; the generator
runs the same two searches compiled, :mod:`~searchlab.puzzles.rushhour.kernel`,
about ten times faster). Starting from a random board, the generator applies
random mutations (add a vehicle, remove one, move one elsewhere; on boards with
walls, ``WALL_MOVES`` of them move a wall instead) and keeps a mutation when
the cluster's hardest position is at least as hard as before (plateau moves
allowed). After ``patience`` mutations without progress it *kicks* the best
board of the current climb (``KICK_SIZE`` random mutations at once) and climbs
again (iterated local search); after ``KICKS`` kicks that do not beat that best
board it restarts from a fresh random board. Clusters larger than
``max_cluster`` positions are rejected, and so is a mutation whose cluster is
more than ``GROWTH`` times the current one (at least ``MIN_CAP`` positions):
hard puzzles live in small clusters, and the enumeration stops as soon as the
cap is passed, which keeps most evaluations cheap.

A candidate whose hardest position needs at least ``min_moves`` moves is then
made *minimal*: at that position, a vehicle is **needed** when removing it
leaves a board whose optimal solution is strictly shorter. (Removing a vehicle
never makes a position harder, since every old move stays legal.) Unneeded
vehicles are removed one at a time, and the hardest position of the new
cluster is taken again, until every vehicle is needed; the puzzle is kept if
it still needs at least ``min_moves`` moves and its cluster is new
(:func:`cluster_key`; a cluster may have several hardest positions, which are
one puzzle). Each board is made minimal at most once (memo).

With ``chain=True`` (the default) the climb goes on from each puzzle found:
its neighbours are often as hard, so the second and later puzzles come much
faster than the first, at the price of related layouts; ``chain=False``
restarts from a random board after each puzzle.

This follows the approach of M. Fogleman's Rush Hour generator (random boards
improved by random mutations, scored by optimal solution length), re-derived
here with the cluster's hardest position as the score.
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.limits import Budget, CancelToken

from .cluster import distances_to_goal, explore_cluster
from .model import Board, Vehicle
from .solver import fast_bfs

LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
GROWTH = 3
MIN_CAP = 4000
KICKS = 3
KICK_SIZE = 3
WALL_MOVES = 0.15
"""Share of mutations that move a wall (boards with walls only)."""


HARDEST_6X6 = 51
"""Optimal moves of the hardest 6x6 position without walls: M. Fogleman's exhaustive
database of every 6x6 position (issue 6), so no 6x6 puzzle without walls needs more."""


HARDEST_6X6_WALLS = 60
"""The same for 6x6 boards with up to two walls (Fogleman's database: one puzzle of 60)."""


def check_walls(width: int, height: int, walls: int) -> None:
    """An :class:`InputError` unless ``walls`` walls fit off the exit row (the generator
    never walls the exit row: a wall there would block the red car or be useless)."""
    room = (height - 1) * width
    if not 0 <= walls <= room:
        raise InputError(
            _(
                "--walls {walls}: a {width}x{height} board has room for at most {room} walls "
                "(they go off the exit row)"
            ).format(walls=walls, width=width, height=height, room=room)
        )


def unreachable(min_moves: int, width: int = 6, height: int = 6, walls: int = 0) -> str | None:
    """Why no puzzle of at least ``min_moves`` moves exists on such a board, or ``None``
    when none is known. Proofs: 6x6 boards have Fogleman's exhaustive database (51 moves
    at most without walls, 60 with up to two); a board whose walls fill every cell off
    the exit row holds the red car alone (1 move at most: every vehicle needs a cell off
    the exit row, since no other vehicle lies along it)."""
    if (width, height) == (6, 6) and walls == 0 and min_moves > HARDEST_6X6:
        return _(
            "no 6x6 puzzle without walls needs more than {hardest} moves "
            "(M. Fogleman's exhaustive database of every 6x6 position)"
        ).format(hardest=HARDEST_6X6)
    if (width, height) == (6, 6) and walls <= 2 and min_moves > HARDEST_6X6_WALLS:
        return _(
            "no 6x6 puzzle with up to two walls needs more than {hardest} moves "
            "(M. Fogleman's exhaustive database of every 6x6 position)"
        ).format(hardest=HARDEST_6X6_WALLS)
    if walls >= (height - 1) * width and min_moves > 1:
        return _(
            "{walls} walls fill every cell of a {width}x{height} board off the exit row: "
            "only the red car fits, so no puzzle needs more than 1 move"
        ).format(walls=walls, width=width, height=height)
    return None


@dataclass(frozen=True, slots=True)
class Generated:
    """One generated puzzle: the board (its cluster's hardest position) and its figures."""

    board: Board
    moves: int
    cluster_size: int
    attempts: int  # boards evaluated to find it
    seconds: float

    def as_dict(self) -> dict[str, object]:
        """The JSON form: the board in the database notation and its figures."""
        return {
            "board": self.board.to_database(),
            "moves": self.moves,
            "cluster_size": self.cluster_size,
            "seconds": round(self.seconds, 3),
        }


def _occupied(board: Board) -> set[tuple[int, int]]:
    return {cell for v in board.vehicles for cell in v.cells()} | set(board.walls)


def _random_vehicle(board: Board, rng: random.Random, name: str) -> Vehicle | None:
    occupied = _occupied(board)
    for _attempt in range(30):
        length = 2 if rng.random() < 0.7 else 3
        horizontal = rng.random() < 0.5
        if horizontal:
            row = rng.randrange(board.height)
            if row == board.exit_row:
                continue  # in front of the red car it would wall the exit; behind, it is useless
            col = rng.randrange(board.width - length + 1)
        else:
            row = rng.randrange(board.height - length + 1)
            col = rng.randrange(board.width)
        v = Vehicle(name, row, col, length, horizontal)
        if not any(cell in occupied for cell in v.cells()):
            return v
    return None


def _relabel(board: Board) -> Board:
    """Red car 'A', other vehicles B, C, ... in reading order of their first cell."""
    rest = sorted(board.vehicles[1:], key=lambda v: (v.row, v.col))
    vs = [board.vehicles[0], *rest]
    named = tuple(
        Vehicle(LETTERS[i], v.row, v.col, v.length, v.horizontal) for i, v in enumerate(vs)
    )
    return Board(board.width, board.height, named, board.walls)


def random_board(
    rng: random.Random, width: int = 6, height: int = 6, walls: int = 0, vehicles: int = 10
) -> Board:
    """A random board: the red car on row ``(height-1)//2``, ``walls`` walls off that row,
    up to ``vehicles`` other vehicles placed at random free places."""
    row = (height - 1) // 2
    red = Vehicle("A", row, rng.randrange(width - 2), 2, True)
    free = [(r, c) for r in range(height) for c in range(width) if r != row]
    wall_cells = frozenset(rng.sample(free, min(walls, len(free))))
    board = Board(width, height, (red,), wall_cells)
    for k in range(1, vehicles + 1):
        v = _random_vehicle(board, rng, LETTERS[k])
        if v is not None:
            board = Board(width, height, (*board.vehicles, v), board.walls)
    return _relabel(board)


def _move_wall(board: Board, rng: random.Random) -> Board:
    """``board`` with one wall moved to a random free cell off the exit row."""
    occupied = _occupied(board)
    free = [
        (r, c)
        for r in range(board.height)
        for c in range(board.width)
        if r != board.exit_row and (r, c) not in occupied
    ]
    if not free:
        return board
    walls = sorted(board.walls)
    walls[rng.randrange(len(walls))] = rng.choice(free)
    return Board(board.width, board.height, board.vehicles, frozenset(walls))


def _mutate(board: Board, rng: random.Random) -> Board:
    if board.walls and rng.random() < WALL_MOVES:
        return _move_wall(board, rng)
    vs = list(board.vehicles)
    roll = rng.random()
    if roll < 0.3 and len(vs) < 20:
        v = _random_vehicle(board, rng, LETTERS[len(vs)])
        if v is not None:
            vs.append(v)
    elif roll < 0.45 and len(vs) > 2:
        vs.pop(rng.randrange(1, len(vs)))
    elif len(vs) > 1:
        k = rng.randrange(1, len(vs))
        moved = vs.pop(k)
        reduced = Board(board.width, board.height, tuple(vs), board.walls)
        v = _random_vehicle(reduced, rng, moved.name)
        vs.append(v if v is not None else moved)
    return _relabel(Board(board.width, board.height, tuple(vs), board.walls))


def hardest(board: Board, max_cluster: int) -> tuple[int, Board, int]:
    """``(moves, position, cluster size)`` of the hardest position of ``board``'s cluster.

    ``moves`` is -1 when the cluster has no solved position or is larger than ``max_cluster``.
    Uses the compiled kernel (:mod:`~searchlab.puzzles.rushhour.kernel`) when the board
    fits it, else the Python reference; both give the same answer.
    """
    # imported here, not at the top: importing Numba takes 0.3 s, which every other
    # Rush Hour command would pay for nothing
    from . import kernel

    if len(board.vehicles) <= kernel.MAX_VEHICLES:
        size, moves, state, _ = kernel.cluster_summary(board, max_cluster)
        if size < 0:
            return -1, board, max_cluster
        return moves, board.with_positions(kernel.unpack(state, len(board.vehicles))), size
    found = explore_cluster(board, max_states=max_cluster)
    if found is None:
        return -1, board, max_cluster
    pk, states, adjacency = found
    dist = distances_to_goal(pk, states, adjacency)
    best = max(range(len(states)), key=dist.__getitem__)
    return dist[best], pk.to_board(states[best]), len(states)


def _optimal(board: Board) -> int:
    from . import kernel  # see hardest()

    if len(board.vehicles) <= kernel.MAX_VEHICLES:
        return kernel.distance(board)
    r = fast_bfs(board)
    return r.length if r.solved else -1


def make_minimal(board: Board, max_cluster: int) -> tuple[int, Board, int]:
    """Remove unneeded vehicles (see the module docstring) and return the hardest position.

    ``moves`` is -1 when a cluster on the way has more than ``max_cluster`` positions.
    """
    moves, pos, size = hardest(board, max_cluster)
    changed = True
    while changed and moves > 0:
        changed = False
        for k in range(1, len(pos.vehicles)):
            vs = pos.vehicles[:k] + pos.vehicles[k + 1 :]
            smaller = Board(pos.width, pos.height, vs, pos.walls)
            if _optimal(smaller) >= moves:
                m2, p2, s2 = hardest(_relabel(smaller), max_cluster)
                if m2 < 0:  # the cluster grew past the cap: give this candidate up
                    return -1, pos, size
                moves, pos, size = m2, p2, s2
                changed = True
                break
    return moves, _relabel(pos), size


def _key(board: Board) -> tuple[object, ...]:
    """The board's identity: its walls and the cells of each vehicle length."""
    return (
        board.width,
        board.height,
        frozenset((v.length, v.horizontal, v.row, v.col) for v in board.vehicles[1:]),
        board.red.row,
        board.red.col,
        board.walls,
    )


def cluster_key(board: Board) -> tuple[object, ...]:
    """The identity of ``board``'s cluster: equal for two positions exactly when one is
    reachable from the other (a cluster can have several hardest positions).

    Vehicles are put in a canonical order (red car first, then by orientation, line and
    place along the line; vehicles on one line cannot pass each other, so the order is the
    same at every position of the cluster); the key is that structure plus the smallest
    packed state of the cluster. O(N·b) for a cluster of N positions.
    """
    rest = sorted(
        board.vehicles[1:],
        key=lambda v: (
            (v.horizontal, v.row, v.col) if v.horizontal else (v.horizontal, v.col, v.row)
        ),
    )
    canon = Board(board.width, board.height, (board.vehicles[0], *rest), board.walls)
    from . import kernel  # see hardest()

    if len(canon.vehicles) <= kernel.MAX_VEHICLES:
        smallest = kernel.cluster_summary(canon)[3]
    else:
        found = explore_cluster(canon)
        assert found is not None
        smallest = min(found[1])
    structure = tuple(
        (v.length, v.horizontal, v.row if v.horizontal else v.col) for v in canon.vehicles
    )
    return (board.width, board.height, board.walls, structure, smallest)


def generate(
    min_moves: int,
    count: int = 1,
    *,
    seed: int | None = None,
    walls: int = 0,
    width: int = 6,
    height: int = 6,
    time_limit: float | None = None,
    max_cluster: int = 40_000,
    patience: int = 400,
    chain: bool = True,
    cancel: CancelToken | None = None,
    progress: Callable[[int, int, int], None] | None = None,
) -> list[Generated]:
    """Up to ``count`` distinct minimal puzzles needing at least ``min_moves`` moves.

    None at once when :func:`unreachable` knows there are none; an :class:`InputError`
    when the walls do not fit (:func:`check_walls`).

    Parameters
    ----------
    min_moves : int
        Lower bound on each puzzle's optimal number of moves.
    count : int
        How many puzzles to find.
    seed : int, optional
        Seed of the random generator (same seed, same puzzles).
    walls : int
        Number of wall cells (never on the exit row).
    width, height : int
        Board size (4..8).
    time_limit : float, optional
        Seconds; when it runs out (or ``cancel`` is set) the puzzles found so far are returned.
    max_cluster : int
        Clusters with more positions are rejected.
    patience : int
        Mutations without progress before a kick (or a restart).
    chain : bool
        Go on from each puzzle found (default) rather than from a fresh random board.
    progress : callable, optional
        Called as ``progress(found, best_moves_so_far, boards_evaluated)`` after each evaluation.

    Complexity: each evaluation is O(N·b) for a cluster of N <= ``max_cluster``
    positions (compiled: about 0.5 µs per position); the number of evaluations
    needed grows steeply with ``min_moves`` (for 40 moves on 6x6, thousands to tens
    of thousands of boards per puzzle, seconds to a couple of minutes; see
    ``benchmarks/rushhour_generate.py`` and ``docs/rushhour.md``).

    Examples
    --------
    >>> [g.moves >= 8 for g in generate(8, count=2, seed=3, time_limit=30)]
    [True, True]
    """
    check_walls(width, height, walls)
    if unreachable(min_moves, width, height, walls):
        return []
    from . import kernel  # see hardest()

    kernel.warm_up()  # the first time on a machine, compiling takes seconds: not search time
    rng = random.Random(seed)
    budget = Budget(time_limit=time_limit, cancel=cancel)
    t0 = time.perf_counter()
    found: list[Generated] = []
    keys: set[tuple[object, ...]] = set()
    tried: set[tuple[object, ...]] = set()  # boards already made minimal
    evaluated = 0
    t_last = t0
    attempts_last = 0

    def stop() -> bool:
        return budget.interrupted() is not None

    def fresh() -> tuple[Board, int, int]:
        nonlocal evaluated
        b = random_board(rng, width, height, walls, vehicles=rng.randrange(10, 16))
        evaluated += 1
        v, _, sz = hardest(b, max_cluster)
        return b, v, sz

    board, value, size = fresh()
    elite, elite_value = board, value
    kicks = 0
    stale = 0
    while len(found) < count and not stop():
        if stale >= patience:
            # stagnation: iterated local search -- kick the best board of this climb with a few
            # random mutations; after KICKS kicks without a better elite, restart from scratch
            stale = 0
            if kicks < KICKS and elite_value >= 0:
                kicks += 1
                board = elite
                for _ in range(KICK_SIZE):
                    board = _mutate(board, rng)
                value, _, size = hardest(board, max_cluster)
                evaluated += 1
            else:
                kicks = 0
                board, value, size = fresh()
                elite, elite_value = board, value
            continue
        cand = _mutate(board, rng)
        # cheap rejection: a candidate's cluster may grow at most GROWTH-fold
        v2, _, s2 = hardest(cand, min(max_cluster, max(MIN_CAP, GROWTH * size)))
        evaluated += 1
        if progress is not None:
            progress(len(found), max(elite_value, v2), evaluated)
        stale = 0 if v2 > value else stale + 1
        if v2 < value:
            continue
        board, value, size = cand, v2, s2
        if value > elite_value:
            elite, elite_value = board, value
            kicks = 0
        if value >= min_moves and _key(board) not in tried:
            tried.add(_key(board))
            moves, pos, size2 = make_minimal(board, max_cluster)
            ck = cluster_key(pos) if moves >= min_moves else None
            if ck is not None and ck not in keys:
                keys.add(ck)
                now = time.perf_counter()
                found.append(Generated(pos, moves, size2, evaluated - attempts_last, now - t_last))
                t_last, attempts_last = now, evaluated
                if chain:  # go on from the new puzzle: its neighbours are often hard too
                    board, value, size = pos, moves, size2
                else:
                    stale, kicks = patience, KICKS
    return found
