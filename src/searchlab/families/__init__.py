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

Beside the registry lives the contract (:mod:`.contract`, with :mod:`.checking`,
:mod:`.kit`, :mod:`.output`, :mod:`.report` and :mod:`.parallel`). The records a family
declares its built-in experiments with are their own package at this layer,
:mod:`searchlab.records`; the experiments layer (:mod:`searchlab.experiments`) runs them.

>>> from searchlab import families
>>> "maze" in families.names()
True
>>> families.get("maze").title
'Grid maze'
"""

from __future__ import annotations

import importlib
import os
from functools import cache
from typing import TYPE_CHECKING, Any

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.lazy import exports

if TYPE_CHECKING:  # imported on first use: listing the families stays light
    from searchlab.families.contract import (
        Artifact,
        Block,
        Caching,
        Checking,
        Demo,
        DemoBlock,
        Drawing,
        EngineView,
        Example,
        Exit,
        Family,
        Generating,
        Goal,
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
        SolveCommand,
        Table,
        Task,
        Wire,
    )
    from searchlab.view.format import View

PUZZLES = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "puzzles")
"""The folder holding one folder per family (found from this package's place, not
imported: the families' folders stand above the registry)."""
PACKAGE = "searchlab.puzzles"
"""The package holding one subpackage per family."""


def family_folders() -> list[str]:
    """The names of the folders of :data:`PUZZLES` that hold a ``family.py``,
    alphabetical (listed, not imported)."""
    return [
        name
        for name in sorted(os.listdir(PUZZLES))
        if name.isidentifier() and os.path.isfile(os.path.join(PUZZLES, name, "family.py"))
    ]


def family_summary(name: str) -> str:
    """The first paragraph of family ``name``'s ``family.py`` docstring, on one line: its
    one-line description (the help of ``searchlab NAME``), read from the file without
    importing it ("" when the file has no docstring)."""
    with open(os.path.join(PUZZLES, name, "family.py"), encoding="utf-8") as f:
        head = f.read(2000)
    text = head.lstrip()
    if not text.startswith('"""'):
        return ""
    body = text[3:].split('"""', 1)[0]
    return " ".join(body.split("\n\n", 1)[0].split())


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
    from searchlab.families.contract import Family

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
    "Caching",
    "Checking",
    "Demo",
    "DemoBlock",
    "Drawing",
    "EngineView",
    "Example",
    "Exit",
    "Family",
    "Generating",
    "Goal",
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
    "SolveCommand",
    "Table",
    "Task",
    "View",
    "Wire",
    "all_families",
    "family_folders",
    "family_summary",
    "get",
    "names",
]

_contract, __dir__ = exports(
    __name__,
    {
        "contract": (
            "Artifact",
            "Block",
            "Caching",
            "Checking",
            "Demo",
            "DemoBlock",
            "Drawing",
            "EngineView",
            "Example",
            "Exit",
            "Family",
            "Generating",
            "Goal",
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
            "SolveCommand",
            "Table",
            "Task",
            "Wire",
        )
    },
)


def __getattr__(name: str) -> Any:
    """The contract's names, and :class:`~searchlab.view.View`, imported on first use."""
    if name == "View":
        from searchlab.view.format import View

        return View
    return _contract(name)
