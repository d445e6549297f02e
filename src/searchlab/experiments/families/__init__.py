"""How puzzle families plug into experiments.

A family provides one small function returning a :class:`Family`: how to
build a search :class:`~searchlab.search.Problem` from an instance's data with
a named heuristic, how to generate a random instance for a parameter (an exact
optimal depth, or a size) and a seed, and how to read an instance from a file.
The experiment package never re-implements puzzle logic: each adapter module
in this package is a thin layer over the family's public API.

The registry :data:`FAMILIES` maps family names to ``"module:function"``
strings, imported on first use, so a worker process (or a Dask worker) that
receives a run specification with only the family's name rebuilds the same
problem, and a family that is not installed is reported by name.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from searchlab.errors import InputError
from searchlab.search.problem import Problem

FAMILIES: dict[str, str] = {
    "maze": "searchlab.experiments.families.maze:family",
    "npuzzle": "searchlab.experiments.families.npuzzle:family",
    "peg": "searchlab.experiments.families.peg:family",
    "knight": "searchlab.experiments.families.knight:family",
    "rushhour": "searchlab.experiments.families.rushhour:family",
}
"""Family name -> ``"module:function"`` returning its :class:`Family`."""


@dataclass(frozen=True, slots=True)
class Family:
    """What an experiment needs from a puzzle family.

    Attributes
    ----------
    name : str
        The family's name (``"npuzzle"``).
    heuristics : tuple of str
        Heuristic names accepted by ``make_problem``; the first is the default.
    make_problem : callable ``(data, heuristic) -> Problem``
        A search problem for an instance's data, its ``heuristic()`` being the
        named heuristic (``None``: the family's default, for uninformed search).
    generate : callable ``(parameter, seed) -> data``, optional
        A random instance for ``parameter`` (see ``parameter``), deterministic in ``seed``.
    parameter : str
        What ``generate``'s parameter means: ``"depth"``, ``"size"`` or
        ``"min_moves"`` (``searchlab compare`` takes it as ``--depths``,
        ``--sizes`` or ``--min-moves``; the three are aliases).
    exact_depth : bool
        True when ``generate(d, seed)`` returns an instance of optimal cost exactly d.
    parse : callable ``(text) -> data``, optional
        An instance's data from a file's text (raising ``InputError``).
    solvers : mapping name -> callable ``(data, **options) -> result``
        The family's own solvers, usable as algorithm names in configurations
        (e.g. peg solitaire's ``"fast"``). Each receives the engine's limit
        options (``time_limit``, ``max_expansions``, ``cancel``...) and returns
        an object with ``status``, ``limit``, ``solved``, ``length`` and
        ``stats`` (:class:`~searchlab.search.SearchStats`), like a
        :class:`~searchlab.search.SearchResult`, and optionally ``extra``, a
        JSON-serialisable dict of further measurements (stored with the run).
    """

    name: str
    heuristics: tuple[str, ...]
    make_problem: Callable[[Any, str | None], Problem[Any, Any]]
    generate: Callable[[int, int], Any] | None = None
    parameter: str = "depth"
    exact_depth: bool = False
    parse: Callable[[str], Any] | None = None
    solvers: Mapping[str, Callable[..., Any]] = field(default_factory=dict)

    @property
    def option(self) -> str:
        """The ``searchlab compare`` option naming this family's generator parameter."""
        return {"size": "--sizes", "min_moves": "--min-moves"}.get(self.parameter, "--depths")

    def problem(self, data: Any, heuristic: str | None) -> Problem[Any, Any]:
        """``make_problem`` with the heuristic name checked."""
        if heuristic is not None and heuristic not in self.heuristics:
            raise InputError(
                f"unknown heuristic {heuristic!r} for {self.name}; "
                f"choose one of {', '.join(self.heuristics)}"
            )
        return self.make_problem(data, heuristic)


@cache
def get_family(name: str) -> Family:
    """The :class:`Family` called ``name``, or a one-line ``InputError``."""
    try:
        target = FAMILIES[name]
    except KeyError:
        raise InputError(
            f"unknown puzzle family {name!r}; choose one of {', '.join(FAMILIES)}"
        ) from None
    module_name, func_name = target.split(":")
    try:
        module = importlib.import_module(module_name)
    except ModuleNotFoundError as exc:
        raise InputError(
            f"the {name} family is not available in this installation ({exc.name} is missing)"
        ) from None
    family: Family = getattr(module, func_name)()
    return family


def available_families() -> list[str]:
    """Names of the registered families whose packages import."""
    names = []
    for name in FAMILIES:
        try:
            get_family(name)
        except InputError:
            continue
        names.append(name)
    return names
