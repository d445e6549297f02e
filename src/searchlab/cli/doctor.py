"""``searchlab doctor`` (what this installation has) and ``searchlab cache`` (its caches)."""

from __future__ import annotations

import os
import platform
import shutil
import sys
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import click
from rich.table import Table

from searchlab.cache import cache_root
from searchlab.cli.common import console, err_console
from searchlab.cli.localized import Command, Group
from searchlab.i18n import N_, _
from searchlab.textinput import names_a_file

PACKAGES = (
    ("numpy", N_("core")),
    ("numba", N_("core")),
    ("rich", N_("core")),
    ("click", N_("core")),
    ("platformdirs", N_("core")),
    ("fastapi", N_("core (web player)")),
    ("uvicorn", N_("core (web player)")),
    ("matplotlib", N_("core (plots)")),
    ("dask", "extra: cluster"),
    ("distributed", "extra: cluster"),
    ("pytest", "extra: test"),
    ("hypothesis", "extra: test"),
    ("playwright", "extra: test"),
    ("weasyprint", "extra: pdf (exercise --sheet FILE.pdf)"),
)


def tree_size(path: Path) -> int:
    """Bytes under ``path`` (0 when it does not exist)."""
    if not path.exists():
        return 0
    return sum(f.stat().st_size for f in path.rglob("*") if f.is_file())


def chromium() -> str | None:
    """The Chromium the browser tests and screenshots use, if any."""
    explicit = os.environ.get("SEARCHLAB_CHROMIUM", "/usr/bin/chromium")
    if names_a_file(explicit):
        return explicit
    return shutil.which("chromium") or shutil.which("chromium-browser")


def package_version(name: str) -> str | None:
    try:
        return version(name)
    except PackageNotFoundError:
        return None


@click.command(cls=Command)
def doctor() -> None:
    """Show what this installation has: Python, packages, extras, caches, Chromium."""
    table = Table(title="searchlab doctor", show_header=False, title_justify="left")
    table.highlight = False
    table.add_column("what", style="bold")
    table.add_column("value")
    table.add_column("role")
    table.add_row("searchlab", package_version("searchlab") or _("not installed (source tree)"), "")
    table.add_row("Python", platform.python_version(), sys.executable)
    for name, role in PACKAGES:
        table.add_row(name, package_version(name) or _("missing"), _(role))
    root = cache_root()
    table.add_row("cache", f"{tree_size(root) / 2**20:,.1f} MiB", str(root))
    for sub in sorted(p for p in root.glob("*") if p.is_dir()):
        table.add_row(f"  {sub.name}", f"{tree_size(sub) / 2**20:,.1f} MiB", str(sub))
    table.add_row("Chromium", chromium() or _("not found"), _("browser tests, screenshots"))
    console.print(table)


def confirm(question: str) -> bool:
    """Ask ``question``; the end of input (``< /dev/null``, a closed pipe) is a "no",
    said on stderr, while Ctrl-C stays an interruption (exit status 130)."""
    try:
        return click.confirm(question)
    except click.Abort as exc:
        if not isinstance(exc.__context__, EOFError):
            raise
        click.echo("", err=True)
        err_console.print(
            _("no answer (end of input): nothing deleted; --yes deletes without asking"),
            markup=False,
        )
        return False


@click.group(cls=Group)
def cache() -> None:
    """The caches searchlab keeps (tables the puzzles build or unpack once)."""


@cache.command("clear")
@click.option("--yes", "-y", is_flag=True, help="Do not ask before deleting.")
def cache_clear(yes: bool) -> None:
    """Delete the cached tables (each is rebuilt when next needed)."""
    root = cache_root()
    size = tree_size(root)
    if not size:
        console.print(_("nothing cached in {root}").format(root=root), markup=False)
        return
    question = _("delete {size} MiB in {root}?").format(size=f"{size / 2**20:,.1f}", root=root)
    if not yes and not confirm(question):
        raise click.exceptions.Exit(1)
    try:
        shutil.rmtree(root)
    except OSError as exc:
        raise click.ClickException(
            _("{root}: cannot delete ({reason})").format(root=root, reason=exc.strerror or exc)
        ) from None
    console.print(
        _("deleted {size} MiB in {root}").format(size=f"{size / 2**20:,.1f}", root=root),
        markup=False,
    )
