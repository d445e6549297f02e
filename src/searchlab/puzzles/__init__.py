"""Puzzle families, one folder each: model, parsing, heuristics, solvers, views.

A folder holding a ``family.py`` is a family (its ``FAMILY`` is the contract of
:mod:`searchlab.families`, whose registry lists these folders without importing them).
A family's modules take its name from its folder with :func:`folder_name`, so a copy of
the folder under another name is another family.
"""

from __future__ import annotations


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
