"""Success rate of Warnsdorff's rule by tie-break and board size.

Warnsdorff's rule (move to the square with the fewest onward moves) needs a
rule for ties, and plain Warnsdorff (no backtracking) fails more often as
boards grow unless the tie-break is well chosen (Squirrel & Cull 1996; Roth's
"farthest from the centre"). For each n×n board size, N start squares are
drawn uniformly among those from which an open tour exists, and each
tie-break of :data:`searchlab.puzzles.knight.tiebreaks.TIE_BREAKS` walks
once, without backtracking; the table gives the percentage of complete tours.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from searchlab.i18n import N_, _
from searchlab.puzzles import folder_name
from searchlab.records.experiment import (
    Declared,
    Experiment,
    RunSummary,
    instances,
    integers,
    seed,
    time_limit,
)
from searchlab.records.results import Column, Results
from searchlab.records.runs import Limits, RunRecord, configuration
from searchlab.records.sources import generated_requests

from .tiebreaks import TIE_BREAKS

FAMILY = folder_name(__name__)
NAME = f"{FAMILY}-warnsdorff"
SIZES = (5, 6, 7, 8, 10, 12, 16, 20, 25, 30, 40, 50)
CONFIGS = tuple(configuration(f"warnsdorff-{tie}") for tie in TIE_BREAKS)

COLUMNS = (
    Column("size", N_("board")),
    Column("starts", N_("starts")),
    *(Column(tie, f"{tie} %", 0) for tie in TIE_BREAKS),
)


def knight_experiment(
    sizes: Sequence[int] = SIZES, starts: int = 20, *, seed: int = 0, time_limit: float = 60.0
) -> Experiment:
    """``starts`` random start squares per board size, every tie-break once each."""
    return Experiment(
        name=NAME,
        family=FAMILY,
        configurations=CONFIGS,
        requests=tuple(generated_requests(FAMILY, list(sizes), starts, seed)),
        limits=Limits(time_limit=time_limit),
    )


def json_rows(records: Sequence[RunRecord]) -> list[dict[str, Any]]:
    """One object per (board size, tie-break): runs, successes, success rate."""
    out = []
    for size in sorted({int(r.group) for r in records}):
        for tie in TIE_BREAKS:
            runs = [r for r in records if r.group == size and r.algorithm == f"warnsdorff-{tie}"]
            if runs:
                ok = sum(r.solved for r in runs)
                out.append(
                    {
                        "size": size,
                        "tie_break": tie,
                        "runs": len(runs),
                        "successes": ok,
                        "success_rate": ok / len(runs),
                    }
                )
    return out


def table_rows(records: Sequence[RunRecord]) -> list[dict[str, Any]]:
    """One line per board size: the success percentage of each tie-break."""
    lines: dict[int, dict[str, Any]] = {}
    for row in json_rows(records):
        line = lines.setdefault(row["size"], {"size": f"{row['size']}x{row['size']}"})
        line["starts"] = row["runs"]
        line[row["tie_break"]] = 100.0 * row["success_rate"]
    return [lines[s] for s in sorted(lines)]


TITLE = N_(
    "Plain Warnsdorff: percentage of random starts giving a complete open tour, by tie-break"
)


def results(experiment: Experiment, summary: RunSummary) -> Results:
    """One line per board size as shown; ``data``: one row per (size, tie-break)."""
    return Results(
        title=TITLE,
        columns=COLUMNS,
        rows=table_rows(summary.records),
        data=json_rows(summary.records),
        notes=[
            _("Tie-breaks:")
            + " "
            + "; ".join(f"{name}: {_(text)}" for name, text in TIE_BREAKS.items())
            + "."
        ],
        summary=summary,
    )


EXPERIMENTS = (
    Declared(
        name=NAME,
        summary=N_("Plain Warnsdorff success rate by tie-break and board size."),
        help=N_(
            "Success rate of plain Warnsdorff's rule (no backtracking) on open knight's "
            "tours, by tie-break and board size, from random start squares where a tour exists."
        ),
        build=knight_experiment,
        results=results,
        settings=(
            integers("sizes", N_("Sides of the square boards."), "5-8,10,12,16,20,25,30,40,50"),
            instances("starts", N_("Random start squares per board size."), 20),
            seed(),
            time_limit(60.0),
        ),
        ranges={"sizes": 1},
    ),
)
"""``searchlab experiment knight-warnsdorff``."""
