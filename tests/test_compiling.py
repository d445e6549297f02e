"""First-use compilation is announced once (issue 34, item 3): searchlab.compiling waits for
Numba's import without importing it, and reports the first real compilation only."""

from __future__ import annotations

import subprocess
import sys

import pytest

pytest.importorskip("numba")

SCRIPT = """
import sys
{before}
from searchlab.compiling import on_first_compile
on_first_compile(lambda name: print("COMPILING", name))
assert {numba_loaded} == ("numba" in sys.modules)
import numba
f = numba.njit(lambda x: x + 1)
f(1); f(2.0)  # two compilations (two signatures): one announcement
print("DONE")
"""


@pytest.mark.parametrize("numba_first", [False, True])
def test_the_first_compilation_is_announced_once(numba_first: bool) -> None:
    code = SCRIPT.format(before="import numba" if numba_first else "", numba_loaded=numba_first)
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=True
    )
    lines = run.stdout.splitlines()
    assert lines[-1] == "DONE"
    assert [line for line in lines if line.startswith("COMPILING")] == [
        "COMPILING __main__.<lambda>"
    ]


def test_waiting_for_numba_does_not_import_it() -> None:
    code = (
        "import sys\nfrom searchlab.compiling import on_first_compile\n"
        "on_first_compile(print)\nprint('numba' in sys.modules)"
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=60, check=True
    )
    assert run.stdout.strip() == "False"
