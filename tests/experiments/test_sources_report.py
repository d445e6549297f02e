"""Ranges, configurations, writers and plots."""

from __future__ import annotations

import csv
import io
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from searchlab.errors import InputError
from searchlab.experiments import GroupRow, configuration, parse_range, plot_cost
from searchlab.experiments.compare import build_configurations
from searchlab.records.results import Column, to_csv, to_markdown


@given(st.integers(0, 50), st.integers(0, 50), st.integers(1, 7))
def test_parse_range_matches_python_range(lo: int, span: int, step: int) -> None:
    assert parse_range(f"{lo}-{lo + span}:{step}") == list(range(lo, lo + span + 1, step))
    assert parse_range(f"{lo}-{lo + span}", step=step) == list(range(lo, lo + span + 1, step))


def test_parse_range_lists_and_errors() -> None:
    assert parse_range("8, 2-4,8") == [2, 3, 4, 8]
    for bad in ("", "a", "4-2", "1-3:0", "-1"):
        with pytest.raises(InputError):
            parse_range(bad)
    with pytest.raises(InputError, match="at least 1"):
        parse_range("0-3", minimum=1)


def test_configurations_informed_once_per_heuristic() -> None:
    configs = build_configurations(
        ("bfs", "astar", "wastar", "bfs"), ("h1", "h2"), tie_break="fifo", weight=2.0
    )
    assert [c.label for c in configs] == [
        "bfs",
        "astar:h1[tie_break=fifo]",
        "astar:h2[tie_break=fifo]",
        "wastar:h1[tie_break=fifo,weight=2.0]",
        "wastar:h2[tie_break=fifo,weight=2.0]",
    ]


def test_configuration_key_includes_limits() -> None:
    from searchlab.experiments import Limits

    c = configuration("astar", "h", tie_break="fifo")
    assert c.key(Limits(time_limit=1)) != c.key(Limits(time_limit=2))
    assert c.key(Limits()) == configuration("astar", "h", tie_break="fifo").key(Limits())


ROWS = [{"group": 2, "label": "a|b", "value": 1234.5, "missing": None}]
COLUMNS = [
    Column("group", "g"),
    Column("label", "label", numeric=False),
    Column("value", "v", 1),
    Column("missing", "m"),
]


def test_writers() -> None:
    assert list(csv.reader(io.StringIO(to_csv(COLUMNS, ROWS)))) == [
        ["group", "label", "value", "missing"],
        ["2", "a|b", "1234.5", ""],
    ]
    md = to_markdown(COLUMNS, ROWS).splitlines()
    assert md[0] == "| g | label | v | m |" and md[2] == "| 2 | a\\|b | 1,234.5 | – |"


def _row(group: int, label: str, generated: float | None) -> GroupRow:
    return GroupRow(
        group,
        label,
        "astar",
        "h",
        1,
        1,
        0,
        0,
        generated,
        generated,
        1.0,
        1.0,
        0.1,
        float(group),
        1.5,
        1.5,
    )


def test_plot_files(tmp_path: Path) -> None:
    rows = [_row(2, "x", 10.0), _row(4, "x", 100.0), _row(6, "x", None)]
    svg = plot_cost(rows, tmp_path / "p.svg", reference={"x": {2: 8.0, 4: 120.0}})
    text = svg.read_text()
    assert "<svg" in text and "x (published)" in text
    with pytest.raises(InputError, match=r"\.png"):
        plot_cost(rows, tmp_path / "p.jpg")
    with pytest.raises(InputError, match="cannot write"):
        plot_cost(rows, tmp_path / "missing-dir" / "p.png")
