"""Marking the five course assignments on hidden random instances.

:func:`grade` runs a student's program (any language: a command) on ``instances``
random instances drawn from ``seed`` (:func:`cases`), each run bounded by
:mod:`.sandbox`, and compares what it did with the reference:

- a *text* assignment (the 8-puzzle's ``puzzle8`` and ``puzzle3x3heuristics``): the
  program's standard output, or the file it writes, compared line by line with the
  reference's (a CR before a line end and spaces at a line's end are forgiven, lines the
  assignment ignores, such as a time, aside; an extra or missing line is not forgiven);
- a *moves* assignment (``peg``, ``knight``, ``rushhour``): ``COMMAND board.txt`` (the
  board in the family's text format); the moves read from standard output in the
  family's notation (:func:`check_moves`), checked for legality, completeness and, where
  the family ranks solutions by cost, optimality.

The assignments are declared by the families, each in its folder's ``grading.py``
(:mod:`searchlab.families.grading`), and collected here (:func:`declared`) as the CLI
collects their programs (:mod:`searchlab.cli.programs`): no family is named here. A
family gives the hidden instances and the reference's output; the judges are here.
"""

from __future__ import annotations

import difflib
import random
import re
import shutil
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from searchlab import families
from searchlab.errors import InputError
from searchlab.families.declared import declared_by, qualified
from searchlab.families.grading import Assignment, Question
from searchlab.i18n import _
from searchlab.teaching.sandbox import Limits, Outcome, run_bounded

MODULE = "grading"
"""The module of a family's folder that declares the assignments it marks."""


@cache
def declared() -> dict[str, Assignment]:
    """Every family's assignments by name, in the course's order (their ``order``; the
    declaring modules are imported on first use).

    A name declared by several families (a family folder copied under a new name
    declares its original's assignments) is qualified by each family's folder,
    ``FAMILY:NAME``, as a built-in experiment is (:mod:`searchlab.experiments.builtin`).
    A moves assignment not named after its family is a registration error."""
    found = declared_by(MODULE, "ASSIGNMENTS")
    for name, owners in found.items():
        for family, assignment in owners:
            if assignment.questions is None and name != family:
                raise TypeError(f"the moves assignment {name!r} is not named {family!r}")
    marked = qualified(found, lambda a, name: a._replace(name=name))
    return dict(sorted(marked.items(), key=lambda item: (item[1].order, item[0])))


ASSIGNMENTS = tuple(declared())
"""The assignments' names, in the course's order."""
MOVES_ASSIGNMENTS = tuple(a.name for a in declared().values() if a.questions is None)
"""The moves assignments' names: their families' (``searchlab check FAMILY``)."""
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
    if outcome.killed == "cancelled":
        return _("stopped: the grading was interrupted")
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


def text_cases(questions: Sequence[Question], limits: Limits) -> list[Case]:
    """A text assignment's cases: each question judged on its standard output or on the
    file it names, line by line against the reference's."""
    return [
        Case(
            q.name,
            list(q.args),
            dict(q.files),
            q.stdin,
            q.expected,
            (file_judge if q.output else stdout_judge)(q, limits),
        )
        for q in questions
    ]


def ignoring(question: Question) -> Callable[[str], bool]:
    """Whether a line is one the question does not compare."""
    return lambda line: line.startswith(question.ignored) if question.ignored else False


def stdout_judge(
    question: Question, limits: Limits
) -> Callable[[Outcome, Path], tuple[bool, str, str, str]]:
    """Judge a run by its standard output."""

    def judge(outcome: Outcome, folder: Path) -> tuple[bool, str, str, str]:
        got = text_of(outcome.stdout)
        bad = failure(outcome, limits)
        if bad:
            return False, got, bad, ""
        why, diff = compare_text(question.expected, got, ignoring(question))
        return not why, got, why, diff

    return judge


def file_judge(
    question: Question, limits: Limits
) -> Callable[[Outcome, Path], tuple[bool, str, str, str]]:
    """Judge a run by the file ``question.output`` it writes in its folder."""

    def judge(outcome: Outcome, folder: Path) -> tuple[bool, str, str, str]:
        bad = failure(outcome, limits)
        path = folder / question.output
        got = path.read_text("utf-8", "replace") if path.is_file() else ""
        if bad:
            return False, got, bad, ""
        if not path.is_file():
            return False, "", _("no {file} written").format(file=question.output), ""
        why, diff = compare_text(question.expected, got, ignoring(question))
        return not why, got, why, diff

    return judge


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
    found = declared().get(assignment) if isinstance(assignment, str) else None
    if found is not None and found.questions is not None:
        return text_cases(found.questions(n, rng), limits)
    if found is not None:
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
