"""Plots of search cost against instance group (matplotlib, PNG or SVG).

Uses the non-interactive Agg backend through ``matplotlib.figure.Figure``,
so it works without a display and never touches pyplot's global state.
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path

from searchlab.errors import InputError, shorten
from searchlab.i18n import _
from searchlab.records.aggregate import GroupRow

FORMATS = (".png", ".svg", ".pdf")


def check_plot_path(path: str | Path) -> Path:
    """``path`` as a Path, or an ``InputError`` if its extension is not a plot format or
    it cannot be written (no such folder, a folder in the way, a read-only place): checked
    before the work whose plot it is."""
    out = Path(path)
    if out.suffix.lower() not in FORMATS:
        raise InputError(
            _("{out}: the plot file must end in {formats}").format(
                out=out, formats=", ".join(FORMATS)
            )
        )
    folder = out.parent
    try:
        reason = (
            None
            if folder.is_dir() and not out.is_dir() and os.access(folder, os.W_OK)
            else _("no such folder")
            if not folder.is_dir()
            else _("a folder is in the way")
            if out.is_dir()
            else _("the folder is read-only")
        )
    except OSError as exc:  # a name the system refuses (too long)
        reason = exc.strerror or str(exc)
    if reason is not None:
        raise InputError(
            _("{out}: cannot write the plot ({reason})").format(
                out=shorten(str(out)), reason=reason
            )
        )
    return out


def plot_cost(
    rows: Sequence[GroupRow],
    path: str | Path,
    *,
    title: str = "Search cost",
    xlabel: str = "group",
    reference: Mapping[str, Mapping[int, float]] | None = None,
    metric: str = "mean_generated",
) -> Path:
    """Plot ``metric`` (default mean nodes generated) per group on a log scale.

    Parameters
    ----------
    rows : sequence of GroupRow
        Aggregated results; one line per configuration label (numeric groups only).
    path : str or Path
        Output file; the format follows the extension (.png, .svg or .pdf).
    reference : mapping label -> {group: value}, optional
        Published figures, drawn as dashed lines with hollow markers.
    """
    from matplotlib.figure import Figure

    out = check_plot_path(path)
    fig = Figure(figsize=(7, 4.5), layout="constrained")
    ax = fig.add_subplot()
    labels = list(dict.fromkeys(r.label for r in rows))
    for i, label in enumerate(labels):
        points = sorted(
            (float(r.group), float(v))
            for r in rows
            if r.label == label
            and isinstance(r.group, int | float)
            and (v := getattr(r, metric)) is not None
            and v > 0
        )
        if points:
            xs, ys = zip(*points, strict=True)
            ax.plot(xs, ys, marker="o", color=f"C{i}", label=label)
        base = label.split("[")[0]  # "iddfs[cycle_check=none]" matches "iddfs"
        ref_key = label if reference and label in reference else base
        if reference and ref_key in reference:
            ref = sorted(reference[ref_key].items())
            if ref:
                rx, ry = zip(*ref, strict=True)
                ax.plot(
                    rx,
                    ry,
                    linestyle="--",
                    marker="o",
                    markerfacecolor="none",
                    color=f"C{i}",
                    alpha=0.7,
                    label=f"{label} (published)",
                )
    ax.set_yscale("log")
    ax.set_xlabel(xlabel)
    ax.set_ylabel(metric.replace("_", " "))
    ax.set_title(title)
    ax.grid(True, which="both", alpha=0.3)
    if labels:
        ax.legend(fontsize="small")
    try:
        fig.savefig(out)
    except OSError as exc:
        raise InputError(
            _("{out}: cannot write the plot ({reason})").format(out=out, reason=exc.strerror or exc)
        ) from None
    return out
