"""What ``searchlab peg solve``, ``compare`` and ``boards`` show, as blocks the CLI
draws (:data:`~searchlab.families.contract.Block`): plain text, tables, statistics."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from searchlab.families.contract import Block, Exit, Note, Record, Table
from searchlab.i18n import _
from searchlab.search.limits import CancelToken
from searchlab.search.result import SearchResult, limit_phrase

from .board import BOARD_DESCRIPTIONS, Board, get_board
from .classes import impossibility_reason
from .compare import FAST_LABEL, SEED_RUNS, CompareRow, compare
from .problem import Instance
from .render import render_text


def finish_text(board: Board, target: int | None) -> str:
    """Where the game must end: one peg anywhere, on a hole, or a drawn position."""
    if target is None:
        return _("one peg anywhere")
    if target.bit_count() == 1:
        return _("one peg at {hole}").format(hole=board.hole_name(board.pegs(target)[0]))
    return _("{n} pegs as drawn").format(n=target.bit_count())


def stopped_text(cancelled: bool, limit: str | None) -> str:
    """How a stopped run ended: "interrupted (Ctrl-C)", "stopped by the time limit"..."""
    if cancelled:
        return _("interrupted (Ctrl-C)")
    return _("stopped by {limit}").format(limit=_(limit_phrase(limit)))


def solve_report(
    instance: Instance, result: SearchResult, *, quiet: bool = False, min_moves: bool = False
) -> Iterator[Block]:
    """A solve's human answer: the problem, the start board, every jump with the board
    after it (``quiet``: only the jumps), the jump and move counts, the outcome and the
    statistics; with ``min_moves``, the proved fewest moves (or the bound proved)."""
    board, start = instance.board, instance.start
    yield _("{board}: {pegs} pegs, finish: {where}").format(
        board=board.name, pegs=start.bit_count(), where=finish_text(board, instance.target)
    )
    if not quiet or not result.solved:
        yield render_text(board, start)
    if result.status == "impossible":
        yield _("impossible: {reason}").format(reason=result.reason)
        return
    if result.solved:
        if not quiet:
            for k, (jump, pos) in enumerate(zip(result.actions, result.states[1:], strict=True), 1):
                yield f"\n{k}. {jump}"
                yield render_text(board, pos)
        yield "\n" + _(
            "solved: {jumps} jumps, {moves} moves (consecutive jumps by one peg count as one move)"
        ).format(jumps=result.length, moves=result.extra["move_count"])
        yield _("jumps:") + " " + " ".join(str(a) for a in result.actions)
    elif result.stopped:
        label = stopped_text(result.status == "cancelled", result.limit)
        yield _("{label}: statistics so far below").format(label=label)
    else:
        yield _("no solution: the whole reachable space was searched")
    if result.extra.get("memo_full"):
        yield _("note: the memo of dead positions was full (search went on without it)")
    yield result.stats
    if min_moves and result.solved:
        yield _("fewest moves: {n} (proved minimal)").format(n=result.extra["move_count"])
    elif min_moves:
        yield _("proved: more than {n} moves are needed").format(n=result.stats.max_depth)


def stop_text(stop: str) -> str:
    """Why a compared run stopped, in the interface language (``stop`` is the English
    of :class:`~searchlab.puzzles.peg.compare.CompareRow`, kept as it is in data)."""
    if stop.startswith("limit: "):
        return _("limit: {limit}").format(limit=stop.removeprefix("limit: "))
    return _(stop)


def compare_table(board: Board, finish: str | None, rows: list[CompareRow]) -> Table:
    """The course project's table: one row per algorithm run."""
    return Table(
        _("{board}, finish: {where}").format(
            board=board.name, where=finish or _("one peg anywhere")
        ),
        (
            _("algorithm"),
            _("found?"),
            _("time (s)"),
            _("expanded"),
            _("length"),
            _("stop reason"),
        ),
        [
            (
                _(r.algorithm),
                _("yes") if r.found else _("no"),
                f"{r.seconds:.3f}",
                f"{r.expanded:,}",
                "-" if r.length is None else str(r.length),
                stop_text(r.stop),
            )
            for r in rows
        ],
        right=(2, 3, 4),
    )


def compare_runs(
    board: Board,
    start: int,
    target: int | None,
    finish: str | None,
    *,
    max_expansions: int,
    time_limit: float,
    as_json: bool = False,
    cancel: CancelToken | None = None,
    progress: Callable[..., None] | None = None,
) -> Iterator[Block]:
    """The course project's runs on one problem (:func:`~searchlab.puzzles.peg.compare.
    compare`), as its table; an impossible problem is said at once (exit status 1).
    ``progress(done, total, info)`` hears which run is under way."""
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        said = _("impossible: {reason}").format(reason=reason)
        yield Record([])  # --json: no runs, the reason on standard error
        yield Note(said) if as_json else said
        yield Exit(1)
        return
    labels = [label for label, *_options in SEED_RUNS] + [FAST_LABEL]
    done: list[CompareRow] = []

    def on_row(row: CompareRow) -> None:
        done.append(row)
        if progress is not None and len(done) < len(labels):
            progress(len(done), len(labels), labels[len(done)])

    if progress is not None:
        progress(0, len(labels), labels[0])
    rows = compare(
        board,
        start,
        target,
        max_expansions=max_expansions,
        time_limit=time_limit,
        cancel=cancel,
        on_row=on_row,
    )
    yield Record([dataclasses.asdict(row) for row in rows])
    yield compare_table(board, finish, rows)


def boards_record() -> Record:
    """The built-in boards as ``--json`` rows (descriptions in English)."""
    return Record(
        [
            {
                "name": name,
                "holes": (b := get_board(name)).size,
                "jumps": len(b.jumps),
                "symmetries": len(b.symmetries),
                "description": text,
            }
            for name, text in BOARD_DESCRIPTIONS.items()
        ]
    )


def boards_table() -> Table:
    """The built-in boards with their holes, jumps and symmetries."""
    rows = [
        (
            name,
            str((b := get_board(name)).size),
            str(len(b.jumps)),
            str(len(b.symmetries)),
            _(text),
        )
        for name, text in BOARD_DESCRIPTIONS.items()
    ]
    columns = (_("name"), _("holes"), _("jumps"), _("symmetries"), _("description"))
    title = _("Built-in boards (add --diagonal for diagonal jumps)")
    return Table(title, columns, rows, right=())
