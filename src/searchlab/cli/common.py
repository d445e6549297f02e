"""Helpers shared by the CLI commands: errors, input files, progress, statistics, JSON."""

from __future__ import annotations

import math
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, Any, NoReturn, TypeVar, cast

import click

from searchlab.cli.exits import run_command
from searchlab.cli.localized import use_language
from searchlab.errors import InputError
from searchlab.families.contract import Table as PlainTable
from searchlab.families.report import describe_outcome, optimality_note
from searchlab.i18n import N_, _
from searchlab.search.result import SearchResult, SearchStats
from searchlab.textinput import (
    MAX_INPUT_BYTES,
    decode_text,
    read_input,
    too_large,
)

if TYPE_CHECKING:
    from rich.console import Console
    from rich.progress import Progress

T = TypeVar("T")

__all__ = [  # re-exported: the commands import them from here
    "MAX_INPUT_BYTES",
    "decode_text",
    "describe_outcome",
    "optimality_note",
    "read_input",
    "run_command",
    "too_large",
]


class LazyConsole:
    """A rich ``Console`` made on first use. Importing rich costs tens of milliseconds
    that a ``--json`` answer, a one-line error or a piped result never needs (a
    script calling searchlab once per puzzle pays them each time); the commands'
    tables and progress lines create it when they draw."""

    def __init__(self, **options: Any) -> None:
        self._options = options
        self._console: Console | None = None

    @property
    def real(self) -> Console:
        """The rich console itself (what rich's own objects are given)."""
        if self._console is None:
            from rich.console import Console

            self._console = Console(**self._options)
        return self._console

    def __getattr__(self, name: str) -> Any:
        return getattr(self.real, name)


def real_console(c: Console) -> Console:
    """The rich console behind ``c`` (:data:`console` and :data:`err_console` are lazy)."""
    return c.real if isinstance(c, LazyConsole) else c


console = cast("Console", LazyConsole(highlight=False))
err_console = cast("Console", LazyConsole(stderr=True, highlight=False, soft_wrap=True))


class FiniteFloat(click.FloatRange):
    """A :class:`click.FloatRange` that also refuses NaN and the infinities."""

    name = "number"  # Click says "not a valid number" (its type name in its messages)

    def get_metavar(self, param: click.Parameter, ctx: click.Context) -> str | None:
        # Click would show the type's name, "FINITE FLOAT RANGE"; the range is shown
        # after the help, "[x>=0]".
        return "FLOAT"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(_("{value!r} is not a finite number").format(value=value), param, ctx)
        return number


def time_limit_option(
    default: float, help: str = "Seconds before giving up."
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--time-limit``: a finite non-negative number of seconds, with a default
    (``nan`` and ``inf`` are refused: they would disable the limit)."""
    return click.option(
        "--time-limit",
        type=FiniteFloat(min=0),
        metavar="SECONDS",
        default=default,
        show_default=True,
        help=help,
    )


def json_option(
    help: str = "Print one JSON object.",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--json`` (a flag, passed to the command as ``as_json``) and ``--pretty`` (indent
    it; recorded for :func:`print_json`, not passed on)."""

    def remember(ctx: click.Context, _param: click.Parameter, value: bool) -> None:
        # --json is eager, so its value is known here: --pretty alone would be ignored.
        if value and not ctx.params.get("as_json"):
            raise click.UsageError(_("--pretty indents --json output: add --json"), ctx)
        ctx.meta["searchlab.pretty"] = value

    def machine(_ctx: click.Context, _param: click.Parameter, value: bool) -> bool:
        if value:  # machine output never changes with the language
            use_language("en")
        return value

    def decorate(f: Callable[..., Any]) -> Callable[..., Any]:
        f = click.option(
            "--pretty",
            is_flag=True,
            expose_value=False,
            callback=remember,
            help="With --json: indent the JSON for reading (default: one compact line).",
        )(f)
        return click.option(
            "--json", "as_json", is_flag=True, is_eager=True, callback=machine, help=help
        )(f)

    return decorate


def max_expansions_option(
    help: str = "Expansion limit.", default: int | None = None
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--max-expansions``: a node-expansion limit (none by default)."""
    return click.option(
        "--max-expansions",
        type=click.IntRange(min=0 if default is None else 1),
        default=default,
        show_default=default is not None,
        help=help,
    )


def max_nodes_option(
    help: str = "Stored-node limit: the memory bound of the searches that store nodes.",
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--max-nodes``: a stored-node limit (none by default). With ``--time-limit``
    and ``--max-expansions``, the three limits every solving command takes."""
    return click.option("--max-nodes", type=click.IntRange(min=1), help=help)


def heuristic_option(
    default: str, choices: tuple[str, ...] | list[str]
) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
    """``--heuristic``: one of a family's heuristics, for the engine's informed algorithms."""
    return click.option(
        "--heuristic",
        "-H",
        type=click.Choice(choices),
        default=default,
        show_default=True,
        help="Heuristic for the engine's informed algorithms.",
    )


STDOUT = "-"
"""The file name that means standard output, for every option that writes a file."""


def one_on_stdout(**outputs: str | bool | None) -> None:
    """A usage error, before any work, when two outputs would share standard output
    (``--svg - --json``, ``--csv - --markdown -``): one stream, one parseable thing.
    ``outputs`` maps each option's name (``json``, ``svg``...) to its value: ``True``
    for ``--json``, :data:`STDOUT` for a file option given ``-``."""
    on_stdout = [f"--{name}" for name, value in outputs.items() if value is True or value == STDOUT]
    if len(on_stdout) > 1:
        raise click.UsageError(
            _(
                "{first} and {second} would both write to standard output: send one to a file"
            ).format(first=on_stdout[0], second=on_stdout[1])
        )


def write_output(path: str, text: str) -> None:
    """Write ``text`` to the file ``path``, or to standard output for ``-``; an
    unwritable path is a one-line error."""
    if path == STDOUT:
        click.echo(text, nl=not text.endswith("\n"))
        return
    from pathlib import (
        Path,  # here, not at the top: pathlib costs a quick command ~3 ms of start-up
    )

    try:
        Path(path).write_text(text, encoding="utf-8")
    except OSError as exc:
        fail(_("{path}: cannot write ({reason})").format(path=path, reason=exc.strerror or exc))


def fail(message: str) -> NoReturn:
    """Stop the command with a one-line error message (exit status 2)."""
    raise InputError(message)


@contextmanager
def cancel_on_interrupt() -> Iterator[threading.Event]:
    """A cancel token set by Ctrl-C (SIGINT) for the duration of the block.

    Searches given this token stop at their next checkpoint with status
    ``"limit"`` and limit ``"cancelled"``, so the statistics so far can be shown.
    A second Ctrl-C interrupts at once.
    """
    event = threading.Event()
    if threading.current_thread() is not threading.main_thread():
        yield event
        return

    def handler(signum: int, frame: FrameType | None) -> None:
        if event.is_set():
            raise KeyboardInterrupt
        event.set()

    previous = signal.signal(signal.SIGINT, handler)
    try:
        yield event
    finally:
        signal.signal(signal.SIGINT, previous)


def stderr_is_terminal() -> bool:
    """Whether standard error is a terminal, as rich decides it, without importing rich
    where :func:`searchlab.cli.terminal.is_terminal` can answer."""
    from searchlab.cli.terminal import is_terminal

    answer = is_terminal(sys.stderr)
    return err_console.is_terminal if answer is None else answer


PROGRESS_AFTER = 0.25
"""Seconds a search runs before its progress line appears (a quick solve never flashes
one, nor pays for importing rich)."""


def run_with_progress(
    run: Callable[[threading.Event, Callable[[SearchStats], None] | None], T],
    *,
    label: str = N_("searching"),
    show: bool | None = None,
) -> T:
    """Run ``run(cancel, progress)`` with Ctrl-C cancellation and a live progress line.

    The progress line (nodes expanded, rate, elapsed time) is drawn on stderr, once the
    search has run :data:`PROGRESS_AFTER` seconds, and only when stderr is a terminal
    unless ``show`` says otherwise. ``label`` is marked with ``N_`` and translated here.
    """
    if show is None:
        show = stderr_is_terminal()
    with cancel_on_interrupt() as cancel:
        if not show:
            return run(cancel, None)
        started = time.monotonic()
        bar: Progress | None = None
        task: Any = None

        def progress(stats: SearchStats) -> None:
            nonlocal bar, task
            if bar is None:
                if time.monotonic() - started < PROGRESS_AFTER:
                    return
                from rich.progress import Progress, SpinnerColumn, TextColumn, TimeElapsedColumn

                bar = Progress(
                    SpinnerColumn(),
                    TextColumn("[bold]{task.description}"),
                    TextColumn("{task.fields[info]}"),
                    TimeElapsedColumn(),
                    console=real_console(err_console),
                    transient=True,
                )
                bar.start()
                task = bar.add_task(_(label), info="")
            rate = stats.expanded / stats.seconds if stats.seconds else 0.0
            info = _("{expanded} expanded ({rate}/s)").format(
                expanded=f"{stats.expanded:,}", rate=f"{rate:,.0f}"
            )
            bar.update(task, info=info)

        try:
            return run(cancel, progress)
        finally:
            if bar is not None:
                bar.stop()


LOG_EVERY = 60.0
"""Seconds between the log lines of a :class:`FractionBar` off a terminal."""


class FractionBar:
    """A rich progress bar for work measured as a fraction (a database build, levels
    counted), drawn on stderr, started by the first :meth:`update` (so quick work
    never flashes a bar) and only when ``show`` (default: stderr is a terminal).

    With ``log``, a run whose stderr is not a terminal (a log file, a batch job) gets a
    line ``title: info`` for the first update, for each new title (the next table of a
    build) and otherwise at most one every :data:`LOG_EVERY` seconds instead of the bar
    (none when ``show`` is ``False``: ``--json``)."""

    def __init__(
        self,
        title: str,
        show: bool | None = None,
        log: bool = False,
        console: Console | None = None,
    ) -> None:
        self.title = title
        self.console = console  # (default: standard error's)
        self.show = show  # None: decided at the first update (no rich before it)
        self.log = log and show is not False
        self.logged: float | None = None  # when the last log line was written
        self.logged_title = ""  # the title it bore
        self.bar: Progress | None = None
        self.task: Any = None

    def update(self, done: float, total: float = 1.0, info: str = "", title: str = "") -> None:
        """Show ``done`` of ``total``, with ``info`` after the bar (and a new ``title``)."""
        if self.show is None:
            self.show = stderr_is_terminal()
        if not self.show:
            heading = title or self.title
            if self.log and (
                self.logged is None
                or heading != self.logged_title
                or time.monotonic() - self.logged >= LOG_EVERY
            ):
                self.logged, self.logged_title = time.monotonic(), heading
                err_console.print(f"{heading}: {info}", markup=False)
            return
        if self.bar is None:
            from searchlab.cli.bars import FractionProgress

            self.bar = FractionProgress(real_console(self.console or err_console))
            self.bar.start()
            self.task = self.bar.add_task(self.title, total=total, info="")
        self.bar.update(
            self.task, completed=done, total=total, info=info, description=title or self.title
        )

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()
            self.bar = None

    def __enter__(self) -> FractionBar:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def print_table(table: PlainTable) -> None:
    """Print a plain :class:`~searchlab.families.contract.Table` as a rich table, with
    nothing cut on a narrow terminal (:func:`searchlab.cli.fit.print_fitted`)."""
    from searchlab.cli.fit import print_fitted

    right = table.right if table.right is not None else tuple(range(1, len(table.columns)))
    print_fitted(
        real_console(console),
        table.title,
        table.columns,
        [list(row) for row in table.rows],
        right=right,
    )


def finish(result: SearchResult) -> None:
    """End a solve command with the exit status convention of every searchlab command.

    0: solved; 1: answered "no solution" / "impossible", or stopped by a limit;
    2: a user error (raised elsewhere); 130: interrupted by Ctrl-C.
    """
    if result.status == "cancelled":
        raise click.exceptions.Exit(130)
    if not result.solved:
        raise click.exceptions.Exit(1)


def print_json(obj: Any) -> None:
    """Print ``obj`` as JSON on standard output: one compact line, or indented when the
    command was given ``--pretty``. (One ``encode`` call: the C encoder, measured 3x
    faster than streaming ``iterencode`` chunks on a 1000x1000 tour.)"""
    import json  # here: only --json answers need it

    ctx = click.get_current_context(silent=True)
    pretty = bool(ctx and ctx.meta.get("searchlab.pretty"))
    encoder = json.JSONEncoder(
        indent=2 if pretty else None,
        separators=None if pretty else (",", ":"),
        default=_json_default,
    )
    sys.stdout.write(encoder.encode(obj) + "\n")


def _json_default(obj: Any) -> Any:
    if hasattr(obj, "as_dict"):
        return obj.as_dict()
    if isinstance(obj, (set, frozenset, tuple)):
        return list(obj)
    if hasattr(obj, "tolist"):
        return obj.tolist()
    raise TypeError(f"cannot serialise {type(obj).__name__}")
