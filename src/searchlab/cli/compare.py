"""``searchlab compare``: algorithms x heuristics x instances, aggregated by group."""

from __future__ import annotations

import click

from searchlab import families
from searchlab.cli.batch import (
    OutputOptions,
    RunOptions,
    emit_results,
    execute,
    execution_options,
    finish_experiment,
    output_options,
    seed_option,
)
from searchlab.cli.common import (
    FiniteFloat,
    fail,
    max_expansions_option,
    max_nodes_option,
    read_input,
    time_limit_option,
)
from searchlab.cli.localized import Command
from searchlab.experiments.compare import compare_experiment, compare_results
from searchlab.i18n import _
from searchlab.records.aggregate import aggregate
from searchlab.records.plot import check_plot_path, plot_cost
from searchlab.records.sources import parse_range
from searchlab.search import REGISTRY, TIE_BREAKS


def range_option_name(parameter_name: str) -> str:
    """The ``compare`` option naming a family's generator parameter."""
    return {"size": "--sizes", "min_moves": "--min-moves"}.get(parameter_name, "--depths")


@click.command(cls=Command)
@click.argument("family", type=click.Choice(families.names()))
@click.argument("files", nargs=-1)
@click.option(
    "--depths",
    "--sizes",
    "--min-moves",
    "params",
    metavar="RANGE",
    help="Generator parameters (the family's: optimal depths, board sizes or minimum moves), "
    "e.g. 2-24:2 or 4,8,12.",
)
@click.option(
    "--instances",
    "-n",
    type=click.IntRange(min=1),
    default=10,
    show_default=True,
    help="Random instances per parameter value.",
)
@seed_option
@click.option(
    "--algorithm",
    "-a",
    "algorithms",
    multiple=True,
    default=("astar",),
    show_default=True,
    metavar="NAME",
    help="Engine algorithm ("
    + ", ".join(n for n, a in REGISTRY.items() if "depth_limit" not in a.needs)
    + ") or one "
    "of the family's own solvers (e.g. fast); repeat for several.",
)
@click.option(
    "--heuristic",
    "-H",
    "heuristics",
    multiple=True,
    help="Heuristic for informed algorithms (repeat; default: the family's first).",
)
@click.option(
    "--tie-break",
    type=click.Choice(list(TIE_BREAKS)),
    help="Order among equal f for best-first algorithms (engine default otherwise).",
)
@click.option("--weight", type=FiniteFloat(min=1), help="Weight of h for wastar.")
@time_limit_option(60.0, "Seconds per run.")
@max_expansions_option("Expansions per run.")
@max_nodes_option("Stored nodes per run.")
@click.option("--name", help="Experiment name in the database (default compare/FAMILY).")
@execution_options
@output_options
def compare(
    family: str,
    files: tuple[str, ...],
    params: str | None,
    instances: int,
    seed: int,
    algorithms: tuple[str, ...],
    heuristics: tuple[str, ...],
    tie_break: str | None,
    weight: float | None,
    time_limit: float,
    max_expansions: int | None,
    max_nodes: int | None,
    name: str | None,
    run: RunOptions,
    out: OutputOptions,
) -> None:
    """Compare algorithms and heuristics on FAMILY instances: random ones at
    --depths/--sizes, or FILES. Prints solved counts, mean and median nodes
    generated and expanded, time, solution length and b* per group."""
    fam = families.get(family)
    option = range_option_name(fam.parameter_name)
    if out.plot_path:
        check_plot_path(out.plot_path)
    if (params is None) == (not files):
        fail(_("give {option} RANGE or instance FILES (one of them)").format(option=option))
    experiment = compare_experiment(
        family,
        parse_range(params, name=option) if params is not None else None,
        boards={f: read_input(f) for f in files},
        count=instances,
        seed=seed,
        algorithms=algorithms,
        heuristics=heuristics,
        tie_break=tie_break,
        weight=weight,
        time_limit=time_limit,
        max_expansions=max_expansions,
        max_nodes=max_nodes,
        name=name,
    )
    summary = execute(experiment, run)
    results = compare_results(experiment, summary)
    if out.plot_path:
        rows = aggregate(summary.records, [c.label for c in experiment.configurations])
        plot_cost(rows, out.plot_path, title=f"{family}: search cost", xlabel=fam.parameter_name)
    emit_results(results, out)
    finish_experiment(summary)
