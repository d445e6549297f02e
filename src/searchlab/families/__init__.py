"""The registry of puzzle families: :func:`names` and :func:`get`.

Each family lives in its own package ``searchlab.puzzles.<name>`` and exposes
one :class:`~searchlab.families.contract.PuzzleFamily` value, ``FAMILY``, in its
``family.py``. The registry names it by a ``"module:attr"`` string and imports
it on first use, so ``import searchlab.families`` stays light and a worker
process given only a family's name rebuilds the same family.

Adding a family is one package and one line here (see "Adding a puzzle family"
in docs/engine.md).

>>> from searchlab import families
>>> families.names()
['npuzzle', 'peg', 'knight', 'rushhour', 'maze']
>>> families.get("maze").title
'Grid maze'
"""

from __future__ import annotations

import importlib
from functools import cache

from searchlab.errors import InputError
from searchlab.families.contract import (
    DemoBlock,
    Example,
    Move,
    NoHint,
    Param,
    PuzzleFamily,
    Table,
)
from searchlab.i18n import _
from searchlab.view import View

REGISTRY: dict[str, str] = {
    "npuzzle": "searchlab.puzzles.npuzzle.family:FAMILY",
    "peg": "searchlab.puzzles.peg.family:FAMILY",
    "knight": "searchlab.puzzles.knight.family:FAMILY",
    "rushhour": "searchlab.puzzles.rushhour.family:FAMILY",
    "maze": "searchlab.puzzles.maze.family:FAMILY",
}
"""Family name -> ``"module:attr"`` of its :class:`PuzzleFamily`, in display order."""


def names() -> list[str]:
    """The registered family names, in display order."""
    return list(REGISTRY)


@cache
def get(name: str) -> PuzzleFamily:
    """The family called ``name``, imported on first use; a one-line InputError
    for an unknown name."""
    try:
        target = REGISTRY[name]
    except (KeyError, TypeError):
        raise InputError(
            _("unknown puzzle family {name!r}; choose one of {registry}").format(
                name=str(name)[:40], registry=", ".join(REGISTRY)
            )
        ) from None
    module_name, attr = target.split(":")
    family = getattr(importlib.import_module(module_name), attr)
    if not isinstance(family, PuzzleFamily):  # pragma: no cover - a registration bug
        raise TypeError(f"{target} is not a PuzzleFamily")
    return family


def all_families() -> list[PuzzleFamily]:
    """Every registered family, imported."""
    return [get(n) for n in REGISTRY]


__all__ = [
    "REGISTRY",
    "DemoBlock",
    "Example",
    "Move",
    "NoHint",
    "Param",
    "PuzzleFamily",
    "Table",
    "View",
    "all_families",
    "get",
    "names",
]
