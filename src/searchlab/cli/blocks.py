"""How a family's declared commands meet Click: :class:`~searchlab.families.contract.Option`
records become Click parameters (:func:`parameter`), and the blocks a command yields are
drawn (:func:`draw`).

Shared by the two builders, :mod:`searchlab.cli.family_commands` (``searchlab <family>
...``) and :mod:`searchlab.cli.programs` (a family's stand-alone programs); light, so a
program starts as fast as a hand-written Click command.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

import click

from searchlab.cli.common import (
    FiniteFloat,
    err_console,
    json_option,
    print_json,
    print_table,
    read_input,
    stderr_is_terminal,
)
from searchlab.families.contract import Block, Exit, Note, Option, Record, Table
from searchlab.search.result import SearchStats


def parameter(option: Option) -> click.Parameter:
    """The Click parameter of an :class:`Option` (its help stays English: the command
    classes of :mod:`searchlab.cli.localized` translate it when shown)."""
    kind: Any = option.kind
    if option.choices:
        kind = click.Choice(list(option.choices))
    elif option.path == "write":
        kind = click.Path(dir_okay=False, writable=True)
    elif option.kind is float:
        kind = FiniteFloat(option.minimum, option.maximum, max_open=option.max_open)
    elif option.kind is int and (option.minimum is not None or option.maximum is not None):
        lo = None if option.minimum is None else int(option.minimum)
        hi = None if option.maximum is None else int(option.maximum)
        kind = click.IntRange(lo, hi, max_open=option.max_open)
    # Every --time-limit reads SECONDS, as the generic commands' (cli.common).
    metavar = option.metavar or ("SECONDS" if option.name == "time_limit" else None)
    # No default at all unless one is given: Click counts an explicit None as a value.
    default: dict[str, Any] = {} if option.default is None else {"default": option.default}
    if option.argument:
        return click.Argument(
            [option.keyword],
            type=kind,
            required=option.required,
            metavar=metavar,
            nargs=-1 if option.multiple else 1,
            **default,
        )
    names = [f"--{n.replace('_', '-')}" for n in (option.name, *option.aliases)]
    if option.short:
        names.append(option.short)
    return click.Option(
        [*names, option.keyword],
        type=None if option.flag else kind,
        **({"is_flag": True, "default": option.default or False} if option.flag else default),
        show_default=option.default is not None and not option.flag,
        required=option.required,
        multiple=option.multiple,
        metavar=metavar,
        hidden=option.hidden,
        help=option.help,
    )


def parameters(options: Sequence[Option]) -> list[click.Parameter]:
    """The Click parameters of ``options``, ``--json`` as :func:`json_option` makes it
    (with ``--pretty``, and English output)."""
    params: list[click.Parameter] = []
    for option in options:
        if option.keyword == "as_json":
            made = json_option(option.help)(lambda: None)
            params.extend(reversed(made.__click_params__))  # type: ignore[attr-defined]
        else:
            params.append(parameter(option))
    return params


def read_paths(options: Sequence[Option], values: dict[str, Any]) -> dict[str, Any]:
    """``values`` with each ``path="read"`` option replaced by its file's text."""
    for option in options:
        if option.path == "read" and values.get(option.keyword) is not None:
            values[option.keyword] = read_input(values[option.keyword])
    return values


def draw(blocks: Iterable[Block], *, as_json: bool = False) -> int:
    """Draw a command's blocks (see :data:`~searchlab.families.contract.Block`) as they
    come; return the exit status the last :class:`Exit` asked for (0 without one)."""
    code = 0
    for block in blocks:
        if isinstance(block, Exit):
            code = block.code
        elif isinstance(block, Note):
            if not block.tip:
                err_console.print(block.text, markup=False)
            elif stderr_is_terminal():
                err_console.print(block.text, markup=False, style="dim")
        elif isinstance(block, Record):
            if as_json:
                print_json(block.data)
        elif as_json:
            continue
        elif isinstance(block, Table):
            print_table(block)
        elif isinstance(block, SearchStats):
            from searchlab.cli.stats_text import print_stats

            print_stats(block)
        else:
            # Plain writes, not rich's: long boards print at once, never re-wrapped.
            click.echo(block)
    return code
