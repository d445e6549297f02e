"""The peg solitaire section of ``searchlab demo`` (well under 2 s)."""

from __future__ import annotations

from collections.abc import Iterator

from searchlab.families.contract import DemoBlock
from searchlab.i18n import _
from searchlab.search.result import STATUS_LABELS

from .board import get_board
from .render import render_text
from .solver import solve_fast


def demo() -> Iterator[DemoBlock]:
    """The English central game solved, and the French one proved impossible."""
    english = get_board("english")
    r = solve_fast(english, english.start(), 1 << english.hole("d4"))
    yield render_text(english, english.start())
    yield (
        _("English central game: {jumps} jumps, {moves} moves, {seconds} s:").format(
            jumps=r.length, moves=r.extra["move_count"], seconds=f"{r.stats.seconds:.2f}"
        )
        + " "
        + " ".join(english.jump_name(j) for j in r.actions)
    )
    french = get_board("french")
    f = solve_fast(french, french.start(), 1 << french.hole("d4"))
    yield _("French central game: {status} ({ms} ms): {reason}").format(
        status=_(STATUS_LABELS[f.status]), ms=f"{f.stats.seconds * 1000:.1f}", reason=f.reason
    )
