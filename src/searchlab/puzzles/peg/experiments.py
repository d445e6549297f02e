"""The peg solitaire course project's table, over several boards.

The seed compared BFS, DFS and A* (heuristics: pegs - 1 and a centre-distance
estimate) on the English board and stopped its A* after 50,000 expansions
without a solution. This experiment runs the same algorithms (the peg
family's own list, :data:`searchlab.puzzles.peg.compare.SEED_RUNS`: the course project's
three plus A* with pagoda dead-end detection and greedy search on isolated
pegs) and the family's fast solver on a few classic problems, each run under
the course project's limits (50,000 expansions, 15 s; the fast solver, as in ``searchlab
peg compare``, only under the time limit), and prints the course project's columns:
found?, time, nodes expanded, solution length, stop reason.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from searchlab.families.contract import Option
from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.records.experiment import Declared, Experiment, RunSummary, time_limit
from searchlab.records.results import Column, Results
from searchlab.records.runs import Instance, Limits, RunRecord, configuration

from .compare import SEED_RUNS
from .reports import stop_text

FAMILY = folder_name(__name__)
NAME = f"{FAMILY}-seed000"

PROBLEMS: tuple[tuple[str, str], ...] = (
    ("english, one peg anywhere", "board: english\n"),
    ("english, finish d4", "board: english\nfinish: d4\n"),
    ("french, vacate c1", "board: french\nvacancy: c1\n"),
    ("triangle5", "board: triangle5\n"),
    ("triangle6", "board: triangle6\n"),
)
"""The problems: the course project's English board (both finishes) and other classic boards
(the French and Diamond central games are impossible, so French starts from c1)."""

FAST = configuration("fast", max_expansions=None)
"""The fast solver, as a reference: not bound by the course project's expansion limit (the
option overrides the experiment's limit for this configuration only)."""
CONFIGS = (
    *(configuration(algorithm, heuristic, **opts) for _, algorithm, heuristic, opts in SEED_RUNS),
    FAST,
)
NAMES = {c.label: name for c, (name, *_) in zip(CONFIGS, SEED_RUNS, strict=False)}
NAMES[FAST.label] = "searchlab fast solver"

COLUMNS = (
    Column("problem", N_("problem"), numeric=False),
    Column("algorithm", N_("algorithm"), numeric=False, shown=_),
    Column("found", N_("found?"), numeric=False, shown=_),
    Column("seconds", N_("time (s)"), 3),
    Column("expanded", N_("expanded")),
    Column("length", N_("length")),
    Column("stop", N_("stop reason"), numeric=False, shown=stop_text),
)
"""The course project's columns; the human table shows the words in the interface
language (the data, CSV and JSON keep them in English)."""


def peg_experiment(
    *, max_expansions: int = 50_000, time_limit: float = 15.0, only: Sequence[str] = ()
) -> Experiment:
    """The experiment; ``only`` restricts it to problems whose name contains one of them."""
    chosen = [p for p in PROBLEMS if not only or any(o in p[0] for o in only)]
    return Experiment(
        name=NAME,
        family=FAMILY,
        configurations=CONFIGS,
        instances=tuple(
            Instance(FAMILY, name, name, data, index=i) for i, (name, data) in enumerate(chosen)
        ),
        limits=Limits(time_limit=time_limit, max_expansions=max_expansions),
    )


def _stop(record: RunRecord) -> str:
    if record.status == "solved":
        return "goal found"
    if record.status == "no_solution":
        return "space exhausted"
    if record.status in ("limit", "cancelled"):
        return f"limit: {record.limit}"
    return record.error or record.status


def table_rows(records: Sequence[RunRecord]) -> list[dict[str, Any]]:
    """One row per (problem, algorithm), in the experiment's order."""
    order = {name: i for i, (name, _) in enumerate(PROBLEMS)}
    config_order = {c.label: i for i, c in enumerate(CONFIGS)}
    ranked = sorted(
        records, key=lambda r: (order.get(str(r.group), 99), config_order.get(r.label, 99))
    )
    return [
        {
            "group": r.group,
            "problem": r.group,
            "algorithm": NAMES.get(r.label, r.label),
            "engine_algorithm": r.algorithm,
            "heuristic": r.heuristic,
            "found": N_("yes") if r.solved else N_("no"),
            "seconds": r.seconds,
            "expanded": r.expanded,
            "generated": r.generated,
            "length": r.length,
            "stop": _stop(r),
        }
        for r in ranked
    ]


def results(experiment: Experiment, summary: RunSummary) -> Results:
    """One row per (problem, algorithm), the course project's columns (``data``: every field)."""
    limits = experiment.limits
    return Results(
        title=_(
            "The peg course project: peg solitaire, one search per line "
            "(limits per run: {expansions} expansions, {seconds} s)"
        ).format(
            expansions=f"{limits.max_expansions or 0:,}", seconds=f"{limits.time_limit or 0:g}"
        ),
        columns=COLUMNS,
        rows=table_rows(summary.records),
        sections=True,  # a rule between problems
        summary=summary,
    )


def nothing() -> str:
    """The message for an ``--only`` that matches no problem."""
    return _("--only matches no problem; the problems are: {names}").format(
        names=", ".join(name for name, _text in PROBLEMS)
    )


EXPERIMENTS = (
    Declared(
        name=NAME,
        summary=N_("The peg course project's table: BFS, DFS, A*, fast solver."),
        help=N_(
            "The peg course project's table: BFS, DFS, A* with its heuristics, better ones "
            "and the fast solver on classic peg solitaire problems (found?, time, expanded, "
            "length, stop)."
        ),
        build=peg_experiment,
        results=results,
        settings=(
            Option(
                "max_expansions",
                N_("Expansions per run (the project's limit)."),
                int,
                50_000,
                minimum=1,
            ),
            time_limit(15.0, N_("Seconds per run (the project's limit).")),
            Option(
                "only",
                N_("Only the problems whose name contains TEXT (repeat), e.g. english."),
                str,
                multiple=True,
                metavar="TEXT",
            ),
        ),
        nothing=nothing,
    ),
)
"""``searchlab experiment peg-seed000``."""
