"""Rush Hour's own commands (``rate``, ``hint``, ``generate``, ``export``, ``enumerate``)
as plain functions: options in, blocks out.

Each function takes a command's options as keywords and yields what the command
prints (:data:`~searchlab.families.contract.Block`), in order: plain text, a
``Record`` (its ``--json`` form: with ``as_json`` only the records are yielded), a
``Note`` (a line on standard error) and at most one ``Exit`` (the exit status, last);
:mod:`.commands` declares them as the family's tasks. Bad input is
an :class:`~searchlab.errors.InputError` (one line, exit 2), raised before any output.
Long work reports through the ``progress(done, total, info, title)`` callable it is
given (a progress bar's state) and stops when ``cancel`` is set; a database build runs
its shards on the :class:`~searchlab.families.parallel.Runner` it is given. The front
end draws all of it; nothing here knows a terminal.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import replace

from searchlab import families
from searchlab.errors import InputError
from searchlab.families.contract import Block, Exit, NoHint, Note, Record
from searchlab.families.parallel import Runner
from searchlab.families.params import parse_wxh
from searchlab.i18n import N_, _, ngettext
from searchlab.puzzles import folder_name
from searchlab.search.limits import Budget, CancelToken

from .loading import load_board
from .notation import parse_board
from .rating import rate
from .render import render_text
from .solver import solve_board

RATE_SECONDS = 60.0
"""The time ``rate`` gives a board (its searches together)."""
FAMILY_NAME = folder_name(__name__)
"""This family's registry name: its folder's."""

Progress = Callable[[float, float, str, str], None]
"""``(done, total, info, title)``: a progress bar's state."""


def compiling_text() -> str:
    """The progress line while the compiled search is compiled (first run after install)."""
    return _(
        "compiling the search kernel: only the first run after installing, "
        "a minute or two; later runs load it at once"
    )


RATE_LABELS = {
    "moves": N_("moves"),
    "steps": N_("steps"),
    "vehicles_moved": N_("vehicles moved"),
    "cluster_size": N_("cluster size"),
    "symmetry": N_("symmetry"),
    "score": N_("score"),
    "level": N_("level"),
}
"""The names of :meth:`rate`'s figures in the human output (``--json`` keeps the keys)."""


def rate_task(
    board: str | None = None,
    red: str | None = None,
    card_no: int | None = None,
    *,
    as_json: bool = False,
) -> Iterator[Block]:
    """``rate``: optimal moves and steps, vehicles moved, cluster size, score and level;
    no solution (or out of time) is an answer: a message and exit 1."""
    start = load_board(board, red, card_no)
    budget = Budget(time_limit=RATE_SECONDS)
    by_moves = solve_board(start, time_limit=RATE_SECONDS)
    if by_moves.solved:  # the solution the rating counts is checked, as every answer
        labelled = replace(by_moves, actions=[str(m) for m in by_moves.actions])
        families.get(FAMILY_NAME).check(start, labelled)
    try:
        r = rate(start, time_limit=budget.remaining(), solution=by_moves)
    except InputError as exc:
        yield Note(f"searchlab: {exc}")
        yield Exit(1)
        return
    if as_json:
        yield Record({"board": start.to_database(), **r.as_dict()})
        return
    yield render_text(start)
    for name, value in r.as_dict().items():
        label = _(RATE_LABELS.get(name, name.replace("_", " ")))
        shown = _(value) if name == "level" and isinstance(value, str) else value
        yield f"{label}: {shown}"


def hint_task(
    board: str | None = None,
    red: str | None = None,
    card_no: int | None = None,
    as_json: bool = False,
) -> Iterator[Block]:
    """``hint``: the next move of an optimal solution (a message and exit 1 when none);
    ``--json``: ``{"board", "solved", "move"}`` (``move`` null when solved or none)."""
    start = load_board(board, red, card_no)
    if start.is_solved():
        yield Record({"board": start.to_text(), "solved": True, "move": None})
        yield _("already solved")
        return
    try:  # the family's hint, checked (Family.suggest)
        move = families.get(FAMILY_NAME).suggest(start, start, time_limit=10.0)
    except NoHint as exc:
        yield Record({"board": start.to_text(), "solved": False, "move": None})
        yield Note(f"searchlab: {exc}")
        yield Exit(1)
        return
    yield Record({"board": start.to_text(), "solved": move is None, "move": move and move.label})
    yield move.label if move else _("already solved")


def generate_task(
    *,
    min_moves: int,
    count: int = 1,
    seed: int | None = None,
    walls: int = 0,
    size: str = "6x6",
    time_limit: float = 600.0,
    independent: bool = False,
    from_db: bool = False,
    db_path: str | None = None,
    max_moves: int | None = None,
    as_json: bool = False,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> Iterator[Block]:
    """``generate``: ``count`` distinct minimal puzzles of at least ``min_moves`` moves,
    searched for (:func:`~searchlab.puzzles.rushhour.generate.generate`) or, with
    ``from_db`` or ``db_path``, drawn from the puzzle database. Fewer than ``count``
    by the time limit (exit 1) or Ctrl-C (exit 130): the ones found, and a message."""
    from .generate import check_walls, generate, unreachable

    width, height = parse_wxh(size, "--size", 4, 8)
    if max_moves is not None and not (from_db or db_path):
        raise InputError(_("--max-moves needs --from-db"))
    if from_db or db_path:
        yield from _draw_from_db(
            min_moves, max_moves, count, seed, walls, width, height, db_path, as_json
        )
        return
    check_walls(width, height, walls)
    reason = unreachable(min_moves, width, height, walls)  # a proof: before the note below
    if reason:
        if as_json:
            yield Record([])
        yield Note(_("impossible: {reason}").format(reason=reason))
        yield Exit(1)
        return
    if min_moves > 60:
        yield Note(_("note: the hardest known 6x6 puzzles need 51 moves (60 with walls)"))
    bar = progress or (lambda done, total, info, title: None)
    title = _("generating")
    bar(0, count, "", title)
    from . import kernel  # Numba: only the commands that use it

    kernel.prepare(kernel.warm_up, lambda: bar(0, count, compiling_text(), title))

    def report(found: int, best: int, evaluated: int) -> None:
        info = _(
            "{found}/{count} found, best cluster depth {best}, {evaluated} boards evaluated"
        ).format(found=found, count=count, best=best, evaluated=f"{evaluated:,}")
        bar(found, count, info, title)

    found = generate(
        min_moves,
        count,
        seed=seed,
        walls=walls,
        width=width,
        height=height,
        time_limit=time_limit,
        chain=not independent,
        cancel=cancel,
        progress=report,
    )
    if as_json:
        yield Record([g.as_dict() for g in found])
    else:
        for k, g in enumerate(found, 1):
            yield f"{k}. {g.board.to_database()}  " + _(
                "{moves} moves  (cluster {cluster}, {seconds} s)"
            ).format(moves=g.moves, cluster=f"{g.cluster_size:,}", seconds=f"{g.seconds:.1f}")
            yield render_text(g.board)
    if len(found) < count:
        # the exit-status convention: 130 when Ctrl-C stopped it, 1 when the time limit did;
        # the puzzles found so far are printed either way
        interrupted = cancel is not None and cancel.is_set()
        message = (
            _("found {found} of {count} puzzles before Ctrl-C interrupted")
            if interrupted
            else _("found {found} of {count} puzzles within the time limit")
        )
        yield Note(message.format(found=len(found), count=count))
        yield Exit(130 if interrupted else 1)


def _draw_from_db(
    min_moves: int,
    max_moves: int | None,
    count: int,
    seed: int | None,
    walls: int,
    width: int,
    height: int,
    db_path: str | None,
    as_json: bool,
) -> Iterator[Block]:
    """``generate --from-db``: ``count`` distinct puzzles drawn from the database."""
    from .sources import check_board, draw

    if width != height:
        raise InputError(
            _("--from-db: the database holds square boards, not {width}x{height}").format(
                width=width, height=height
            )
        )
    if max_moves is not None and max_moves < min_moves:
        raise InputError(
            _("--max-moves {max_moves} is below --min-moves {min_moves}").format(
                max_moves=max_moves, min_moves=min_moves
            )
        )
    check_board(width, walls)
    import random  # here, not at the top: a solve draws nothing (start-up)

    rng = random.Random(seed)
    found: dict[str, tuple[int, int]] = {}
    for _attempt in range(count * 20):  # distinct boards; a small range may hold fewer
        d = draw(
            min_moves,
            size=width,
            walls=walls,
            max_moves=max_moves,
            seed=rng.randrange(2**62),
            path=db_path,
        )
        found.setdefault(d.board, (d.moves, d.cluster_size))
        if len(found) == count:
            break
    puzzles = [(b, m, s) for b, (m, s) in found.items()]
    if as_json:
        yield Record([{"board": b, "moves": m, "cluster_size": s} for b, m, s in puzzles])
    else:
        for k, (b, m, s) in enumerate(puzzles, 1):
            yield _("{k}. {board}  {moves} moves  (cluster {size:,}, from the database)").format(
                k=k, board=b, moves=m, size=s
            )
            yield render_text(parse_board(b))
    if len(puzzles) < count:
        yield Note(
            _("found {found} of {count} distinct puzzles in the database").format(
                found=len(puzzles), count=count
            )
        )
        yield Exit(1)


EXPORT_CHUNK = 10_000
"""Lines per text block of ``export`` (one write each, not one per line: a 6x6
database has millions)."""


def export_task(
    *,
    db_path: str | None = None,
    size: int = 6,
    walls: int | None = None,
    min_moves: int | None = None,
    max_moves: int | None = None,
    output: str | None = None,
) -> Iterator[Block]:
    """``export``: the puzzle database as M. Fogleman publishes his (``rush.txt``), one
    line per puzzle, hardest first: yielded (:data:`EXPORT_CHUNK` lines a block), or
    written to ``output`` when given. Without ``db_path``, the user's database and the
    bundled 6x6 puzzles (:mod:`~searchlab.puzzles.rushhour.sources`). A stratum asked for
    that is not built, or nothing matching, is an :class:`InputError` (the latter after
    the empty output)."""
    from .database import export_line
    from .sources import export, moves_text

    rows = export(size, walls, min_moves or 0, max_moves, db_path)
    written = 0
    if output:
        # whole or not at all: a temporary file renamed over OUTPUT once every row is
        # written, so a fault halfway (a damaged page, a full disk) leaves no partial file
        # (a device or a pipe, /dev/stdout, is written in place: atomic_open never
        # replaces one)
        from searchlab.durable import atomic_open

        try:
            with atomic_open(output, "w") as out:
                for row in rows:
                    out.write(export_line(row) + "\n")
                    written += 1
        except OSError as exc:
            raise InputError(
                _("{path}: cannot write ({reason})").format(path=output, reason=exc.strerror)
            ) from None
    else:
        lines: list[str] = []
        for row in rows:
            lines.append(export_line(row))
            if len(lines) == EXPORT_CHUNK:
                yield "\n".join(lines)
                written += len(lines)
                lines = []
        if lines:
            yield "\n".join(lines)
            written += len(lines)
    if not written:
        raise InputError(
            _("no {size}x{size} puzzle of {wanted} moves in the database").format(
                size=size, wanted=moves_text(min_moves or 0, max_moves)
            )
        )


def walls_text(walls: int) -> str:
    """``no walls``, ``up to 1 wall``, ``up to 2 walls``."""
    if walls == 0:
        return _("no walls")
    return ngettext("up to {n} wall", "up to {n} walls", walls).format(n=walls)


def enumerate_title(size: int, walls: int) -> str:
    """The caption of ``enumerate``'s progress bar."""
    return _("enumerating {size}x{size} ({walls})").format(size=size, walls=walls_text(walls))


def enumerate_task(
    *,
    size: int,
    walls: int = 0,
    db_path: str | None = None,
    runner: Runner | None = None,
    time_limit: float | None = None,
    as_json: bool = False,
    cancel: CancelToken | None = None,
    progress: Progress | None = None,
) -> Iterator[Block]:
    """``enumerate``: every puzzle of a ``size`` x ``size`` board with up to ``walls``
    walls into the puzzle database (:func:`~searchlab.puzzles.rushhour.database_build.build`
    on ``runner``), then its summary. ``progress`` receives the shards done, of all, and
    a line of figures (or the compiling notice). Stopped by the time limit
    (exit 1) or Ctrl-C (exit 130): the summary of what is stored, and how to resume."""
    from pathlib import Path

    from .database import default_path
    from .database_build import Progress as Built
    from .database_build import build
    from .enumeration import check

    check(size, walls)
    path = Path(db_path) if db_path else default_path()
    bar = progress or (lambda done, total, info, title: None)
    title = enumerate_title(size, walls)

    def report(p: Built) -> None:
        eta = "" if p.eta is None else _(", {minutes:.1f} min left").format(minutes=p.eta / 60)
        info = _("{done}/{total} shards, {clusters:,} clusters, {rows:,} puzzles{eta}").format(
            done=p.done, total=p.total, clusters=p.clusters, rows=p.rows, eta=eta
        )
        bar(p.done, p.total, info, title)

    built = build(
        size,
        walls,
        path,
        runner=runner,
        time_limit=time_limit,
        cancel=cancel,
        progress=report,
        compiling=lambda: bar(0, 1, compiling_text(), title),
    )
    t = built.totals
    if as_json:
        yield Record(
            {
                "size": size,
                "walls": walls,
                "db": str(path),
                "shards": built.total,
                "done": built.done,
                "complete": built.complete,
                "stopped": built.stopped,
                "puzzles": t.rows,
                "positions": t.positions,
                "clusters": t.clusters,
                "solvable": t.solvable,
                "states": t.states,
                "seconds": round(built.seconds, 3),
                "shard_seconds": round(t.seconds, 3),
                "shard_cpu": round(t.cpu, 3),
                "histogram": {str(m): n for m, n in built.histogram.items()},
            }
        )
    else:
        yield _("{size}x{size}, {walls}: {done} of {total} shards in {db}").format(
            size=size, walls=walls_text(walls), done=built.done, total=built.total, db=path
        )
        yield _(
            "{rows:,} puzzles from {clusters:,} clusters ({solvable:,} solvable) over "
            "{positions:,} packed positions; {seconds:,.1f} s of shard time"
        ).format(
            rows=t.rows,
            clusters=t.clusters,
            solvable=t.solvable,
            positions=t.positions,
            seconds=t.seconds,
        )
        if built.histogram:
            yield (
                _("puzzles by optimal moves:")
                + " "
                + ", ".join(f"{m}: {n:,}" for m, n in built.histogram.items())
            )
    if built.stopped is not None:
        interrupted = built.stopped == "cancelled"
        why = _("interrupted by Ctrl-C") if interrupted else _("stopped by the time limit")
        yield Note(
            _("{why}: {done} of {total} shards done; run the same command again to resume").format(
                why=why, done=built.done, total=built.total
            )
        )
        yield Exit(130 if interrupted else 1)
