"""The no-wall 6x6 puzzle database that ships with searchlab, and who answers a request
(:mod:`searchlab.puzzles.rushhour.bundled`, :mod:`searchlab.puzzles.rushhour.sources`)."""

from __future__ import annotations

import fnmatch
import re
import tomllib
from importlib.resources import files
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.puzzles.rushhour import bundled, kernel, parse_board, sources
from searchlab.puzzles.rushhour.database import PuzzleDatabase, Row, default_path
from searchlab.puzzles.rushhour.solver import solve_board

ROOT = Path(__file__).parents[3]
HARDEST = Row(51, "BCCoDoBEFoDGBEFAAGHHHIoGooJIKKLLJMMo", 4780)
"""M. Fogleman's hardest 6x6 puzzle without walls (ThinkFun card 40's cluster)."""


@pytest.fixture(scope="module")
def shipped() -> list[Row]:
    """Every bundled row, read once (checked against its SHA-256 on the way)."""
    return list(bundled.rows())


@pytest.fixture(scope="module")
def converted() -> Path:
    """The bundled data as SQLite in the test session's cache directory (made once)."""
    return bundled.database_path()


def docs_histogram() -> dict[int, int]:
    text = (ROOT / "docs" / "rushhour.md").read_text(encoding="utf-8")
    found = re.search(r"Puzzles by moves \(complete\):\s*\n((?:\d+:\d+\s?)+)", text)
    assert found, "docs/rushhour.md lists the no-wall 6x6 histogram"
    return {int(m): int(n) for m, n in (p.split(":") for p in found.group(1).split())}


def test_the_bundled_file_is_the_complete_no_wall_6x6_database(shipped: list[Row]) -> None:
    assert len(shipped) == bundled.ROWS == 476_118
    assert shipped[0] == HARDEST and shipped[1].moves < 51  # one puzzle of 51, the first
    assert all(
        len(r.board) == 36 and set(r.board) <= set("oABCDEFGHIJKLMNOPQRSTUVWXYZ") for r in shipped
    )
    assert all(r.board.count("A") == 2 for r in shipped)  # the red car, no walls
    assert shipped == sorted(shipped, key=sources.export_order)  # Fogleman's order
    assert len({r.board for r in shipped}) == len(shipped)
    histogram: dict[int, int] = {}
    for r in shipped:
        histogram[r.moves] = histogram.get(r.moves, 0) + 1
    assert histogram == docs_histogram()


@settings(
    max_examples=8, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(k=st.integers(0, bundled.ROWS - 1), hard=st.booleans())
def test_bundled_rows_re_derive_from_their_boards(shipped: list[Row], k: int, hard: bool) -> None:
    """A row (any, or one of the 2,000 hardest) is its board's optimal moves (the family's
    solver), the hardest position of its cluster, and the cluster's size."""
    row = shipped[k % 2000 if hard else k]
    board = parse_board(row.board)
    result = solve_board(board)
    assert result.solved and result.cost == row.moves
    size, moves, hardest, _ = kernel.cluster_summary(board)
    assert (size, moves) == (row.cluster_size, row.moves)
    farthest = board.with_positions(kernel.unpack(hardest, len(board.vehicles)))
    assert farthest.to_database() == row.board


def test_the_conversion_holds_every_row_once(converted: Path, shipped: list[Row]) -> None:
    assert not default_path().exists()
    assert list(sources.export(6)) == shipped  # export gives back the shipped file
    with PuzzleDatabase(converted) as db:
        assert db.strata(6) == {0: bundled.ROWS} and db.strata(5) == {}
        assert db.histogram(6, [0]) == docs_histogram()
        assert next(db.export(6)) == HARDEST
        assert db.hardest(6, 0) == 51
    assert bundled.database_path() == converted  # made once, then reused


def test_damaged_data_is_a_one_line_error_and_leaves_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(bundled, "SHA256", "0" * 64)
    monkeypatch.setenv("SEARCHLAB_CACHE_DIR", str(tmp_path))
    with pytest.raises(InputError, match=r"damaged .*reinstall searchlab"):
        bundled.database_path()
    assert list(tmp_path.iterdir()) == []


def test_the_data_file_is_package_data() -> None:
    assert files("searchlab.puzzles.rushhour").joinpath(bundled.FILE_NAME).is_file()
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["searchlab"]
    inside = f"puzzles/rushhour/{bundled.FILE_NAME}"
    assert any(fnmatch.fnmatch(inside, p) for p in patterns)


# -- who answers: the user's file, the bundled data, or a message ---------------------------


def small(path: Path, rows: dict[int, list[Row]], size: int = 6) -> Path:
    """A database at ``path`` holding ``rows`` (per exact number of walls)."""
    with PuzzleDatabase(path, create=True) as db:
        for walls, rs in rows.items():
            db.insert(size, walls, rs, "test")
    return path


def boards(walls: int) -> st.SearchStrategy[list[Row]]:
    """Distinct rows, each board marked with its stratum (the boards need not be real:
    the order and the merge are tested)."""
    row = st.builds(
        Row,
        st.integers(1, 60),
        st.text("oABx", min_size=35, max_size=35).map(lambda b: f"{walls}{b}"),
        st.integers(1, 99),
    )
    return st.lists(row, max_size=12, unique_by=lambda r: r.board)


SHIPPED = [HARDEST, Row(3, "o" * 34 + "AA", 1), Row(2, "oA" * 18, 2)]
"""The small stand-in for the bundled rows."""


@pytest.fixture
def fake_bundled(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The bundled data replaced by a small database (three rows). Its boards are not
    real puzzles (what is tested is which file answers, the order and the merge), so the
    check of a drawn row (tests/faults/test_damaged_files.py) is turned off."""
    path = small(tmp_path / "bundled.sqlite", {0: SHIPPED})
    monkeypatch.setattr(sources, "check_row", lambda *_args: None)
    monkeypatch.setattr(bundled, "database_path", lambda: path)
    monkeypatch.setattr(bundled, "ROWS", 3)
    return path


def test_without_a_user_database_the_bundled_data_answers(fake_bundled: Path) -> None:
    assert not default_path().exists()
    p = sources.plan(6, None)
    assert p.parts == ((sources.BUNDLED, (0,)),) and not p.missing
    assert sources.draw(40) == HARDEST
    assert [r.moves for r in sources.export(6)] == [51, 3, 2]
    with pytest.raises(
        InputError,
        match=r"for 6x6 with 1 wall yet .*about a day.*: searchlab rushhour enumerate --size 6 "
        r"--walls 1$",
    ):
        sources.draw(5, walls=1)
    with pytest.raises(
        InputError, match=r"for 6x6 with 1, 2 walls yet .*four days.*--size 6 --walls 2$"
    ):
        sources.export(6, max_walls=2)  # raised at once, before any row
    with pytest.raises(
        InputError, match=r"no 5x5 puzzles yet; seconds to minutes.*enumerate --size 5$"
    ):
        sources.export(5)
    with pytest.raises(InputError, match="4x4, 5x5 and 6x6 boards with up to 2 walls"):
        sources.draw(5, size=7)


@settings(
    max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(user0=boards(0), user1=boards(1), user2=boards(2))
def test_export_merges_the_user_strata_with_the_bundled_hardest_first(
    fake_bundled: Path, user0: list[Row], user1: list[Row], user2: list[Row]
) -> None:
    """The user's wall strata and the bundled no-wall one, merged in Fogleman's order; the
    user's no-wall stratum replaces the bundled one only when it is as large (complete)."""
    strata = {w: rs for w, rs in enumerate((user0, user1, user2)) if rs}
    path = default_path()
    try:
        if strata:
            small(path, strata)
        no_walls = user0 if len(user0) >= len(SHIPPED) else SHIPPED
        expected = sorted([*no_walls, *user1, *user2], key=sources.export_order)
        assert list(sources.export(6)) == expected
        assert list(sources.export(6, max_walls=0)) == sorted(no_walls, key=sources.export_order)
        if user1:
            assert sources.draw(1, walls=1) in user1
        assert sources.draw(1) in no_walls
    finally:
        path.unlink(missing_ok=True)


def test_a_given_file_is_the_only_source(fake_bundled: Path, tmp_path: Path) -> None:
    mine = small(tmp_path / "mine.sqlite", {1: [Row(7, "x" + "o" * 33 + "AA", 4)]})
    assert [r.moves for r in sources.export(6, path=mine)] == [7]  # not the bundled rows
    with pytest.raises(
        InputError,
        match=r"mine.sqlite has no 6x6 with 0 walls; to build it: .*--walls 0 --db .*mine.sqlite$",
    ):
        sources.draw(5, path=mine)
    with pytest.raises(InputError, match="no puzzle database at"):
        sources.draw(5, path=tmp_path / "none.sqlite")
