"""``searchlab doctor`` (what this installation has) and ``searchlab cache`` (its caches)."""

from __future__ import annotations

import os
import platform
import shutil
import sys
import time
from importlib.metadata import PackageNotFoundError, version
from pathlib import Path

import click
from rich.table import Table

from searchlab.cache import cache_root
from searchlab.cli.common import console, err_console, json_option, print_json
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
@click.option(
    "--warm",
    is_flag=True,
    help=(
        "Then compile every solver's machine code now (a minute or two once per machine; "
        "afterwards each family's first solve starts at once)."
    ),
)
@json_option()
def doctor(warm: bool, as_json: bool) -> None:
    """Show what this installation has: Python, packages, extras, caches, Chromium."""
    root = cache_root()
    folders = sorted(p for p in root.glob("*") if p.is_dir())
    if as_json:
        print_json(
            {
                "searchlab": package_version("searchlab"),
                "python": {"version": platform.python_version(), "executable": sys.executable},
                "packages": {name: package_version(name) for name, _role in PACKAGES},
                "cache": {
                    "path": str(root),
                    "bytes": tree_size(root),
                    "folders": {sub.name: tree_size(sub) for sub in folders},
                },
                "chromium": chromium(),
            }
        )
    else:
        table = Table(title="searchlab doctor", show_header=False, title_justify="left")
        table.highlight = False
        table.add_column("what", style="bold")
        table.add_column("value")
        table.add_column("role")
        version_ = package_version("searchlab") or _("not installed (source tree)")
        table.add_row("searchlab", version_, "")
        table.add_row("Python", platform.python_version(), sys.executable)
        for name, role in PACKAGES:
            table.add_row(name, package_version(name) or _("missing"), _(role))
        table.add_row("cache", f"{tree_size(root) / 2**20:,.1f} MiB", str(root))
        for sub in folders:
            table.add_row(f"  {sub.name}", f"{tree_size(sub) / 2**20:,.1f} MiB", str(sub))
        table.add_row("Chromium", chromium() or _("not found"), _("browser tests, screenshots"))
        console.print(table)
    if warm:
        warm_all(err=as_json)


def warm_all(err: bool = False) -> None:
    """Compile (or load from Numba's cache) every family's machine code, one line each
    (on standard error with ``err``: ``--json`` has standard output)."""
    from searchlab import families

    for family in families.all_families():
        warm = family.cache.warm if family.cache is not None else None
        if warm is None:
            continue
        start = time.perf_counter()
        with err_console.status(_("compiling {family}...").format(family=family.name)):
            warm()
        (err_console if err else console).print(
            _("{family}: ready ({seconds:.1f} s)").format(
                family=family.name, seconds=time.perf_counter() - start
            ),
            markup=False,
        )


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


def sweep_cache(root: Path) -> list[Path]:
    """Remove, in ``root`` and every folder under it, the temporary files whose writer
    died (:func:`searchlab.durable.sweep_stale`); returns what was removed."""
    from searchlab.durable import sweep_stale

    if not root.is_dir():
        return []
    folders = [root, *(p for p in root.rglob("*") if p.is_dir() and not p.is_symlink())]
    return [removed for folder in folders for removed in sweep_stale(folder)]


@cache.command("verify")
@click.option("--no-heal", is_flag=True, help="Only report: do not rebuild what is found damaged.")
def cache_verify(no_heal: bool) -> None:
    """Check every cached table by its checksum; rebuild the damaged ones (exit 1 if any stays)."""
    from searchlab import families
    from searchlab.errors import InputError

    root = cache_root()
    swept = sweep_cache(root)
    if swept:
        say(_("removed {n} temporary files left by stopped processes").format(n=len(swept)))
    artifacts = [
        artifact
        for family in families.all_families()
        if family.cache is not None and family.cache.artifacts is not None
        for artifact in family.cache.artifacts()
    ]
    if not artifacts:
        say(_("nothing cached to verify in {root}").format(root=root))
        return
    counts = {"ok": 0, "healed": 0, "damaged": 0}
    for artifact in artifacts:
        reason = artifact.verify()
        if reason is None:
            counts["ok"] += 1
            say(_("ok: {name}").format(name=artifact.name))
            continue
        if no_heal or artifact.heal is None:
            counts["damaged"] += 1
            say(_("damaged: {name} ({reason})").format(name=artifact.name, reason=reason))
            continue
        say(
            _("damaged: {name} ({reason}); rebuilding it").format(name=artifact.name, reason=reason)
        )
        try:
            artifact.heal()
            again = artifact.verify()
        except InputError as exc:
            again = str(exc)
        if again is None:
            counts["healed"] += 1
            say(_("healed: {name}").format(name=artifact.name))
        else:
            counts["damaged"] += 1
            say(_("still damaged: {name} ({reason})").format(name=artifact.name, reason=again))
    say(
        _("{total} checked: {ok} ok, {healed} healed, {damaged} damaged").format(
            total=len(artifacts), **counts
        )
    )
    if counts["damaged"]:
        raise click.exceptions.Exit(1)


def say(line: str) -> None:
    """One line of the report on standard output (no markup read into it)."""
    console.print(line, markup=False, highlight=False, soft_wrap=True)


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
