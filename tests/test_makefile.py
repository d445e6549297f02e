"""``make install`` recovers from a first try with the wrong Python (issue 34, item 4):
the Makefile's ``check-python`` step refuses a Python older than 3.11 in one line and
removes a venv made by another Python, so that the next step builds it anew."""

from __future__ import annotations

import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="make not installed")


def make(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        ["make", "--no-print-directory", "-C", str(ROOT), "check-python", *args],
        capture_output=True,
        text=True,
        timeout=60,
    )


def fake_python(tmp_path: Path, version: str) -> Path:
    """A stand-in interpreter: reports ``version`` for -V and fails anything else."""
    path = tmp_path / "python-old"
    path.write_text(f'#!/bin/sh\nif [ "$1" = -V ]; then echo Python {version}; exit 0; fi\nexit 1\n')
    path.chmod(0o755)
    return path


def test_an_old_python_is_refused_in_one_line(tmp_path: Path) -> None:
    run = make(f"PYTHON={fake_python(tmp_path, '3.9.2')}", f"VENV={tmp_path / 'venv'}")
    assert run.returncode == 2
    line = run.stderr.splitlines()[0]
    assert "needs Python 3.11 or newer" in line and "Python 3.9.2" in line
    assert "make install PYTHON=" in line


def test_a_missing_python_is_refused_in_one_line(tmp_path: Path) -> None:
    run = make(f"PYTHON={tmp_path / 'nothing'}", f"VENV={tmp_path / 'venv'}")
    assert run.returncode == 2
    assert "is not a working Python" in run.stderr.splitlines()[0]


@pytest.mark.parametrize("script", ["exit 1", "echo 'Python 3.9'"])
def test_a_venv_made_by_another_python_is_removed(tmp_path: Path, script: str) -> None:
    venv = tmp_path / "venv"
    (venv / "bin").mkdir(parents=True)
    stale = venv / "bin" / "python"
    stale.write_text(f"#!/bin/sh\n{script}\n")
    stale.chmod(0o755)
    run = make(f"PYTHON={sys.executable}", f"VENV={venv}")
    assert run.returncode == 0, run.stderr
    assert "rebuilding" in run.stdout
    assert not venv.exists()


def test_a_good_venv_is_kept(tmp_path: Path) -> None:
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    run = make(f"PYTHON={sys.executable}", f"VENV={venv}")
    assert run.returncode == 0, run.stderr
    assert run.stdout == ""
    assert (venv / "bin" / "python").exists()
