"""The ``searchlab`` command: one sub-command group per puzzle family, plus the
generic ``solve``, ``demo``, ``serve``, ``teach``, ``compare`` and ``experiment``.

Sub-commands are imported only when they run (a lazy Click group), so
``searchlab --help`` and a small solve do not pay for every family, NumPy or
the web stack. Errors a user can fix (a bad option, an unreadable file, a
malformed board) print one line on stderr and exit with status 2; they never
show a traceback.
"""

from __future__ import annotations

import os
import signal
import sys


def _interrupted_while_starting(_signum: int, _frame: object) -> None:
    """Ctrl-C while this module is imported (a tenth of a second, before the command's
    own handling exists): the same quiet exit 130 and line as later (in the language
    asked for, once the catalog is loaded), not an import's traceback."""
    line = "searchlab: interrupted"
    try:  # the catalog once loaded
        i18n = sys.modules["searchlab.i18n"]
        i18n.use(i18n.detect(requested_language(sys.argv[1:])))
        line = i18n._("{prog}: interrupted").format(prog="searchlab")
    except Exception:  # not loaded yet: English
        pass
    try:
        sys.stderr.write(line + "\n")
        sys.stderr.flush()
    finally:  # no stderr left: exit all the same
        os._exit(130)


try:  # only the main thread may set a handler: imported elsewhere, nothing changes
    _BEFORE = signal.signal(signal.SIGINT, _interrupted_while_starting)
except ValueError:
    _BEFORE = None

import importlib  # noqa: E402

import click  # noqa: E402

from searchlab import i18n  # noqa: E402
from searchlab.cli.exits import exit_with_status, run_command  # noqa: E402
from searchlab.cli.localized import Group, use_language  # noqa: E402
from searchlab.i18n import N_, _  # noqa: E402

CONTEXT = {"help_option_names": ["-h", "--help"], "max_content_width": 100}

COMMANDS: dict[str, tuple[str, str]] = {
    "cache": (
        "searchlab.cli.doctor:cache",
        N_("The caches searchlab keeps (tables the puzzles build or unpack once)."),
    ),
    "compare": (
        "searchlab.cli.compare:compare",
        N_(
            "Compare algorithms and heuristics on FAMILY instances: random ones at "
            "--depths/--sizes, or FILES."
        ),
    ),
    "demo": (
        "searchlab.cli.demo:demo",
        N_("Show what searchlab can do, one short section per puzzle family."),
    ),
    "doctor": (
        "searchlab.cli.doctor:doctor",
        N_("Show what this installation has: Python, packages, extras, caches, Chromium."),
    ),
    "exercise": (
        "searchlab.cli.exercise:exercise",
        N_("Questions on search with their answers and worked solutions (same seed, same sheet)."),
    ),
    "experiment": (
        "searchlab.cli.experiment:experiment",
        N_("Built-in experiments (results are stored; a finished one re-prints at once)."),
    ),
    "grade": (
        "searchlab.cli.grade:grade",
        N_("Mark a student's program for a course assignment on hidden random instances."),
    ),
    "check": (
        "searchlab.cli.grade:check",
        N_("Check one solution (moves on standard input) for a board of FAMILY."),
    ),
    "serve": (
        "searchlab.cli.serve:serve",
        N_("Run the web player: load, solve, animate and play every puzzle (Ctrl-C stops it)."),
    ),
    "solve": (
        "searchlab.cli.solving:solve_cmd",
        N_("Solve the FAMILY instance in FILE ('-' or nothing: standard input)."),
    ),
    "teach": (
        "searchlab.cli.serve:teach",
        N_(
            "Show how a search explores a small board: nodes in expansion order with g, h and "
            "f = g + h, and (with --svg) the explored state graph with the solution path in red."
        ),
    ),
}
"""Sub-command name -> (``"module:attr"`` of its Click command, imported on first use;
the first sentence of its help, which ``searchlab --help`` lists without importing it:
``tests/cli/test_main.py`` checks the two agree)."""


FAMILY_HELP = N_("A puzzle family found in its folder: solve its boards.")
"""The help line of a family whose ``family.py`` has no docstring."""


def found_families() -> list[str]:
    """The families found in their folders (:func:`searchlab.families.family_folders`)
    with no hand-written group in :data:`COMMANDS`: each gets its command group, built
    from its contract (:func:`searchlab.cli.family_commands.family_group`)."""
    from searchlab.families import family_folders

    return [name for name in family_folders() if name not in COMMANDS]


def help_line(name: str) -> str:
    """The first sentence of a sub-command's help, without importing it (a family's:
    its ``family.py``'s first paragraph, :func:`searchlab.families.family_summary`)."""
    if name in COMMANDS:
        return COMMANDS[name][1]
    from searchlab.families import family_summary

    return family_summary(name) or FAMILY_HELP


def add_examples(command: click.Command, path: str) -> None:
    """Give ``command`` (and its sub-commands) their usage examples as ``--help`` epilog
    (:mod:`searchlab.cli.examples`)."""
    from searchlab.cli.examples import epilog

    if command.epilog is None:
        command.epilog = epilog(path)
    if isinstance(command, click.Group):
        for name, sub in command.commands.items():
            add_examples(sub, f"{path} {name}")


class LazyGroup(Group):
    """A Click group whose sub-commands are imported when first looked up; its own
    ``--help`` lists them from :data:`COMMANDS` without importing any."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted([*COMMANDS, *found_families()])

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        entry = COMMANDS.get(cmd_name)
        if entry is None:
            if cmd_name not in found_families():
                return None
            from searchlab.cli.family_commands import family_group

            group = family_group(cmd_name, help_line(cmd_name))
            add_examples(group, cmd_name)
            return group
        module_name, attr = entry[0].split(":")
        command = getattr(importlib.import_module(module_name), attr)
        assert isinstance(command, click.Command)
        add_examples(command, cmd_name)
        return command

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        """The commands and their short help, as Click writes them, from the table."""
        names = self.list_commands(ctx)
        limit = formatter.width - 6 - max(len(n) for n in names)
        rows = [
            (n, click.Command(n, help=_(help_line(n))).get_short_help_str(limit)) for n in names
        ]
        with formatter.section(_("Commands")):
            formatter.write_dl(rows)

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        formatter.write_paragraph()
        with formatter.indentation():
            formatter.write_text(_(HELP))


HELP = N_("Classical state-space search on puzzles: solve, compare, play.")


def choose_language(_ctx: click.Context, _param: click.Parameter, value: str | None) -> None:
    """``--lang``: the interface language for the rest of the run."""
    if value:
        use_language(value)


@click.group(cls=LazyGroup, context_settings=CONTEXT, help=HELP)
@click.version_option(None, "--version", "-V", package_name="searchlab", prog_name="searchlab")
@click.option(
    "--lang",
    type=click.Choice(i18n.LANGUAGES),
    is_eager=True,
    expose_value=False,
    callback=choose_language,
    help=N_(
        "Interface language: en or es (default: $SEARCHLAB_LANG, else the locale, else en). "
        "--json and other machine output stay the same."
    ),
)
def cli() -> None:
    pass


def main(argv: list[str] | None = None) -> int:
    """Run the ``searchlab`` command with ``argv``; return the exit status. The language
    is the locale's (:func:`searchlab.i18n.detect`) unless ``--lang`` says otherwise."""
    args = sys.argv[1:] if argv is None else list(argv)
    try:
        use_language(i18n.detect(requested_language(args)))
        if argv is None and sys.stderr.isatty():
            announce_first_compile()
    except KeyboardInterrupt:
        click.echo(_("{prog}: interrupted").format(prog="searchlab"), err=True)
        return 130
    return run_command(cli, "searchlab", args)


def announce_first_compile() -> None:
    """One line on stderr when this run compiles a solver's machine code (its first use
    on this machine, or after an upgrade), so that the wait is explained."""
    from searchlab.compiling import on_first_compile

    on_first_compile(
        lambda _name: click.echo(
            _(
                "searchlab: compiling the solver's machine code on its first use "
                "(once: later runs load it from the cache)..."
            ),
            err=True,
        )
    )


def requested_language(args: list[str]) -> str | None:
    """The ``--lang`` value among the options before the sub-command, if any: read
    before Click parses, so that errors in the command line itself are in it too."""
    for i, arg in enumerate(args):
        if arg == "--lang" and i + 1 < len(args):
            return args[i + 1]
        if arg.startswith("--lang="):
            return arg.removeprefix("--lang=")
        if not arg.startswith("-"):
            break
    return None


def run() -> None:
    """Run the command with ``sys.argv`` and exit with its status, which a late Ctrl-C
    cannot change (the ``searchlab`` program is :func:`searchlab.cli.run`, which loads
    this module first)."""
    exit_with_status(main)


if _BEFORE is not None:  # imported: Ctrl-C is KeyboardInterrupt again (run_command's)
    signal.signal(signal.SIGINT, _BEFORE)
    # ... except while Numba is imported (a command's first kernel): quiet, as here
    from searchlab.compiling import quiet_while_importing

    quiet_while_importing("numba", _interrupted_while_starting)
