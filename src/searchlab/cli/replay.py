"""``--html FILE`` for any ``searchlab <family> solve``: an offline replay page.

Two lines in a family's solve command::

    @html_option
    def solve_cmd(..., html_path: str | None, ...):
        ...
        if html_path:
            save_replay(html_path, family, board, moves, states, stats=stats)

With no solution (``states`` empty) nothing is written and a note says so.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, TypeVar

import click

from searchlab.cli.common import err_console, write_output
from searchlab.families.contract import PuzzleFamily

F = TypeVar("F", bound=Callable[..., Any])


def html_option(f: F) -> F:
    """The ``--html FILE`` option (parameter ``html_path``)."""
    return click.option(
        "--html",
        "html_path",
        type=click.Path(dir_okay=False),
        help="Write a self-contained page replaying the solution (works offline).",
    )(f)


def check_replay(family: PuzzleFamily, instance: Any) -> None:
    """A one-line error, before any solving, when the board is too large for a replay
    page (a 2000x2000 tour would be solved, then refused)."""
    from searchlab.web.replay import check_page_size

    check_page_size(family, instance)


def save_replay(
    path: str,
    family: PuzzleFamily,
    instance: Any,
    moves: Sequence[str],
    states: Sequence[Any],
    *,
    title: str | None = None,
    stats: dict[str, Any] | None = None,
) -> None:
    """Write the replay page (see :func:`searchlab.web.replay.write_replay_html`);
    an unwritable path or a board too large for a page is a one-line error, and
    without a solution (no ``states``) nothing is written."""
    from searchlab.web.replay import replay_html

    if not states:
        err_console.print(f"no solution to replay: {path} not written", markup=False)
        return
    write_output(path, replay_html(family, instance, moves, states, title=title, stats=stats))
