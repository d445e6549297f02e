"""``searchlab peg count``: the positions reachable level by level, and with
``--solutions``/``--games`` the jump sequences, set next to the published figures;
yielded as blocks the CLI draws (a table and lines, or one JSON record)."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from searchlab.errors import InputError
from searchlab.families.contract import Block, Exit, Record, Table
from searchlab.families.kit import count_record
from searchlab.i18n import _, ngettext
from searchlab.search.limits import CancelToken

from .board import Board
from .counting import LevelCount, count_levels
from .levels import CountOverflow
from .loading import load_problem
from .paths import PathCounts
from .published import Published, published
from .reports import stopped_text


def count_task(
    *,
    board: str,
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
    cancel: CancelToken | None = None,
    progress: Callable[..., None] | None = None,
) -> Iterator[Block]:
    """Count the positions reachable from the start, level by level (and with
    ``solutions``/``games`` the jump sequences); ``progress(done, total, info, title)``
    hears of each level. Exit status 0 when complete, 130 on Ctrl-C, 1 at a limit."""
    if finish is not None and not solutions:
        raise InputError(_("--finish counts solutions: add --solutions"))
    peg_board, start, target = load_problem(board, diagonal, vacancy, start_file, finish, None)

    def level_done(c: LevelCount, done: float) -> None:
        if progress is None:
            return
        info = _("{canonical} up to symmetry, {total} in all").format(
            canonical=f"{c.sum_canonical:,}", total=f"{c.sum_total:,}"
        )
        if c.paths is not None:
            info += ", " + _("{n} games so far").format(n=f"{c.paths.games:,}")
        progress(done, 1.0, info, _("level {n}").format(n=len(c.total)))

    try:
        counts = count_levels(
            peg_board,
            start,
            symmetric=not no_symmetry,
            time_limit=time_limit,
            max_memory_mb=max_memory,
            cancel=cancel,
            progress=level_done,
            paths=solutions or games,
        )
    except CountOverflow:
        raise InputError(
            _("a count exceeds 2**128 jump sequences: too large to count here")
        ) from None
    finish_hole = None if target is None else target.bit_length() - 1
    if as_json:
        yield count_json(peg_board, counts, solutions, games, finish_hole)
    else:
        yield from count_text(peg_board, start, counts, solutions, games, finish_hole)
    if not counts.complete:
        yield Exit(130 if counts.limit == "cancelled" else 1)


def count_json(
    board: Board, counts: LevelCount, solutions: bool, games: bool, finish: int | None
) -> Record:
    """The counts as one JSON object (exact integers; the counting commands' shared keys
    first, :func:`~searchlab.families.kit.count_record`)."""
    data: dict[str, Any] = {
        "levels": [
            {"jumps": k, "pegs": p, "positions": t, "up_to_symmetry": c}
            for k, (p, t, c) in enumerate(
                zip(counts.pegs, counts.total, counts.canonical, strict=True)
            )
        ],
        "total_up_to_symmetry": counts.sum_canonical,
    }
    if counts.paths is not None:
        data.update(path_json(board, counts.paths, solutions, games, finish))
        if games:
            for level, dead in zip(data["levels"], counts.paths.dead_ends, strict=False):
                level["games"] = dead
    return count_record(
        board=board.name,
        complete=counts.complete,
        limit=counts.limit,
        total=counts.sum_total,
        seconds=counts.seconds,
        **data,
    )


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


def count_text(
    board: Board,
    start: int,
    counts: LevelCount,
    solutions: bool,
    games: bool,
    finish: int | None,
) -> Iterator[Block]:
    """The counts for people: the table of levels, the path counts, how it ended."""
    title = ngettext(
        "{board}: positions reachable from {n} peg",
        "{board}: positions reachable from {n} pegs",
        start.bit_count(),
    ).format(board=board.name, n=start.bit_count())
    columns = [_("jumps"), _("pegs"), _("positions"), _("up to symmetry")]
    if games:
        columns.append(_("games ending here"))
    dead_ends = counts.paths.dead_ends if counts.paths is not None else []
    rows = []
    for k, (p, t, c) in enumerate(zip(counts.pegs, counts.total, counts.canonical, strict=True)):
        row = [str(k), str(p), f"{t:,}", f"{c:,}"]
        if games:
            row.append(f"{dead_ends[k]:,}" if k < len(dead_ends) else "")
        rows.append(row)
    total_row = [_("all"), "", f"{counts.sum_total:,}", f"{counts.sum_canonical:,}"]
    if games and counts.paths is not None:
        total_row.append(f"{counts.paths.games:,}")
    rows.append(total_row)
    yield Table(title, tuple(columns), rows, right=tuple(range(len(columns))))
    if counts.paths is not None:
        yield from path_lines(board, start, counts, solutions, games, finish)
    if not counts.complete:
        label = stopped_text(counts.limit == "cancelled", counts.limit)
        yield _("{label}: the levels shown are exact, the later ones missing").format(label=label)
    yield f"{counts.seconds:.2f} s"


def path_lines(
    board: Board,
    start: int,
    counts: LevelCount,
    solutions: bool,
    games: bool,
    finish: int | None,
) -> Iterator[str]:
    """The solution and game counts, and the published figures they should match."""
    paths = counts.paths
    assert paths is not None
    if solutions:
        if finish is None:
            line = _("solutions (one peg left): {n}")
        else:
            line = _("solutions (one peg left, on {hole}): {n}")
        hole = "" if finish is None else board.hole_name(finish)
        yield line.format(n=f"{paths.solutions(finish):,}", hole=hole)
        by_hole = [f"{board.hole_name(h)} {n:,}" for h, n in sorted(paths.finishes.items()) if n]
        if finish is None and len(by_hole) > 1:
            yield _("by finishing hole: {holes}").format(holes=", ".join(by_hole))
    if games:
        yield _("games (no jump left): {n}").format(n=f"{paths.games:,}")
    if not counts.complete:
        yield _("incomplete: the counts cover the sequences ending in the levels finished")
        return
    reference = published(board, start)
    if reference is not None:
        yield from compare_published(board, reference, paths, solutions, games)


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
