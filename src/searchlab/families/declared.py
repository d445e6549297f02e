"""What the family folders declare beside their contract, collected by name.

A family folder may hold modules of declarations the front ends find without naming
the family: ``experiments.py`` (``EXPERIMENTS``), ``grading.py`` (``ASSIGNMENTS``),
``programs.py`` (``PROGRAMS``). :func:`declared_by` reads one kind from every folder;
:func:`qualified` names each declaration: its own name, or ``FAMILY:NAME`` for a name
several folders declare (a family folder copied under a new name declares its
original's), so that every one can be reached and none shadows another.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Callable
from typing import Any, Protocol, TypeVar


class Named(Protocol):
    @property
    def name(self) -> str: ...


T = TypeVar("T", bound=Named)


def declared_by(module: str, attribute: str) -> dict[str, list[tuple[str, Any]]]:
    """Each name declared in the family folders' ``<module>.py`` (its tuple
    ``attribute``) with the folders declaring it and their records, folders in
    alphabetical order (the modules are imported; folders without one are skipped)."""
    from searchlab.families import PACKAGE, PUZZLES, family_folders

    found: dict[str, list[tuple[str, Any]]] = {}
    for folder in family_folders():
        if not os.path.isfile(os.path.join(PUZZLES, folder, f"{module}.py")):
            continue
        declaring = importlib.import_module(f"{PACKAGE}.{folder}.{module}")
        for record in getattr(declaring, attribute):
            found.setdefault(record.name, []).append((folder, record))
    return found


def qualified(
    declared: dict[str, list[tuple[str, T]]], rename: Callable[[T, str], T]
) -> dict[str, T]:
    """The declarations by the name they answer to: a name one folder declares is its
    own, a name several do is ``FAMILY:NAME`` for each (``rename(record, new_name)``
    gives the record that name)."""
    found: dict[str, T] = {}
    for name, owners in declared.items():
        if len(owners) == 1:
            found[name] = owners[0][1]
            continue
        for family, record in owners:
            found[f"{family}:{name}"] = rename(record, f"{family}:{name}")
    return found
