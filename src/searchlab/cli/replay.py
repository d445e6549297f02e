"""``--html FILE`` for any ``searchlab <family> solve``: an offline replay page.

Two lines in a family's solve command::

    @html_option
    def solve_cmd(..., html_path: str | None, ...):
        ...
        if html_path and result.solved:
            save_replay(html_path, "npuzzle", board, moves, states, stats=stats)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

import click

from searchlab.cli.common import fail

F = TypeVar("F", bound=Callable[..., Any])


def html_option(f: F) -> F:
    """The ``--html FILE`` option (parameter ``html_path``)."""
    return click.option(
        "--html",
        "html_path",
        type=click.Path(dir_okay=False),
        help="Write a self-contained page replaying the solution (works offline).",
    )(f)


def save_replay(
    path: str,
    family: str,
    instance: Any,
    moves: list[str],
    states: list[Any],
    *,
    title: str | None = None,
    stats: dict[str, Any] | None = None,
) -> None:
    """Write the replay page (see :func:`searchlab.web.replay.write_replay_html`);
    an unwritable path is a one-line error."""
    from searchlab.web.replay import write_replay_html

    try:
        write_replay_html(path, family, instance, moves, states, title=title, stats=stats)
    except OSError as exc:
        fail(f"{path}: cannot write ({exc.strerror or exc})")
