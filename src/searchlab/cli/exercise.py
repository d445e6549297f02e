"""``searchlab exercise``: questions on search with their answers and worked solutions."""

from __future__ import annotations

import click

from searchlab.cli.common import STDOUT, console, fail, json_option, one_on_stdout, print_json
from searchlab.cli.localized import Command, use_language
from searchlab.i18n import _
from searchlab.teaching import exercises as E
from searchlab.teaching.sheet import sheet_html
from searchlab.teaching.trace import TRACED


@click.command(cls=Command)
@click.option(
    "--family",
    "-f",
    default=E.GRAPH,
    show_default=True,
    metavar="FAMILY",
    help="graph (small random weighted graphs) or a puzzle family with small boards.",
)
@click.option(
    "--kind",
    "-k",
    type=click.Choice(E.KINDS),
    default=None,
    help="The kind of question (default: every kind in turn).",
)
@click.option(
    "--algorithm",
    "-a",
    type=click.Choice(TRACED),
    default=None,
    help="The algorithm the question is about, where it is about one.",
)
@click.option(
    "--count",
    type=click.IntRange(1, E.MAX_COUNT),
    default=5,
    show_default=True,
    help="How many questions.",
)
@click.option(
    "--seed", type=int, default=0, show_default=True, help="The same seed gives the same questions."
)
@click.option(
    "--answers/--no-answers",
    default=True,
    show_default=True,
    help="Print each answer and its worked solution after the question.",
)
@click.option(
    "--sheet",
    metavar="FILE.html",
    default=None,
    help="Write a printable sheet (blank answer space) to FILE.html and its answer "
    "key to FILE-key.html ('-': the sheet and the key on standard output).",
)
@click.option(
    "--lang",
    "lang",
    type=click.Choice(["en", "es"]),
    default=None,
    help="The language of the questions (also with --json).",
)
@json_option("Print the questions, answers and worked solutions as one JSON object.")
def exercise(
    family: str,
    kind: str | None,
    algorithm: str | None,
    count: int,
    seed: int,
    answers: bool,
    sheet: str | None,
    lang: str | None,
    as_json: bool,
) -> None:
    """Questions on search with their answers and worked solutions (same seed, same sheet).

    Generated from the engine: each answer comes with its table of steps, the tie rule
    stated. Kinds: order, ghf, ids, solution, optimal, audit."""
    one_on_stdout(json=as_json, sheet=sheet)
    if lang:
        use_language(lang)
    questions = E.generate(family=family, kind=kind, count=count, seed=seed, algorithm=algorithm)
    if sheet is not None:
        title = _("Search exercises ({family}, seed {seed})").format(family=family, seed=seed)
        page, key = sheet_html(questions, title), sheet_html(questions, title, key=True)
        if sheet == STDOUT:
            click.echo(page + key, nl=False)
        else:
            from searchlab.teaching.sheet import key_path, write_atomic

            try:
                write_atomic(sheet, page)
                write_atomic(key_path(sheet), key)
            except OSError as exc:
                fail(
                    _("{path}: cannot write ({reason})").format(
                        path=sheet, reason=exc.strerror or exc
                    )
                )
            console.print(
                _("wrote {sheet} and {key}").format(sheet=sheet, key=key_path(sheet)),
                markup=False,
                highlight=False,
            )
    if as_json:
        print_json({"family": family, "seed": seed, "questions": [q.as_dict() for q in questions]})
        return
    if sheet is not None:
        return
    for i, q in enumerate(questions, 1):
        show(i, q, answers)


def show(i: int, q: E.Question, answers: bool) -> None:
    from rich.table import Table

    console.rule(_("Question {i} ({kind})").format(i=i, kind=q.kind), align="left")
    for line in q.facts:
        console.print(line, markup=False, highlight=False)
    console.print(q.prompt, markup=False, highlight=False, style="bold")
    if q.watch:
        console.print(
            _("Watch it: searchlab serve, then {url}").format(url=q.watch),
            markup=False,
            highlight=False,
        )
    if not answers:
        return
    console.print(
        _("Answer: {answer}").format(answer=q.answer), markup=False, highlight=False, style="green"
    )
    console.print(q.rule, markup=False, highlight=False, style="dim")
    table = Table(title_justify="left")
    for col in q.columns:
        table.add_column(col, overflow="fold")
    for row in q.rows:
        table.add_row(*row)
    console.print(table)
    for line in q.conclusion:
        console.print(line, markup=False, highlight=False)
