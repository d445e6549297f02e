"""Puzzle families, one folder each: model, parsing, heuristics, solvers, views.

A folder holding a ``family.py`` is a family (its ``FAMILY`` is the contract of
:mod:`searchlab.families`); :func:`family_folders` lists them without importing any, so
the registry and ``searchlab --help`` stay light.
"""

from __future__ import annotations

import os

HERE = os.path.dirname(os.path.abspath(__file__))
"""The folder holding one folder per family."""


def family_folders() -> list[str]:
    """The names of the folders here that hold a ``family.py``, alphabetical."""
    return [
        name
        for name in sorted(os.listdir(HERE))
        if name.isidentifier() and os.path.isfile(os.path.join(HERE, name, "family.py"))
    ]
