"""Marking the five course assignments on hidden random instances.

:func:`grade` runs a student's program (any language: a command) on ``instances``
random instances drawn from ``seed`` (:func:`cases`), each run bounded by
:mod:`.sandbox`, and compares what it did with the reference:

``puzzle8``              ``COMMAND H instance.txt`` for H in z, d, m, b; standard output
                         compared line by line with the reference program's, the
                         ``Tiempo:`` line aside (a CR before a line end and spaces at a
                         line's end are forgiven; an extra or missing line is not);
``puzzle3x3heuristics``  the menu ``1 <board> 2 3 4 5`` on standard input in an empty
                         folder; the ``puzzle3x3heuristics.txt`` it writes compared with
                         the reference's, line by line;
``peg``, ``knight``,     ``COMMAND board.txt`` (the board in the family's text format);
``rushhour``             the moves read from standard output in the family's notation
                         (:func:`check_moves`), checked for legality, completeness and,
                         where the family ranks solutions by cost, optimality.

The two 8-puzzle references come from their assignments module; the other three
families are looked up in the registry by the assignment's name.
"""

from __future__ import annotations

import difflib
import random
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from io import StringIO
from pathlib import Path
from typing import Any

from searchlab import families
from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.puzzles.npuzzle.assignments import (
    PUZZLE8_HEURISTICS,
    format_answer,
    parse_instance,
    run_menu,
    solve_puzzle8,
)
from searchlab.puzzles.npuzzle.assignments.puzzle3x3 import OUTPUT_FILE
from searchlab.teaching.sandbox import Limits, Outcome, run_bounded

MOVES_ASSIGNMENTS = ("peg", "knight", "rushhour")
ASSIGNMENTS = ("puzzle8", "puzzle3x3heuristics", *MOVES_ASSIGNMENTS)
NO_SOLUTION_WORDS = ("no solution", "sin solución", "sin solucion", "none", "impossible")
REFERENCE_SECONDS = 60.0
SHOWN = 2000  # characters of expected/got kept in a report
DEFAULT_LIMITS = Limits()
REPORT_LINES = 8  # lines of expected/got shown in a report when there is no diff


@dataclass
class Case:
    """One hidden instance: how the program is called and what it must do."""

    name: str
    args: list[str]
    files: dict[str, str]
    stdin: str
    expected: str
    judge: Callable[[Outcome, Path], tuple[bool, str, str, str]]
    # judge(outcome, folder) -> (passed, got, why, diff)


@dataclass
class CaseResult:
    name: str
    passed: bool
    expected: str
    got: str
    why: str
    diff: str = ""
    seconds: float = 0.0

    def as_dict(self) -> dict[str, Any]:
        return dict(self.__dict__)


@dataclass
class Report:
    assignment: str
    cases: list[CaseResult] = field(default_factory=list)

    @property
    def passed(self) -> int:
        return sum(c.passed for c in self.cases)

    @property
    def total(self) -> int:
        return len(self.cases)

    def as_dict(self) -> dict[str, Any]:
        return {
            "assignment": self.assignment,
            "passed": self.passed,
            "total": self.total,
            "cases": [c.as_dict() for c in self.cases],
        }


# -- comparing text ----------------------------------------------------------------


def clean_lines(text: str, skip: Callable[[str], bool] = lambda line: False) -> list[str]:
    """The lines of ``text``, a CR and spaces at each end removed, ``skip``ped ones out
    (a last line without its newline counts as a line)."""
    return [line.rstrip(" \r\t") for line in text.splitlines() if not skip(line)]


def compare_text(expected: str, got: str, skip: Callable[[str], bool]) -> tuple[str, str]:
    """``("", "")`` when the texts agree line by line (``skip``ped lines aside), else the
    first difference in one sentence and a unified diff."""
    want, have = clean_lines(expected, skip), clean_lines(got, skip)
    if want == have:
        return "", ""
    diff = "\n".join(difflib.unified_diff(want, have, _("expected"), _("got"), lineterm="", n=2))
    for i, (a, b) in enumerate(zip(want, have, strict=False), 1):
        if a != b:
            return _("line {n}: expected {a!r}, got {b!r}").format(n=i, a=a, b=b), diff
    if len(have) > len(want):
        return _("{n} extra line(s) from line {k}: {line!r}").format(
            n=len(have) - len(want), k=len(want) + 1, line=have[len(want)]
        ), diff
    return _("{n} line(s) missing from line {k}: {line!r}").format(
        n=len(want) - len(have), k=len(have) + 1, line=want[len(have)]
    ), diff


def failure(outcome: Outcome, limits: Limits) -> str:
    """Why a run is not an answer at all ("" when it ended by itself with status 0)."""
    if outcome.error:
        return _("the program could not start: {error}").format(error=outcome.error)
    if outcome.killed == "time":
        return _("no answer within {s:g} s: stopped").format(s=limits.seconds)
    if outcome.killed == "output":
        return _("more than {n:,} bytes of output: stopped").format(n=limits.max_output)
    if outcome.killed == "processes":
        return _("more than {n} processes at once: stopped").format(n=limits.max_procs)
    if outcome.status != 0:
        tail = outcome.stderr.decode("utf-8", "replace").strip().splitlines()[-1:] or [""]
        return _("exit status {status}{detail}").format(
            status=outcome.status, detail=f" ({tail[0][:200]})" if tail[0] else ""
        )
    return ""


def text_of(data: bytes) -> str:
    return data.decode("utf-8", "replace")


# -- the instances ---------------------------------------------------------------------


def scramble(goal: tuple[int, ...], steps: int, rng: random.Random) -> tuple[int, ...]:
    """A 3x3 board ``steps`` random blank moves from ``goal`` (never undoing the last)."""
    board = list(goal)
    blank, last = board.index(0), -1
    for _i in range(steps):
        r, c = divmod(blank, 3)
        options = [
            (r + dr) * 3 + c + dc
            for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1))
            if 0 <= r + dr < 3 and 0 <= c + dc < 3 and (r + dr) * 3 + c + dc != last
        ]
        nxt = rng.choice(options)
        board[blank], board[nxt] = board[nxt], 0
        last, blank = blank, nxt
    return tuple(board)


def grid(board: Sequence[int]) -> str:
    return "\n".join(" ".join(str(v) for v in board[r * 3 : r * 3 + 3]) for r in range(3)) + "\n"


def puzzle8_cases(n: int, rng: random.Random, limits: Limits) -> list[Case]:
    goal = (1, 2, 3, 4, 5, 6, 7, 8, 0)
    boards = [scramble(goal, rng.randint(6, 16), rng) for _i in range(n)]
    if n >= 3:  # one board that cannot reach the goal: swap two tiles
        b = list(boards[-1])
        i, j = [k for k, v in enumerate(b) if v][:2]
        b[i], b[j] = b[j], b[i]
        boards[-1] = tuple(b)
    out = []
    for k, board in enumerate(boards, 1):
        text = grid(board)
        for h in PUZZLE8_HEURISTICS:
            expected = format_answer(solve_puzzle8(parse_instance(text), h))
            out.append(
                Case(
                    f"{k}-{h}",
                    [h, "instance.txt"],
                    {"instance.txt": text},
                    "",
                    expected,
                    stdout_judge(expected, lambda line: line.startswith("Tiempo:"), limits),
                )
            )
    return out


def stdout_judge(
    expected: str, skip: Callable[[str], bool], limits: Limits
) -> Callable[[Outcome, Path], tuple[bool, str, str, str]]:
    def judge(outcome: Outcome, folder: Path) -> tuple[bool, str, str, str]:
        got = text_of(outcome.stdout)
        bad = failure(outcome, limits)
        if bad:
            return False, got, bad, ""
        why, diff = compare_text(expected, got, skip)
        return not why, got, why, diff

    return judge


def puzzle3x3_cases(n: int, rng: random.Random, limits: Limits) -> list[Case]:
    goal = (0, 1, 2, 3, 4, 5, 6, 7, 8)
    out = []
    for k in range(1, n + 1):
        board = scramble(goal, rng.randint(4, 14), rng)
        menu = "1 " + " ".join(map(str, board)) + " 2 3 4 5\n"
        if k == 1 and n >= 2:
            menu = "2 " + menu  # an operation before any board: -1
        ref = StringIO()
        run_menu(menu, ref)
        expected = ref.getvalue()

        def judge(
            outcome: Outcome, folder: Path, expected: str = expected
        ) -> tuple[bool, str, str, str]:
            bad = failure(outcome, limits)
            path = folder / OUTPUT_FILE
            got = path.read_text("utf-8", "replace") if path.is_file() else ""
            if bad:
                return False, got, bad, ""
            if not path.is_file():
                return False, "", _("no {file} written").format(file=OUTPUT_FILE), ""
            why, diff = compare_text(expected, got, lambda line: False)
            return not why, got, why, diff

        out.append(Case(str(k), [], {}, menu, expected, judge))
    return out


def read_moves(text: str) -> list[str] | None:
    """The moves of a program's output: words separated by blanks, commas between
    words or new lines; lines starting with ``#`` ignored. ``None`` when the output
    says there is no solution."""
    lines = [ln.strip() for ln in text.splitlines() if ln.strip() and not ln.startswith("#")]
    if len(lines) == 1 and lines[0].lower().rstrip(".") in NO_SOLUTION_WORDS:
        return None
    return [w for ln in lines for w in ln.split()]


@dataclass
class Verdict:
    ok: bool
    why: str
    moves: int = 0


def check_moves(
    family: str,
    board: str,
    moves: list[str] | None,
    *,
    optimal_moves: int | None = None,
    solvable: bool | None = None,
) -> Verdict:
    """Replay ``moves`` (labels of the family's legal moves) on ``board``: each must be
    legal where it is played, the last position a goal, and, when ``optimal_moves`` is
    given, no longer than it. ``None`` moves: the program said there is no solution,
    right exactly when ``solvable`` is False."""
    fam = families.get(family)
    instance = fam.read(board)
    if moves is None:
        if solvable is False:
            return Verdict(True, "")
        return Verdict(False, _("said there is no solution, but there is one"))
    state = fam.initial(instance)
    for i, word in enumerate(moves, 1):
        legal = fam.legal_moves(instance, state)
        match = next((m for m in legal if m.label == word), None)
        if match is None:
            shown = ", ".join(m.label for m in legal[:12]) or _("none")
            return Verdict(
                False,
                _("move {i} {word!r} is not legal here (legal: {legal})").format(
                    i=i, word=word[:40], legal=shown
                ),
                i - 1,
            )
        state = match.state
    if not fam.is_goal(instance, state):
        return Verdict(
            False,
            _("after {n} legal moves the puzzle is not solved").format(n=len(moves)),
            len(moves),
        )
    if optimal_moves is not None and len(moves) > optimal_moves:
        return Verdict(
            False,
            _("solved in {n} moves, but {best} is the least").format(
                n=len(moves), best=optimal_moves
            ),
            len(moves),
        )
    return Verdict(True, "", len(moves))


def reference_solution(family: str, board: str) -> tuple[bool | None, int | None]:
    """(solvable, least number of moves where the family ranks solutions by cost)."""
    fam = families.get(family)
    instance = fam.read(board)
    algorithm = next((a for a in fam.algorithms if fam.optimality(a)), fam.algorithms[0])
    result = fam.run(instance, algorithm, time_limit=REFERENCE_SECONDS)
    if result.solved:
        best = len(result.actions) if fam.optimality(algorithm) else None
        return True, best
    if result.status in ("no_solution", "impossible"):
        return False, None
    return None, None


def moves_cases(family: str, n: int, rng: random.Random, limits: Limits) -> list[Case]:
    fam = families.get(family)
    out: list[Case] = []
    tries = 0
    while len(out) < n and tries < 5 * n:
        tries += 1
        board = fam.random_board({"seed": rng.randrange(2**31)})
        solvable, best = reference_solution(family, board)
        if solvable is None:
            continue  # the reference could not decide in time: not a fair question
        expected = (
            _("a solution in {n} moves").format(n=best)
            if best is not None
            else _("a legal solution")
            if solvable
            else _("no solution")
        )

        def judge(
            outcome: Outcome,
            folder: Path,
            board: str = board,
            best: int | None = best,
            solvable: bool = solvable,
        ) -> tuple[bool, str, str, str]:
            got = text_of(outcome.stdout)
            bad = failure(outcome, limits)
            if bad:
                return False, got, bad, ""
            verdict = check_moves(
                family, board, read_moves(got), optimal_moves=best, solvable=solvable
            )
            return verdict.ok, got, verdict.why, ""

        out.append(
            Case(str(len(out) + 1), ["board.txt"], {"board.txt": board}, "", expected, judge)
        )
    return out


def cases(assignment: str, n: int, seed: int, limits: Limits) -> list[Case]:
    """The hidden instances of ``assignment`` (the same ``seed``, the same cases)."""
    rng = random.Random(f"{assignment}:{seed}")
    if assignment == "puzzle8":
        return puzzle8_cases(n, rng, limits)
    if assignment == "puzzle3x3heuristics":
        return puzzle3x3_cases(n, rng, limits)
    if assignment in MOVES_ASSIGNMENTS:
        return moves_cases(assignment, n, rng, limits)
    raise InputError(
        _("unknown assignment {name!r}; choose one of {names}").format(
            name=str(assignment)[:40], names=", ".join(ASSIGNMENTS)
        )
    )


def run_case(command: Sequence[str], case: Case, limits: Limits) -> CaseResult:
    """Run one case in a fresh empty folder (removed afterwards)."""
    folder = Path(tempfile.mkdtemp(prefix="searchlab-grade-"))
    try:
        for name, text in case.files.items():
            (folder / name).write_text(text, encoding="utf-8")
        outcome = run_bounded(
            [*command, *case.args], folder, stdin=case.stdin.encode("utf-8"), limits=limits
        )
        passed, got, why, diff = case.judge(outcome, folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)
    return CaseResult(
        case.name,
        passed,
        case.expected[:SHOWN],
        got[:SHOWN],
        why,
        diff[:SHOWN],
        round(outcome.seconds, 3),
    )


def grade(
    assignment: str,
    command: Sequence[str],
    *,
    instances: int = 5,
    seed: int = 0,
    limits: Limits = DEFAULT_LIMITS,
    hidden: list[Case] | None = None,
    progress: Callable[[CaseResult], None] | None = None,
) -> Report:
    """Mark ``command`` on the hidden instances (``hidden``: cases made already, to mark
    a class on the same ones)."""
    todo = hidden if hidden is not None else cases(assignment, instances, seed, limits)
    report = Report(assignment)
    for case in todo:
        result = run_case(command, case, limits)
        report.cases.append(result)
        if progress is not None:
            progress(result)
    return report


PLACEHOLDER = "{}"


def class_command(template: Sequence[str], submission: Path) -> list[str]:
    """The command for one submission: ``{}`` replaced by its path (appended when the
    template has no ``{}``)."""
    if any(PLACEHOLDER in part for part in template):
        return [part.replace(PLACEHOLDER, str(submission)) for part in template]
    return [*template, str(submission)]


def submissions(folder: Path) -> list[Path]:
    """A class folder's submissions: its entries (folders or files), hidden ones out,
    in name order."""
    return sorted(p for p in folder.iterdir() if not p.name.startswith("."))


def safe_name(name: str) -> str:
    return re.sub(r"[^\w.-]+", "_", name)[:100] or "_"


def report_text(student: str, report: Report) -> str:
    """A student's report: the mark, then each failed case with what was expected, what
    came, why, and the diff."""
    lines = [
        f"{student}: {report.assignment} {report.passed}/{report.total}",
        "",
    ]
    for c in report.cases:
        if c.passed:
            lines.append(_("case {name}: passed ({s:.2f} s)").format(name=c.name, s=c.seconds))
            continue
        lines.append(_("case {name}: FAILED: {why}").format(name=c.name, why=c.why))
        if c.diff:
            lines.extend("    " + d for d in c.diff.splitlines())
            continue
        for title, text in ((_("expected:"), c.expected), (_("got:"), c.got)):
            shown = text.strip().splitlines()
            lines.append("    " + title + ("" if shown else " -"))
            lines.extend("      " + line for line in shown[:REPORT_LINES])
            if len(shown) > REPORT_LINES:
                lines.append("      ...")
    return "\n".join(lines) + "\n"
