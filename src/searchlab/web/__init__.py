"""The searchlab web player: a local FastAPI app, offline replay pages, SVG pictures.

>>> from searchlab.web import create_app   # doctest: +SKIP
>>> # uvicorn.run(create_app(), host="127.0.0.1", port=8000)

``write_replay_html`` writes a self-contained page replaying a solution;
``searchlab serve`` runs the app on a loopback address. See ``docs/web.md``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from searchlab.web.replay import write_replay_html

if TYPE_CHECKING:
    from fastapi import FastAPI


def create_app(**options: Any) -> FastAPI:
    """The web application (imported lazily: FastAPI loads only when serving)."""
    from searchlab.web.app import create_app as make

    return make(**options)


__all__ = ["create_app", "write_replay_html"]
