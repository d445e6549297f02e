"""Rush Hour's commands as plain functions: blocks out, no terminal, no Click."""

from __future__ import annotations

from pathlib import Path

import pytest

from searchlab.errors import InputError
from searchlab.families.parallel import InProcess, Runner
from searchlab.puzzles.rushhour import card, parse_board
from searchlab.puzzles.rushhour.tasks import (
    Exit,
    Note,
    Record,
    export_task,
    generate_task,
    hint_task,
    rate_task,
)

UNSOLVABLE = "oooooooooooooAAoBBoooooooooooooooooo"


def test_rate_yields_a_record_with_json_and_labelled_lines_without() -> None:
    c = card(1)
    (record,) = rate_task(card_no=1, as_json=True)
    assert isinstance(record, Record) and isinstance(record.data, dict)
    assert record.data["moves"] == c.moves and record.data["board"] == c.database
    lines = list(rate_task(c.database))
    assert all(isinstance(b, str) for b in lines)
    assert f"moves: {c.moves}" in lines


def test_no_solution_is_a_message_then_exit_1() -> None:
    blocks = list(rate_task(UNSOLVABLE))
    assert isinstance(blocks[0], Note) and "no solution" in blocks[0].text
    assert blocks[-1] == Exit(1)
    blocks = list(hint_task(UNSOLVABLE))
    assert isinstance(blocks[0], Record) and isinstance(blocks[0].data, dict)
    assert blocks[0].data["move"] is None and blocks[0].data["solved"] is False  # --json
    assert isinstance(blocks[1], Note) and blocks[-1] == Exit(1)


def test_hint_is_a_legal_first_move_of_an_optimal_solution() -> None:
    c = card(1)
    record, move = hint_task(c.database)  # the --json object, then the move
    assert isinstance(move, str)
    assert isinstance(record, Record) and isinstance(record.data, dict)
    assert record.data["move"] == move
    after = parse_board(c.database).apply(move)
    (rating,) = rate_task(after.to_database(), as_json=True)
    assert isinstance(rating, Record) and isinstance(rating.data, dict)
    assert rating.data["moves"] == c.moves - 1


def test_an_impossible_generate_answers_at_once() -> None:
    blocks = list(generate_task(min_moves=52, as_json=True))
    assert blocks[0] == Record([])
    assert isinstance(blocks[1], Note) and "impossible" in blocks[1].text
    assert blocks[-1] == Exit(1)


@pytest.mark.parametrize(
    "options",
    [
        {"min_moves": 5, "size": "9x9"},
        {"min_moves": 5, "max_moves": 9},
        {"min_moves": 5, "from_db": True, "size": "4x5"},
    ],
)
def test_bad_generate_options_raise_before_any_block(options: dict[str, object]) -> None:
    with pytest.raises(InputError):
        next(generate_task(**options))  # type: ignore[arg-type]


def test_export_of_a_missing_database_is_an_input_error(tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no puzzle database"):
        list(export_task(db_path=str(tmp_path / "none.sqlite")))


def test_in_process_is_a_runner_that_stops_when_cancelled() -> None:
    runner: Runner = InProcess()
    assert runner.local and list(runner.map(abs, [-1, -2])) == [1, 2]

    class Set:
        def is_set(self) -> bool:
            return True

    assert list(runner.map(abs, [-1], cancel=Set())) == []


def test_export_yields_every_line_in_chunks(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from searchlab.puzzles.rushhour import tasks
    from searchlab.puzzles.rushhour.database_build import build

    db = tmp_path / "db.sqlite"
    build(4, 0, db)
    whole = list(export_task(db_path=str(db), size=4))
    monkeypatch.setattr(tasks, "EXPORT_CHUNK", 5)
    chunks = list(export_task(db_path=str(db), size=4))
    assert len(chunks) == 7 and all(isinstance(c, str) for c in chunks)
    assert "\n".join(map(str, chunks)) == "\n".join(map(str, whole))
    assert len("\n".join(map(str, whole)).splitlines()) == 32  # every 4x4 puzzle
    out = tmp_path / "rush4.txt"
    assert list(export_task(db_path=str(db), size=4, output=str(out))) == []
    assert out.read_text().splitlines() == "\n".join(map(str, whole)).splitlines()


def test_the_solve_report_and_its_quiet_form() -> None:
    from searchlab.families.report import describe_outcome
    from searchlab.puzzles.rushhour.commands import report
    from searchlab.puzzles.rushhour.family import FAMILY
    from searchlab.puzzles.rushhour.render import render_text
    from searchlab.search.result import SearchStats

    start = parse_board(UNSOLVABLE)
    failed = FAMILY.run(start, "fast", None)
    blocks = list(report(start, failed, "fast"))
    assert blocks[0] == render_text(start) and isinstance(blocks[-1], SearchStats)
    assert list(report(start, failed, "fast", quiet=True)) == [describe_outcome(failed)]
    c = card(1)
    solved = FAMILY.run(c.parse(), "fast", None)
    quiet = list(report(c.parse(), solved, "fast", quiet=True))
    assert len(quiet) == 3 and quiet[-1] == "moves: " + " ".join(solved.actions)
    assert len(list(report(c.parse(), solved, "fast"))) == 5
