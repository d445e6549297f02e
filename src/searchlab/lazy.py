"""Lazy re-exports for a package's ``__init__`` (PEP 562).

A package that re-exports its public API (``from searchlab.puzzles.npuzzle import
solve_board``) would otherwise import every module of it as soon as any one module is
used: a one-move solve paid for the Korf benchmark, the pattern databases and the
demo. With :func:`exports`, each name is imported from its home module on first use
and kept; ``tests/cli/test_import_budget.py`` checks what a command loads, and the
package's ``TYPE_CHECKING`` imports keep mypy seeing the names.
"""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Collection, Mapping, Sequence
from types import ModuleType
from typing import Any


def _namesake_package(namesakes: Collection[str]) -> type[ModuleType]:
    """A package module class whose attribute named as one of its submodules is the
    submodule's namesake export, not the submodule. Importing ``pkg.cards`` makes the
    import system set ``pkg.cards`` to the module; an eager ``from .cards import cards``
    in ``__init__`` rebound it to the function, and so does this, as it is set."""

    class Package(ModuleType):
        def __setattr__(self, name: str, value: Any) -> None:
            if name in namesakes and isinstance(value, ModuleType):
                value = getattr(value, name)
            super().__setattr__(name, value)

    return Package


def exports(
    package: str, homes: Mapping[str, Sequence[str]]
) -> tuple[Callable[[str], Any], Callable[[], list[str]]]:
    """``(__getattr__, __dir__)`` for ``package``: ``homes`` maps each submodule (its
    name relative to the package) to the names it exports."""
    home = {name: module for module, names in homes.items() for name in names}
    namesakes = {name for name, module in home.items() if name == module}
    package_module = sys.modules[package]
    namespace = package_module.__dict__
    if namesakes:  # ``cards`` the function, from the module ``cards``
        package_module.__class__ = _namesake_package(namesakes)

    def getattr_(name: str) -> Any:
        module = home.get(name)
        if module is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(importlib.import_module(f"{package}.{module}"), name)
        namespace[name] = value
        return value

    def dir_() -> list[str]:
        return sorted({*namespace, *home})

    return getattr_, dir_


def deferred(module: str, name: str) -> Callable[..., Any]:
    """The function ``name`` of ``module``, imported at its first call: a command record
    that names a task's function (``Task(run=...)``) without loading the task's module,
    its solvers and their imports when another command of the family runs."""

    def call(*args: Any, **kwargs: Any) -> Any:
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__module__ = module
    return call
