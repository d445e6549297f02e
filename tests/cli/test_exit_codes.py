"""Exit codes that tell the truth (issue 23 items 8 and 9)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from searchlab import families
from searchlab.cli.main import main


def test_cache_clear_at_end_of_input_is_a_no(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "npuzzle").mkdir()
    (tmp_path / "npuzzle" / "table.npy").write_bytes(b"x" * 100)
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    monkeypatch.setattr("sys.stdin", io.StringIO(""))
    assert main(["cache", "clear"]) == 1
    assert "nothing deleted" in capsys.readouterr().err
    assert (tmp_path / "npuzzle" / "table.npy").exists()
    monkeypatch.setattr("sys.stdin", io.StringIO("y\n"))
    assert main(["cache", "clear"]) == 0
    assert not tmp_path.exists()


def test_teach_svg_into_a_missing_directory(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    svg = tmp_path / "missing" / "graph.svg"
    assert main(["teach", "maze", "--example", "small", "--svg", str(svg)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "cannot write" in err


def test_unwritable_cache_fails_before_building(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from searchlab.puzzles.npuzzle import pdb

    def never(*_args: object, **_kw: object) -> None:
        raise AssertionError("built a database that cannot be cached")

    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", "/proc/searchlab-cannot-be-here")
    monkeypatch.setattr(pdb, "build_pdb", never)
    korf1 = "14 13 15 7 11 12 9 5 6 0 2 1 4 8 10 3"
    assert main(["npuzzle", "solve", "--tiles", korf1, "--goal", "first", "--pdb", "6-6-3"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "SEARCHLAB_CACHE_DIR" in err


def teaching_examples() -> list[tuple[str, str]]:
    return [
        (name, e.id)
        for name in families.names()
        for e in families.get(name).examples
        if e.id in ("small", "seed001", "triangle5", "5x5", "3x4", "card1")
    ]


@pytest.mark.parametrize(("family", "example"), teaching_examples())
@pytest.mark.parametrize("algorithm", [None, "idastar"])
def test_teach_builtin_examples_exit_0(
    family: str, example: str, algorithm: str | None, capsys: pytest.CaptureFixture[str]
) -> None:
    fam = families.get(family)
    argv = ["teach", family, "--example", example, "--rows", "3"]
    if algorithm is not None:
        argv += ["-a", algorithm]
    assert fam.engine is not None
    assert main(argv) == 0, capsys.readouterr()
