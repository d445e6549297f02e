"""Optimal solving with the fastest method for the board, solvability answered first.

:func:`solve_board` is the entry point used by the CLI, the web player and the
notebook (through the family adapter): it rejects unsolvable boards before any
search, then ``auto`` runs

- 3x3: :func:`~searchlab.puzzles.npuzzle.pure_search.astar` (packed ints, Manhattan);
- 4x4: IDA* with the additive 7-8 pattern databases and their reflection when
  they are cached (``npuzzle pdb --build 7-8``), else 6-6-3 when cached
  (:func:`~searchlab.puzzles.npuzzle.pure_search.ida_star` for the first
  :data:`PYTHON_NODES` nodes, then the compiled
  :func:`~searchlab.puzzles.npuzzle.kernel.ida_star_compiled`);
- 5x5: IDA* with the zero-aware catalogue :data:`~.catalogues.AUTO` when its tables are
  cached (:func:`~.kernel_zpdb.ida_star_zero`), else the additive 6-6-6-6 databases;
- with databases, the compiled search steps the pruning automaton when it is cached
  (:mod:`.fsm`);
- otherwise (no database cached, or larger boards): IDA* with linear conflict,
  compiled (:func:`~searchlab.puzzles.npuzzle.kernel_md.ida_star_md_compiled`),
  after :data:`PYTHON_NODES` nodes of the pure-Python Manhattan search.

``auto`` never builds a database: memory stays a few megabytes on any board, so
no caller's memory cap is ever hit (Korf's #1, 57 moves, takes about a second).
Building is a separate step that says what it builds, how big and how long
(``npuzzle pdb --build``, or ``heuristic="pdb"``). Any engine algorithm with any
heuristic of :data:`HEURISTICS` also runs, on
:class:`~searchlab.puzzles.npuzzle.problem.NPuzzleProblem`; IDA* with
Manhattan or linear conflict runs the compiled kernel.
"""

from __future__ import annotations

import itertools
import math
import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Unpack

from searchlab.errors import InputError
from searchlab.i18n import N_, _
from searchlab.search import ALGORITHMS, SearchResult
from searchlab.search import solve as engine_solve
from searchlab.search.options import LimitOptions

from .board import Board, apply_move, goal_board
from .catalogues import AUTO
from .heuristics import LC_MAX_SIZE, canonical_heuristic
from .partitions import DEFAULTS, PARTITIONS, RANKED
from .pdb_index import is_pack3
from .problem import NPuzzleProblem
from .pure_search import Table, _move_name, astar, ida_star
from .solvability import is_solvable

if TYPE_CHECKING:
    from pathlib import Path

    import numpy as np
    import numpy.typing as npt

    from .pdb import Progress
    from .zpdb import View

    Automaton = npt.NDArray[np.int32]

# The pattern databases (:mod:`.pdb`, with the cache, checksums and pathlib under it) are
# imported by the functions that read them: a board the Python search answers at once
# never reads a table, and its start-up does not pay for them (issue 34).

Transform = Callable[[int], int]

UNSOLVABLE_REASON = N_("the goal is unreachable: the permutation parity differs (solvability test)")
"""Why an unsolvable board has no solution (translated where it is used)."""


def _corner_transform(size: int, blank: int) -> Transform | None:
    """A grid symmetry (an involution) taking the corner cell ``blank`` to cell 0, else None."""
    last = size - 1
    r, c = divmod(blank, size)
    if r not in (0, last) or c not in (0, last):
        return None
    flip_r, flip_c = r == last, c == last

    def t(cell: int) -> int:
        rr, cc = divmod(cell, size)
        return (last - rr if flip_r else rr) * size + (last - cc if flip_c else cc)

    return t


def _apply(board: Board, t: Transform) -> Board:
    tiles = [0] * len(board.tiles)
    for c, tile in enumerate(board.tiles):
        tiles[t(c)] = tile
    return Board(board.size, tuple(tiles))


def partition_size(partition: str) -> int:
    """The board side a partition of :data:`~.pdb.PARTITIONS` is for (4 or 5)."""
    if partition not in PARTITIONS:
        raise InputError(
            _("unknown partition {partition!r}; choose one of {partitions}").format(
                partition=partition, partitions=", ".join(PARTITIONS)
            )
        )
    return math.isqrt(sum(len(p) for p in PARTITIONS[partition]) + 1)


def partition_for(goal: Board, partition: str | None = None) -> tuple[tuple[int, ...], ...]:
    """The pattern partition (goal cells) used for ``goal``'s blank cell (4x4 or 5x5).

    ``partition`` defaults to the board's (:data:`~.pdb.DEFAULTS`). With the
    blank's goal at cell 0 it is :data:`PARTITIONS` ``[partition]``; elsewhere
    the non-blank cells are cut in row-major chunks of the same sizes.
    """
    n = goal.size
    partition = partition or DEFAULTS.get(n, "")
    if partition_size(partition) != n:
        raise InputError(
            _("the {partition} partition is for the {side}x{side} board, not {n}x{n}").format(
                partition=partition, side=partition_size(partition), n=n
            )
        )
    parts = PARTITIONS[partition]
    if goal.blank == 0:
        return parts
    cells = [c for c in range(n * n) if c != goal.blank]
    out, i = [], 0
    for p in parts:
        out.append(tuple(cells[i : i + len(p)]))
        i += len(p)
    return tuple(out)


def pattern_databases(
    goal: Board,
    partition: str | None = None,
    progress: Progress | None = None,
    build: bool = True,
    with_blank: bool = True,
    blank_goal: bool = True,
    convert: bool = False,
    full: bool = False,
    on_table: Callable[[int, int, tuple[int, ...]], None] | None = None,
) -> list[tuple[tuple[int, ...], memoryview]]:
    """The ``(pattern, table)`` pairs for a 4x4 or 5x5 ``goal`` (from the cache, or built).

    ``goal`` must already be in the frame where its blank is at cell 0 when it
    sits in a corner (see :func:`solve_board`). ``progress(done, total)`` is
    called while building; with ``build=False`` a missing database raises
    ``FileNotFoundError``. ``with_blank`` (default) selects, for the mixed-radix
    partitions (6-6-3, 5-5-5, 3-3-3-3-3), the databases indexed by the blank's
    cell too (see :func:`~.pdb.build_pdb`): 268 MB each for 6 tiles instead of
    16 MB, about 30% fewer nodes; the ranked partitions (:data:`~.pdb.RANKED`)
    have no blank in the index, are searched from the blank's goal region only (Korf &
    Felner's tables, not admissible for the dual lookup; the blank-anywhere files of
    earlier versions are not read; ``blank_goal=False`` gives those, searched with the
    blank anywhere, for the dual lookup), and are packed four bits an entry when built
    (:func:`~.pdb.pack_ranked`; unpacked ones are still read) and then three bits an
    entry (:func:`~.pdb.pack3_ranked`, the same values in three quarters of the memory),
    which the search reads first. A packed table without its three-bit one is converted
    (seconds) when it is built, or with ``convert`` (:func:`prepare_databases`), and read
    as it is otherwise. The tables are memory views of the
    memory-mapped cache files (no copy, and no NumPy import when cached:
    :func:`~.pdb.map_table`).

    Every table is verified against its checksum first (:func:`~.pdb.trusted`: a
    ``stat`` when it did not change since it was last found sound, its CRC-32 otherwise
    or with ``full``); one that cannot be trusted is said on stderr and removed, then
    rebuilt (``build``) or reported missing (``FileNotFoundError``).

    ``on_table(number, count, pattern)`` is called before each table is built (the
    progress line names the table: "table 2 of 3").
    """
    from .pdb import (
        load_pdb,
        map_table,
        pdb_path,
        sweep,
        table_length,
        trusted,
    )

    n = goal.size
    partition = partition or DEFAULTS.get(n, "")
    if n not in DEFAULTS:
        raise InputError(_("pattern databases are provided for the 4x4 and 5x5 puzzles only"))
    ranked = partition in RANKED
    blank = with_blank and not ranked
    gb = goal.blank if ranked and blank_goal else None  # searched from the blank's region
    sweep()

    def verified(path: Path) -> bool:
        return trusted(path, build, full, UNTRUSTED_DROPPED, partition=partition)

    out = []
    patterns = partition_for(goal, partition)
    for number, pattern in enumerate(patterns, start=1):
        table = None
        if ranked:  # three bits an entry first, then four, then a byte
            path = pdb_path(n, pattern, ranked=True, blank=gb, pack3=True)
            table = map_table(path, None) if verified(path) else None
            if table is not None and not is_pack3(n * n, pattern, table):
                table = None
        for packed in (True, False) if ranked else (False,):
            if table is not None:
                break
            path = pdb_path(n, pattern, with_blank=blank, ranked=ranked, packed=packed, blank=gb)
            length = table_length(n, len(pattern), blank, ranked, packed)
            table = map_table(path, length) if verified(path) else None
            if table is not None and ranked and convert and packed:
                table = None  # made three-bit below
        if table is None:
            if not build:
                raise FileNotFoundError(path)
            if on_table is not None:
                on_table(number, len(patterns), pattern)
            table = load_pdb(
                n, pattern, progress, with_blank=blank, ranked=ranked, blank=gb, pack3=ranked
            ).data
        out.append((pattern, table))
    return out


UNTRUSTED_DROPPED = N_(
    "{file} cannot be trusted ({reason}): removed; "
    "'searchlab npuzzle pdb --build {partition}' builds it again"
)
"""Said when a solve that may not build finds a damaged table: it goes on without it."""


def _frame(goal: Board) -> tuple[Transform, Board]:
    """The grid symmetry taking a corner blank goal to cell 0 (identity otherwise), and
    the goal in that frame."""
    t = _corner_transform(goal.size, goal.blank) or (lambda c: c)
    return t, _apply(goal, t)


def databases_ready(goal: Board, partition: str | None = None) -> bool:
    """Whether the databases :func:`solve_board` would use for ``goal`` are cached."""
    try:
        pattern_databases(_frame(goal)[1], partition, build=False)
    except FileNotFoundError:
        return False
    return True


def prepare_databases(
    goal: Board,
    partition: str | None = None,
    progress: Progress | None = None,
    on_table: Callable[[int, int, tuple[int, ...]], None] | None = None,
) -> list[tuple[int, ...]]:
    """Build (once) and cache the databases :func:`solve_board` uses for ``goal`` (4x4
    or 5x5); returns their patterns (goal cells, in the frame where a corner blank is
    at cell 0). Cached tables are verified by their whole checksum (whatever their
    stamp), and any that cannot be trusted is rebuilt."""
    if goal.size not in DEFAULTS:
        raise InputError(_("pattern databases are provided for the 4x4 and 5x5 puzzles only"))
    frame = _frame(goal)[1]
    tables = pattern_databases(
        frame, partition, progress, convert=True, full=True, on_table=on_table
    )
    return [p for p, _ in tables]


def prepare_auto(
    goal: Board,
    progress: Progress | None = None,
    on_table: Callable[[int, int, tuple[int, ...]], None] | None = None,
) -> tuple[str, list[tuple[int, ...]]]:
    """Build (once) and cache what ``auto`` uses on ``goal``'s board (4x4 or 5x5): the
    zero-aware catalogue :data:`~.catalogues.AUTO` on 5x5 when the goal's blank is in a
    corner, else the strongest of :data:`AUTO_PARTITIONS`, and the pruning automaton
    (:func:`automaton`). Every table is verified when read and rebuilt if damaged; an
    interrupted build keeps the tables finished. Returns the name ``auto`` reports
    (the partition, or :data:`ZERO_NAME`) and the tables' patterns (goal cells, in the
    frame where the blank's goal is on cell 0)."""
    from .fsm import load_fsm

    if goal.size not in AUTO_PARTITIONS:
        raise InputError(_("pattern databases are provided for the 4x4 and 5x5 puzzles only"))
    if goal.size == 5 and _corner_transform(5, goal.blank) is not None:
        from .catalogues import auto_tables
        from .zpdb import load_zpdb
        from .zpdb_radix import load_radix

        name, patterns = ZERO_NAME, auto_tables()
        for number, pattern in enumerate(patterns, start=1):
            if on_table is not None:
                on_table(number, len(patterns), pattern)
            load_zpdb(5, pattern, 0, progress)
            load_radix(5, pattern, 0, progress=progress)  # by cell digits: the search's
    else:
        name = AUTO_PARTITIONS[goal.size][0]
        patterns = prepare_databases(goal, name, progress, on_table)
    load_fsm(build=True)
    return name, patterns


def auto_ready(goal: Board) -> bool:
    """Whether ``auto`` finds cached tables for ``goal`` (the catalogue or a partition)."""
    return catalogue_ready(goal) or ready_partition(goal) is not None


def _actions(size: int, states: list[tuple[int, ...]]) -> list[str]:
    return [_move_name(size, a.index(0), b.index(0)) for a, b in itertools.pairwise(states)]


def solve_board(
    board: Board,
    goal: Board | None = None,
    *,
    algorithm: str = "auto",
    heuristic: str = "auto",
    pdb_progress: Progress | None = None,
    pdb_build: bool = True,
    partition: str | None = None,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """Solve ``board`` optimally with the fastest method that fits it.

    The goal is the blank last unless ``goal`` is given. Returns a
    :class:`~searchlab.search.SearchResult` whose ``states`` are row-major tuples
    (start first) and ``actions`` the blank moves. An unsolvable board returns at once with
    status ``"impossible"`` (``reason`` names the parity argument) and no search
    (``stats.generated == 0``). ``algorithm`` is ``"auto"``, or any engine algorithm name
    (``astar``, ``idastar``, ``bfs``, ...); ``heuristic`` is ``"auto"``, ``"pdb"`` (4x4 IDA*
    only) or a name of :data:`HEURISTICS`. ``astar``/``idastar`` with Manhattan (or ``pdb``) run
    the dedicated solvers of :mod:`.pure_search` (IDA*: compiled, also with linear conflict);
    anything else runs the generic engine. ``limits`` are the engine's
    (:class:`~searchlab.search.options.LimitOptions`): ``time_limit`` seconds, ``max_nodes``
    (stored states: A* and the engine; IDA* stores only its path and ignores it),
    ``max_expansions``, a ``cancel`` token and ``progress``; ``pdb_progress(done, total)``
    reports a pattern-database build; with ``pdb_build=False`` a missing database raises
    ``FileNotFoundError`` instead of being built, and a build that runs out of memory
    raises ``InputError`` (:data:`PDB_MEMORY`); ``partition`` names the 4x4 pattern partition
    (:data:`~.pdb.PARTITIONS`).

    >>> from searchlab.puzzles.npuzzle.board import parse_tiles
    >>> solve_board(parse_tiles("1 2 3 4 5 6 0 7 8")).actions
    ['R', 'R']
    """
    goal = goal if goal is not None else goal_board(board.size)
    if goal.size != board.size:
        raise InputError(
            _("start is {size}x{size} but goal is {size2}x{size2}").format(
                size=board.size, size2=goal.size
            )
        )
    algo = algorithm.strip().lower()
    if algo != "auto" and algo not in ALGORITHMS:
        raise InputError(
            _("unknown algorithm {algorithm!r}; choose auto or one of {algorithms}").format(
                algorithm=algorithm, algorithms=", ".join(ALGORITHMS)
            )
        )
    h = heuristic.strip().lower()
    h = h if h == "auto" else canonical_heuristic(h)
    if not is_solvable(board, goal):
        return SearchResult(
            algo if algo != "auto" else _auto_name(board.size, h),
            "impossible",
            reason=_(UNSOLVABLE_REASON),
        )
    if algo == "auto":
        algo = "astar" if board.size == 3 and h in ("auto", "manhattan") else "idastar"
    if algo == "idastar":
        # IDA* stores only its path: a stored-node bound never stops it
        limits = {**limits, "max_nodes": None}
    chosen = h
    if h == "auto":
        h, partition = _auto_heuristic(board.size, algo, goal, partition)
    if h == "zpdb":
        return _zero_ida_star(board, goal, **limits)
    if h == "pdb":
        if algo != "idastar" or board.size not in DEFAULTS:
            raise InputError(_("the pdb heuristic needs --algorithm idastar on a 4x4 or 5x5 board"))
        partition = partition or DEFAULTS[board.size]
        partition_for(goal, partition)  # a partition for another size: a clear error now
        t, g2 = _frame(goal)
        b2 = _apply(board, t)
        try:
            pdbs = pattern_databases(g2, partition, progress=pdb_progress, build=pdb_build)
        except MemoryError:  # a build past this process's cap (the web's jobs): say what to do
            raise InputError(_(PDB_MEMORY).format(partition=partition)) from None
        result = _pdb_ida_star(b2, g2, pdbs, prune=chosen == "auto", **limits)
        if result.solved and not replays(b2, g2, result):  # tables damaged after the check
            result = _heal(b2, g2, partition, pdb_build, pdb_progress, limits)
        result.extra["partition"] = partition
        if result.solved:
            n = board.size
            result.states = [_apply(Board(n, s), t).tiles for s in result.states]
            result.actions = _actions(n, result.states)
        return result
    if h == "manhattan" and algo == "astar":
        return astar(board, goal, **limits)
    if algo == "idastar" and (
        h == "manhattan" or (h == "linear_conflict" and board.size <= LC_MAX_SIZE)
    ):
        return _md_ida_star(
            board,
            goal,
            h,
            quick=chosen == "auto" or h == "manhattan",
            **limits,
        )
    problem = NPuzzleProblem(board, goal, h)
    return engine_solve(problem, algo, **limits)


PDB_MEMORY = N_(
    "not enough memory here to build the {partition} pattern databases: build them once "
    "with 'searchlab npuzzle pdb --build {partition}', or choose the auto heuristic"
)
"""Why a solve that had to build databases stopped: the build needed more memory than the
process may use (a web job's memory cap, say); nothing is cached, and ``auto`` never
builds."""

Search = Callable[[float | None], SearchResult]
"""A search run with a time limit (seconds, or None), its other arguments bound."""


def python_then_compiled(
    python: Search | None, compiled: Search, time_limit: float | None
) -> tuple[SearchResult, bool]:
    """Run ``python`` (a pure-Python search bounded to :data:`PYTHON_NODES` nodes), and,
    if that bound stopped it, ``compiled`` from the start with the time left.

    Easy boards are answered without importing Numba (about half a second); the
    compiled search is expected to search the same tree (its counts are the result's).
    ``python`` may be None (the compiled search alone). Returns the result and whether
    the pure-Python search answered.
    """
    t0 = time.perf_counter()
    if python is not None:
        quick = python(time_limit)
        if quick.limit != "max_nodes":
            return quick, True
    left = None if time_limit is None else max(0.0, time_limit - (time.perf_counter() - t0))
    return compiled(left), False


def replays(board: Board, goal: Board, result: SearchResult) -> bool:
    """Whether ``result``'s states are a path of legal blank moves from ``board`` to
    ``goal``, each named by its action (the solution replayed, as every answer is before
    it is given)."""
    states = result.states
    if len(states) != len(result.actions) + 1 or not states:
        return False
    if tuple(states[0]) != board.tiles or tuple(states[-1]) != goal.tiles:
        return False
    here = board
    try:
        for action, state in zip(result.actions, states[1:], strict=True):
            here = apply_move(here, action)
            if here.tiles != tuple(state):
                return False
    except InputError:
        return False
    return True


DISPROVED = N_(
    "the {partition} pattern databases gave a path that does not reach the goal: "
    "checking them and solving again"
)
FELL_BACK = N_(
    "the {partition} pattern databases could not be trusted: solved with linear conflict instead"
)


def _heal(
    board: Board,
    goal: Board,
    partition: str,
    build: bool,
    pdb_progress: Progress | None,
    limits: LimitOptions,
) -> SearchResult:
    """Solve again after the pattern databases gave a path that does not reach the goal
    (a table damaged after it was checked): every table is verified by its whole CRC,
    the damaged ones removed and, with ``build``, rebuilt, and the search run once more;
    if that answer does not replay either (or nothing may be built), IDA* with linear
    conflict answers instead (no table), and it is said on stderr. ``board`` and
    ``goal`` are in the databases' frame (:func:`_frame`)."""
    from searchlab.durable import notice

    notice(_(DISPROVED).format(partition=partition))
    try:
        pdbs = pattern_databases(goal, partition, progress=pdb_progress, build=build, full=True)
    except FileNotFoundError:
        pdbs = []
    if pdbs:
        result = _pdb_ida_star(board, goal, pdbs, **limits)
        if not result.solved or replays(board, goal, result):
            return result
    notice(_(FELL_BACK).format(partition=partition))
    heuristic = "linear_conflict" if board.size <= LC_MAX_SIZE else "manhattan"
    result = _md_ida_star(board, goal, heuristic, quick=False, **limits)
    if result.solved and not replays(board, goal, result):
        raise AssertionError("IDA* with linear conflict gave a path that does not replay")
    return result


def _pdb_ida_star(
    board: Board,
    goal: Board,
    pdbs: Sequence[tuple[Sequence[int], Table]],
    prune: bool = False,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """IDA* with pattern databases, pure Python first, then compiled.

    ``pdbs`` are looked up for the board, its reflection and its dual;
    :func:`python_then_compiled` runs the two searches (the same tree, unless the
    compiled one steps the pruning automaton, with ``prune`` and the automaton cached,
    :func:`automaton`, read only then: a board the Python search answers imports no
    NumPy; fewer nodes, still optimal) and
    shares the time limit of ``limits`` (:class:`~searchlab.search.options.LimitOptions`;
    ``max_nodes`` is ignored: IDA* stores only its path).
    """

    def python(left: float | None) -> SearchResult:
        return ida_star(board, goal, pdbs=pdbs, **_pure(limits, left))

    fsm: list[Automaton | None] = [None]

    def compiled(left: float | None) -> SearchResult:
        from .kernel import ida_star_compiled

        fsm[0] = automaton() if prune else None
        return ida_star_compiled(board, goal, pdbs=pdbs, fsm=fsm[0], **_left(limits, left))

    result, by_python = python_then_compiled(python, compiled, limits.get("time_limit"))
    if fsm[0] is not None and not by_python:
        result.extra["pruning"] = "automaton"
    return result


def automaton() -> Automaton | None:
    """The cached duplicate-pruning automaton ``auto`` steps (:mod:`.fsm`, strings of
    :data:`~.fsm.DEFAULT_DEPTH` moves), None when it is not built (never built here)."""
    from .fsm import load_fsm

    return load_fsm(build=False)


def catalogue_ready(goal: Board) -> bool:
    """Whether ``auto`` searches ``goal`` with the zero-aware catalogue: a 5x5 goal with
    its blank in a corner, and every table of :data:`~.catalogues.AUTO` cached (found by
    its checksum's stamp, :func:`~.pdb.trusted`: nothing is read or imported for the
    tables before a search needs them)."""
    if goal.size != 5 or _corner_transform(5, goal.blank) is None:
        return False
    from .pdb import trusted

    return all(
        any(trusted(path, False, False, CATALOGUE_DROPPED) for path in paths)
        for paths in _catalogue_files()
    )


def _catalogue_files() -> list[tuple[Path, Path]]:
    """Each table of :data:`~.catalogues.AUTO` as its two possible files (four bits, a
    byte an entry)."""
    from .catalogues import auto_tables
    from .zpdb import zpdb_path

    return [(zpdb_path(5, p, 0, packed=True), zpdb_path(5, p, 0, packed=False))
            for p in auto_tables()]  # fmt: skip


def _radix_files() -> list[Path]:
    """Each table of :data:`~.catalogues.AUTO` by cell digits (:mod:`.zpdb_radix`)."""
    from .catalogues import auto_tables
    from .zpdb_radix import radix_path

    return [radix_path(5, p, 0, None) for p in auto_tables()]


def _catalogue(build: bool) -> list[list[View]] | None:
    """:data:`~.catalogues.AUTO`'s views (verified when read), with the tables by cell
    digits (:mod:`.zpdb_radix`: the same search in about a third of the CPU) when they
    are cached too; None when a table is missing and may not be built."""
    from .catalogues import auto_members
    from .zpdb_radix import radix_views

    try:
        members = auto_members(build=build)
    except FileNotFoundError:
        return None
    try:
        return radix_views(members, build=build)
    except FileNotFoundError:  # built before the layout existed: the dense tables alone
        return members


def _zero_ida_star(board: Board, goal: Board, **limits: Unpack[LimitOptions]) -> SearchResult:
    """IDA* with the zero-aware catalogue :data:`~.catalogues.AUTO` (Clausecker &
    Reinefeld 2019) and, when cached, the pruning automaton, compiled
    (:func:`~.kernel_zpdb.ida_star_zero`), after :data:`PYTHON_NODES` nodes of the
    pure-Python Manhattan search (easy boards never import Numba). The board is searched
    in the frame where the goal's blank is on cell 0 (:func:`_frame`); the solution is
    replayed there, and if it does not replay (a table damaged after it was checked) the
    tables are checked by their whole checksum, said on stderr, and IDA* with Manhattan
    distance answers instead."""
    from searchlab.durable import notice

    t, g2 = _frame(goal)
    b2 = _apply(board, t)
    fsm: list[Automaton | None] = [None]

    def python(left: float | None) -> SearchResult:
        return ida_star(b2, g2, **_pure(limits, left))

    def compiled(left: float | None) -> SearchResult:
        from .kernel_zpdb import ida_star_zero

        members = _catalogue(build=False)  # read (and verified) only when searched
        if members is None:  # a table went missing since it was found: no table at all
            return _md_ida_star(b2, g2, "linear_conflict", quick=False, **_left(limits, left))
        fsm[0] = automaton()
        return ida_star_zero(b2, g2, members, fsm=fsm[0], **_left(limits, left))

    result, by_python = python_then_compiled(python, compiled, limits.get("time_limit"))
    if result.solved and not replays(b2, g2, result):
        notice(_(DISPROVED).format(partition=ZERO_NAME))
        _verify_catalogue()
        result = _md_ida_star(b2, g2, "manhattan", quick=False, **limits)
        if result.solved and not replays(b2, g2, result):
            raise AssertionError("IDA* with Manhattan distance gave a path that does not replay")
    elif not by_python and "heuristic" not in result.extra:
        result.extra["partition"] = ZERO_NAME
        if fsm[0] is not None:
            result.extra["pruning"] = "automaton"
    if result.solved:
        result.states = [_apply(Board(goal.size, s), t).tiles for s in result.states]
        result.actions = _actions(goal.size, result.states)
    return result


def _verify_catalogue() -> None:
    """Check every table of :data:`~.catalogues.AUTO` by its whole checksum; a damaged one
    is said on stderr and removed (``npuzzle pdb --build auto --size 5`` builds it again)."""
    from .pdb import trusted

    for paths in _catalogue_files():
        for path in paths:
            trusted(path, False, True, CATALOGUE_DROPPED)
    for path in _radix_files():
        trusted(path, False, True, CATALOGUE_DROPPED)


CATALOGUE_DROPPED = N_(
    "{file} cannot be trusted ({reason}): removed; to build it again: "
    "searchlab npuzzle pdb --build auto --size 5"
)
"""Said when a table of the zero-aware catalogue is found damaged (``auto`` never builds)."""

ZERO_NAME = "zero-aware " + ",".join(AUTO)
"""How a result names the zero-aware catalogue it was searched with."""


def _left(limits: LimitOptions, left: float | None) -> LimitOptions:
    """``limits`` for a search given the time ``left`` and no stored-node bound."""
    return {**limits, "time_limit": left, "max_nodes": None}


def _pure(limits: LimitOptions, left: float | None) -> LimitOptions:
    """``limits`` for the pure-Python search run first: the time ``left``, and
    :data:`PYTHON_NODES` nodes before the compiled search takes over."""
    return {**limits, "time_limit": left, "max_nodes": PYTHON_NODES}


def _md_ida_star(
    board: Board,
    goal: Board,
    heuristic: str,
    *,
    quick: bool,
    **limits: Unpack[LimitOptions],
) -> SearchResult:
    """IDA* with Manhattan distance or linear conflict (``heuristic``), no database.

    With ``quick``, the pure-Python Manhattan search runs first for
    :data:`PYTHON_NODES` nodes (easy boards never import Numba; with Manhattan it is
    the compiled search's own tree, counts included); then the compiled
    :func:`~searchlab.puzzles.npuzzle.kernel_md.ida_star_md_compiled` from the start
    (:func:`python_then_compiled`, sharing the time limit of ``limits``). The result's
    ``extra["heuristic"]`` names the heuristic that answered.
    """

    def python(left: float | None) -> SearchResult:
        return ida_star(board, goal, **_pure(limits, left))

    def compiled(left: float | None) -> SearchResult:
        from .kernel_md import ida_star_md_compiled

        return ida_star_md_compiled(
            board,
            goal,
            linear_conflicts=heuristic == "linear_conflict",
            **_left(limits, left),
        )

    result, by_python = python_then_compiled(
        python if quick else None, compiled, limits.get("time_limit")
    )
    answered = "manhattan" if by_python else heuristic
    result.algorithm = "idastar (manhattan)" if by_python else f"idastar ({heuristic}, compiled)"
    result.extra["heuristic"] = answered
    return result


def ready_partition(goal: Board) -> str | None:
    """The strongest partition whose databases for ``goal`` are cached (None if none)."""
    for partition in AUTO_PARTITIONS.get(goal.size, ()):
        if databases_ready(goal, partition):
            return partition
    return None


def _auto_heuristic(
    size: int, algo: str, goal: Board, partition: str | None
) -> tuple[str, str | None]:
    """The heuristic (and partition) ``auto`` uses with ``algo``: with IDA*, ``pdb`` when
    a partition is named or cached databases fit the board (never built here: a build is
    a separate step, announced with its time and memory), else linear conflict
    (Manhattan above :data:`~.heuristics.LC_MAX_SIZE`); with A*, Manhattan."""
    if algo != "idastar":
        return "manhattan", partition
    if partition is None and catalogue_ready(goal):
        return "zpdb", None
    if size in DEFAULTS:
        partition = partition or ready_partition(goal)
        if partition is not None:
            return "pdb", partition
    return ("linear_conflict" if size <= LC_MAX_SIZE else "manhattan"), partition


AUTO_PARTITIONS = {4: ("7-8", "6-6-3"), 5: ("6-6-6-6",)}
"""The cached partitions ``auto`` looks for, strongest first."""

PYTHON_NODES = 60_000
"""Nodes the pure-Python IDA* searches before the compiled kernel takes over: about
0.1 s, a fraction of what importing Numba and loading the compiled kernel costs
(about 0.5 s), and enough for the easier 15-puzzle boards with the 7-8 databases."""


def _auto_name(size: int, heuristic: str) -> str:
    return "astar" if size == 3 and heuristic in ("auto", "manhattan") else "idastar"


def optimal_length(board: Board, goal: Board | None = None) -> int:
    """The optimal number of moves from ``board`` to ``goal``; ``InputError`` if unsolvable.

    Uses the cached 4x4 databases when present and never builds them
    (IDA* with Manhattan distance otherwise).
    """
    goal = goal if goal is not None else goal_board(board.size)
    if not is_solvable(board, goal):
        raise InputError(_("this board cannot reach the goal (wrong permutation parity)"))
    return _solve_no_build(board, goal).length


def _solve_no_build(board: Board, goal: Board, **limits: Unpack[LimitOptions]) -> SearchResult:
    """``solve_board`` without ever building databases (Manhattan when they are missing)."""
    try:
        return solve_board(board, goal, pdb_build=False, **limits)
    except FileNotFoundError:
        return solve_board(board, goal, heuristic="manhattan", **limits)


def hint(board: Board, goal: Board | None = None, **limits: Unpack[LimitOptions]) -> str | None:
    """The first blank move of an optimal solution, ``None`` at the goal.

    Never builds pattern databases (uses them when cached). ``limits`` are the engine's
    (:class:`~searchlab.search.options.LimitOptions`; ``time_limit`` is 10 seconds unless
    given). Raises ``InputError`` if the board is unsolvable or the limits stop the
    search before a solution.
    """
    goal = goal if goal is not None else goal_board(board.size)
    if goal.size != board.size:
        raise InputError(
            _("start is {size}x{size} but goal is {size2}x{size2}").format(
                size=board.size, size2=goal.size
            )
        )
    given: LimitOptions = {"time_limit": 10.0, **limits}
    result = _solve_no_build(board, goal, **given)
    if result.status == "impossible":
        raise InputError(_("this board cannot reach the goal (wrong permutation parity)"))
    if not result.solved:
        raise InputError(_("no optimal solution found within the time limit"))
    return result.actions[0] if result.actions else None
