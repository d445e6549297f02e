"""Self-contained offline replay pages: ``write_replay_html(path, family, instance, ...)``.

The page carries the solution (one view per state) as JSON and the player's
JavaScript modules inlined through an import map of ``data:`` URLs, so it
needs no server and no network: open it in any current browser. With
``compact=True`` the page is laid out to sit in an iframe (a notebook output,
see :mod:`searchlab.notebook`): no page header, the board at a fixed size
(:func:`board_size`), the statistics beside it, and the page's height posted to
the parent window so the frame can fit it.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from searchlab import families
from searchlab.families.contract import PuzzleFamily
from searchlab.i18n import _
from searchlab.view import View, size, styles_module, view_svg, within

JS_MODULES = ("render.js", "i18n.js", "notation.js", "player.js")
MAX_CELLS = 10_000
"""Largest board (rows x columns of its view) a replay page draws (e.g. a 100x100 tour)."""
STATIC = Path(__file__).parent / "static"

BOARD_BOX = (440, 380)
"""The largest board a compact page draws (width, height in CSS pixels)."""
BOARD_MIN = 260
"""Small boards are enlarged to this many pixels on their long side in a compact page."""

COMPACT_CSS = """
body { background: transparent; }
main { display: block; padding: 2px; }
.panel { display: flex; flex-wrap: wrap; gap: .2rem 1.5rem; align-items: flex-start;
         border: 0; padding: 0; background: transparent; }
.heading { flex-basis: 100%%; font-weight: bold; }
#player { width: %(player)dpx; max-width: 100%%; }
.stage { max-height: none; }
svg.board { width: %(width)dpx; min-width: 0; }
"""

POST_HEIGHT = """
if (window.parent !== window) {
  const post = () => window.parent.postMessage(
    { searchlabReplayHeight: document.documentElement.scrollHeight }, "*");
  new ResizeObserver(post).observe(document.body);
}
"""
"""Tells the parent window the page's height whenever it changes (a compact page)."""


def board_size(view: View) -> tuple[int, int]:
    """Width and height in CSS pixels of the board in a compact page: scaled down to fit
    :data:`BOARD_BOX`, small boards scaled up to :data:`BOARD_MIN` on the long side."""
    w, h = size(view)
    scale = min(BOARD_BOX[0] / w, BOARD_BOX[1] / h)
    if scale > 1:
        scale = min(scale, max(1.0, BOARD_MIN / max(w, h)))
    return round(w * scale), round(h * scale)


def check_page_size(family: PuzzleFamily, instance: Any) -> View:
    """The board's base view, or an InputError when it is too large for a replay page
    (cheap: front ends call it before solving, so a huge board fails at once)."""
    return within(
        family.base_view(instance),
        MAX_CELLS,
        _("the board is too large for a replay page ({rows}x{cols}; at most {max_cells:,} cells)"),
    )


def replay_html(
    family: PuzzleFamily,
    instance: Any,
    moves: Sequence[str],
    states: Sequence[Any],
    *,
    title: str | None = None,
    stats: dict[str, Any] | None = None,
    compact: bool = False,
) -> str:
    """The replay page as a string (see :func:`write_replay_html`); ``compact``: the
    layout for an iframe (see the module docstring)."""
    if len(states) != len(moves) + 1:
        raise ValueError("states must have one more element than moves (the start first)")
    base = check_page_size(family, instance)
    frames = family.frame_views(instance, states)
    shared = family.solution_shared(instance, states)
    data = {"base": base, "shared": shared, "frames": frames, "moves": [str(m) for m in moves]}
    imports = {
        f"searchlab/{name}": "data:text/javascript;base64,"
        + base64.b64encode((STATIC / "js" / name).read_bytes()).decode()
        for name in JS_MODULES
    }
    imports["searchlab/styles.js"] = (
        "data:text/javascript;base64," + base64.b64encode(styles_module().encode()).decode()
    )
    heading = title or f"{family.title}: {len(moves)} moves"
    rows = "".join(
        f"<tr><td>{escape(k.replace('_', ' '))}</td><td>{escape(_fmt(v))}</td></tr>"
        for k, v in (stats or {}).items()
        if v is not None
    )
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    # The start board as a static picture, shown until (or without) JavaScript.
    fallback = view_svg({**base, **shared, **frames[0]})
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    if compact:
        width, _ = board_size(base)
        css += COMPACT_CSS % {"width": width, "player": max(width, 360)}
        top, lead, post = "", f'<div class="heading">{escape(heading)}</div>', POST_HEIGHT
    else:
        top = f"<header><h1>searchlab replay</h1><span>{escape(heading)}</span></header>"
        lead = post = ""
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(heading)}</title>
<style>{css}</style>
<script type="importmap">{json.dumps({"imports": imports})}</script>
</head><body>
{top}
<main><section class="panel">{lead}<div id="player">{fallback}</div>
<table class="stats">{rows}</table></section></main>
<script type="application/json" id="solution">{payload}</script>
<script type="module">
import {{ createPlayer }} from "searchlab/player.js";
const solution = JSON.parse(document.getElementById("solution").textContent);
createPlayer(document.getElementById("player"), solution);
{post}</script>
</body></html>
"""


def write_replay_html(
    path: str | Path,
    family: PuzzleFamily | str,
    instance: Any,
    moves: Sequence[str],
    states: Sequence[Any],
    *,
    title: str | None = None,
    stats: dict[str, Any] | None = None,
) -> Path:
    """Write an offline page replaying a solution with the player's controls.

    Parameters
    ----------
    path : the HTML file to write.
    family : the family, or its registered name (:func:`searchlab.families.get`).
    instance : the family's board object, as its public ``parse`` returns it.
    moves : the moves as the family prints them (one fewer than ``states``).
    states : the family's states from the start to the end of the solution.
    title, stats : a heading, and statistics shown in a table (e.g. ``stats.as_dict()``).

    Returns the path written. Any ``searchlab <family> solve --html FILE`` calls this.
    """
    fam = families.get(family) if isinstance(family, str) else family
    out = Path(path)
    out.write_text(
        replay_html(fam, instance, moves, states, title=title, stats=stats), encoding="utf-8"
    )
    return out


def _fmt(v: Any) -> str:
    if isinstance(v, bool):
        return "yes" if v else "no"
    if isinstance(v, float):
        return f"{v:.3f}"
    if isinstance(v, int):
        return f"{v:,}"
    return str(v)
