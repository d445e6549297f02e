"""The grader: the reference programs get full marks, faulty ones the marks they deserve,
and every run stays within its limits (time, output, processes), its group killed.

The process-count test uses a *bounded* spawner (60 sleeping children, then it waits):
tests run as root, where RLIMIT_NPROC does not bind, so the grader's own count must
stop it; never a real fork bomb.
"""

from __future__ import annotations

import json
import os
import shutil
import sys
import time
from pathlib import Path

import pytest
from click.testing import CliRunner

from searchlab.cli.main import cli
from searchlab.teaching import grading as G
from searchlab.teaching.sandbox import Limits, run_bounded

BIN = Path(sys.executable).parent
PY = sys.executable
FAST = Limits(seconds=20.0, max_output=200_000, max_procs=16)


def script(tmp: Path, name: str, body: str) -> list[str]:
    path = tmp / name
    path.write_text(body, encoding="utf-8")
    return [PY, str(path)]


REFERENCE_MOVES = f"""
import json, subprocess, sys
out = subprocess.run([{str(BIN / "searchlab")!r}, "solve", FAMILY, sys.argv[1], "--json"],
                     capture_output=True, text=True)
data = json.loads(out.stdout)
if data["status"] == "solved":
    print("\\n".join(data["moves"]))
else:
    print("no solution")
"""


def test_reference_puzzle8_gets_full_marks() -> None:
    report = G.grade("puzzle8", [str(BIN / "puzzle8")], instances=3, seed=1, limits=FAST)
    assert (report.passed, report.total) == (12, 12)
    # the hidden set holds an unsolvable board
    assert any("No hay soluci" in c.expected for c in report.cases)


def test_puzzle8_with_one_extra_line_fails_every_case_with_a_diff(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "extra.py",
        f"""
import subprocess, sys
out = subprocess.run([{str(BIN / "puzzle8")!r}, *sys.argv[1:]], capture_output=True, text=True)
print(out.stdout, end="")
print("Gracias por usar mi programa")
""",
    )
    report = G.grade("puzzle8", cmd, instances=1, seed=2, limits=FAST)
    assert report.passed == 0 and report.total == 4
    for c in report.cases:
        assert "extra line" in c.why and "+Gracias" in c.diff


def test_puzzle8_time_line_is_aside_but_a_wrong_count_is_not(tmp_path: Path) -> None:
    cmd = script(
        tmp_path,
        "slowclock.py",
        f"""
import subprocess, sys
out = subprocess.run([{str(BIN / "puzzle8")!r}, *sys.argv[1:]], capture_output=True, text=True)
text = out.stdout.replace("Tiempo: 0 ms", "Tiempo: 999 ms")
if sys.argv[1] == "z":
    text = text.replace("abiertos: ", "abiertos: 1")
print(text, end="")
""",
    )
    report = G.grade("puzzle8", cmd, instances=1, seed=3, limits=FAST)
    marks = {c.name.split("-")[1]: c.passed for c in report.cases}
    assert marks == {"z": False, "d": True, "m": True, "b": True}
    bad = next(c for c in report.cases if not c.passed)
    assert bad.why.startswith("line ") and "Numero de estados abiertos" in bad.why


def test_reference_puzzle3x3heuristics_gets_full_marks_and_a_missing_file_fails(
    tmp_path: Path,
) -> None:
    report = G.grade(
        "puzzle3x3heuristics", [str(BIN / "puzzle3x3heuristics")], instances=3, seed=4, limits=FAST
    )
    assert (report.passed, report.total) == (3, 3)
    assert report.cases[0].expected.startswith("-1")  # an operation before any board
    lazy = script(tmp_path, "lazy.py", "import sys; sys.stdin.read()\n")
    report = G.grade("puzzle3x3heuristics", lazy, instances=2, seed=4, limits=FAST)
    assert report.passed == 0 and "no puzzle3x3heuristics.txt" in report.cases[0].why


@pytest.mark.slow
@pytest.mark.parametrize("family", G.MOVES_ASSIGNMENTS)
def test_reference_solver_gets_full_marks_on_moves_assignments(family: str, tmp_path: Path) -> None:
    cmd = script(tmp_path, "ref.py", f"FAMILY = {family!r}\n" + REFERENCE_MOVES)
    report = G.grade(family, cmd, instances=2, seed=5, limits=FAST)
    assert report.total == 2 and report.passed == 2, report.as_dict()


def test_a_wrong_move_and_a_short_solution_fail(tmp_path: Path) -> None:
    board = "board: english\nvacancy: d4\n"
    solvable, best = G.reference_solution("peg", board)
    assert solvable is True and best is None  # peg: every solution has the same length
    fam_moves = solve_moves("peg", board, tmp_path)
    assert G.check_moves("peg", board, fam_moves, solvable=True).ok
    wrong = [*fam_moves]
    wrong[3] = "a1-a3"
    verdict = G.check_moves("peg", board, wrong, solvable=True)
    assert not verdict.ok and "move 4 'a1-a3' is not legal" in verdict.why
    verdict = G.check_moves("peg", board, fam_moves[:-1], solvable=True)
    assert not verdict.ok and "not solved" in verdict.why
    verdict = G.check_moves("peg", board, None, solvable=True)
    assert not verdict.ok


def test_rush_hour_longer_than_optimal_fails() -> None:
    board = "AA...O\nP..Q.O\nPXXQ.O\nP..Q..\nB...CC\nB.RRR.\n"
    solvable, best = G.reference_solution("rushhour", board)
    assert solvable and best == 8
    moves = solve_moves("rushhour", board, None)
    assert G.check_moves("rushhour", board, moves, optimal_moves=best).ok
    # a detour: a car forth and back first, still legal, two moves too many
    detour = ["C-1", "C+1", *moves]
    verdict = G.check_moves("rushhour", board, detour, optimal_moves=best)
    assert not verdict.ok and "10 moves, but 8 is the least" in verdict.why
    assert G.check_moves("rushhour", board, detour).ok  # --any: legal and complete


def solve_moves(family: str, board: str, tmp_path: Path | None) -> list[str]:
    from searchlab import families

    fam = families.get(family)
    inst = fam.read(board)
    result = fam.run(inst)
    return [a if isinstance(a, str) else fam.engine_view().label(inst, a) for a in result.actions]


def test_crash_loop_flood_and_crowd_get_zero_within_their_limits(tmp_path: Path) -> None:
    limits = Limits(seconds=1.5, max_output=100_000, max_procs=8)
    crash = script(tmp_path, "crash.py", "raise RuntimeError('boom')\n")
    loop = script(tmp_path, "loop.py", "while True:\n    pass\n")
    flood = script(tmp_path, "flood.py", "while True:\n    print('x' * 1000)\n")
    crowd = script(
        tmp_path,
        "crowd.py",
        f"""
import subprocess, time
kids = [subprocess.Popen([{shutil.which("sleep")!r}, "30"]) for _ in range(40)]  # bounded
time.sleep(30)
""",
    )
    why = {}
    for name, cmd in (("crash", crash), ("loop", loop), ("flood", flood), ("crowd", crowd)):
        start = time.monotonic()
        report = G.grade("puzzle3x3heuristics", cmd, instances=1, seed=0, limits=limits)
        assert time.monotonic() - start < limits.seconds + 3, name
        assert report.passed == 0
        why[name] = report.cases[0].why
    assert why["crash"].startswith("exit status 1") and "boom" in why["crash"]
    assert why["loop"].startswith("no answer within 1.5 s")
    assert why["flood"].startswith("more than 100,000 bytes")
    assert why["crowd"].startswith("more than 8 processes")
    time.sleep(0.2)
    assert not sleepers(), "a child outlived its run"


def sleepers() -> list[str]:
    out = []
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes().split(b"\0")
            except OSError:
                continue
            if cmd[:2] == [shutil.which("sleep").encode(), b"30"]:  # type: ignore[union-attr]
                out.append(pid)
    return out


def test_a_background_child_is_killed_with_its_group(tmp_path: Path) -> None:
    folder = tmp_path / "run"
    folder.mkdir()
    out = run_bounded(
        ["sh", "-c", f"{shutil.which('sleep')} 30 >/dev/null 2>&1 & echo started"],
        folder,
        limits=Limits(seconds=5),
    )
    assert out.status == 0 and out.stdout == b"started\n"
    time.sleep(0.2)
    assert not sleepers()


def test_memory_limit_binds(tmp_path: Path) -> None:
    out = run_bounded(
        [PY, "-c", "x = bytearray(600 * 1024 * 1024)"],
        tmp_path,
        limits=Limits(seconds=10, memory_mb=300),
    )
    assert out.status not in (0, None) and b"MemoryError" in out.stderr


def test_cli_json_and_a_class_folder(tmp_path: Path) -> None:
    runner = CliRunner()
    res = runner.invoke(
        cli,
        [
            "grade",
            "puzzle3x3heuristics",
            "-n",
            "2",
            "--json",
            "--",
            str(BIN / "puzzle3x3heuristics"),
        ],
    )
    assert res.exit_code == 0, res.output
    data = json.loads(res.stdout)
    assert set(data) == {"assignment", "passed", "total", "cases"}
    assert (data["passed"], data["total"]) == (2, 2)
    assert {"expected", "got", "why"} <= set(data["cases"][0])
    klass = tmp_path / "class"
    for name, body in (("ana", "REF"), ("beto", "raise SystemExit(1)"), ("cruz", "EXTRA")):
        (klass / name).mkdir(parents=True)
        code = {
            "REF": f"import os, sys; os.execv({str(BIN / 'puzzle3x3heuristics')!r}, ['p'])",
            "EXTRA": f"import subprocess; subprocess.run([{str(BIN / 'puzzle3x3heuristics')!r}]);"
            " open('puzzle3x3heuristics.txt', 'a').write('extra\\n')",
        }.get(body, body)
        (klass / name / "main.py").write_text(code + "\n")
    res = runner.invoke(
        cli,
        [
            "grade",
            "puzzle3x3heuristics",
            "-n",
            "2",
            "--class",
            str(klass),
            "--jobs",
            "2",
            "--",
            PY,
            "{}/main.py",
        ],
    )
    assert res.exit_code == 0, res.output
    rows = (tmp_path / "class-grades.csv").read_text().splitlines()
    assert rows[0].startswith("student,assignment,passed,total")
    assert rows[1:] == [
        "ana,puzzle3x3heuristics,2,2,100,",
        "beto,puzzle3x3heuristics,0,2,0,1 2",
        "cruz,puzzle3x3heuristics,0,2,0,1 2",
    ]
    report = (tmp_path / "class-reports" / "cruz.txt").read_text()
    assert "extra line" in report and "+extra" in report


def test_check_command(tmp_path: Path) -> None:
    board = tmp_path / "card.txt"
    board.write_text("AA...O\nP..Q.O\nPXXQ.O\nP..Q..\nB...CC\nB.RRR.\n")
    moves = solve_moves("rushhour", board.read_text(), None)
    runner = CliRunner()
    res = runner.invoke(cli, ["check", "rushhour", str(board)], input="\n".join(moves))
    assert res.exit_code == 0 and "right: 8 legal moves" in res.output
    res = runner.invoke(cli, ["check", "rushhour", str(board)], input="X+9\n")
    assert res.exit_code == 1 and "move 1 'X+9' is not legal" in res.output
    res = runner.invoke(cli, ["grade", "nope", "--", "true"])
    assert res.exit_code == 2


@pytest.mark.parametrize("mode", ["one", "class"])
def test_ctrl_c_stops_the_grader_and_the_program(tmp_path: Path, mode: str) -> None:
    """Ctrl-C: exit 130, no traceback, and the students' programs (in their own sessions,
    so the terminal's SIGINT never reaches them) killed with their groups, also while a
    class is graded two students at a time."""
    import signal
    import subprocess

    loop = tmp_path / "endless_loop_marker.py"
    loop.write_text("while True:\n    pass\n")
    if mode == "one":
        args = ["--", PY, str(loop)]
    else:
        for name in ("ana", "beto"):
            (tmp_path / "class" / name).mkdir(parents=True)
        args = ["--class", str(tmp_path / "class"), "--jobs", "2", "--", PY, str(loop), "{}"]
    proc = subprocess.Popen(
        [
            str(BIN / "searchlab"),
            "grade",
            "puzzle3x3heuristics",
            "-n",
            "1",
            "--time-limit",
            "60",
            *args,
        ],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 20
    while not running(str(loop)) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert running(str(loop))
    proc.send_signal(signal.SIGINT)
    _out, err = proc.communicate(timeout=20)
    assert proc.returncode == 130 and "Traceback" not in err
    time.sleep(0.2)
    assert not running(str(loop))


def running(marker: str) -> bool:
    for pid in os.listdir("/proc"):
        if pid.isdigit():
            try:
                cmd = Path(f"/proc/{pid}/cmdline").read_bytes()
                stat = Path(f"/proc/{pid}/stat").read_bytes()
            except OSError:
                continue
            if marker.encode() in cmd and b"searchlab" not in cmd and b") Z " not in stat:
                return True
    return False


def test_the_families_declare_the_five_assignments_in_the_course_order() -> None:
    """Collected from the families' folders (the grader names none): the names and the
    order ``searchlab grade --help`` shows; a moves assignment is a family with random
    boards."""
    from searchlab import families

    assert G.ASSIGNMENTS == ("puzzle8", "puzzle3x3heuristics", "peg", "knight", "rushhour")
    assert G.MOVES_ASSIGNMENTS == ("peg", "knight", "rushhour")
    for name in G.MOVES_ASSIGNMENTS:
        assert families.get(name).generator is not None, name
