"""The console scripts ``puzzle8`` and ``puzzle3x3heuristics`` (seeds 001 and 002): the
family's programs (``programs.py``), built by the CLI (:mod:`searchlab.cli.programs`)."""

from __future__ import annotations

import io
import re
import subprocess
import sys
import time
from pathlib import Path

import pytest

from searchlab.cli.programs import run_program

BIN = Path(sys.executable).parent
EXAMPLES = Path(__file__).parent / "seed002"


def script(name: str) -> str:
    path = BIN / name
    if not path.exists():
        pytest.skip(f"console script {name} not installed (run make install)")
    return str(path)


def test_puzzle8_seed_example(tmp_path: Path) -> None:
    f = tmp_path / "datos2.txt"
    f.write_text("0 1 3\n4 2 5\n7 8 6\n")
    proc = subprocess.run(
        [script("puzzle8"), "m", str(f)], capture_output=True, text=True, check=False
    )
    assert proc.returncode == 0 and proc.stderr == ""
    boards, _, tail = proc.stdout.rpartition("\n\n")
    assert boards.startswith("0 1 3\n4 2 5\n7 8 6\n\n1 0 3\n") and boards.endswith("7 8 0")
    assert boards.count("\n\n") == 4
    assert re.fullmatch(r"Numero de estados abiertos: 10\nTiempo: \d+ ms\n", tail)


def test_puzzle8_no_solution(tmp_path: Path) -> None:
    f = tmp_path / "datos1.txt"
    f.write_text("1 2 3\n4 5 6\n8 0 7\n")
    proc = subprocess.run(
        [script("puzzle8"), "z", str(f)], capture_output=True, text=True, check=False
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, "No hay solución\n", "")


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "missing a heuristic"),
        (["m"], "missing an instance file"),
        (["x", "datos.txt"], "unknown heuristic"),
        (["M", "datos.txt"], "unknown heuristic"),
        (["m", "missing.txt"], "no such file"),
        (["m", "."], "is a directory"),
        (["m", "bad.txt"], "needs 9 numbers"),
        (["m", "dup.txt"], "more than once"),
        (["m", "word.txt"], "not a number"),
        (["m", "datos.txt", "extra"], "unexpected extra argument"),
    ],
)
def test_puzzle8_errors(
    args: list[str],
    message: str,
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.chdir(tmp_path)
    Path("datos.txt").write_text("1 2 3\n4 5 6\n7 0 8\n")
    Path("bad.txt").write_text("1 2 3\n4 5 6\n")
    Path("dup.txt").write_text("1 2 3\n4 5 6\n7 8 8\n")
    Path("word.txt").write_text("1 2 3\n4 five 6\n7 8 0\n")
    assert run_program("puzzle8", args) == 2
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.startswith("puzzle8: error:") and message in captured.err


def test_puzzle8_error_exit_in_a_subprocess(tmp_path: Path) -> None:
    proc = subprocess.run([script("puzzle8")], capture_output=True, text=True, check=False)
    assert proc.returncode == 2 and proc.stdout == ""
    assert "usage: puzzle8 <heuristic> <instance-file>" in proc.stderr
    assert "Traceback" not in proc.stderr


@pytest.mark.parametrize("n", [1, 2, 3])
def test_puzzle3x3heuristics_worked_examples(n: int, tmp_path: Path) -> None:
    proc = subprocess.run(
        [script("puzzle3x3heuristics")],
        input=(EXAMPLES / f"example{n}.in").read_bytes(),
        capture_output=True,
        cwd=tmp_path,
        check=False,
    )
    assert (proc.returncode, proc.stdout, proc.stderr) == (0, b"", b"")
    written = (tmp_path / "puzzle3x3heuristics.txt").read_bytes()
    assert written == (EXAMPLES / f"example{n}.out").read_bytes()


def test_puzzle3x3heuristics_malformed_input_keeps_completed_blocks(tmp_path: Path) -> None:
    (tmp_path / "puzzle3x3heuristics.txt").write_text("old content\n")
    proc = subprocess.run(
        [script("puzzle3x3heuristics")],
        input="2 1 1 2 0 3 4 5 6 7 8 2 7 5",
        capture_output=True,
        text=True,
        cwd=tmp_path,
        check=False,
    )
    assert proc.returncode == 2
    assert (
        proc.stderr.strip() == "puzzle3x3heuristics: error: operation 7 is not one of 1, 2, 3, 4, 5"
    )
    written = (tmp_path / "puzzle3x3heuristics.txt").read_text()
    assert written.startswith("-1\n\nPIEZAS\n\n1 2 0\n") and written.endswith("3\n\n")


def test_puzzle3x3heuristics_unsolvable_start(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("1 1 0 2 3 4 5 6 8 7 3 5"))
    assert run_program("puzzle3x3heuristics", []) == 0
    assert Path("puzzle3x3heuristics.txt").read_text() == "SUMAS\n\n-1\n\n"
    assert "warning" in capsys.readouterr().err


def test_puzzle3x3heuristics_empty_input_still_creates_the_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert run_program("puzzle3x3heuristics", []) == 2
    assert Path("puzzle3x3heuristics.txt").read_text() == ""
    assert "without operation 5" in capsys.readouterr().err


def test_puzzle3x3heuristics_unwritable_directory(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "puzzle3x3heuristics.txt").mkdir()  # a directory where the file should go
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr("sys.stdin", io.StringIO("5"))
    assert run_program("puzzle3x3heuristics", []) == 2
    assert "cannot write" in capsys.readouterr().err


def test_puzzle3x3heuristics_answers_each_operation_as_it_is_typed(tmp_path: Path) -> None:
    """As the seed's interactive menu: a block is written as soon as its operation
    arrives, before the rest of the input exists, and typing 5 ends the program."""
    proc = subprocess.Popen(
        [script("puzzle3x3heuristics")],
        cwd=tmp_path,
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    assert proc.stdin is not None
    proc.stdin.write("1 1 0 2 3 4 5 6 7 8\n2\n")
    proc.stdin.flush()
    out = tmp_path / "puzzle3x3heuristics.txt"
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline and not (out.exists() and out.read_text()):
        time.sleep(0.05)
    assert out.read_text(), "no block written while the input is still open"
    assert proc.poll() is None  # still waiting for the next operation
    proc.stdin.write("5\n")
    proc.stdin.flush()
    assert proc.wait(20) == 0


def test_puzzle3x3heuristics_refuses_an_endless_input(tmp_path: Path) -> None:
    with open("/dev/zero", "rb") as zero:
        proc = subprocess.run(
            [script("puzzle3x3heuristics")],
            cwd=tmp_path,
            stdin=zero,
            capture_output=True,
            text=True,
            timeout=60,
            check=False,
        )
    assert proc.returncode == 2
    assert len(proc.stderr) < 300 and "puzzle3x3heuristics: error:" in proc.stderr


@pytest.mark.parametrize("env", [{"SEARCHLAB_LANG": "es"}, {"LANG": "es_MX.UTF-8"}])
def test_seed_programs_speak_the_language_setting(
    env: dict[str, str],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Errors follow SEARCHLAB_LANG or the locale, as every searchlab command's do
    (the answers stay the seeds' exact Spanish)."""
    for name in ("SEARCHLAB_LANG", "LC_ALL", "LC_MESSAGES", "LANG"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(tmp_path)
    assert run_program("puzzle8", ["q", "x"]) == 2
    err = capsys.readouterr().err
    assert "heurística desconocida" in err and err.splitlines()[1].startswith("uso: puzzle8")
    monkeypatch.setattr("sys.stdin", io.StringIO("1 1 2"))
    assert run_program("puzzle3x3heuristics", []) == 2
    assert "la entrada terminó" in capsys.readouterr().err


def test_puzzle3x3heuristics_reads_a_utf8_byte_order_mark(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A menu saved by Windows Notepad (UTF-8 with a byte-order mark) is read as typed."""
    monkeypatch.chdir(tmp_path)
    menu = "1 1 2 0 3 4 5 6 7 8\n2\n5\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(menu))
    assert run_program("puzzle3x3heuristics", []) == 0
    plain = Path("puzzle3x3heuristics.txt").read_bytes()
    stream = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + menu.encode()), encoding="utf-8")
    monkeypatch.setattr("sys.stdin", stream)
    assert run_program("puzzle3x3heuristics", []) == 0
    assert Path("puzzle3x3heuristics.txt").read_bytes() == plain
    latin = io.TextIOWrapper(io.BytesIO(b"\xef\xbb\xbf" + menu.encode()), encoding="latin-1")
    monkeypatch.setattr("sys.stdin", latin)
    assert run_program("puzzle3x3heuristics", []) == 0
    assert Path("puzzle3x3heuristics.txt").read_bytes() == plain
