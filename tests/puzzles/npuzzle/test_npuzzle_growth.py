"""The projection of an unfinished IDA* run (growth per iteration) and the 24-puzzle
results table built from it (benchmarks/korf24.py --table on a small record)."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from pathlib import Path

import pytest

from searchlab.puzzles.npuzzle.growth import (
    brute_force_growth,
    error_summary,
    growth_decay,
    growth_ratio,
    log_error,
    project,
    validate,
)
from searchlab.puzzles.npuzzle.korf import korf24_instances

BENCH = Path(__file__).resolve().parents[3] / "benchmarks" / "korf24.py"


def test_brute_force_growth_is_edelkamp_and_korfs_branching_factor_squared() -> None:
    # Edelkamp & Korf (1998): 1.732 (8-puzzle), 2.1304 (15), 2.3676 (24)
    for size, b in ((3, 1.7321), (4, 2.1304), (5, 2.3676)):
        assert math.sqrt(brute_force_growth(size)) == pytest.approx(b, abs=1e-4)


def test_projection_of_a_geometric_run_is_exact() -> None:
    its = [(80, 10), (82, 50), (84, 250)]  # growth 5 per iteration
    assert growth_ratio(its, 9.0) == 5.0 and growth_ratio(its[:1], 9.0) == 9.0
    p = project(its, 88, 5.0)
    assert p.remaining == 1250 + 6250 and p.nodes == 310 + 1250 + 6250
    half = project(its, 88, 5.0, final_fraction=0.5)
    assert half.remaining == 1250 + 3125
    # growth falling by 0.8 each iteration, never below 4.5: 5, 4.5 (not 4), 4.5
    assert growth_decay([(80, 1), (82, 10), (84, 80)]) == pytest.approx(0.8)
    assert growth_decay(its) == 1.0 and growth_decay([(80, 1), (82, 2), (84, 8)]) == 1.0
    falling = project(its, 90, 5.0, decay=0.8, least=4.5)
    assert falling.remaining == pytest.approx(1250 * (1 + 4.5 + 4.5**2))
    # a stopped run had searched 2,500 nodes of bound 86: that iteration is at least that
    assert project(its, 88, 5.0, partial=1000).remaining == 1250 + 6250
    assert project(its, 88, 5.0, partial=2500).remaining == 2500 + 12500
    # a solved run of the same growth, found after half its last iteration
    checks = validate([(7, [*its, (86, 1250)], 310 + 1250 + 3125)], 5.0, 0.5)
    assert [c.horizon for c in checks] == [4, 3, 2, 1]
    assert all(c.error == pytest.approx(1.0) for c in checks)
    assert log_error(checks) == pytest.approx(1.0)
    assert set(error_summary(checks)) == {1, 2, 3, 4}


def test_projection_refuses_what_it_cannot_carry_on() -> None:
    with pytest.raises(ValueError):
        project([], 90, 5.0)
    with pytest.raises(ValueError):
        project([(88, 10)], 88, 5.0)  # the target already passed
    with pytest.raises(ValueError):
        project([(88, 10)], 91, 5.0)  # not a bound of the same parity


def test_results_table_lists_all_50_with_state_and_projection(tmp_path: Path) -> None:
    opt = {k.id: k.optimal_length for k in korf24_instances()}
    common = {"time_limit_s": 600.0, "heuristic": "6-6-6-6 blank-goal + reflection"}
    solved = {
        "id": 40, "status": "solved", "length": opt[40], "published": opt[40],
        "nodes": 10**8, "cpu_s": 1.0, "bound": opt[40], "cpu_limit_s": None,
        "iterations": [[opt[40] - 4, 10**6], [opt[40] - 2, 10**7]], "last": [opt[40], 89 * 10**6],
    }  # fmt: skip
    stopped = {
        "id": 2, "status": "cpu_limit", "length": None, "published": opt[2],
        "nodes": 31 * 10**6, "cpu_s": 2.0, "bound": opt[2] - 2, "cpu_limit_s": 2.0,
        "iterations": [[opt[2] - 8, 10**6], [opt[2] - 6, 10**7]], "last": [opt[2] - 4, 2 * 10**7],
    }  # fmt: skip
    old = {"id": 3, "status": "time_limit", "length": None, "published": opt[3],
           "nodes": 500, "cpu_s": 1.0, "bound": opt[3] - 2}  # fmt: skip
    longer = {"id": 2, "status": "time_limit", "length": None, "published": opt[2],
              "nodes": 3 * 10**9, "cpu_s": 200.0, "bound": opt[2] - 2}  # fmt: skip
    path = tmp_path / "r.jsonl"
    runs = (longer, solved, stopped, old)
    path.write_text("".join(json.dumps({**common, **r}) + "\n" for r in runs))
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    out = subprocess.run(
        [sys.executable, str(BENCH), "--table", "--results", str(path)],
        capture_output=True, text=True, check=True, env=env, timeout=120,
    ).stdout  # fmt: skip
    table = out.split("\n\n")[0].splitlines()[2:]  # the first table, headers left out
    rows = {int(line.split("|")[1]): line for line in table}
    assert sorted(rows) == list(range(1, 51))
    assert "not run" in rows[1] and f"solved, {opt[40]} moves" in rows[40]
    assert f"bound {opt[2] - 6} done" in rows[2] and "not recorded" in rows[3]
    # growth 10 from the last two iterations, three more: 1e8, 1e9, 1e10 at 15.5 M nodes/s,
    # the last one counted at half (the range: none of it, all of it), and at least the
    # 3e9 nodes of the longer run stopped before
    cells = [c.strip().replace("(", "").replace(")", "").split() for c in rows[2].split("|")]
    central, (lo, hi) = float(cells[8][0]), map(float, cells[8][1].split("-"))
    assert central == pytest.approx(1.1e7 + 1e8 + 1e9 + 0.5e10, rel=0.01)
    assert (lo, hi) == (pytest.approx(3e9, rel=0.01), pytest.approx(1.1111e10, rel=0.01))
    assert "a longer run: bound" in rows[2]
    assert float(cells[9][0]) == pytest.approx(6.111e9 / 15.5e6 / 3600, abs=0.05)
    assert "the 1 solved runs" in out and "no projection for [1, 3" in out
