"""Self-contained offline replay pages: ``write_replay_html(path, family, instance, ...)``.

The page carries the solution (one view per state) as JSON and the player's
JavaScript modules inlined through an import map of ``data:`` URLs, so it
needs no server and no network: open it in any current browser.
"""

from __future__ import annotations

import base64
import json
from collections.abc import Sequence
from html import escape
from pathlib import Path
from typing import Any

from searchlab import families
from searchlab.errors import InputError
from searchlab.web.svg import view_svg

JS_MODULES = ("render.js", "player.js")
MAX_CELLS = 10_000
"""Largest board (rows x columns of its view) a replay page draws (e.g. a 100x100 tour)."""
STATIC = Path(__file__).parent / "static"


def replay_html(
    family: str,
    instance: Any,
    moves: Sequence[str],
    states: Sequence[Any],
    *,
    title: str | None = None,
    stats: dict[str, Any] | None = None,
) -> str:
    """The replay page as a string (see :func:`write_replay_html`)."""
    fam = families.get(family)
    if len(states) != len(moves) + 1:
        raise ValueError("states must have one more element than moves (the start first)")
    base = fam.base_view(instance)
    if base["rows"] * base["cols"] > MAX_CELLS:
        raise InputError(
            f"the board is too large for a replay page ({base['rows']}x{base['cols']}; "
            f"at most {MAX_CELLS:,} cells)"
        )
    frames = fam.frame_views(instance, states)
    shared = fam.solution_shared(instance, states)
    data = {"base": base, "shared": shared, "frames": frames, "moves": [str(m) for m in moves]}
    imports = {
        f"searchlab/{name}": "data:text/javascript;base64,"
        + base64.b64encode((STATIC / "js" / name).read_bytes()).decode()
        for name in JS_MODULES
    }
    heading = title or f"{fam.title}: {len(moves)} moves"
    rows = "".join(
        f"<tr><td>{escape(k.replace('_', ' '))}</td><td>{escape(_fmt(v))}</td></tr>"
        for k, v in (stats or {}).items()
        if v is not None
    )
    css = (STATIC / "style.css").read_text(encoding="utf-8")
    # The start board as a static picture, shown until (or without) JavaScript.
    fallback = view_svg({**base, **shared, **frames[0]})
    payload = json.dumps(data, separators=(",", ":")).replace("</", "<\\/")
    return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{escape(heading)}</title>
<style>{css}</style>
<script type="importmap">{json.dumps({"imports": imports})}</script>
</head><body>
<header><h1>searchlab replay</h1><span>{escape(heading)}</span></header>
<main><section class="panel"><div id="player">{fallback}</div>
<table class="stats">{rows}</table></section></main>
<script type="application/json" id="solution">{payload}</script>
<script type="module">
import {{ createPlayer }} from "searchlab/player.js";
const solution = JSON.parse(document.getElementById("solution").textContent);
createPlayer(document.getElementById("player"), solution);
</script>
</body></html>
"""


def write_replay_html(
    path: str | Path,
    family: str,
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
    family : a registered family name (:func:`searchlab.families.get`).
    instance : the family's board object, as its public ``parse`` returns it.
    moves : the moves as the family prints them (one fewer than ``states``).
    states : the family's states from the start to the end of the solution.
    title, stats : a heading, and statistics shown in a table (e.g. ``stats.as_dict()``).

    Returns the path written. Any ``searchlab <family> solve --html FILE`` calls this.
    """
    out = Path(path)
    out.write_text(
        replay_html(family, instance, moves, states, title=title, stats=stats), encoding="utf-8"
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
