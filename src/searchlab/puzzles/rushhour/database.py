"""The puzzle database on disk: one SQLite file, written shard by shard, read instantly.

Tables:

* ``puzzles(size, walls, moves, board, cluster_size, shard)``: one row per cluster
  (:class:`~searchlab.puzzles.rushhour.enumeration.Row`), ``walls`` the board's exact
  number of walls, ``board`` its hardest position in the database notation;
* ``shards(key, size, walls, rows, positions, clusters, solvable, states, abandoned,
  tested, seconds, cpu)``:
  the checkpoint, one row per finished shard, written in the same transaction as
  its puzzles, so an interrupted build resumes where it stopped and never holds
  half a shard;
* ``counts(size, walls, moves, n)``: puzzles per number of moves, kept up to date
  in that transaction too, so drawing a puzzle by difficulty reads a few dozen
  rows and one index entry (:meth:`PuzzleDatabase.draw`), whatever the size of the
  database.

The default file is ``rushhour.sqlite`` in the user data directory
(``$SEARCHLAB_DATA_DIR`` when set): a 6x6 build takes hours, so it is data, not a
cache that ``searchlab cache clear`` would delete. The complete 6x6 database without
walls also ships with searchlab (:mod:`.bundled`); :mod:`.sources` decides which file
answers a request.
"""

from __future__ import annotations

import os
import random
import re
import sqlite3
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING

import platformdirs

from searchlab.errors import InputError
from searchlab.faults import (
    READ_FAULTS,
    DamagedRow,
    as_sqlite_error,
    busy_wait,
    guarded,
    sqlite_code,
    sqlite_fault,
)
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.textinput import names_a_file

if TYPE_CHECKING:  # the enumeration imports Numba: only the builder needs it
    from .enumeration import ShardResult

SIZES = (4, 5, 6)
MAX_WALLS = 2
"""The boards ``enumerate`` builds (the database holds nothing else)."""

FILE_NAME = f"{folder_name(__name__)}.sqlite"

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    size INTEGER NOT NULL, walls INTEGER NOT NULL, moves INTEGER NOT NULL,
    board TEXT NOT NULL, cluster_size INTEGER NOT NULL, shard TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_by_moves ON puzzles (size, walls, moves);
CREATE TABLE IF NOT EXISTS shards (
    key TEXT PRIMARY KEY, size INTEGER NOT NULL, walls INTEGER NOT NULL,
    rows INTEGER NOT NULL, positions INTEGER NOT NULL, clusters INTEGER NOT NULL,
    solvable INTEGER NOT NULL, states INTEGER NOT NULL, abandoned INTEGER NOT NULL,
    tested INTEGER NOT NULL, seconds REAL NOT NULL, cpu REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS counts (
    size INTEGER NOT NULL, walls INTEGER NOT NULL, moves INTEGER NOT NULL,
    n INTEGER NOT NULL, PRIMARY KEY (size, walls, moves)
);
"""


_TABLES = frozenset(re.findall(r"CREATE TABLE IF NOT EXISTS (\w+)", _SCHEMA))
"""The tables :data:`_SCHEMA` creates, which a database read must hold."""


def _open_read_only(path: Path) -> sqlite3.Connection:
    """``path`` opened read-only, checked to hold every table of :data:`_SCHEMA`: an
    :class:`sqlite3.DatabaseError` (the connection closed) when it does not, or is no
    SQLite file. A write interrupted by a kill first has its journal rolled back
    (:func:`roll_back`)."""
    roll_back(path)
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True, timeout=busy_wait())
    try:
        found = {name for (name,) in db.execute("SELECT name FROM sqlite_master")}
        missing = sorted(_TABLES - found)
        if missing:
            raise sqlite3.DatabaseError(f"no table {missing[0]!r}")
    except READ_FAULTS:
        db.close()
        raise
    return db


def journal_path(path: Path) -> Path:
    """SQLite's rollback journal of the database ``path``."""
    return path.with_name(path.name + "-journal")


def roll_back(path: Path) -> None:
    """Finish what a writer killed mid-transaction left: SQLite rolls its *hot journal*
    back (restoring the last committed shard) when the file is opened for writing, which
    a read-only connection cannot do (it would call an intact database "not usable").
    Nothing happens without a journal, or while its writer is alive (SQLite checks the
    writer's lock). An :class:`InputError` saying what to do when the folder cannot be
    written."""
    journal = journal_path(path)
    try:
        if journal.stat().st_size == 0:
            return
    except OSError:
        return
    try:
        db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=rw", uri=True, timeout=busy_wait())
        try:
            db.execute("SELECT COUNT(*) FROM sqlite_master").fetchone()
        finally:
            db.close()
    except sqlite3.Error as exc:
        if "locked" in str(exc):
            raise sqlite_fault(path, exc) from None
        raise InputError(
            _(
                "{path}: a write was interrupted and its journal {journal} must be rolled "
                "back first, which needs write access ({reason}): make the folder writable "
                "(or copy both files to a writable place) and run again; keep the journal"
            ).format(path=path, journal=journal.name, reason=exc)
        ) from None


DAMAGED = N_(
    "copy it aside before anything else; what can be read is saved by: sqlite3 FILE "
    ".recover; the missing shards are rebuilt by: searchlab rushhour enumerate --db FILE"
)
"""What to do with a damaged database of the user's (hours of work: never "delete it")."""


def default_path() -> Path:
    """``$SEARCHLAB_DATA_DIR/rushhour.sqlite``, else the file in the user data directory."""
    env = os.environ.get("SEARCHLAB_DATA_DIR")
    base = Path(env) if env else Path(platformdirs.user_data_dir("searchlab"))
    return base / FILE_NAME


@dataclass(frozen=True, slots=True)
class Row:
    """One database row: a cluster's optimal moves, hardest position and size."""

    moves: int
    board: str
    cluster_size: int


@dataclass(frozen=True, slots=True)
class Totals:
    """What the finished shards of one board size hold."""

    shards: int
    rows: int
    positions: int
    clusters: int
    solvable: int
    states: int
    seconds: float
    cpu: float


class PuzzleDatabase:
    """The SQLite file at ``path`` (created with its tables when ``create``; ``fast``:
    without a journal or syncs, for a new file renamed into place once closed).
    ``damaged``: what to do when the file turns out damaged (by default, the advice for
    a database of the user's, :data:`DAMAGED`: hours of work, never "delete it").

    Raises :class:`InputError` (one line) when the file cannot be opened or is not
    such a database, or when it does not exist and ``create`` is false.
    """

    def __init__(
        self, path: str | Path, create: bool = False, fast: bool = False, damaged: str = ""
    ) -> None:
        self.path = Path(path)
        self.damaged = damaged
        if not create and not names_a_file(self.path, regular=True):
            raise InputError(
                _(
                    "no puzzle database at {path}: build one with "
                    "'searchlab rushhour enumerate --size 6' (or give --db FILE)"
                ).format(path=self.path)
            )
        try:
            if create:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, timeout=busy_wait())
                if fast:  # a file written whole and renamed into place: no journal, no syncs
                    self._db.executescript("PRAGMA journal_mode = OFF; PRAGMA synchronous = OFF;")
                self._db.executescript(_SCHEMA)
            else:  # read only: a file given to read is never changed (an empty one stays empty)
                self._db = _open_read_only(self.path)
        except READ_FAULTS as exc:
            raise self._fault(exc) from None
        except OSError as exc:
            raise InputError(
                _("{path}: not a usable puzzle database ({exc})").format(path=self.path, exc=exc)
            ) from None

    def _fault(self, exc: sqlite3.Error | UnicodeDecodeError) -> InputError:
        """One line for ``exc``: what happened to the file and what to do."""
        exc = as_sqlite_error(exc)
        if (
            sqlite_code(exc) in (sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB)
            or isinstance(exc, DamagedRow)
            or any(sign in str(exc) for sign in ("no table", "Could not decode"))
        ):
            return InputError(
                _("{path}: not a usable puzzle database ({exc}): {advice}").format(
                    path=self.path,
                    exc=exc,
                    advice=self.damaged or _(DAMAGED).replace("FILE", str(self.path)),
                )
            )
        return sqlite_fault(self.path, exc)

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> PuzzleDatabase:
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        tb: TracebackType | None,
    ) -> None:
        self.close()

    # -- the checkpoint ------------------------------------------------------------------
    @guarded
    def done(self, size: int) -> set[str]:
        """Keys of the finished shards of ``size``."""
        rows = self._db.execute("SELECT key FROM shards WHERE size = ?", (size,))
        return {key for (key,) in rows}

    def save(self, result: ShardResult) -> None:
        """Store one shard's rows and mark it done, in one transaction."""
        try:
            self._save(result)
        except sqlite3.Error as exc:  # read-only file, full disk, another writer
            raise self._unwritable(exc) from None

    def _unwritable(self, exc: sqlite3.Error) -> InputError:
        return self._fault(exc)

    def _save(self, result: ShardResult) -> None:
        shard = result.shard
        with self._db:
            self._insert(shard.size, shard.walls, result.rows, shard.key)
            self._db.execute(
                "INSERT INTO shards VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    shard.key,
                    shard.size,
                    shard.walls,
                    len(result.rows),
                    result.positions,
                    result.clusters,
                    result.solvable,
                    result.states,
                    result.abandoned,
                    result.tested,
                    result.seconds,
                    result.cpu,
                ),
            )

    def insert(self, size: int, walls: int, rows: Iterable[Row], shard: str) -> None:
        """Store ``rows`` (all of ``size`` with exactly ``walls`` walls) under ``shard``, in
        one transaction: none of them when reading ``rows`` raises."""
        try:
            with self._db:
                self._insert(size, walls, rows, shard)
        except sqlite3.Error as exc:
            raise self._unwritable(exc) from None

    def _insert(self, size: int, walls: int, rows: Iterable[Row], shard: str) -> None:
        """The rows and their ``counts``, inside the caller's transaction."""
        per_moves: dict[int, int] = {}

        def tally() -> Iterator[tuple[int, int, int, str, int, str]]:
            for r in rows:
                per_moves[r.moves] = per_moves.get(r.moves, 0) + 1
                yield (size, walls, r.moves, r.board, r.cluster_size, shard)

        self._db.executemany("INSERT INTO puzzles VALUES (?, ?, ?, ?, ?, ?)", tally())
        self._db.executemany(
            "INSERT INTO counts VALUES (?, ?, ?, ?) ON CONFLICT (size, walls, moves) "
            "DO UPDATE SET n = n + excluded.n",
            [(size, walls, m, n) for m, n in per_moves.items()],
        )

    # -- reading -------------------------------------------------------------------------
    @guarded
    def totals(self, size: int, walls: Iterable[int]) -> Totals:
        """Sums over the finished shards of ``size`` with those exact wall counts."""
        ws = tuple(walls)
        marks = ",".join("?" * len(ws))
        row = self._db.execute(
            "SELECT COUNT(*), COALESCE(SUM(rows), 0), COALESCE(SUM(positions), 0), "
            "COALESCE(SUM(clusters), 0), COALESCE(SUM(solvable), 0), "
            "COALESCE(SUM(states), 0), COALESCE(SUM(seconds), 0), COALESCE(SUM(cpu), 0) "
            "FROM shards "
            f"WHERE size = ? AND walls IN ({marks})",
            (size, *ws),
        ).fetchone()
        shards, rows, positions, clusters, solvable, states = (whole(v) for v in row[:6])
        return Totals(
            shards, rows, positions, clusters, solvable, states, float(row[6]), float(row[7])
        )

    @guarded
    def histogram(self, size: int, walls: Iterable[int]) -> dict[int, int]:
        """Puzzles per optimal number of moves, over those exact wall counts."""
        ws = tuple(walls)
        marks = ",".join("?" * len(ws))
        out: dict[int, int] = {}
        for moves, n in self._db.execute(
            f"SELECT moves, SUM(n) FROM counts WHERE size = ? AND walls IN ({marks}) "
            "GROUP BY moves ORDER BY moves",
            (size, *ws),
        ):
            out[whole(moves)] = whole(n)
        return out

    @guarded
    def rows(self, size: int, walls: int) -> list[Row]:
        """Every row of ``size`` with exactly ``walls`` walls (by moves, then board)."""
        return [
            read_row(m, b, s)
            for m, b, s in self._db.execute(
                "SELECT moves, board, cluster_size FROM puzzles WHERE size = ? AND walls = ? "
                "ORDER BY moves, board",
                (size, walls),
            )
        ]

    @guarded
    def strata(self, size: int) -> dict[int, int]:
        """Puzzles of ``size`` stored per exact number of walls."""
        return {
            whole(w): whole(n)
            for w, n in self._db.execute(
                "SELECT walls, SUM(n) FROM counts WHERE size = ? GROUP BY walls ORDER BY walls",
                (size,),
            )
        }

    def export(
        self,
        size: int,
        walls: Collection[int] | None = None,
        min_moves: int = 0,
        max_moves: int | None = None,
    ) -> Iterator[Row]:
        """Every row of ``size`` with one of those exact numbers of ``walls`` (all when
        ``None``) and ``min_moves`` to ``max_moves`` moves, streamed in :func:`export_order`
        (hardest first, then by board): M. Fogleman's ``rush.txt`` order, for
        :func:`export_line`."""
        low, top = _moves_between(min_moves, max_moves)
        ws = tuple(walls) if walls is not None else tuple(self.strata(size))
        marks = ",".join("?" * len(ws))
        try:
            for m, b, c in self._db.execute(
                "SELECT moves, board, cluster_size FROM puzzles WHERE size = ? "
                f"AND walls IN ({marks}) AND moves BETWEEN ? AND ? ORDER BY moves DESC, board",
                (size, *ws, low, top),
            ):
                yield read_row(m, b, c)
        except READ_FAULTS as exc:  # a damaged page met halfway: one line, not a traceback
            fault = self._fault(exc)
        else:
            return
        raise fault  # outside the handler: the unfinished cursor is freed (faults.guarded)

    @guarded
    def draw(
        self,
        size: int,
        walls: int,
        min_moves: int,
        max_moves: int | None = None,
        rng: random.Random | None = None,
    ) -> Row | None:
        """A puzzle of ``size`` with exactly ``walls`` walls and ``min_moves`` to
        ``max_moves`` optimal moves, uniformly among those rows; ``None`` when none.

        Two index lookups: the number of moves, weighted by the ``counts`` table, then
        a uniform offset among the rows of that many moves (``ORDER BY rowid`` over
        the index, so the same seed draws the same puzzle from the same file)."""
        rng = rng or random.Random()
        low, top = _moves_between(min_moves, max_moves)
        counts = [
            (whole(m), whole(n))
            for m, n in self._db.execute(
                "SELECT moves, n FROM counts WHERE size = ? AND walls = ? "
                "AND moves BETWEEN ? AND ? ORDER BY moves",
                (size, walls, low, top),
            )
        ]
        total = sum(n for _, n in counts)
        if not total:
            return None
        k = rng.randrange(total)
        moves = counts[-1][0]
        for m, n in counts:
            if k < n:
                moves = m
                break
            k -= n
        row = self._db.execute(
            "SELECT moves, board, cluster_size FROM puzzles "
            "WHERE size = ? AND walls = ? AND moves = ? ORDER BY rowid LIMIT 1 OFFSET ?",
            (size, walls, moves, k),
        ).fetchone()
        if row is None:  # the counts promised this row: the two tables disagree
            raise DamagedRow(
                f"the counts and puzzles tables disagree: no puzzle {k + 1} of {moves} moves"
            )
        return read_row(*row)

    @guarded
    def hardest(self, size: int, walls: int) -> int | None:
        """The most moves of any stored puzzle of ``size`` with exactly ``walls`` walls."""
        row = self._db.execute(
            "SELECT MAX(moves) FROM counts WHERE size = ? AND walls = ?", (size, walls)
        ).fetchone()
        return None if row[0] is None else whole(row[0])


def whole(value: object) -> int:
    """A count read back, checked to be a whole number not below 0 (else a
    :class:`~searchlab.faults.DamagedRow`: a changed byte can make it text or a float)."""
    if type(value) is not int or value < 0:
        raise DamagedRow(f"a count that is not a whole number ({value!r:.20})")
    return value


def read_row(moves: object, board: object, cluster_size: object) -> Row:
    """A row as read back from the file, its values checked to be of their columns' kinds
    (a changed byte in a record's header can turn an integer into text or a float, which
    SQLite returns as it is): a :class:`~searchlab.faults.DamagedRow` otherwise."""
    if (
        type(moves) is not int
        or type(board) is not str
        or type(cluster_size) is not int
        or not 0 <= moves < MOST_MOVES
        or cluster_size < 1
    ):
        raise DamagedRow(
            f"a row of other kinds of values ({moves!r:.20}, {board!r:.60}, {cluster_size!r:.20})"
        )
    return Row(moves, board, cluster_size)


MOST_MOVES = 1 << 30
"""More moves than any board of the database needs (and an SQLite integer)."""


def _moves_between(min_moves: int, max_moves: int | None) -> tuple[int, int]:
    """``min_moves`` to ``max_moves`` (no upper end: ``None``) clamped to 0 ..
    :data:`MOST_MOVES`, so a huge number asks for nothing instead of overflowing
    SQLite's 64-bit integers."""
    top = MOST_MOVES if max_moves is None else max(0, min(max_moves, MOST_MOVES))
    return max(0, min(min_moves, MOST_MOVES + 1)), top


def export_line(row: Row) -> str:
    """One puzzle as a line of M. Fogleman's published database (``rush.txt``): the
    optimal moves, the board in the 36-character notation (``o`` empty, ``x`` wall,
    ``A`` the red car), the cluster's size, separated by spaces, e.g.
    ``51 BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo 4780``."""
    return f"{row.moves} {row.board} {row.cluster_size}"
