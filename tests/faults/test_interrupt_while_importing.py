"""A Ctrl-C while a compiled command first imports Numba: exit 130 with the one
``interrupted`` line, no traceback (a C extension's import turns the interrupt into an
``ImportError`` whose traceback it prints itself;
:func:`searchlab.compiling.quiet_while_importing`).
A package that interrupts its own import stands in for Numba; the CLI registers the same
handler for Numba when it is imported."""

from __future__ import annotations

import subprocess
import sys
import textwrap
from pathlib import Path


def test_an_interrupt_during_the_import_is_a_quiet_130(tmp_path: Path) -> None:
    pkg = tmp_path / "slowpkg"
    pkg.mkdir()
    (pkg / "__init__.py").write_text(
        "import os, signal, time\nos.kill(os.getpid(), signal.SIGINT)\ntime.sleep(5)\n"
    )
    code = textwrap.dedent(
        """
        import sys
        sys.path.insert(0, sys.argv[1])
        from searchlab.cli.main import _interrupted_while_starting
        from searchlab.compiling import quiet_while_importing
        quiet_while_importing("slowpkg", _interrupted_while_starting)
        import slowpkg
        print("not reached")
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", code, str(tmp_path)],
        capture_output=True, text=True, timeout=60, check=False,
    )  # fmt: skip
    assert run.returncode == 130, run.stderr
    assert run.stderr.strip().splitlines() == ["searchlab: interrupted"], run.stderr
    assert "not reached" not in run.stdout


def test_the_cli_guards_numba_and_restores_the_handler_after(tmp_path: Path) -> None:
    code = textwrap.dedent(
        """
        import signal, sys
        import searchlab.cli.main
        from searchlab.compiling import _AfterImport
        hooks = [f for f in sys.meta_path if isinstance(f, _AfterImport) and f.name == "numba"]
        assert "numba" in sys.modules or (hooks and hooks[0].sigint is not None), hooks
        before = signal.getsignal(signal.SIGINT)
        import numba
        assert signal.getsignal(signal.SIGINT) is before
        assert not [f for f in sys.meta_path if isinstance(f, _AfterImport)]
        print("ok")
        """
    )
    run = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, timeout=120, check=False
    )
    assert run.returncode == 0 and run.stdout.strip() == "ok", run.stderr
