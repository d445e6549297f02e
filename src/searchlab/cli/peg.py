"""``searchlab peg``: peg solitaire on the classic boards (solve, compare, boards)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from searchlab.cli.common import (
    FiniteFloat,
    FractionBar,
    cancel_on_interrupt,
    console,
    fail,
    heuristic_option,
    json_option,
    max_expansions_option,
    max_nodes_option,
    print_json,
    print_table,
    read_input,
    run_with_progress,
    stats_table,
    time_limit_option,
)
from searchlab.cli.localized import Group
from searchlab.cli.replay import html_option
from searchlab.cli.solving import solve_and_report, write_svg
from searchlab.families.contract import Table as PlainTable
from searchlab.i18n import N_, _, ngettext
from searchlab.puzzles.peg import (
    BOARD_DESCRIPTIONS,
    HEURISTICS,
    Board,
    compare,
    get_board,
    impossibility_reason,
    parse_board,
    parse_position,
    render_svg,
    render_text,
)
from searchlab.puzzles.peg.counting import LevelCount, count_levels
from searchlab.puzzles.peg.family import FAMILY, Instance
from searchlab.puzzles.peg.levels import CountOverflow
from searchlab.puzzles.peg.problem import CENTRE_WEIGHT
from searchlab.puzzles.peg.published import Published, published
from searchlab.search import SearchResult, SearchStats, limit_phrase

if TYPE_CHECKING:
    from searchlab.puzzles.peg.paths import PathCounts

Progress = Callable[[SearchStats], None]


@click.group(cls=Group, no_args_is_help=True)
def peg() -> None:
    """Peg solitaire: English, French, Wiegleb, Diamond, triangles, custom boards."""


def board_options(f: click.decorators.FC) -> click.decorators.FC:
    """The options shared by solve and compare: board, start and finish."""
    for option in reversed(
        [
            click.option(
                "--board",
                "-b",
                "board_name",
                default="english",
                show_default=True,
                help="A board name (see 'searchlab peg boards') or a board FILE; a "
                "file's pegs give the start.",
            ),
            click.option("--diagonal", is_flag=True, help="Allow diagonal jumps too."),
            click.option(
                "--vacancy",
                "-v",
                multiple=True,
                metavar="HOLE",
                help="Empty this hole at the start (repeatable; default the centre).",
            ),
            click.option(
                "--start",
                "start_file",
                metavar="FILE",
                help="An explicit start position drawn in FILE.",
            ),
            click.option(
                "--finish",
                "-f",
                metavar="HOLE",
                help="End with one peg on this hole (default: one peg anywhere).",
            ),
            click.option(
                "--target",
                "target_file",
                metavar="FILE",
                help="End at the explicit position drawn in FILE.",
            ),
        ]
    ):
        f = option(f)
    return f


def load_problem(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
) -> tuple[Board, int, int | None]:
    """The board, start and target described by the shared options (InputError if bad)."""
    start: int | None = None
    if board_name.strip().lower() in BOARD_DESCRIPTIONS or re.fullmatch(
        r"triangle\d+", board_name.strip().lower()
    ):
        board = get_board(board_name, diagonal=diagonal)
    elif Path(board_name).exists() or board_name == "-":
        board, drawn = parse_board(
            read_input(board_name), name=Path(board_name).stem, diagonal=diagonal
        )
        if drawn != board.full:
            start = drawn
    else:
        fail(
            _("unknown board {name!r}: not a built-in name nor a file (built-in: {names})").format(
                name=board_name[:40], names=", ".join(BOARD_DESCRIPTIONS)
            )
        )
    if start_file is not None:
        if vacancy:
            fail(_("give --vacancy or --start, not both"))
        start = parse_position(board, read_input(start_file))
    elif vacancy or start is None:
        start = board.start(vacancy)
    if finish is not None and target_file is not None:
        fail(_("give --finish or --target, not both"))
    target: int | None = None
    if finish is not None:
        target = 1 << board.hole(finish)
    elif target_file is not None:
        target = parse_position(board, read_input(target_file))
    return board, start, target


@peg.command("solve")
@board_options
@click.option(
    "--algorithm",
    "-a",
    type=click.Choice([a for a in FAMILY.algorithms if a != "minmoves"]),
    default="fast",
    show_default=True,
    help="The fast solver, or an engine algorithm (--min-moves for the fewest moves); "
    "dls is the peg course project's depth-limited DFS (--depth-limit).",
)
@heuristic_option("pagoda", HEURISTICS)
@click.option(
    "--centre-weight",
    type=FiniteFloat(min=0),
    default=CENTRE_WEIGHT,
    show_default=True,
    help="λ of -H centre, the peg course project's h2 = pegs - 1 + λ x (distance from the "
    "centre to the nearest peg); not admissible.",
)
@click.option(
    "--depth-limit",
    type=click.IntRange(min=0),
    help="Jumps -a dls explores at most (default: the jumps a solution has, pegs - 1).",
)
@time_limit_option(60.0)
@max_expansions_option()
@max_nodes_option()
@click.option(
    "--max-memo",
    type=click.IntRange(min=0),
    default=4_000_000,
    show_default=True,
    help="Dead positions the fast solver may remember.",
)
@click.option(
    "--min-moves",
    is_flag=True,
    help="Find a solution with the fewest moves (consecutive jumps by one peg = one "
    "move): exact, by a bidirectional breadth-first search over moves (NumPy); the "
    "English central game (18 moves) takes seconds (see docs/peg.md).",
)
@json_option()
@click.option("--svg", "svg_file", metavar="FILE", help="Write the start board as SVG to FILE.")
@click.option("--quiet", "-q", is_flag=True, help="Print the jumps, not every board.")
@html_option
def solve_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    algorithm: str,
    heuristic: str,
    centre_weight: float,
    depth_limit: int | None,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    max_memo: int,
    min_moves: bool,
    as_json: bool,
    svg_file: str | None,
    quiet: bool,
    html_path: str | None,
) -> None:
    """Solve a peg solitaire problem: print the jumps and the board after each one."""
    board, start, target = load_problem(
        board_name, diagonal, vacancy, start_file, finish, target_file
    )
    if svg_file is not None:
        write_svg(svg_file, render_svg(board, start))
    if min_moves and algorithm != "fast":
        fail(_("--min-moves uses its own search: do not combine it with --algorithm"))
    algorithm = "minmoves" if min_moves else algorithm
    if depth_limit is not None and algorithm != "dls":
        fail(_("--depth-limit applies to -a dls (the depth-limited DFS)"))
    instance = Instance(board, start, target)
    extra: dict[str, Any] = {"depth_limit": depth_limit} if algorithm == "dls" else {}
    if heuristic == "centre":
        extra["centre_weight"] = centre_weight

    def human(result: SearchResult) -> None:
        print_result(instance, result, quiet=quiet)
        if min_moves and result.solved:
            console.print(
                _("fewest moves: {n} (proved minimal)").format(n=result.extra["move_count"])
            )
        elif min_moves and result.status != "impossible":
            console.print(
                _("proved: more than {n} moves are needed").format(n=result.stats.max_depth)
            )

    solve_and_report(
        FAMILY,
        instance,
        algorithm,
        heuristic,
        as_json=as_json,
        html_path=html_path,
        human=human,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
        max_memo=max_memo,
        **extra,
    )


def print_result(instance: Instance, result: SearchResult, *, quiet: bool = False) -> None:
    """The human-readable answer: boards, jumps, move count, outcome and statistics."""
    board, start, target = instance.board, instance.start, instance.target
    where = (
        _("one peg anywhere")
        if target is None
        else (
            _("one peg at {hole}").format(hole=board.hole_name(board.pegs(target)[0]))
            if target.bit_count() == 1
            else _("{n} pegs as drawn").format(n=target.bit_count())
        )
    )
    console.print(
        _("{board}: {pegs} pegs, finish: {where}").format(
            board=board.name, pegs=start.bit_count(), where=where
        )
    )
    if not quiet or not result.solved:
        console.print(render_text(board, start), markup=False)
    if result.status == "impossible":
        console.print(_("impossible: {reason}").format(reason=result.reason), markup=False)
        return
    if result.solved:
        if not quiet:
            for k, (jump, pos) in enumerate(zip(result.actions, result.states[1:], strict=True), 1):
                console.print(f"\n{k}. {jump}")
                console.print(render_text(board, pos), markup=False)
        console.print(
            "\n"
            + _(
                "solved: {jumps} jumps, {moves} moves "
                "(consecutive jumps by one peg count as one move)"
            ).format(jumps=result.length, moves=result.extra["move_count"])
        )
        console.print(_("jumps:") + " " + " ".join(result.actions), markup=False)
    elif result.stopped:
        label = (
            _("interrupted (Ctrl-C)")
            if result.status == "cancelled"
            else _("stopped by {limit}").format(limit=_(limit_phrase(result.limit)))
        )
        console.print(_("{label}: statistics so far below").format(label=label))
    else:
        console.print(_("no solution: the whole reachable space was searched"))
    if result.extra.get("memo_full"):
        console.print(_("note: the memo of dead positions was full (search went on without it)"))
    console.print(stats_table(result.stats))


@peg.command("compare")
@board_options
@max_expansions_option(
    "Expansion limit per engine algorithm (the course project's was 50,000).", default=50_000
)
@time_limit_option(15.0, "Seconds per algorithm (the course project's was 15).")
def compare_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    max_expansions: int,
    time_limit: float,
) -> None:
    """The course project's runs: BFS, DFS, A* with its heuristics, better ones, the fast solver."""
    board, start, target = load_problem(
        board_name, diagonal, vacancy, start_file, finish, target_file
    )
    reason = impossibility_reason(board, start, target)
    if reason is not None:
        console.print(_("impossible: {reason}").format(reason=reason), markup=False, soft_wrap=True)
        raise click.exceptions.Exit(1)
    rows = run_with_progress(
        lambda cancel, progress: compare(
            board,
            start,
            target,
            max_expansions=max_expansions,
            time_limit=time_limit,
            cancel=cancel,
        ),
        label=N_("comparing"),
    )
    print_table(
        PlainTable(
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
                    r.algorithm,
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
    )


def stop_text(stop: str) -> str:
    """Why a compared run stopped, in the interface language (``stop`` is the English
    of :class:`~searchlab.puzzles.peg.compare.CompareRow`, kept as it is in data)."""
    if stop.startswith("limit: "):
        return _("limit: {limit}").format(limit=stop.removeprefix("limit: "))
    return _(stop)


@peg.command("boards")
def boards_cmd() -> None:
    """List the built-in boards with their holes, jumps and symmetries."""
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
    print_table(PlainTable(title, columns, rows, right=()))


@peg.command("count")
@click.option(
    "--board",
    "-b",
    "board_name",
    default="english",
    show_default=True,
    help="A board name or a board FILE (at most 64 holes); a file's pegs give the start.",
)
@click.option("--diagonal", is_flag=True, help="Allow diagonal jumps too.")
@click.option(
    "--vacancy", "-v", multiple=True, metavar="HOLE", help="Empty this hole at the start."
)
@click.option("--start", "start_file", metavar="FILE", help="An explicit start position.")
@click.option(
    "--solutions",
    is_flag=True,
    help="Also count the solutions exactly: jump sequences leaving one peg (per finishing hole).",
)
@click.option(
    "--games",
    is_flag=True,
    help="Also count the games exactly: jump sequences ending with no jump left.",
)
@click.option(
    "--finish",
    "-f",
    metavar="HOLE",
    help="With --solutions: count only the solutions ending on this hole.",
)
@time_limit_option(600.0, "Seconds before stopping with the levels counted so far.")
@click.option(
    "--max-memory",
    type=FiniteFloat(min=1),
    default=4096.0,
    show_default=True,
    help="MiB of working memory a level may need (estimated) before stopping.",
)
@click.option(
    "--no-symmetry", is_flag=True, help="Store every position, not one per symmetry class."
)
@json_option()
def count_cmd(
    board_name: str,
    diagonal: bool,
    vacancy: tuple[str, ...],
    start_file: str | None,
    solutions: bool,
    games: bool,
    finish: str | None,
    time_limit: float,
    max_memory: float,
    no_symmetry: bool,
    as_json: bool,
) -> None:
    """Count the positions reachable from the start, level by level (NumPy); with
    --solutions and --games, count every jump sequence too (exact, any size)."""
    from rich.table import Table

    if finish is not None and not solutions:
        fail(_("--finish counts solutions: add --solutions"))
    board, start, target = load_problem(board_name, diagonal, vacancy, start_file, finish, None)
    paths = solutions or games
    with (
        cancel_on_interrupt() as cancel,
        FractionBar(_("count"), show=False if as_json else None) as bar,
    ):

        def progress(c: LevelCount, done: float) -> None:
            info = _("{canonical} up to symmetry, {total} in all").format(
                canonical=f"{c.sum_canonical:,}", total=f"{c.sum_total:,}"
            )
            if c.paths is not None:
                info += ", " + _("{n} games so far").format(n=f"{c.paths.games:,}")
            bar.update(done, 1.0, info, title=_("level {n}").format(n=len(c.total)))

        try:
            counts = count_levels(
                board,
                start,
                symmetric=not no_symmetry,
                time_limit=time_limit,
                max_memory_mb=max_memory,
                cancel=cancel,
                progress=progress,
                paths=paths,
            )
        except CountOverflow:
            fail(_("a count exceeds 2**128 jump sequences: too large to count here"))
    finish_hole = None if target is None else target.bit_length() - 1
    if as_json:
        data: dict[str, Any] = {
            "board": board.name,
            "complete": counts.complete,
            "limit": counts.limit,
            "levels": [
                {"jumps": k, "pegs": p, "positions": t, "up_to_symmetry": c}
                for k, (p, t, c) in enumerate(
                    zip(counts.pegs, counts.total, counts.canonical, strict=True)
                )
            ],
            "total": counts.sum_total,
            "total_up_to_symmetry": counts.sum_canonical,
        }
        if counts.paths is not None:
            data.update(path_json(board, counts.paths, solutions, games, finish_hole))
            if games:
                for level, dead in zip(data["levels"], counts.paths.dead_ends, strict=False):
                    level["games"] = dead
        data["seconds"] = round(counts.seconds, 3)
        print_json(data)
        count_exit(counts)
        return
    table = Table(
        title=ngettext(
            "{board}: positions reachable from {n} peg",
            "{board}: positions reachable from {n} pegs",
            start.bit_count(),
        ).format(board=board.name, n=start.bit_count()),
        title_justify="left",
    )
    columns = [_("jumps"), _("pegs"), _("positions"), _("up to symmetry")]
    if games:
        columns.append(_("games ending here"))
    for col in columns:
        table.add_column(col, justify="right")
    dead_ends = counts.paths.dead_ends if counts.paths is not None else []
    for k, (p, t, c) in enumerate(zip(counts.pegs, counts.total, counts.canonical, strict=True)):
        row = [str(k), str(p), f"{t:,}", f"{c:,}"]
        if games:
            row.append(f"{dead_ends[k]:,}" if k < len(dead_ends) else "")
        table.add_row(*row)
    total_row = [_("all"), "", f"{counts.sum_total:,}", f"{counts.sum_canonical:,}"]
    if games and counts.paths is not None:
        total_row.append(f"{counts.paths.games:,}")
    table.add_row(*total_row, style="bold")
    console.print(table)
    if counts.paths is not None:
        print_paths(board, start, counts, solutions, games, finish_hole)
    if not counts.complete:
        label = (
            _("interrupted (Ctrl-C)")
            if counts.limit == "cancelled"
            else _("stopped by {limit}").format(limit=_(limit_phrase(counts.limit)))
        )
        console.print(
            _("{label}: the levels shown are exact, the later ones missing").format(label=label)
        )
    console.print(f"{counts.seconds:.2f} s")
    count_exit(counts)


def path_json(
    board: Board, paths: PathCounts, solutions: bool, games: bool, finish: int | None
) -> dict[str, Any]:
    """The JSON fields of the path counts asked for (exact integers)."""
    out: dict[str, Any] = {}
    if solutions:
        out["finish"] = None if finish is None else board.hole_name(finish)
        out["solutions"] = paths.solutions(finish)
        out["solutions_by_finish"] = {
            board.hole_name(h): n for h, n in sorted(paths.finishes.items()) if n
        }
    if games:
        out["games"] = paths.games
    return out


def print_paths(
    board: Board,
    start: int,
    counts: LevelCount,
    solutions: bool,
    games: bool,
    finish: int | None,
) -> None:
    """The solution and game counts, and the published figures they should match."""
    assert counts.paths is not None
    paths = counts.paths
    if solutions:
        if finish is None:
            line = _("solutions (one peg left): {n}")
        else:
            line = _("solutions (one peg left, on {hole}): {n}")
        hole = "" if finish is None else board.hole_name(finish)
        console.print(line.format(n=f"{paths.solutions(finish):,}", hole=hole))
        by_hole = [f"{board.hole_name(h)} {n:,}" for h, n in sorted(paths.finishes.items()) if n]
        if finish is None and len(by_hole) > 1:
            console.print(_("by finishing hole: {holes}").format(holes=", ".join(by_hole)))
    if games:
        console.print(_("games (no jump left): {n}").format(n=f"{paths.games:,}"))
    if not counts.complete:
        console.print(_("incomplete: the counts cover the sequences ending in the levels finished"))
        return
    reference = published(board, start)
    if reference is not None:
        for text in compare_published(board, reference, paths, solutions, games):
            console.print(text, markup=False, soft_wrap=True)


def compare_published(
    board: Board, line: Published, paths: PathCounts, solutions: bool, games: bool
) -> list[str]:
    """Lines setting the published figures for this start next to ours."""
    out = [_("published ({source}):").format(source=line.source)]
    ours: list[tuple[str, int, int]] = []
    if solutions and line.solutions is not None:
        ours.append((_("solutions"), line.solutions, paths.solutions()))
    if solutions and line.at_start is not None:
        hole = line.vacancy
        ours.append(
            (
                _("solutions on {hole}").format(hole=hole),
                line.at_start,
                paths.solutions(board.hole(hole)),
            )
        )
    if games and line.total_games is not None:
        mine = line.our_games(paths.games, paths.solutions())
        name = (
            _("total possible games (= our games + our solutions)")
            if line.games_rule == "games+solutions"
            else _("game sequences (= our games)")
        )
        ours.append((name, line.total_games, mine))
    for name, theirs, mine in ours:
        verdict = _("match") if theirs == mine else _("DIFFER")
        out.append(
            _("  {name}: published {theirs}, counted here {mine} ({verdict})").format(
                name=name, theirs=f"{theirs:,}", mine=f"{mine:,}", verdict=verdict
            )
        )
    return out if len(out) > 1 else []


def count_exit(counts: LevelCount) -> None:
    """The exit convention for a count: 0 complete, 130 Ctrl-C, 1 another limit."""
    if not counts.complete:
        raise click.exceptions.Exit(130 if counts.limit == "cancelled" else 1)
