"""The peg solitaire section of ``searchlab demo`` (well under 2 s)."""

from __future__ import annotations

from rich.console import Console

from searchlab.puzzles.peg.board import get_board
from searchlab.puzzles.peg.render import render_text
from searchlab.puzzles.peg.solver import solve_fast


def demo(out: Console) -> None:
    """The English central game solved, and the French one proved impossible."""
    english = get_board("english")
    r = solve_fast(english, english.start(), 1 << english.hole("d4"))
    out.print(render_text(english, english.start()), markup=False)
    out.print(
        f"English central game: {r.length} jumps, {r.move_count} moves, "
        f"{r.stats.seconds:.2f} s: " + " ".join(r.moves),
        markup=False,
    )
    french = get_board("french")
    f = solve_fast(french, french.start(), 1 << french.hole("d4"))
    out.print(
        f"French central game: {f.status} ({f.stats.seconds * 1000:.1f} ms): {f.reason}",
        markup=False,
    )
