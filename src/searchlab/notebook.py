"""searchlab in Jupyter: solutions that show as animated boards, results as tables.

In a notebook cell::

    from searchlab.notebook import solve, compare
    solve("npuzzle", "1 2 3\\n4 5 6\\n7 0 8")          # the board, with play controls
    res = compare("npuzzle", [4, 8], count=5, algorithms=["bfs", "astar"])
    res                        # an HTML table
    res.to_pandas()            # a DataFrame (pip install 'searchlab[notebook]')

A :class:`Solution` shows itself (``_repr_html_``) as the offline replay player of
``searchlab <family> solve --html`` (:mod:`searchlab.web.replay`) inside an
``<iframe srcdoc>``, so the player's scripts run in any notebook front end that
shows HTML (JupyterLab, Notebook, VS Code) without touching the notebook page;
the frame is sandboxed (scripts only) and fits its height to the player.
``compare`` and ``experiment`` are :func:`searchlab.experiments.compare` and
:func:`searchlab.experiments.experiment`, whose :class:`Results` show as tables.

This module sits above the domain (it imports ``web``); nothing in ``search``,
``families`` or ``puzzles`` imports it.

>>> sol = solve("npuzzle", "1 2 3\\n4 5 6\\n7 0 8")
>>> sol.moves, sol.solved
(['R'], True)
>>> "<iframe" in sol._repr_html_()
True
"""

from __future__ import annotations

import math
import secrets
from dataclasses import dataclass
from html import escape
from pathlib import Path
from typing import Any

from searchlab import families
from searchlab.errors import InputError
from searchlab.experiments.builtin import experiment
from searchlab.experiments.compare import compare
from searchlab.i18n import _
from searchlab.records.results import Results
from searchlab.search.result import SearchResult
from searchlab.view import view_svg
from searchlab.web.replay import board_size, replay_html

FRAME_MAX_WIDTH = 760
"""The widest a solution's frame gets in a notebook output (CSS pixels)."""


@dataclass(frozen=True, eq=False, repr=False)
class Solution:
    """A search result on a family's instance, shown in Jupyter as the replay player.

    ``family`` is the registered family name, ``instance`` the family's board object
    (as its ``parse`` returns it), ``result`` the :class:`SearchResult` of the family's
    ``solve`` (its ``states`` are the family's states).
    """

    family: str
    instance: Any
    result: SearchResult
    title: str | None = None

    @property
    def solved(self) -> bool:
        return self.result.solved

    @property
    def moves(self) -> list[str]:
        """The solution's moves in the family's notation (empty when not solved)."""
        return [str(a) for a in self.result.actions]

    @property
    def stats(self) -> dict[str, Any]:
        """The search statistics (nodes expanded and generated, seconds...)."""
        return self.result.stats.as_dict()

    def html(self, *, compact: bool = False) -> str:
        """The replay page (the ``--html`` page of ``searchlab solve``); a one-line
        InputError when there is no solution to replay or the board is too large."""
        if not self.result.states:
            raise InputError(
                _("no solution to replay ({summary})").format(summary=self.result.summary())
            )
        return replay_html(
            families.get(self.family),
            self.instance,
            self.moves,
            self.result.states,
            title=self.title,
            stats=self.stats,
            compact=compact,
        )

    def save(self, path: str | Path) -> Path:
        """Write the replay page to ``path`` (it works offline); the path written."""
        out = Path(path)
        out.write_text(self.html(), encoding="utf-8")
        return out

    def _repr_html_(self) -> str:
        summary = f'<p style="font-size:smaller">{escape(self.result.summary())}</p>'
        try:
            page = self.html(compact=True)
        except InputError as exc:  # nothing to replay, or too large: the start board, why
            return f"{self._start_svg()}<p>{escape(str(exc))}</p>{summary}"
        return iframe(page, height=self._frame_height()) + summary

    def __repr__(self) -> str:
        moves = " ".join(self.moves)
        return f"<Solution {self.family}: {self.result.summary()}{'; ' if moves else ''}{moves}>"

    def _start_svg(self) -> str:
        fam = families.get(self.family)
        view = fam.base_view(self.instance)
        if view["rows"] * view["cols"] > fam.wire.max_cells:
            return ""
        view = {**view, **fam.state_view(self.instance, fam.initial(self.instance))}
        return view_svg(view, standalone=False)

    def _frame_height(self) -> int:
        """An estimate of the compact page's height (the page then posts its own):
        heading, board, controls, the wrapped move list (at most its 9rem), or the
        statistics table beside the board when that is taller."""
        fam = families.get(self.family)
        width, height = board_size(fam.base_view(self.instance))
        chips = sum(len(m) * 8 + 20 for m in ["start", *self.moves])
        lines = math.ceil(chips / max(width, 360))
        player = 24 + height + 44 + min(144, 26 * lines) + 12
        stats = 24 + 21 * sum(v is not None for v in self.stats.values())
        return max(player, stats) + 16


def iframe(page: str, *, height: int, max_width: int = FRAME_MAX_WIDTH) -> str:
    """A notebook output showing the HTML ``page`` in a sandboxed ``<iframe srcdoc>`` (its
    scripts run, isolated from the notebook), resized to the height the page posts
    (``{searchlabReplayHeight: px}``, as a compact replay page does)."""
    frame_id = "searchlab-" + secrets.token_hex(6)
    return (
        f'<iframe id="{frame_id}" srcdoc="{escape(page, quote=True)}" sandbox="allow-scripts" '
        f'title="searchlab replay" loading="eager" '
        f'style="width:100%;max-width:{max_width}px;height:{height}px;border:0"></iframe>'
        "<script>(() => {"
        f'const f = document.getElementById("{frame_id}");'
        'window.addEventListener("message", (e) => {'
        "if (f && e.source === f.contentWindow && e.data"
        ' && typeof e.data.searchlabReplayHeight === "number") {'
        'f.style.height = Math.ceil(e.data.searchlabReplayHeight) + 4 + "px"; }'
        "}); })();</script>"
    )


def solve(
    family: str,
    board: Any,
    algorithm: str | None = None,
    heuristic: str | None = None,
    *,
    time_limit: float | None = 60.0,
    title: str | None = None,
    **options: Any,
) -> Solution:
    """Solve ``board`` with the family's solver, as ``searchlab solve FAMILY``.

    Parameters
    ----------
    family : a family name (one of ``searchlab.families.names()``).
    board : the instance as text in the family's format (what ``searchlab solve``
        reads), or a board object its ``parse`` returned.
    algorithm, heuristic : the family's names (default: its best method, its first
        heuristic).
    time_limit : seconds (default 60; ``None``: no limit); other limits
        (``max_expansions``, ``max_nodes``) and engine options go in ``options``.
    title : the heading shown above the board.

    Returns a :class:`Solution`: in Jupyter the animated board; ``.moves``,
    ``.stats``, ``.result`` for the rest, ``.save(path)`` for an offline page.
    """
    fam = families.get(family)
    instance = fam.read(board) if isinstance(board, str) else board
    result = fam.run(instance, algorithm, heuristic, time_limit=time_limit, **options)
    return Solution(fam.name, instance, result, title)


__all__ = ["Results", "Solution", "compare", "experiment", "iframe", "solve"]
