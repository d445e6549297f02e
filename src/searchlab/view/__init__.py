"""Views: how any puzzle position is drawn, below every front end.

A family describes a position as a *view* (:mod:`searchlab.view.format`), a small
JSON value; this package draws it. :mod:`~searchlab.view.styles` holds the one
table of cell fills and piece kinds, :mod:`~searchlab.view.svg` writes a view as
SVG. The CLI's ``--svg``, the state-graph pictures of ``teach``, the notebook, the
offline replay pages and the web page all draw from the same view data and the same
table: the browser's renderer (``web/static/js/render.js``) reads the table from
the server as the module ``styles.js`` (:func:`~searchlab.view.styles.styles_module`).

This package imports nothing else from searchlab, so every layer may use it.

>>> from searchlab.view import view_svg
>>> view_svg({"rows": 1, "cols": 2, "cells": [".."],
...           "pieces": [{"r": 0, "c": 1, "kind": "tile", "label": "1"}]})[:40]
'<svg xmlns="http://www.w3.org/2000/svg" '
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from searchlab.lazy import exports
from searchlab.view.format import CELL, MARGIN, View, merge, size, within

if TYPE_CHECKING:  # imported on first use (start-up: a solve draws no picture)
    from searchlab.view.styles import PIECES, styles_module
    from searchlab.view.svg import fit_cell, sheet_svg, view_svg

__all__ = [
    "CELL",
    "MARGIN",
    "PIECES",
    "View",
    "fit_cell",
    "merge",
    "sheet_svg",
    "size",
    "styles_module",
    "view_svg",
    "within",
]

__getattr__, __dir__ = exports(
    __name__,
    {"styles": ("PIECES", "styles_module"), "svg": ("fit_cell", "sheet_svg", "view_svg")},
)
