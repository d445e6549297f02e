"""The puzzle families the web player knows, one adapter module each.

To add a family, write ``searchlab/web/families/<name>.py`` exposing
``FAMILY: Family`` (see :mod:`searchlab.web.families.base`) and list it here.
"""

from __future__ import annotations

from searchlab.web.families import maze, npuzzle, peg
from searchlab.web.families.base import Family

FAMILIES: dict[str, Family] = {f.name: f for f in (npuzzle.FAMILY, peg.FAMILY, maze.FAMILY)}
"""Every family by name, in the order the index page lists them."""

__all__ = ["FAMILIES", "Family"]
