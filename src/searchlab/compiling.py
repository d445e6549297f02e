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

import importlib.machinery
import signal
import sys
import threading
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
        _hook("numba").then.append(register)


def quiet_while_importing(name: str, handler: Callable[[int, Any], None]) -> None:
    """While the top-level package ``name`` is first imported in the main thread, SIGINT
    calls ``handler`` instead of raising KeyboardInterrupt. Why: an interrupt inside a C
    extension's import becomes an ``ImportError`` whose traceback the extension prints
    itself (Numba's ``numba._devicearray failed to import``), which no caller can
    un-print; the CLI's handler ends the process quietly (exit 130) instead, harmless
    while nothing but an import is under way."""
    if name not in sys.modules:
        _hook(name).sigint = handler


def _hook(name: str) -> _AfterImport:
    """The one finder waiting for ``name``'s import (made and put first if none)."""
    for finder in sys.meta_path:
        if isinstance(finder, _AfterImport) and finder.name == name:
            return finder
    finder = _AfterImport(name)
    sys.meta_path.insert(0, finder)
    return finder


class _AfterImport:
    """Around the first import of the top-level package ``name``, once: SIGINT handled by
    ``sigint`` (if set, in the main thread) while it runs, then each of ``then`` called
    with the module; it finds nothing itself (the usual finders load the package). A
    finder by protocol (``find_spec``), not a subclass of ``importlib.abc.MetaPathFinder``:
    that module imports ``importlib.resources``, which ``searchlab --help`` must not."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.then: list[Callable[[ModuleType], None]] = []
        self.sigint: Callable[[int, Any], None] | None = None

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
        then, sigint = self.then, self.sigint

        def exec_then(module: ModuleType) -> None:
            before = None
            if sigint is not None and threading.current_thread() is threading.main_thread():
                before = signal.signal(signal.SIGINT, sigint)
            try:
                exec_module(module)
            finally:
                if before is not None:
                    signal.signal(signal.SIGINT, before)
            for call in then:
                call(module)

        loader.exec_module = exec_then  # type: ignore[method-assign]
        return spec
