"""The peg commands' blocks, read without a front end: the solve report replays the
solution it prints, compare reports each run as it starts, loading refuses clashes."""

from __future__ import annotations

from pathlib import Path

import pytest

from searchlab.errors import InputError
from searchlab.families.contract import Exit, Record, Table
from searchlab.puzzles.peg import get_board, render_text
from searchlab.puzzles.peg.compare import FAST_LABEL, SEED_RUNS
from searchlab.puzzles.peg.family import FAMILY
from searchlab.puzzles.peg.loading import load_problem
from searchlab.puzzles.peg.play import apply_jump, legal_jumps
from searchlab.puzzles.peg.reports import compare_runs, solve_report
from searchlab.search import SearchStats


def test_the_solve_report_draws_every_board_of_a_replayed_solution() -> None:
    instance = FAMILY.read("board: triangle5\n")
    result = FAMILY.run(instance, "fast")
    blocks = list(solve_report(instance, result))
    texts = [b for b in blocks if isinstance(b, str)]
    board, position = instance.board, instance.start
    assert render_text(board, position) in texts
    for label in result.actions:
        (jump,) = [j for j in legal_jumps(board, position) if board.jump_name(j) == label]
        position = apply_jump(board, position, jump)
        assert render_text(board, position) in texts  # the board after each jump
    assert position.bit_count() == 1
    assert sum(isinstance(b, SearchStats) for b in blocks) == 1
    quiet = [b for b in solve_report(instance, result, quiet=True) if isinstance(b, str)]
    assert not any(render_text(board, instance.start) in t for t in quiet)


def test_compare_reports_each_run_as_it_starts() -> None:
    board = get_board("triangle5")
    heard: list[tuple[int, int, str]] = []
    blocks = list(
        compare_runs(
            board,
            board.start(),
            None,
            None,
            max_expansions=200,
            time_limit=5,
            progress=lambda done, total, info: heard.append((done, total, info)),
        )
    )
    labels = [label for label, *_ in SEED_RUNS] + [FAST_LABEL]
    assert heard == [(k, len(labels), labels[k]) for k in range(len(labels))]
    record, table = blocks  # the --json rows, then the table
    assert isinstance(table, Table) and [row[0] for row in table.rows] == labels
    assert isinstance(record, Record) and isinstance(record.data, list)
    assert [r["algorithm"] for r in record.data] == labels


def test_an_impossible_comparison_exits_1_without_running() -> None:
    board = get_board("english")
    target = 1 << board.hole("c4")
    blocks = list(compare_runs(board, board.start(), target, "c4", max_expansions=1, time_limit=1))
    assert blocks[0] == Record([])  # --json: no runs
    assert blocks[-1] == Exit(1) and "impossible" in str(blocks[1])


@pytest.mark.parametrize(
    ("vacancy", "start_file", "finish", "target_file", "message"),
    [
        (("d4",), "nofile", None, None, "--vacancy or --start"),
        ((), None, "d4", "nofile", "--finish or --target"),
    ],
)
def test_load_problem_refuses_clashes_before_reading(
    vacancy: tuple[str, ...],
    start_file: str | None,
    finish: str | None,
    target_file: str | None,
    message: str,
) -> None:
    with pytest.raises(InputError, match=message):
        load_problem("english", False, vacancy, start_file, finish, target_file)


def test_a_board_file_gives_its_start(tmp_path: Path) -> None:
    drawn = "-o-\nooo\n.oo\n-o-\n"
    (tmp_path / "plus.txt").write_text(drawn)
    board, start, target = load_problem(str(tmp_path / "plus.txt"), False, (), None, None, None)
    same = FAMILY.read(drawn)
    assert (board.coords, start, target) == (same.board.coords, same.start, same.target)
