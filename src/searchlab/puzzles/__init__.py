"""Puzzle families, one folder each: model, parsing, heuristics, solvers, views.

A folder holding a ``family.py`` is a family (its ``FAMILY`` is the contract of
:mod:`searchlab.families`); :func:`family_folders` lists them and
:func:`family_summary` reads each one's one-line description without importing any, so
the registry and ``searchlab --help`` stay light.
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))
"""The folder holding one folder per family."""


def folder_name(module: str) -> str:
    """The name of the family whose folder holds ``module`` (give it ``__name__``): the
    folder's name, so a copy of the folder under another name answers under that name.

    >>> folder_name("searchlab.puzzles.maze.family")
    'maze'
    """
    prefix = f"{__name__}."
    if not module.startswith(prefix):
        raise ValueError(f"{module} is not a module of a family folder")
    return module[len(prefix) :].split(".", 1)[0]


def family_folders() -> list[str]:
    """The names of the folders here that hold a ``family.py``, alphabetical."""
    return [
        name
        for name in sorted(os.listdir(HERE))
        if name.isidentifier() and os.path.isfile(os.path.join(HERE, name, "family.py"))
    ]


def family_summary(name: str) -> str:
    """The first paragraph of family ``name``'s ``family.py`` docstring, on one line: its
    one-line description (the help of ``searchlab NAME``), read from the file without
    importing it ("" when the file has no docstring)."""
    with open(os.path.join(HERE, name, "family.py"), encoding="utf-8") as f:
        head = f.read(2000)
    text = head.lstrip()
    if not text.startswith('"""'):
        return ""
    body = text[3:].split('"""', 1)[0]
    return " ".join(body.split("\n\n", 1)[0].split())
