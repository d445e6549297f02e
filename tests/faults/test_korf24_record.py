"""benchmarks/korf24.py's record of hours of CPU survives a torn last line: the line is
named and set aside, the others still count, and the next record starts a line of its own."""

from __future__ import annotations

import importlib
import json
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

BENCHMARKS = Path(__file__).resolve().parents[2] / "benchmarks"


@pytest.fixture
def korf24(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(BENCHMARKS))
    return importlib.import_module("korf24")


def record(ident: int, status: str = "time_limit") -> dict[str, object]:
    return {"id": ident, "status": status, "length": None, "published": 100, "nodes": 10,
            "cpu_s": 1.0, "bound": 90, "time_limit_s": 600.0, "cpu_limit_s": None,
            "heuristic": "6-6-6-6 blank-goal + reflection"}  # fmt: skip


def test_a_torn_last_line_is_set_aside_and_the_next_record_not_glued_to_it(
    korf24: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "r.jsonl"
    whole = json.dumps(record(1)) + "\n"
    torn = json.dumps(record(2))[:25]
    path.write_text(whole + torn)
    assert set(korf24.read_results(path)) == {1}  # read: named, skipped, no traceback
    assert "r.jsonl:2: not a record" in capsys.readouterr().err
    korf24.append_record(path, record(3))
    assert "torn" in capsys.readouterr().err
    assert path.read_text() == whole + json.dumps(record(3)) + "\n"
    assert (tmp_path / "r.jsonl.torn").read_text() == torn + "\n"
    assert set(korf24.read_results(path)) == {1, 3}


@pytest.mark.parametrize(
    "line", ["{", "[1, 2]", '{"id": "x", "status": "solved", "nodes": 1}', "\x00" * 40]
)
def test_any_line_that_is_no_record_is_named_and_skipped(
    korf24: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str], line: str
) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(record(1)) + "\n" + line + "\n" + json.dumps(record(2)) + "\n")
    assert set(korf24.read_results(path)) == {1, 2}
    assert "r.jsonl:2: not a record, skipped" in capsys.readouterr().err


def test_the_table_of_a_torn_record_prints_without_a_traceback(tmp_path: Path) -> None:
    path = tmp_path / "r.jsonl"
    path.write_text(json.dumps(record(5)) + "\n" + json.dumps(record(6))[:30])
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)}
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "korf24.py"), "--table", "--results", str(path)],
        capture_output=True, text=True, env=env, timeout=120,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "Traceback" not in run.stderr and "r.jsonl:2: not a record" in run.stderr
    rows = {line.split("|")[1].strip(): line for line in run.stdout.splitlines() if "|" in line}
    assert "not run" not in rows["5"] and "not run" in rows["6"]


def test_records_of_each_pruning_are_kept_apart_and_added_whole(
    korf24: ModuleType, tmp_path: Path
) -> None:
    """A solve with the automaton does not count as the parent-only (Korf & Felner) one's,
    and each record is added by a rename: no temporary file is left beside the record."""
    path = tmp_path / "r.jsonl"
    korf24.append_record(path, record(1, "solved"))  # an old record: no field, parent
    korf24.append_record(path, {**record(2, "solved"), "pruning": "fsm-12"})
    assert set(korf24.read_results(path)) == {1}
    assert set(korf24.read_results(path, "fsm-12")) == {2}
    assert sorted(p.name for p in tmp_path.iterdir()) == ["r.jsonl"]
    assert len(path.read_text().splitlines()) == 2


def test_instances_run_longest_first_by_published_nodes(
    korf24: ModuleType, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """The chosen instances are handed out longest first (Korf & Felner's nodes: #40 has
    65,099,578, #38 38,173,507, #25 292,174,444); the run itself is stubbed."""
    order: list[int] = []

    def fake_map(fn: object, tasks: list[tuple[object, ...]], **_: object) -> list[object]:
        order.extend(int(str(t[0])) for t in tasks)
        return []

    monkeypatch.setattr(korf24, "map_unordered", fake_map)
    monkeypatch.setattr(korf24, "databases", lambda tables: [])
    monkeypatch.setattr(sys, "argv", ["korf24.py", "40", "38", "25", "--results", os.devnull])
    assert korf24.main() == 0
    assert order == [25, 40, 38]
    assert "longest first" in capsys.readouterr().out


def test_records_of_each_heuristic_family_are_kept_apart(
    korf24: ModuleType, tmp_path: Path
) -> None:
    """A zero-aware catalogue's solve does not count as the additive tables' one, nor as
    another catalogue's."""
    path = tmp_path / "r.jsonl"
    korf24.append_record(path, {**record(1, "solved"), "heuristic": "6-6-6-6 + reflection"})
    korf24.append_record(path, {**record(2, "solved"), "heuristic": korf24.family("kf+r,kf")})
    assert set(korf24.read_results(path)) == {1}
    assert set(korf24.read_results(path, "parent", korf24.family("kf+r,kf"))) == {2}
    assert set(korf24.read_results(path, "parent", korf24.family("kf+r"))) == set()


def test_a_checkpoint_round_trips_and_a_damaged_or_foreign_one_is_ignored(
    korf24: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """An A*+IDA* run's checkpoint (what a run stopped by its limit, Ctrl-C or a kill
    resumes from) reads back whole; a damaged file, or one of another heuristic, is
    named on one line and the run starts over."""
    at = korf24.Checkpoint(93, 1234, 95, 10**9, 4 * 10**8, 3, 9 * 10**8, 5_281_554, 77)
    where = korf24.checkpoints_of(tmp_path / "r.jsonl") / "31-astar10.json"
    state = {"heuristic": "zpdb x + fsm-12 + A*+IDA* 10", "at": at, "cpu_s": 12.5,
             "iterations": [[91, 5]], "resumes": 1}  # fmt: skip
    korf24.write_checkpoint(where, state)
    assert korf24.read_checkpoint(where, state["heuristic"]) == state
    assert korf24.read_checkpoint(where.with_name("none.json"), "h") is None
    assert capsys.readouterr().err == ""
    assert korf24.read_checkpoint(where, "zpdb y + fsm-12 + A*+IDA* 10") is None
    assert "for 'zpdb x + fsm-12 + A*+IDA* 10'" in capsys.readouterr().err
    for damage in (b"", b"\x00" * 40, b'{"heuristic": "zpdb x + fsm-12 + A*+IDA* 10"}', b"[1]"):
        where.write_bytes(damage)
        assert korf24.read_checkpoint(where, state["heuristic"]) is None
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "starting over" in err


_APPEND = """
import sys
sys.path.insert(0, sys.argv[1])
import korf24
for i in range(int(sys.argv[3]), int(sys.argv[3]) + 40):
    korf24.append_record(korf24.Path(sys.argv[2]), {"id": i, "status": "time_limit",
        "length": None, "published": 100, "nodes": 10, "cpu_s": 1.0, "bound": 90,
        "time_limit_s": 600.0, "cpu_limit_s": None, "heuristic": "6-6-6-6"})
"""


def test_two_runs_appending_at_once_lose_no_record(tmp_path: Path) -> None:
    """Two processes share a record (one ``korf24.py`` a core): every record of both is
    kept, each on a line of its own."""
    path = tmp_path / "r.jsonl"
    runs = [
        subprocess.Popen([sys.executable, "-c", _APPEND, str(BENCHMARKS), str(path), str(start)])
        for start in (0, 1000)
    ]
    assert [r.wait(timeout=120) for r in runs] == [0, 0]
    ids = [json.loads(line)["id"] for line in path.read_text().splitlines()]
    assert sorted(ids) == [*range(40), *range(1000, 1040)]
    assert not (tmp_path / "r.jsonl.lock").exists()


def test_the_summary_takes_each_instance_cheapest_solving_run_across_configurations(
    korf24: ModuleType, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``--summary``: a solved run at the published length counts, the cheapest one an
    instance; a wrong length, a stopped run, a NaN or negative CPU time, a torn line do not."""
    path = tmp_path / "r.jsonl"
    plain = {**record(1, "solved"), "length": 95, "cpu_s": 50.0}  # 95: #1's optimum
    astar = {**record(1, "solved"), "length": 95, "cpu_s": 20.0, "pruning": "fsm-12",
             "heuristic": "zpdb s1 + fsm-12 + A*+IDA* 1000", "astar_nodes": 1000}  # fmt: skip
    lines = [
        json.dumps(plain),
        json.dumps(astar),
        json.dumps({**record(2, "solved"), "length": 95, "published": 95}),  # #2's is 96
        json.dumps(record(3)),  # stopped
        json.dumps({**record(4, "solved"), "length": 100, "cpu_s": float("nan")}),
        json.dumps({**record(5, "solved"), "length": 100, "cpu_s": -1.0}),
        json.dumps({**record(6, "solved"), "length": 100, "cpu_s": 3600.0})[:30],  # torn
        json.dumps({**record(99, "solved"), "length": None}),  # no such instance
    ]
    path.write_text("\n".join(lines) + "\n")
    solved = korf24.read_solved(path, {k: 95 if k == 1 else 100 for k in range(1, 7)} | {2: 96})
    assert set(solved) == {1}
    assert solved[1]["cpu_s"] == 20.0
    assert "r.jsonl:7: not a record" in capsys.readouterr().err
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "korf24.py"), "--summary", "--results", str(path)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 0, run.stderr
    assert "| 1 | 95 |" in run.stdout and "zpdb s1 + fsm-12 + A*+IDA* 1000 |" in run.stdout
    assert "1 of 50 solved, each at the published length, in 0.01 CPU hours" in run.stdout
    # the rest estimated from the published "small" counts (#1: 117,467,064) at the
    # latest configuration's ratio (10 nodes: 8.5e-08) and speed (0.5 nodes a CPU s)
    known = sum(k.zero_aware_nodes[1] or 0 for k in korf24.korf24_instances() if k.id != 1)
    hours = known * (10 / 117_467_064) / 0.5 / 3600
    assert (
        "Estimate for the rest with zpdb s1 + fsm-12 + A*+IDA* 1000: their published 'small' "
        f"nodes ({known:.3g} in all) times our nodes over theirs on the 1 it solved"
    ) in run.stdout
    assert f"about {hours:,.0f} CPU hours" in run.stdout
    assert "Traceback" not in run.stderr


@pytest.mark.parametrize("flag", ["--summary", "--table"])
def test_a_record_that_is_a_folder_is_said_in_one_line(tmp_path: Path, flag: str) -> None:
    run = subprocess.run(
        [sys.executable, str(BENCHMARKS / "korf24.py"), flag, "--results", str(tmp_path)],
        capture_output=True, text=True, timeout=120, check=False,
    )  # fmt: skip
    assert run.returncode == 2
    assert "Traceback" not in run.stderr
    assert run.stderr.strip().splitlines()[-1].endswith(f"--results {tmp_path}: Is a directory")


def test_the_estimate_runs_at_the_latest_layouts_speed_piece_by_piece(korf24: ModuleType) -> None:
    """The speed of the rest is that of the latest solve's layout, each run counted for its
    own piece (a resumed run less its nodes and CPU before); a resumed run that does not
    say its nodes before, and the other layout's runs, are left out."""
    heur = "zpdb s1 + fsm-12 + A*+IDA* 1000"
    base = {"status": "solved", "length": 95, "heuristic": heur, "pruning": "fsm-12",
            "finished": "2026-11-30T07:00:00Z"}  # fmt: skip
    dense = {**base, "id": 1, "nodes": 1_000, "cpu_s": 100.0}
    radix = {**base, "id": 1, "nodes": 9_000, "cpu_s": 160.0, "layout": "radix",
             "resumes": 1, "nodes_before": 1_000, "cpu_before_s": 100.0,
             "finished": "2026-11-30T08:00:00Z"}  # fmt: skip
    mixed = {**radix, "id": 2, "nodes_before": None}
    del mixed["nodes_before"]  # resumed, its nodes before not said: left out
    stopped = {**radix, "id": 3, "status": "cpu_limit", "nodes": 2_000, "nodes_before": 0,
               "cpu_before_s": 0.0, "resumes": 0}  # fmt: skip
    pieces = [dense, radix, mixed, stopped]
    config = korf24.configuration(radix)
    assert korf24.piece_speed(pieces, config, "radix") == (8_000 + 2_000) / (60.0 + 160.0)
    assert korf24.piece_speed(pieces, config, "dense") == 10.0
    assert korf24.piece_speed(pieces, "another", "radix") is None
    instances = korf24.korf24_instances()
    text = korf24.rest_estimate(instances, {1: radix}, pieces)
    assert f"at {10_000 / 220.0 / 1e6:.2f} M nodes per CPU second (its radix tables' runs)" in text
    assert "(its solving runs)" in korf24.rest_estimate(instances, {1: radix}, [])
