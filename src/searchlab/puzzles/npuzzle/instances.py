"""Instances at an exact optimal depth: a backward breadth-first search of the 3x3 space.

The 8-puzzle has 9!/2 = 181,440 positions reachable from a goal; one BFS from
the goal (about half a second) gives every position's exact distance, so
sampling a position at distance ``d`` gives an instance whose optimal solution
is exactly ``d`` moves (``0 <= d <= 31`` for the standard goals). States are
packed into ints (4 bits per cell) during the BFS, and the layers are memoised
per goal.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache

from searchlab.errors import InputError
from searchlab.i18n import _

from .board import Board, goal_board, neighbours


def _pack(tiles: tuple[int, ...]) -> int:
    v = 0
    for i, t in enumerate(tiles):
        v |= t << (4 * i)
    return v


def _unpack(v: int, cells: int) -> tuple[int, ...]:
    return tuple((v >> (4 * i)) & 15 for i in range(cells))


@lru_cache(maxsize=4)
def _layers(goal_tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """BFS layers (packed states) from ``goal_tiles`` over a 3x3 board."""
    nbrs = [[c for _, c in cells] for cells in neighbours(3)]
    start = _pack(goal_tiles)
    seen = {start}
    frontier = [(start, goal_tiles.index(0))]
    layers: list[tuple[int, ...]] = [(start,)]
    while frontier:
        nxt: list[tuple[int, int]] = []
        for state, b in frontier:
            for c in nbrs[b]:
                t = (state >> (4 * c)) & 15
                child = state - (t << (4 * c)) + (t << (4 * b))
                if child not in seen:
                    seen.add(child)
                    nxt.append((child, c))
        if nxt:
            layers.append(tuple(s for s, _ in nxt))
        frontier = nxt
    return tuple(layers)


def depth_counts(goal: Board | None = None) -> list[int]:
    """How many 3x3 positions lie at each exact distance from ``goal``.

    >>> counts = depth_counts()
    >>> len(counts) - 1, counts[-1], sum(counts)
    (31, 2, 181440)
    """
    goal = _goal3(goal)
    return [len(layer) for layer in _layers(goal.tiles)]


def exact_distance(board: Board, goal: Board | None = None) -> int:
    """The optimal number of moves from a 3x3 ``board`` to ``goal``, from the BFS table.

    Raises :class:`~searchlab.errors.InputError` if it is unsolvable or not 3x3.
    """
    goal = _goal3(goal)
    if board.size != 3:
        raise InputError(_("exact distances are tabulated for 3x3 boards only"))
    packed = _pack(board.tiles)
    for d, layer in enumerate(_layer_sets(goal.tiles)):
        if packed in layer:
            return d
    raise InputError(_("this board cannot reach the goal (wrong permutation parity)"))


@lru_cache(maxsize=4)
def _layer_sets(goal_tiles: tuple[int, ...]) -> tuple[frozenset[int], ...]:
    return tuple(frozenset(layer) for layer in _layers(goal_tiles))


def _goal3(goal: Board | None) -> Board:
    goal = goal if goal is not None else goal_board(3)
    if goal.size != 3:
        raise InputError(_("exact-depth instances are tabulated for 3x3 boards only"))
    return goal


def instances_at_depth(
    depth: int, count: int = 1, seed: int | None = None, goal: Board | None = None
) -> list[Board]:
    """``count`` distinct 3x3 boards whose optimal solution to ``goal`` is exactly ``depth`` moves,
    sampled uniformly without replacement (reproducible with ``seed``).

    Raises :class:`~searchlab.errors.InputError` if ``depth`` exceeds the
    diameter (31 for the standard goals) or fewer than ``count`` boards exist.

    >>> [b.tiles for b in instances_at_depth(31, 2)] != []
    True
    """
    goal = _goal3(goal)
    layers = _layers(goal.tiles)
    if not 0 <= depth < len(layers):
        raise InputError(
            _("3x3 depth must be between 0 and {n}, got {depth}").format(
                n=len(layers) - 1, depth=depth
            )
        )
    layer = layers[depth]
    if count > len(layer):
        raise InputError(
            _("only {n} boards lie at depth {depth}, asked for {count}").format(
                n=len(layer), depth=depth, count=count
            )
        )
    import random  # here, not at the top: a solve draws nothing (start-up)

    rng = random.Random(seed)
    picks = sorted(layer) if count == len(layer) else rng.sample(sorted(layer), count)
    return [Board(3, _unpack(v, 9)) for v in picks]


DIAMETERS = {2: 6, 3: 31, 4: 80}
"""The most moves any board needs: 2x2 and 3x3 by exhaustive search (Reinefeld 1993
for the 8-puzzle), 4x4 by Brüngger et al. (1999) and Korf (2008)."""


def random_instance(
    size: int,
    depth: int,
    seed: int | None = None,
    goal: Board | None = None,
    *,
    time_limit: float = 60.0,
    progress: Callable[[int, int], None] | None = None,
) -> Board:
    """A random ``size x size`` board whose optimal solution to ``goal`` is exactly ``depth`` moves.

    For 3x3 the board is drawn uniformly among all boards at that distance
    (:func:`instances_at_depth`). For larger boards it is built by a random
    walk that only accepts moves increasing the exact optimal distance (each
    step checked by the optimal solver), so it is practical up to depths of
    a few dozen moves (``time_limit`` seconds at most; ``progress(reached,
    depth)`` after each step).
    """
    goal = goal if goal is not None else goal_board(size)
    if goal.size != size:
        raise InputError(
            _("goal is {size}x{size} but size is {size2}").format(size=goal.size, size2=size)
        )
    if depth < 0:
        raise InputError(_("depth must be >= 0, got {depth}").format(depth=depth))
    if size in DIAMETERS and depth > DIAMETERS[size]:
        raise InputError(
            _(
                "no {size}x{size} board is more than {diameter} moves from the "
                "goal (asked for {depth})"
            ).format(size=size, diameter=DIAMETERS[size], depth=depth)
        )
    if size == 3:
        return instances_at_depth(depth, 1, seed=seed, goal=goal)[0]
    from .walk import deep_walk

    return deep_walk(goal, depth, seed, time_limit=time_limit, progress=progress)
