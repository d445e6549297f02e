"""SQLite storage of instances and run results, keyed for resuming.

Two tables. ``instances`` caches generated instances by (family, id), so a
resumed or re-printed experiment does not generate them again. ``runs`` holds
one row per (experiment, instance, configuration key); the configuration key
includes the per-run limits, so changing a limit reruns, while adding
instances or configurations only runs what is new. Rows are committed as
they arrive, so an interrupted experiment loses at most the runs in flight.
Runs that were cancelled (Ctrl-C) or raised are not treated as done.
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from searchlab.errors import InputError
from searchlab.faults import (
    READ_FAULTS,
    DamagedRow,
    as_sqlite_error,
    busy_wait,
    guarded,
    sqlite_fault,
)
from searchlab.i18n import _
from searchlab.records.runs import Instance, RunRecord

DEFAULT_DB = "searchlab-experiments.sqlite"
"""The default database file, in the working directory."""

_SCHEMA = """
CREATE TABLE IF NOT EXISTS instances (
    family TEXT NOT NULL, id TEXT NOT NULL, grp TEXT NOT NULL, data TEXT NOT NULL,
    optimal REAL, idx INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (family, id)
);
CREATE TABLE IF NOT EXISTS runs (
    experiment TEXT NOT NULL, instance TEXT NOT NULL, config TEXT NOT NULL,
    family TEXT NOT NULL, grp TEXT NOT NULL, label TEXT NOT NULL,
    algorithm TEXT NOT NULL, heuristic TEXT, status TEXT NOT NULL, lim TEXT,
    length INTEGER, cost REAL, expanded INTEGER NOT NULL, generated INTEGER NOT NULL,
    max_frontier INTEGER NOT NULL, seconds REAL NOT NULL, error TEXT,
    finished REAL NOT NULL, extra TEXT,
    PRIMARY KEY (experiment, instance, config)
);
"""

_RUN_COLUMNS = (
    "experiment",
    "instance",
    "config",
    "family",
    "grp",
    "label",
    "algorithm",
    "heuristic",
    "status",
    "lim",
    "length",
    "cost",
    "expanded",
    "generated",
    "max_frontier",
    "seconds",
    "error",
    "extra",
)


class ResultStore:
    """The results database at ``path`` (``":memory:"`` for a throw-away one).

    Use it as a context manager, or call :meth:`close`.
    """

    def __init__(self, path: str | Path = DEFAULT_DB) -> None:
        self.path = str(path)
        try:
            self._db = sqlite3.connect(self.path, timeout=busy_wait())
        except READ_FAULTS as exc:
            raise self._fault(exc) from None
        try:
            self._db.executescript(_SCHEMA)
        except READ_FAULTS as exc:
            self._db.close()  # a long-lived process must not keep the file's lock
            raise self._fault(exc) from None

    def _fault(self, exc: sqlite3.Error | UnicodeDecodeError) -> InputError:
        """One line for SQLite's ``exc``: a full disk, a lock held by another process, a
        read-only place (:func:`~searchlab.faults.sqlite_fault`); a file that is no
        results database (or a damaged one: a message or text that is no longer UTF-8,
        a stored value that does not decode) says so."""
        exc = as_sqlite_error(exc)
        if "not a database" in str(exc) or "malformed" in str(exc) or isinstance(exc, DamagedRow):
            return InputError(
                _("{path}: cannot use as a results database ({exc})").format(
                    path=self.path, exc=exc
                )
            )
        return sqlite_fault(self.path, exc)

    def __enter__(self) -> ResultStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    # -- instances ---------------------------------------------------------
    @guarded
    def load_instances(self, family: str, ids: Iterable[str]) -> dict[str, Instance]:
        """The cached instances of ``family`` among ``ids``."""
        wanted = set(ids)
        out = {}
        rows = self._db.execute(
            "SELECT id, grp, data, optimal, idx FROM instances WHERE family = ?", (family,)
        )
        for id_, grp, data, optimal, idx in rows:
            if id_ in wanted:
                out[id_] = Instance(family, id_, stored_json(grp), stored_json(data), optimal, idx)
        return out

    @guarded
    def save_instance(self, instance: Instance) -> None:
        self._db.execute(
            "INSERT OR REPLACE INTO instances VALUES (?, ?, ?, ?, ?, ?)",
            (
                instance.family,
                instance.id,
                json.dumps(instance.group),
                json.dumps(instance.data),
                instance.optimal,
                instance.index,
            ),
        )
        self._db.commit()

    # -- runs --------------------------------------------------------------
    @guarded
    def done(self, experiment: str) -> set[tuple[str, str]]:
        """(instance, config key) pairs of ``experiment`` with a final result."""
        rows = self._db.execute(
            "SELECT instance, config FROM runs WHERE experiment = ? AND status != 'error'",
            (experiment,),
        )
        return {(i, c) for i, c in rows}

    @guarded
    def save_run(self, record: RunRecord) -> None:
        """Store ``record`` (replacing an earlier one); cancelled runs are not stored."""
        if record.limit == "cancelled":
            return
        row = {
            **record.as_dict(),
            "grp": json.dumps(record.group),
            "lim": record.limit,
            "extra": None if record.extra is None else json.dumps(record.extra),
        }
        values = [row[k] for k in _RUN_COLUMNS]
        self._db.execute(
            f"INSERT OR REPLACE INTO runs ({', '.join(_RUN_COLUMNS)}, finished) "
            f"VALUES ({', '.join('?' * len(_RUN_COLUMNS))}, ?)",
            (*values, time.time()),
        )
        self._db.commit()

    @guarded
    def records(self, experiment: str) -> list[RunRecord]:
        """Every stored run of ``experiment``."""
        rows = self._db.execute(
            f"SELECT {', '.join(_RUN_COLUMNS)} FROM runs WHERE experiment = ?", (experiment,)
        )
        return [_record(dict(zip(_RUN_COLUMNS, row, strict=True))) for row in rows]

    @guarded
    def experiments(self) -> list[tuple[str, int]]:
        """(experiment, number of runs) for every experiment in the database."""
        rows = self._db.execute(
            "SELECT experiment, COUNT(*) FROM runs GROUP BY experiment ORDER BY experiment"
        )
        return [(e, n) for e, n in rows]

    @guarded
    def forget(self, experiment: str) -> int:
        """Delete the runs of ``experiment``; the number deleted."""
        cur = self._db.execute("DELETE FROM runs WHERE experiment = ?", (experiment,))
        self._db.commit()
        return cur.rowcount


def stored_json(text: object) -> Any:
    """A JSON value read back from the database; a :class:`~searchlab.faults.DamagedRow`
    when it is not text or does not decode (a changed byte)."""
    if not isinstance(text, str):
        raise DamagedRow(f"a stored value that is not text ({text!r:.40})")
    try:
        return json.loads(text)
    except ValueError as exc:
        raise DamagedRow(f"a stored value that does not decode ({exc})") from None


def _record(row: dict[str, Any]) -> RunRecord:
    row["group"] = stored_json(row.pop("grp"))
    row["limit"] = row.pop("lim")
    row["extra"] = None if row["extra"] is None else stored_json(row["extra"])
    return RunRecord(**row)
