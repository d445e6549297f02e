"""The Rush Hour section of ``searchlab demo`` (about a second; a few more the first time,
while the generator's kernel is compiled)."""

from __future__ import annotations

import time
from collections.abc import Iterator

from searchlab.families.contract import DemoBlock, Table
from searchlab.i18n import _

from .cards import cards
from .generate import generate
from .render import render_text
from .solver import fast_bfs, solve_board


def demo() -> Iterator[DemoBlock]:
    """The hardest challenge card solved by the packed BFS; the course project's heuristic vs the
    stronger; a generated puzzle."""
    card = cards()[39]
    board = card.parse()
    yield _("Challenge card {number} ({level}), red car X:").format(
        number=card.number, level=_(card.level)
    )
    yield render_text(board)
    t = time.perf_counter()
    best = fast_bfs(board)
    ms = (time.perf_counter() - t) * 1000
    yield _("packed BFS: {moves} moves in {ms} ms ({expanded} positions expanded)").format(
        moves=best.length, ms=f"{ms:.0f}", expanded=f"{best.stats.expanded:,}"
    )
    yield _("moves:") + " " + " ".join(str(m) for m in best.actions)
    small = cards()[11]
    rows = []
    for h in ("zero", "blocking", "strong"):
        r = solve_board(small.parse(), algorithm="astar", heuristic=h)
        rows.append((h, str(r.length), f"{r.stats.expanded:,}", f"{r.stats.seconds * 1000:.0f}"))
    yield Table(
        _("Card {number}: A* heuristics (engine)").format(number=small.number),
        (_("heuristic"), _("moves"), _("expanded"), "ms"),
        rows,
    )
    found = generate(25, 1, seed=1, time_limit=20)
    if found:
        g = found[0]
        yield _(
            "Generated (seed 1, at least 25 moves): {moves} moves, every vehicle needed, "
            "found in {seconds} s among {boards} boards"
        ).format(moves=g.moves, seconds=f"{g.seconds:.1f}", boards=f"{g.attempts:,}")
        yield render_text(g.board)
