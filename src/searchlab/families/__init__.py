"""The registry of puzzle families: :func:`names` and :func:`get`, found from the folders.

A family is one folder, ``src/searchlab/puzzles/<name>/``, whose ``family.py`` defines
``FAMILY``, a :class:`~searchlab.families.contract.Family`. The registry lists the
folders that have a ``family.py`` (in alphabetical order) without importing them, and
imports a family on first use, so ``import searchlab.families`` stays light and a worker
process given only a family's name rebuilds the same family. No other file names a
family: adding one is adding its folder (see "Adding a puzzle family" in
docs/engine.md). A family's name is its folder's: the registry refuses, with one line,
a family that declares another name, and a folder named like a built-in command
(:data:`RESERVED`).

Beside the contract (:mod:`.contract`, with :mod:`.kit`, :mod:`.output`, :mod:`.report`
and :mod:`.parallel`) live the records a family declares its built-in experiments with
(:mod:`.experiment`, :mod:`.runs`, :mod:`.sources`, :mod:`.results`, :mod:`.aggregate`,
:mod:`.ebf`, :mod:`.plot`); the experiments layer (:mod:`searchlab.experiments`) runs
them.

>>> from searchlab import families
>>> "maze" in families.names()
True
>>> families.get("maze").title
'Grid maze'
"""

from __future__ import annotations

import importlib
from functools import cache

from searchlab.errors import InputError
from searchlab.families.contract import (
    Artifact,
    Block,
    DemoBlock,
    Example,
    Exit,
    Family,
    Generating,
    Move,
    NoHint,
    Note,
    Option,
    Param,
    Playing,
    PuzzleFamily,
    Record,
    Sampling,
    Setup,
    Table,
    Task,
)
from searchlab.i18n import _
from searchlab.puzzles import HERE, family_folders
from searchlab.view import View

PUZZLES = HERE
"""The folder holding one folder per family."""
PACKAGE = "searchlab.puzzles"
"""The package holding one subpackage per family."""

REGISTRY: dict[str, str] = {name: f"{PACKAGE}.{name}.family:FAMILY" for name in family_folders()}
"""Family name (its folder's name) -> ``"module:attr"`` of its :class:`Family`."""

RESERVED = frozenset(
    {
        "cache",
        "check",
        "compare",
        "demo",
        "doctor",
        "exercise",
        "experiment",
        "grade",
        "serve",
        "solve",
        "teach",
    }
)
"""The names of searchlab's built-in commands (``searchlab solve``...), which no family
may take: ``searchlab <family>`` is a family's command group (tests/cli/test_main.py
checks that the CLI's top-level commands are exactly these)."""


def names() -> list[str]:
    """The registered family names (alphabetical: the order of the menus); a one-line
    InputError when a folder takes a built-in command's name."""
    for name in REGISTRY:
        refuse_reserved(name)
    return list(REGISTRY)


def refuse_reserved(name: str) -> None:
    """A one-line InputError when family folder ``name`` takes a built-in command's name."""
    if name in RESERVED:
        raise InputError(
            _(
                "the family folder {folder!r} takes the name of the command 'searchlab "
                "{folder}': rename the folder"
            ).format(folder=name)
        )


@cache
def get(name: str) -> PuzzleFamily:
    """The family called ``name``, imported on first use; a one-line InputError
    for an unknown name, and for a family the registry refuses: one whose folder takes
    a built-in command's name (:data:`RESERVED`), or whose declared name is not its
    folder's (``name=folder_name(__name__)`` in its ``family.py`` keeps the two one)."""
    try:
        target = REGISTRY[name]
    except (KeyError, TypeError):
        raise InputError(
            _("unknown puzzle family {name!r}; choose one of {registry}").format(
                name=str(name)[:40], registry=", ".join(REGISTRY)
            )
        ) from None
    refuse_reserved(name)
    module_name, attr = target.split(":")
    family = getattr(importlib.import_module(module_name), attr)
    if not isinstance(family, Family):  # pragma: no cover - a registration bug
        raise TypeError(f"{target} is not a Family")
    if family.name != name:
        raise InputError(
            _(
                "the family in folder {folder!r} calls itself {name!r}: a family's name is "
                "its folder's"
            ).format(folder=name, name=str(family.name)[:40])
        )
    return family


def all_families() -> list[PuzzleFamily]:
    """Every registered family, imported."""
    return [get(n) for n in REGISTRY]


__all__ = [
    "REGISTRY",
    "RESERVED",
    "Artifact",
    "Block",
    "DemoBlock",
    "Example",
    "Exit",
    "Family",
    "Generating",
    "Move",
    "NoHint",
    "Note",
    "Option",
    "Param",
    "Playing",
    "PuzzleFamily",
    "Record",
    "Sampling",
    "Setup",
    "Table",
    "Task",
    "View",
    "all_families",
    "get",
    "names",
]
