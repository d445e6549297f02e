"""``searchlab grade`` (a student's program, or a class folder) and ``searchlab check``."""

from __future__ import annotations

import csv
import io
import sys
from pathlib import Path

import click

from searchlab import families
from searchlab.cli.common import (
    err_console,
    fail,
    json_option,
    print_json,
    read_input,
    time_limit_option,
)
from searchlab.cli.localized import Command
from searchlab.i18n import _
from searchlab.teaching import grading as G
from searchlab.teaching.sandbox import Limits
from searchlab.teaching.sheet import write_atomic


@click.command(cls=Command, context_settings={"ignore_unknown_options": False})
@click.argument("assignment", type=click.Choice(G.ASSIGNMENTS))
@click.argument("command", nargs=-1, required=True, metavar="-- COMMAND...")
@click.option(
    "--instances",
    "-n",
    type=click.IntRange(1, 200),
    default=5,
    show_default=True,
    help="Hidden random instances (puzzle8: each is run with z, d, m and b).",
)
@click.option(
    "--seed",
    type=int,
    default=0,
    show_default=True,
    help="The seed of the hidden instances (the same seed, the same instances).",
)
@time_limit_option(10.0, "Seconds for each run.")
@click.option(
    "--memory",
    type=click.IntRange(16, 65536),
    default=2048,
    show_default=True,
    metavar="MB",
    help="Memory each run may write (its data limit).",
)
@click.option(
    "--max-output",
    type=click.IntRange(1000),
    default=1_000_000,
    show_default=True,
    metavar="BYTES",
    help="Output of each run before it is stopped.",
)
@click.option(
    "--max-procs",
    type=click.IntRange(1, 4096),
    default=32,
    show_default=True,
    metavar="N",
    help="Processes of each run at once before it is stopped.",
)
@click.option(
    "--class",
    "klass",
    type=str,
    default=None,
    metavar="DIR",
    help="Grade every submission in DIR (each file or folder); '{}' "
    "in COMMAND is the submission's path (else it is added at the end).",
)
@click.option(
    "--csv",
    "csv_path",
    default=None,
    metavar="FILE",
    help="With --class: the marks as CSV (default: DIR-grades.csv).",
)
@click.option(
    "--reports",
    default=None,
    metavar="DIR",
    help="With --class: one report per student (default: DIR-reports/).",
)
@json_option("Print the marks as JSON: assignment, passed, total, cases.")
def grade(
    assignment: str,
    command: tuple[str, ...],
    instances: int,
    seed: int,
    time_limit: float,
    memory: int,
    max_output: int,
    max_procs: int,
    klass: str | None,
    csv_path: str | None,
    reports: str | None,
    as_json: bool,
) -> None:
    """Mark a student's program for a course assignment on hidden random instances.

    ASSIGNMENT: puzzle8, puzzle3x3heuristics, peg, knight or rushhour. Every run is
    bounded in time, memory, output and processes. Exit status 0 when every case
    passed, 1 otherwise."""
    limits = Limits(
        seconds=time_limit, memory_mb=memory, max_output=max_output, max_procs=max_procs
    )
    if klass is not None and not Path(klass).is_dir():  # before the references' work
        fail(_("{folder}: not a folder").format(folder=klass))
    hidden = G.cases(assignment, instances, seed, limits)
    if klass is not None:
        grade_class(
            assignment, list(command), Path(klass), hidden, limits, csv_path, reports, as_json
        )
        return

    def tick(result: G.CaseResult) -> None:
        if not as_json:
            mark = _("passed") if result.passed else _("FAILED: {why}").format(why=result.why)
            err_console.print(
                _("case {name}: {mark}").format(name=result.name, mark=mark),
                markup=False,
                highlight=False,
            )

    report = G.grade(assignment, command, limits=limits, hidden=hidden, progress=tick)
    if as_json:
        print_json(report.as_dict())
    else:
        for c in report.cases:
            if not c.passed and c.diff:
                click.echo(_("case {name}:").format(name=c.name))
                click.echo(c.diff)
        click.echo(
            _("{assignment}: {passed}/{total} cases passed").format(
                assignment=assignment, passed=report.passed, total=report.total
            )
        )
    if report.passed < report.total:
        raise click.exceptions.Exit(1)


def grade_class(
    assignment: str,
    template: list[str],
    folder: Path,
    hidden: list[G.Case],
    limits: Limits,
    csv_path: str | None,
    reports: str | None,
    as_json: bool,
) -> None:
    if not folder.is_dir():
        fail(_("{folder}: not a folder").format(folder=folder))
    students = G.submissions(folder)
    if not students:
        fail(_("{folder}: no submissions").format(folder=folder))
    base = folder.resolve()
    report_dir = Path(reports) if reports else base.with_name(base.name + "-reports")
    try:
        report_dir.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        fail(_("{path}: cannot write ({reason})").format(path=report_dir, reason=exc.strerror))
    out_csv = csv_path or str(base.with_name(base.name + "-grades.csv"))
    table = io.StringIO()
    writer = csv.writer(table, lineterminator="\n")
    writer.writerow(["student", "assignment", "passed", "total", "score", "failed_cases"])
    everything = []
    for sub in students:
        report = G.grade(
            assignment, G.class_command(template, sub.resolve()), limits=limits, hidden=hidden
        )
        failed = " ".join(c.name for c in report.cases if not c.passed)
        score = f"{100 * report.passed / report.total:.0f}" if report.total else "0"
        writer.writerow([sub.name, assignment, report.passed, report.total, score, failed])
        write_atomic(
            str(report_dir / f"{G.safe_name(sub.name)}.txt"), G.report_text(sub.name, report)
        )
        everything.append({"student": sub.name, **report.as_dict()})
        if not as_json:
            err_console.print(
                f"{sub.name}: {report.passed}/{report.total}", markup=False, highlight=False
            )
    write_atomic(out_csv, table.getvalue())
    if as_json:
        print_json({"assignment": assignment, "students": everything})
    else:
        click.echo(
            _("wrote {csv} and {n} reports in {folder}").format(
                csv=out_csv, n=len(students), folder=report_dir
            )
        )


@click.command(cls=Command)
@click.argument("family", type=click.Choice(G.MOVES_ASSIGNMENTS))
@click.argument("board")
@click.option(
    "--moves",
    "moves_file",
    default="-",
    show_default=True,
    metavar="FILE",
    help="The solution: moves in the family's notation ('-': standard input).",
)
@click.option(
    "--optimal/--any",
    default=True,
    show_default=True,
    help="Require the fewest moves where the family ranks solutions by cost.",
)
@json_option("Print the verdict as JSON.")
def check(family: str, board: str, moves_file: str, optimal: bool, as_json: bool) -> None:
    """Check one solution (moves on standard input) for a board of FAMILY.

    BOARD is a file. Each move must be legal, the puzzle solved at the end and
    (--optimal) in the fewest moves. Exit status 0 when it is right, 1 when not."""
    fam = families.get(family)
    text = read_input(board)
    fam.read(text)
    if moves_file == "-" and sys.stdin.isatty():
        err_console.print(
            _("reading the moves from standard input (end with Ctrl-D)"), markup=False
        )
    moves = G.read_moves(read_input(moves_file))
    solvable, best = G.reference_solution(family, text)
    verdict = G.check_moves(
        family, text, moves, optimal_moves=best if optimal else None, solvable=solvable
    )
    if as_json:
        print_json(
            {
                "family": family,
                "ok": verdict.ok,
                "why": verdict.why,
                "moves": verdict.moves,
                "least": best,
            }
        )
    elif verdict.ok:
        click.echo(
            _("right: {n} legal moves solve it").format(n=verdict.moves)
            if moves is not None
            else _("right: there is no solution")
        )
    else:
        click.echo(_("wrong: {why}").format(why=verdict.why))
    if not verdict.ok:
        raise click.exceptions.Exit(1)
