"""``searchlab rushhour``: solve, rate and generate Rush Hour puzzles."""

from __future__ import annotations

from pathlib import Path

import click

from searchlab.cli.common import (
    FiniteFloat,
    FractionBar,
    algorithm_option,
    cancel_on_interrupt,
    console,
    describe_outcome,
    err_console,
    fail,
    heuristic_option,
    json_option,
    max_expansions_option,
    max_nodes_option,
    optimal_help,
    optimality_note,
    parse_wxh,
    print_json,
    read_input,
    stats_table,
    status_line,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report
from searchlab.errors import InputError
from searchlab.families.contract import NoHint
from searchlab.i18n import N_, _, ngettext
from searchlab.puzzles.rushhour import (
    ALGORITHM_CHOICES,
    HEURISTICS,
    Board,
    card,
    parse_board,
    rate,
    render_text,
)
from searchlab.puzzles.rushhour.family import FAMILY
from searchlab.puzzles.rushhour.family import text as solution_text
from searchlab.puzzles.rushhour.generate import check_walls, generate, unreachable
from searchlab.search import SearchResult


def _load(board: str | None, red: str | None, card_no: int | None) -> Board:
    """BOARD as a file ('-' for stdin) when such a path exists, else as a board string."""
    if (board is None) == (card_no is None):
        fail(_("give a BOARD (a string or a file) or --card N (one of them)"))
    if card_no is not None:
        c = card(card_no)
        if red is not None and red != "X":
            # a card's letters are fixed: its red car is X (the card notation)
            fail(
                _("--red {red}: the red car of card {number} is X; --red is for a BOARD").format(
                    red=red[:8], number=c.number
                )
            )
        return c.parse()
    assert board is not None
    if board == "-" or _exists(board):
        # read_input says what a directory, /dev/zero or an unreadable file is (bounded read)
        return parse_board(read_input(board), red=red)
    try:
        return parse_board(board, red=red)
    except InputError:
        if _path_like(board):
            fail(_("{where}: no such file").format(where=board[:80]))
        raise


def _path_like(text: str) -> bool:
    """Whether a BOARD that is neither a board nor an existing path was meant as a file:
    it has a file suffix, or a path separator and a character no board has (a board's
    rows may be separated by '/': ``oooooB/AACooB/...``)."""
    if Path(text).suffix in (".txt", ".rh", ".board"):
        return True
    board_chars = set(".ox/ ") | set("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
    return ("/" in text or "\\" in text) and not set(text) <= board_chars


def _exists(name: str) -> bool:
    """Whether ``name`` names something on disk (a file, directory, device or pipe);
    a name the system refuses (too long, a NUL byte) names nothing."""
    try:
        return Path(name).exists()
    except (OSError, ValueError):
        return False


def compiling_text() -> str:
    """The progress line while the compiled search is compiled (first run after install)."""
    return _(
        "compiling the search kernel: only the first run after installing, "
        "a minute or two; later runs load it at once"
    )


def _default_workers() -> int:
    """``enumerate``'s default ``--workers``; imported here so that the other commands do
    not load the experiments package (a third of a solve's start-up)."""
    from searchlab.cli.batch import default_workers

    return default_workers()


board_arg = click.argument("board", required=False)
red_opt = click.option("--red", metavar="LETTER", help="The red car's letter (default: detected).")
card_opt = click.option(
    "--card",
    "card_no",
    type=int,
    metavar="N",
    help="Use built-in challenge card N (1-40) instead of BOARD.",
)


@click.group(cls=Group, no_args_is_help=True)
def rushhour() -> None:
    """Rush Hour: slide cars and trucks until the red car reaches the exit."""


@rushhour.command("solve")
@board_arg
@red_opt
@card_opt
@click.option(
    "--metric",
    type=click.Choice(["moves", "steps"]),
    default="moves",
    show_default=True,
    help="moves: a slide of any length costs 1; steps: each cell.",
)
@algorithm_option(
    default="fast",
    choices=ALGORITHM_CHOICES,
    help="Search algorithm (" + optimal_help(ALGORITHM_CHOICES, FAMILY.optimal or ()) + ").",
)
@heuristic_option("blocking", HEURISTICS)
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@json_option()
@click.option(
    "--svg",
    "svg_file",
    type=click.Path(dir_okay=False, writable=True),
    help="Write an SVG of the solution (or the start board) to this file.",
)
@click.option("--quiet", "-q", is_flag=True, help="Only the move list, no boards.")
@html_option
def solve_cmd(
    board: str | None,
    red: str | None,
    card_no: int | None,
    metric: str,
    algorithm: str,
    heuristic: str,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    as_json: bool,
    svg_file: str | None,
    quiet: bool,
    html_path: str | None,
) -> None:
    """Solve BOARD optimally (a 36-character string such as BBoooC..., or a grid file).

    --algorithm fast (default) is the packed breadth-first search; the others run the
    generic engine with --heuristic.

    Moves are written A+2 (vehicle A two cells right or down) and C-1 (one cell left or up).
    """
    start = _load(board, red, card_no)

    def human(result: SearchResult) -> None:
        if not quiet:
            console.print(
                solution_text(start, result) if result.solved else render_text(start),
                markup=False,
            )
        console.print(describe_outcome(result))
        if result.solved:
            console.print(optimality_note(algorithm, FAMILY.optimal or ()), markup=False)
            console.print(_("moves:") + " " + " ".join(result.actions), markup=False)
        if not quiet:
            console.print(stats_table(result.stats))

    solve_and_report(
        FAMILY,
        start,
        algorithm,
        heuristic,
        as_json=as_json,
        svg_path=svg_file,
        html_path=html_path,
        human=human,
        metric=metric,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
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


@rushhour.command("rate")
@board_arg
@red_opt
@card_opt
@json_option()
def rate_cmd(board: str | None, red: str | None, card_no: int | None, as_json: bool) -> None:
    """Rate BOARD: optimal moves and steps, vehicles moved, cluster size, score and level.

    score = 0.7*moves^1.4 + 0.2*sqrt(vehicles moved) + 0.1*symmetry (the course project's);
    level thresholds are calibrated on the 40 challenge cards (see docs/rushhour.md).
    """
    start = _load(board, red, card_no)
    try:
        r = rate(start)
    except InputError as exc:  # no solution, or out of time: an answer, exit 1
        err_console.print(f"searchlab: {exc}", markup=False)
        raise click.exceptions.Exit(1) from None
    if as_json:
        print_json({"board": start.to_database(), **r.as_dict()})
        return
    console.print(render_text(start), markup=False)
    for name, value in r.as_dict().items():
        label = _(RATE_LABELS.get(name, name.replace("_", " ")))
        shown = _(value) if name == "level" and isinstance(value, str) else value
        console.print(f"{label}: {shown}", markup=False)


@rushhour.command("hint")
@board_arg
@red_opt
@card_opt
def hint_cmd(board: str | None, red: str | None, card_no: int | None) -> None:
    """Print the next move of an optimal solution from BOARD."""
    start = _load(board, red, card_no)
    if start.is_solved():
        console.print(_("already solved"))
        return
    try:
        move = FAMILY.suggest(start, start, time_limit=10.0)
    except NoHint as exc:  # an answer, not a user error: exit 1
        err_console.print(f"searchlab: {exc}", markup=False)
        raise click.exceptions.Exit(1) from None
    console.print(move.label if move else _("already solved"), markup=False)


@rushhour.command("generate")
@click.option(
    "--min-moves",
    type=click.IntRange(min=1),
    required=True,
    help="Each puzzle needs at least this many moves.",
)
@click.option("--count", type=click.IntRange(min=1), default=1, show_default=True)
@click.option("--seed", type=int, help="Random seed (same seed, same puzzles).")
@click.option(
    "--walls",
    type=click.IntRange(min=0, max=12),
    default=0,
    show_default=True,
    help="Number of wall cells.",
)
@click.option("--size", default="6x6", show_default=True, metavar="WxH", help="Board size WxH.")
@time_limit_option(600.0, "Seconds; the puzzles found by then are printed.")
@click.option(
    "--independent",
    is_flag=True,
    help="Restart from a random board after each puzzle (unrelated puzzles, slower); "
    "by default the search goes on from the last puzzle found.",
)
@click.option(
    "--from-db",
    "from_db",
    is_flag=True,
    help="Draw the puzzles from the puzzle database (rushhour enumerate) instead: instant.",
)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="The puzzle database for --from-db [default: rushhour.sqlite in the user data directory].",
)
@click.option(
    "--max-moves",
    type=click.IntRange(min=1),
    help="With --from-db: at most this many moves.",
)
@json_option("Print a JSON list.")
def generate_cmd(
    min_moves: int,
    count: int,
    seed: int | None,
    walls: int,
    size: str,
    time_limit: float,
    independent: bool,
    from_db: bool,
    db_path: str | None,
    max_moves: int | None,
    as_json: bool,
) -> None:
    """Generate distinct minimal puzzles needing at least --min-moves moves.

    With --from-db, draw them at random from the puzzle database instead (every
    minimal puzzle of the board, built by 'rushhour enumerate'), uniformly among those
    of --min-moves to --max-moves moves.
    """
    width, height = parse_wxh(size, "--size", 4, 8)
    if max_moves is not None and not (from_db or db_path):
        fail(_("--max-moves needs --from-db"))
    if from_db or db_path:
        _draw_from_db(min_moves, max_moves, count, seed, walls, width, height, db_path, as_json)
        return
    check_walls(width, height, walls)
    reason = unreachable(min_moves, width, height, walls)  # a proof: before the note below
    if reason:
        if as_json:
            print_json([])
        err_console.print(_("impossible: {reason}").format(reason=reason), markup=False)
        raise click.exceptions.Exit(1)
    if min_moves > 60:
        err_console.print(_("note: the hardest known 6x6 puzzles need 51 moves (60 with walls)"))
    with cancel_on_interrupt() as cancel, status_line(_("generating"), not as_json) as say:
        from searchlab.puzzles.rushhour import kernel  # Numba: only the commands that use it

        kernel.prepare(kernel.warm_up, lambda: say(compiling_text()))

        def progress(found: int, best: int, evaluated: int) -> None:
            say(
                _(
                    "generating: {found}/{count} found, best cluster depth {best}, "
                    "{evaluated} boards evaluated"
                ).format(found=found, count=count, best=best, evaluated=f"{evaluated:,}")
            )

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
            progress=progress,
        )
    if as_json:
        print_json([g.as_dict() for g in found])
    else:
        for k, g in enumerate(found, 1):
            console.print(
                f"{k}. {g.board.to_database()}  "
                + _("{moves} moves  (cluster {cluster}, {seconds} s)").format(
                    moves=g.moves, cluster=f"{g.cluster_size:,}", seconds=f"{g.seconds:.1f}"
                ),
                markup=False,
            )
            console.print(render_text(g.board), markup=False)
    if len(found) < count:
        # the exit-status convention: 130 when Ctrl-C stopped it, 1 when the time limit did;
        # the puzzles found so far are printed either way
        interrupted = cancel.is_set()
        message = (
            _("found {found} of {count} puzzles before Ctrl-C interrupted")
            if interrupted
            else _("found {found} of {count} puzzles within the time limit")
        )
        err_console.print(message.format(found=len(found), count=count), markup=False)
        raise click.exceptions.Exit(130 if interrupted else 1)


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
) -> None:
    """``generate --from-db``: ``count`` distinct puzzles drawn from the database."""
    import random

    from searchlab.puzzles.rushhour.database import draw

    if width != height:
        fail(
            _("--from-db: the database holds square boards, not {width}x{height}").format(
                width=width, height=height
            )
        )
    if max_moves is not None and max_moves < min_moves:
        fail(
            _("--max-moves {max_moves} is below --min-moves {min_moves}").format(
                max_moves=max_moves, min_moves=min_moves
            )
        )
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
        print_json([{"board": b, "moves": m, "cluster_size": s} for b, m, s in puzzles])
    else:
        for k, (b, m, s) in enumerate(puzzles, 1):
            console.print(
                _("{k}. {board}  {moves} moves  (cluster {size:,}, from the database)").format(
                    k=k, board=b, moves=m, size=s
                ),
                markup=False,
            )
            console.print(render_text(parse_board(b)), markup=False)
    if len(puzzles) < count:
        err_console.print(
            _("found {found} of {count} distinct puzzles in the database").format(
                found=len(puzzles), count=count
            ),
            markup=False,
        )
        raise click.exceptions.Exit(1)


@rushhour.command("export")
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="The puzzle database [default: rushhour.sqlite in the user data directory].",
)
@click.option("--size", type=int, default=6, show_default=True, metavar="N", help="Board side.")
@click.option(
    "--walls",
    type=click.IntRange(min=0),
    metavar="W",
    help="Only puzzles with up to W walls [default: all].",
)
@click.option(
    "--min-moves", type=click.IntRange(min=0), default=0, help="At least this many moves."
)
@click.option("--max-moves", type=click.IntRange(min=0), help="At most this many moves.")
@click.option(
    "--output",
    "-o",
    type=click.Path(dir_okay=False, writable=True),
    help="Write to this file instead of standard output.",
)
def export_cmd(
    db_path: str | None,
    size: int,
    walls: int | None,
    min_moves: int,
    max_moves: int | None,
    output: str | None,
) -> None:
    """Print the puzzle database as M. Fogleman publishes his (rush.txt).

    One line per puzzle, hardest first: optimal moves, the board in the one-line
    notation (36 characters for 6x6: o empty, x wall, A the red car), cluster size.
    """
    import sys

    from searchlab.puzzles.rushhour.database import PuzzleDatabase, default_path, export_line

    path = Path(db_path) if db_path else default_path()
    written = 0
    with PuzzleDatabase(path) as db:
        rows = db.export(size, walls, min_moves, max_moves)
        try:
            out = open(output, "w", encoding="utf-8") if output else sys.stdout  # noqa: SIM115
        except OSError as exc:
            fail(_("{path}: cannot write ({reason})").format(path=output, reason=exc.strerror))
        try:
            for row in rows:
                out.write(export_line(row) + "\n")
                written += 1
            out.flush()
        except BrokenPipeError:  # '| head': the reader has what it wanted
            import os

            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return
        finally:
            if output:
                out.close()
    if not written:
        fail(
            _(
                "no {size}x{size} puzzle in {path} matches: build them with "
                "'searchlab rushhour enumerate --size {size}'"
            ).format(size=size, path=path)
        )


def _walls_text(walls: int) -> str:
    if walls == 0:
        return _("no walls")
    return ngettext("up to {n} wall", "up to {n} walls", walls).format(n=walls)


@rushhour.command("enumerate")
@click.option(
    "--size",
    type=int,
    required=True,
    metavar="N",
    help="Board side: 4, 5 or 6 (the exit row is row (N-1)//2, row 2 of 6).",
)
@click.option(
    "--walls",
    type=int,
    default=0,
    show_default=True,
    metavar="W",
    help="Up to W wall cells (0 to 2).",
)
@click.option(
    "--db",
    "db_path",
    type=click.Path(dir_okay=False),
    help="SQLite database to write (resumes from it) [default: rushhour.sqlite in the user "
    "data directory].",
)
@click.option(
    "--workers",
    "-w",
    type=click.IntRange(min=0),
    default=_default_workers,
    show_default="number of CPUs",
    help="Local Dask worker processes; 0 runs the shards in this process.",
)
@click.option(
    "--scheduler",
    metavar="ADDRESS",
    help="Run on a Dask distributed cluster (e.g. tcp://host:8786) instead.",
)
@click.option(
    "--time-limit",
    type=FiniteFloat(min=0),
    default=None,
    help="Seconds; the shards finished by then are kept (run again to resume). [default: none]",
)
@json_option()
def enumerate_cmd(
    size: int,
    walls: int,
    db_path: str | None,
    workers: int,
    scheduler: str | None,
    time_limit: float | None,
    as_json: bool,
) -> None:
    """Enumerate every puzzle of an NxN board into the puzzle database.

    Every position is grouped into clusters (positions reachable from one another);
    each solvable, minimal cluster becomes one row: its optimal moves, its hardest
    position and its size, as in M. Fogleman's database (docs/rushhour.md). The work
    runs in shards on a Dask LocalCluster (or --scheduler); each finished shard is
    committed, so an interrupted run (Ctrl-C, --time-limit) resumes where it stopped.
    """
    import time

    from searchlab.experiments.rushhour_db import Progress, build
    from searchlab.puzzles.rushhour.database import default_path
    from searchlab.puzzles.rushhour.enumeration import check

    check(size, walls)
    path = Path(db_path) if db_path else default_path()
    plain = not err_console.is_terminal and not as_json
    last_line = [time.perf_counter()]

    def progress(p: Progress) -> None:
        eta = "" if p.eta is None else _(", {minutes:.1f} min left").format(minutes=p.eta / 60)
        info = _("{done}/{total} shards, {clusters:,} clusters, {rows:,} puzzles{eta}").format(
            done=p.done, total=p.total, clusters=p.clusters, rows=p.rows, eta=eta
        )
        bar.update(p.done, p.total, info)
        if plain and time.perf_counter() - last_line[0] >= 60:  # a log line a minute
            last_line[0] = time.perf_counter()
            err_console.print(f"{size}x{size}: {info}", markup=False)

    title = _("enumerating {size}x{size} ({walls})").format(size=size, walls=_walls_text(walls))

    def compiling() -> None:
        bar.update(0, 1, compiling_text())
        if plain:
            err_console.print(compiling_text(), markup=False)

    with (
        cancel_on_interrupt() as cancel,
        FractionBar(title, show=False if as_json else None) as bar,
    ):
        report = build(
            size,
            walls,
            path,
            workers=workers,
            scheduler=scheduler,
            time_limit=time_limit,
            cancel=cancel,
            progress=progress,
            compiling=compiling,
        )
    t = report.totals
    if as_json:
        print_json(
            {
                "size": size,
                "walls": walls,
                "db": str(path),
                "shards": report.total,
                "done": report.done,
                "complete": report.complete,
                "stopped": report.stopped,
                "puzzles": t.rows,
                "positions": t.positions,
                "clusters": t.clusters,
                "solvable": t.solvable,
                "states": t.states,
                "seconds": round(report.seconds, 3),
                "shard_seconds": round(t.seconds, 3),
                "shard_cpu": round(t.cpu, 3),
                "histogram": {str(m): n for m, n in report.histogram.items()},
            }
        )
    else:
        console.print(
            _("{size}x{size}, {walls}: {done} of {total} shards in {db}").format(
                size=size, walls=_walls_text(walls), done=report.done, total=report.total, db=path
            ),
            markup=False,
            soft_wrap=True,
        )
        console.print(
            _(
                "{rows:,} puzzles from {clusters:,} clusters ({solvable:,} solvable) over "
                "{positions:,} packed positions; {seconds:,.1f} s of shard time"
            ).format(
                rows=t.rows,
                clusters=t.clusters,
                solvable=t.solvable,
                positions=t.positions,
                seconds=t.seconds,
            ),
            markup=False,
            soft_wrap=True,
        )
        if report.histogram:
            console.print(
                _("puzzles by optimal moves:")
                + " "
                + ", ".join(f"{m}: {n:,}" for m, n in report.histogram.items()),
                markup=False,
                soft_wrap=True,
            )
    if report.stopped is not None:
        interrupted = report.stopped == "cancelled"
        why = _("interrupted by Ctrl-C") if interrupted else _("stopped by the time limit")
        err_console.print(
            _("{why}: {done} of {total} shards done; run the same command again to resume").format(
                why=why, done=report.done, total=report.total
            ),
            markup=False,
        )
        raise click.exceptions.Exit(130 if interrupted else 1)
