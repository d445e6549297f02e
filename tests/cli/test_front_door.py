"""A family's name is resolved once, at the front door (issue 36 item 6): the command
looks the family up and passes the :class:`~searchlab.families.contract.Family` on, so
the solve, its checks, the ``--svg`` picture and the ``--html`` replay page never look it
up again."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from searchlab import families
from searchlab.cli.main import cli

ROOT = Path(__file__).resolve().parents[2]
MAZE = str(ROOT / "examples" / "maze.txt")


@pytest.mark.parametrize(
    "argv",
    [
        ["solve", "maze", MAZE, "--svg", "{tmp}/b.svg"],
        ["maze", "solve", MAZE],  # the family's own solve command
        ["hanoi", "solve", "-", "--svg", "{tmp}/b.svg"],  # searchlab solve, bound to hanoi
        ["npuzzle", "solve", "--tiles", "1 2 3 4 0 5 7 8 6", "--svg", "{tmp}/b.svg"],
    ],
    ids=" ".join,
)
def test_one_solve_looks_its_family_up_once(
    argv: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    found = families.get  # the cached registry, warm or not: only the calls count
    calls: list[str] = []

    def counting(name: str) -> families.PuzzleFamily:
        calls.append(name)
        return found(name)

    monkeypatch.setattr(families, "get", counting)
    args = [a.format(tmp=tmp_path) for a in argv]
    stdin = "3\n" if "hanoi" in argv else None
    result = CliRunner().invoke(cli, [*args, "--html", str(tmp_path / "r.html")], input=stdin)
    assert result.exit_code == 0, result.output
    assert (tmp_path / "r.html").stat().st_size > 0
    assert calls == [argv[1] if argv[0] == "solve" else argv[0]]
