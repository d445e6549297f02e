"""Everything a command's --help offers works: each listed algorithm, on a small board."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from searchlab import families
from searchlab.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def listed_algorithms(help_text: str) -> list[str]:
    """The algorithms an --algorithm option's help lists (a choice list or a sentence)."""
    text = " ".join(help_text.split())
    part = text[text.index("--algorithm") :].split("[default")[0]
    choice = re.search(r"\[([a-z|]+)\]", part)
    if choice:
        return choice.group(1).split("|")
    return ["auto", *re.findall(r"\b([a-z]+)(?=[,.])", part.split(":", 1)[1])]


@pytest.mark.parametrize(
    ("family", "args"),
    [
        ("npuzzle", ["FILE"]),
        ("peg", ["--board", "triangle5"]),
    ],
)
def test_every_listed_algorithm_runs(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, family: str, args: list[str]
) -> None:
    board = tmp_path / "board.txt"
    board.write_text("1 2 3\n4 5 6\n7 0 8\n")
    args = [str(board) if a == "FILE" else a for a in args]
    code, out, _ = run(capsys, family, "solve", "--help")
    assert code == 0
    listed = listed_algorithms(out)
    assert set(listed) <= set(families.get(family).algorithms), listed
    for algorithm in listed:
        code, out, err = run(capsys, family, "solve", *args, "-a", algorithm, "--time-limit", "2")
        assert code in (0, 1), (algorithm, err)
        assert "error" not in err, (algorithm, err)
