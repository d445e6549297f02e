"""First-use compilation, made visible.

The fast solvers are Numba kernels cached on disk (``cache=True``): the first run on a
machine compiles them, which takes seconds to a minute, and every later run loads them
at once. :func:`on_first_compile` lets a front end say so when it happens, without
importing Numba itself (Numba takes a quarter of a second to import; most commands
never need it): a finder on ``sys.meta_path`` waits for Numba's import and then
registers a listener for Numba's ``numba:compile`` events, which fire only for a real
compilation, never for a kernel loaded from the cache.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import sys
from collections.abc import Callable, Sequence
from types import ModuleType
from typing import Any


def on_first_compile(callback: Callable[[str], None]) -> None:
    """Call ``callback(name)`` once in this process, when the first kernel that is not in
    Numba's cache starts compiling (``name``: its module and function)."""
    state = {"said": False}

    def register(numba: ModuleType | None = None) -> None:
        from numba.core import event

        class Listener(event.Listener):
            def on_start(self, ev: Any) -> None:
                if state["said"]:
                    return
                state["said"] = True
                func = getattr(ev.data.get("dispatcher"), "py_func", None)
                callback(f"{func.__module__}.{func.__qualname__}" if func else "?")

            def on_end(self, ev: Any) -> None:
                pass

        event.register("numba:compile", Listener())  # type: ignore[no-untyped-call]

    if "numba.core.event" in sys.modules:
        register()
    else:
        sys.meta_path.insert(0, _AfterImport("numba", register))


class _AfterImport(importlib.abc.MetaPathFinder):
    """Runs ``then(module)`` right after the top-level package ``name`` is imported,
    once; it finds nothing itself (the usual finders load the package)."""

    def __init__(self, name: str, then: Callable[[ModuleType], None]) -> None:
        self.name = name
        self.then = then

    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != self.name:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        loader = spec.loader
        exec_module = loader.exec_module
        then = self.then

        def exec_then(module: ModuleType) -> None:
            exec_module(module)
            then(module)

        loader.exec_module = exec_then  # type: ignore[method-assign]
        return spec
