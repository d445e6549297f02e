"""Which puzzle database answers a request: the user's, or the one searchlab ships.

Puzzles are kept per board size and exact number of walls (a *stratum*). A request
(``generate --from-db``, ``export``, the web player's Random board) names strata; each
is answered by

* the file given with ``--db``, alone, when one is given (nothing else is consulted);
* otherwise the bundled data (:mod:`.bundled`: 6x6 without walls, complete) for its
  stratum, unless the user's database (:func:`~.database.default_path`) holds that
  stratum complete too (as many rows: then the user's, the same puzzles, no conversion);
* otherwise the user's database when it holds the stratum (complete or not: what
  ``enumerate`` has stored so far);
* otherwise nothing: a one-line :class:`InputError` saying how to build it.

:func:`draw` picks one puzzle of one stratum; :func:`export` merges the strata's rows
(each file sorted hardest first) into one stream in that order.
"""

from __future__ import annotations

import heapq
import random
from collections.abc import Collection, Iterator
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from searchlab.errors import InputError
from searchlab.i18n import _, ngettext
from searchlab.textinput import names_a_file

from . import bundled
from .database import (
    DAMAGED,
    MAX_WALLS,
    SIZES,
    PuzzleDatabase,
    Row,
    default_path,
)

BUNDLED: Literal["bundled"] = "bundled"
Source = Path | Literal["bundled"]
"""A database file, or the bundled data."""


@dataclass(frozen=True, slots=True)
class Plan:
    """The files that answer a request for some strata of one board size."""

    size: int
    parts: tuple[tuple[Source, tuple[int, ...]], ...]
    """Each file with the wall counts it answers."""
    missing: tuple[int, ...]
    """Wall counts asked that no file holds."""
    path: Path
    """The user's database (given or default), whether it exists or not."""
    given: bool
    """Whether ``path`` was given (``--db``): then nothing else is consulted."""


def plan(size: int, walls: Collection[int] | None, path: str | Path | None = None) -> Plan:
    """Who answers the strata ``walls`` of ``size`` (every stratum available when
    ``None``). A ``path`` given must be a database (else an :class:`InputError`)."""
    given = path is not None
    user = Path(path) if path is not None else default_path()
    held: dict[int, int] = {}
    if given or names_a_file(user, regular=True):
        with PuzzleDatabase(user) as db:
            held = db.strata(size)
    shipped = () if given else tuple(w for w in range(MAX_WALLS + 1) if bundled.covers(size, w))
    asked = sorted(set(held) | set(shipped)) if walls is None else sorted(set(walls))
    by_source: dict[Source, list[int]] = {}
    missing: list[int] = []
    for w in asked:
        if w in shipped and held.get(w, 0) < bundled.ROWS:
            by_source.setdefault(BUNDLED, []).append(w)
        elif w in held:
            by_source.setdefault(user, []).append(w)
        else:
            missing.append(w)
    parts = tuple((s, tuple(ws)) for s, ws in by_source.items())
    return Plan(size, parts, tuple(missing), user, given)


def open_source(source: Source) -> PuzzleDatabase:
    """The database behind ``source`` (the bundled data converted on its first use)."""
    if source == BUNDLED:
        return bundled.open_database()
    return PuzzleDatabase(source)


def check_board(size: int, walls: int) -> None:
    """An :class:`InputError` unless the database can hold ``size`` x ``size`` boards with
    ``walls`` walls (what ``enumerate`` builds)."""
    if size not in SIZES or not 0 <= walls <= MAX_WALLS:
        raise InputError(
            _(
                "the puzzle database holds 4x4, 5x5 and 6x6 boards with up to 2 walls, "
                "not {size}x{size} with {walls}"
            ).format(size=size, walls=walls)
        )


def build_cost(size: int, walls: int) -> str:
    """How long ``enumerate --size size --walls walls`` takes, in words (docs/rushhour.md)."""
    if size < 6:
        return _("seconds to minutes")
    if walls == 0:
        return _("about 3 CPU hours")
    if walls == 1:
        return _("about a day of CPU time (or a Dask cluster: --scheduler)")
    return _("about four days of CPU time (or a Dask cluster: --scheduler)")


def not_in_file(path: Path, where: str, build: str) -> InputError:
    """The database ``path`` given with ``--db`` has no ``where``: the ``build`` command
    that adds it there."""
    return InputError(
        _("the puzzle database {path} has no {where}; to build it: {command}").format(
            path=path, where=where, command=f"{build} --db {path}"
        )
    )


def missing_error(p: Plan, walls: tuple[int, ...]) -> InputError:
    """Why no file holds the strata ``walls`` of ``p.size``, and the command that builds
    them (unquoted: :class:`InputError` shortens quoted text over 40 characters)."""
    top = max(walls)
    where = ngettext(
        "{size}x{size} with {walls} wall", "{size}x{size} with {walls} walls", top
    ).format(size=p.size, walls=", ".join(str(w) for w in walls))
    build = f"searchlab rushhour enumerate --size {p.size} --walls {top}"
    if p.given:
        return not_in_file(p.path, where, build)
    return InputError(
        _(
            "nothing built for {where} yet (searchlab ships the 6x6 puzzles without walls); "
            "{cost} builds it: {command}"
        ).format(where=where, cost=build_cost(p.size, top), command=build)
    )


def draw(
    min_moves: int,
    *,
    size: int = 6,
    walls: int = 0,
    max_moves: int | None = None,
    seed: int | None = None,
    path: str | Path | None = None,
) -> Row:
    """A puzzle of ``size`` with exactly ``walls`` walls and ``min_moves`` to ``max_moves``
    optimal moves, uniformly among those stored (:meth:`PuzzleDatabase.draw`), from the
    file :func:`plan` picks; an :class:`InputError` saying why there is none (nothing
    built, or no such row: then the hardest stored)."""
    check_board(size, walls)
    p = plan(size, (walls,), path)
    if p.missing:
        raise missing_error(p, p.missing)
    ((source, _ws),) = p.parts
    with open_source(source) as db:
        found = db.draw(size, walls, min_moves, max_moves, random.Random(seed))
        if found is not None:
            check_row(found, size, walls, db)
            return found
        top = db.hardest(size, walls)
    where = ngettext("{size}x{size} with {n} wall", "{size}x{size} with {n} walls", walls).format(
        size=size, n=walls
    )
    raise InputError(
        _("no {where} puzzle of {wanted} moves in the database (the hardest: {top})").format(
            where=where, wanted=moves_text(min_moves, max_moves), top=top
        )
    )


CHECKED_CLUSTER = 500_000
"""Clusters up to this many positions are explored whole when a drawn row is checked;
a larger one has its board's optimal moves checked by search alone."""


def check_row(row: Row, size: int, walls: int, db: PuzzleDatabase) -> None:
    """Check a row read from a database before it is shown (a stray write or bit rot can
    change a board, its moves or its cluster's size without SQLite noticing): the board
    must parse as ``size`` x ``size`` with ``walls`` walls, its cluster must have
    ``cluster_size`` positions, and ``moves`` must be both the board's optimal number of
    moves and the most of any position of its cluster (the row is the cluster's hardest
    position). Breadth-first search over the cluster (:func:`.cluster.explore_cluster`,
    :func:`.cluster.distances_to_goal`), milliseconds for a 6x6 cluster. Raises an
    :class:`InputError` naming the damage to ``db``'s file, with its advice, when
    anything differs."""
    from .cluster import distances_to_goal, explore_cluster
    from .notation import parse_board
    from .solver import fast_bfs

    reason = ""
    try:
        board = parse_board(row.board)
    except InputError as exc:
        board, reason = None, str(exc)
    if board is not None:
        if (board.width, board.height) != (size, size) or len(board.walls) != walls:
            reason = _("a board of another size or another number of walls")
        else:
            cluster = explore_cluster(board, max_states=CHECKED_CLUSTER)
            if cluster is None:
                solved = fast_bfs(board)
                found = (solved.length if solved.status == "solved" else -1, row.cluster_size)
                hardest = found[0]
            else:
                pk, states, adjacency = cluster
                dist = distances_to_goal(pk, states, adjacency)
                found, hardest = (dist[0], len(states)), max(dist)
            if found != (row.moves, row.cluster_size) or hardest != row.moves:
                reason = _(
                    "stored: moves {moves}, cluster {positions}; found: moves {found}, "
                    "cluster {counted}"
                ).format(
                    moves=row.moves, positions=row.cluster_size, found=found[0], counted=found[1]
                )
    if reason:
        advice = db.damaged or _(DAMAGED).replace("FILE", str(db.path))
        raise InputError(
            _("{path} is damaged: the puzzle {board} fails its check ({reason}): {advice}").format(
                path=db.path, board=row.board, reason=reason, advice=advice
            )
        )


def moves_text(min_moves: int, max_moves: int | None) -> str:
    """``5 to 9``, ``5 or more``."""
    if max_moves is not None:
        return _("{low} to {high}").format(low=min_moves, high=max_moves)
    return _("{low} or more").format(low=min_moves)


def export_order(row: Row) -> tuple[int, str]:
    """The export's order: most moves first, then by board (SQLite's ``ORDER BY moves
    DESC, board``: the boards are ASCII, compared byte by byte)."""
    return (-row.moves, row.board)


def export(
    size: int,
    max_walls: int | None = None,
    min_moves: int = 0,
    max_moves: int | None = None,
    path: str | Path | None = None,
) -> Iterator[Row]:
    """Every puzzle of ``size`` with up to ``max_walls`` walls (every stratum available
    when ``None``) and ``min_moves`` to ``max_moves`` moves, hardest first, from the files
    :func:`plan` picks. Raises (at once, before the first row) an :class:`InputError`
    when a stratum asked for is not built, or nothing is."""
    check_board(size, max_walls or 0)
    p = plan(size, None if max_walls is None else range(max_walls + 1), path)
    if p.missing:
        raise missing_error(p, p.missing)
    if not p.parts and p.given:
        raise not_in_file(p.path, f"{size}x{size}", f"searchlab rushhour enumerate --size {size}")
    if not p.parts:
        raise InputError(
            _("no {size}x{size} puzzles yet; {cost} builds them: {command}").format(
                size=size,
                cost=build_cost(size, 0),
                command=f"searchlab rushhour enumerate --size {size}",
            )
        )
    for source, _ws in p.parts:  # convert the bundled data now: errors before any row
        open_source(source).close()
    return _merged(p, min_moves, max_moves)


def _merged(p: Plan, min_moves: int, max_moves: int | None) -> Iterator[Row]:
    with ExitStack() as stack:
        streams = [
            stack.enter_context(open_source(s)).export(p.size, ws, min_moves, max_moves)
            for s, ws in p.parts
        ]
        yield from heapq.merge(*streams, key=export_order)
