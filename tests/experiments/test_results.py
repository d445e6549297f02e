"""Results of compare() and the built-in experiments: to_pandas, the HTML table, text."""

from __future__ import annotations

import html
import re
import sys

import pytest

from searchlab.errors import InputError
from searchlab.experiments import Results, builtin_experiments, compare, experiment
from searchlab.experiments.report import COMPARE_COLUMNS
from searchlab.records.results import Column, html_table

pd = pytest.importorskip("pandas")


@pytest.fixture(scope="module")
def maze_results() -> Results:
    return compare(
        "maze", [6, 12], count=3, seed=1, algorithms=["bfs", "astar"], heuristics=["manhattan"]
    )


def body_rows(text: str) -> list[str]:
    return re.findall(r"<tr>(.*?)</tr>", text.split("<tbody>")[1])


def test_compare_rows_are_the_aggregated_groups(maze_results: Results) -> None:
    res = maze_results
    assert res.title == "compare/maze" and tuple(res.columns) == COMPARE_COLUMNS
    assert [(r["group"], r["label"]) for r in res.rows] == [
        (6, "bfs"),
        (6, "astar:manhattan"),
        (12, "bfs"),
        (12, "astar:manhattan"),
    ]
    assert all(r["runs"] == r["solved"] == 3 for r in res.rows)
    assert len(res.records) == 12 and res.summary is not None


def test_to_pandas_has_every_row_and_field(maze_results: Results) -> None:
    df = maze_results.to_pandas()
    rows = maze_results.machine_rows
    assert list(df.columns) == list(rows[0])
    assert len(df) == len(rows)
    for i, row in enumerate(rows):
        for key, value in row.items():
            cell = df.iloc[i][key]
            assert (value is None and pd.isna(cell)) or cell == value, (i, key)


def test_to_pandas_runs_has_one_row_per_record(maze_results: Results) -> None:
    df = maze_results.to_pandas(runs=True)
    assert len(df) == len(maze_results.records)
    assert {"instance", "label", "status", "generated", "expanded", "seconds"} <= set(df.columns)
    assert sorted(df["generated"]) == sorted(r.generated for r in maze_results.records)


def test_to_pandas_without_pandas_says_what_to_install(
    maze_results: Results, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # import pandas now fails
    with pytest.raises(ModuleNotFoundError, match=r"pip install 'searchlab\[notebook\]'"):
        maze_results.to_pandas()


def test_html_table_shows_every_row_formatted(maze_results: Results) -> None:
    text = maze_results._repr_html_()
    rows = body_rows(text)
    assert len(rows) == len(maze_results.rows)
    for tr, row in zip(rows, maze_results.rows, strict=True):
        cells = [html.unescape(c) for c in re.findall(r"<td[^>]*>(.*?)</td>", tr)]
        assert cells == [c.text(row.get(c.key)) for c in COMPARE_COLUMNS]
    headers = re.findall(r"<th style=[^>]*>(.*?)</th>", text)
    assert headers == [html.escape(c.header) for c in COMPARE_COLUMNS]
    assert "border-top" in rows[2] and "border-top" not in rows[1]  # a rule between groups


def test_html_escapes_every_cell_title_and_note() -> None:
    evil = '<script>alert("x")</script>&'
    res = Results(
        evil,
        (Column("name", evil, numeric=False), Column("n", "n")),
        [{"name": evil, "n": 1}, {"name": "ok", "n": None}],
        notes=(evil,),
    )
    text = res._repr_html_()
    assert "<script>" not in text and "&lt;script&gt;" in text
    assert text.count("&lt;script&gt;") == 4  # title, header, cell, note
    assert html.unescape(body_rows(text)[1]).count("–") == 1  # None as an en dash


def test_html_caps_very_long_tables() -> None:
    rows = [{"n": i} for i in range(30)]
    text = html_table((Column("n", "n"),), rows, max_rows=10)
    assert len(body_rows(text)) == 11 and "20 more rows" in text


def test_text_forms(maze_results: Results) -> None:
    assert str(maze_results).startswith("compare/maze\n\n| group | configuration |")
    assert repr(maze_results) == "<Results 'compare/maze': 4 rows>"
    assert maze_results.to_csv().splitlines()[0] == ",".join(c.key for c in COMPARE_COLUMNS)
    assert '"label": "astar:manhattan"' in maze_results.to_json()


def test_compare_from_board_texts() -> None:
    res = compare("maze", boards={"tiny": "S.G\n", "other": "S..\n..G\n"}, algorithms="bfs")
    assert sorted(str(r["group"]) for r in res.rows) == ["other", "tiny"]
    assert [r["mean_length"] for r in res.rows if r["group"] == "tiny"] == [2.0]


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({}, "params .* or boards"),
        ({"params": [4], "boards": ["S.G\n"]}, "one of them"),
        ({"params": [4], "algorithms": ["nope"]}, "unknown algorithm 'nope'"),
        ({"params": [4], "heuristics": ["nope"]}, "unknown heuristic 'nope'"),
        ({"params": [4], "tie_break": "nope"}, "unknown tie_break"),
        ({"params": [-1]}, "non-negative"),
        ({"params": "4-x"}, "expected numbers"),
    ],
)
def test_compare_rejects_bad_input_in_one_line(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises(InputError, match=message):
        compare("maze", **kwargs)  # type: ignore[arg-type]


def test_experiment_returns_its_table_and_json_rows() -> None:
    res = experiment("aima-3.29", depths=[2, 4], instances=2)
    assert [r["depth"] for r in res.rows] == [2, 4]
    assert res.columns[0].key == "depth" and any("book" in n for n in res.notes)
    df = res.to_pandas()
    assert len(df) == 6 and list(df.columns) == list(res.machine_rows[0])
    assert list(df["book_generated"][:3]) == [10, 6, 6]
    assert "A*(h2) cost" in res._repr_html_()


def test_knight_experiment_data_is_finer_than_its_table() -> None:
    res = experiment("knight-warnsdorff", sizes=[5], starts=2)
    assert len(res.rows) == 1 and res.rows[0]["size"] == "5x5"
    assert list(res.to_pandas()["tie_break"]) == ["first", "last", "roth", "centre", "random"]


def test_experiment_errors_are_one_line() -> None:
    with pytest.raises(InputError, match=r"unknown experiment 'nope'; choose one of aima-3\.29"):
        experiment("nope")
    with pytest.raises(InputError, match=r"aima-3\.29: .*unexpected keyword argument 'depth'"):
        experiment("aima-3.29", depth=[2])
    with pytest.raises(InputError, match="matches no problem; the problems are: english"):
        experiment("peg-seed000", only=["nothing like this"])
    assert set(builtin_experiments()) == {
        "aima-3.29",
        "peg-seed000",
        "knight-warnsdorff",
        "rushhour-difficulty",
    }


def test_stored_results_are_reused(tmp_path: object) -> None:
    db = f"{tmp_path}/r.sqlite"
    first = compare("maze", [6], count=2, algorithms="bfs", db=db)
    again = compare("maze", [6], count=2, algorithms="bfs", db=db)
    assert again.summary is not None and again.summary.reused == 2 and again.summary.ran == 0
    assert again.rows == first.rows
    fresh = compare("maze", [6], count=2, algorithms="bfs", db=db, fresh=True)
    assert fresh.summary is not None and fresh.summary.ran == 2


def test_every_declared_setting_is_a_keyword_of_its_builder() -> None:
    """A family's declared experiment: each option is a keyword of ``build`` (every
    range too), and ``searchlab experiment`` has its command with those options first."""
    import inspect

    from searchlab.cli.experiment import experiment as group

    for name, spec in builtin_experiments().items():
        params = inspect.signature(spec.build).parameters
        keywords = [option.keyword for option in spec.settings]
        assert set(keywords) <= set(params) and set(spec.ranges) <= set(keywords), name
        shown = [p.name for p in group.commands[name].params]
        assert shown[: len(keywords)] == keywords
        assert ("plot_path" in shown) == (spec.plot is not None)
