"""Click commands whose ``--help`` is written in the interface language.

Help texts are written in English where the commands are declared (docstrings,
``help=``), as Click expects; they are translated when the help is shown, with
:func:`searchlab.i18n._`, so that ``--lang`` (parsed after the commands were
built) still applies. :class:`Command` and :class:`Group` do that; a group's
sub-commands get the same classes (``command_class``/``group_class``).

Click's own messages ("Usage:", "Show this message and exit.", "No such option")
go through the standard library's global gettext domain: :func:`use_language`
binds that domain to searchlab's catalog (:func:`searchlab.i18n.bind_process`).

:func:`help_texts` lists every help text of a command tree: ``make i18n`` adds
them to the catalog template (:mod:`searchlab.cli.messages`) and
``tests/test_i18n.py`` checks each has its Spanish entry.
"""

from __future__ import annotations

import copy
import os
import re
from collections.abc import Iterator
from typing import Any

import click

from searchlab import i18n
from searchlab.i18n import N_, _


def use_language(language: str) -> None:
    """Make ``language`` the interface language of this run: searchlab's messages and
    Click's own."""
    i18n.use(language)
    i18n.bind_process(i18n.current(), _spare_locale)


def _spare_locale() -> str:
    """Where a compiled copy of the catalog goes when the packaged one is missing or
    stale: the cache's ``locale`` folder."""
    from searchlab.cache import cache_root  # only when needed: start-up

    return os.path.join(cache_root(), "locale")


def _translated(param: click.Parameter) -> click.Parameter:
    """``param`` with its help text (and a ``show_default`` text, such as "number of
    CPUs") in the interface language (a copy: the command tree itself stays English,
    as it was declared)."""
    text = getattr(param, "help", None)
    shown_default = getattr(param, "show_default", None)
    if not text and not isinstance(shown_default, str):
        return param
    clone = copy.copy(param)
    if text:
        clone.help = _(text)
    if isinstance(clone, click.Option) and isinstance(shown_default, str):
        clone.show_default = _(shown_default)
    return clone


USAGE_WORDS = (N_("[OPTIONS]"), N_("COMMAND [ARGS]..."))
"""Click's words in a usage line, shown in the interface language."""

_INITIAL = re.compile(r"(?<![^\s(])([A-Z]\.) (?=[A-Z])")
"""A one-letter initial followed by a capitalised word ("M. Fogleman"): no sentence end."""


class Localized(click.Command):
    """Translate the help text, the short help and the options' help when shown."""

    def get_short_help_str(self, limit: int = 45) -> str:
        clone = copy.copy(self)
        # Click ends the first sentence at a period before a capital: an initial, as in
        # "M. Fogleman's database", would cut it there; its space is held while Click cuts.
        clone.help = _INITIAL.sub("\\1\0", _(self.help)) if self.help else self.help
        clone.short_help = _(self.short_help) if self.short_help else self.short_help
        return super(Localized, clone).get_short_help_str(limit).replace("\0", " ")

    def format_help_text(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        clone = copy.copy(self)
        clone.help = _(self.help) if self.help else self.help
        super(Localized, clone).format_help_text(ctx, formatter)

    def collect_usage_pieces(self, ctx: click.Context) -> list[str]:
        # Click's own words of the usage line ("[OPTIONS]", "COMMAND [ARGS]...").
        return [
            _(piece) if piece in USAGE_WORDS else piece
            for piece in super().collect_usage_pieces(ctx)
        ]

    def get_help_option(self, ctx: click.Context) -> click.Option | None:
        # Click builds its --help option once per command, in the language of the first
        # call (a test run renders many helps in one process): translate it when asked.
        option = super().get_help_option(ctx)
        return option if option is None else _translated(option)  # type: ignore[return-value]

    def format_options(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        clone = copy.copy(self)
        clone.params = [_translated(p) for p in self.params]
        super(Localized, clone).format_options(ctx, formatter)

    def format_epilog(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        if self.epilog:
            clone = copy.copy(self)
            clone.epilog = "\n".join(
                _(line) if line.endswith(":") else line for line in self.epilog.split("\n")
            )
            super(Localized, clone).format_epilog(ctx, formatter)


class Command(Localized, click.Command):
    """A command whose help is shown in the interface language."""


class Group(Localized, click.Group):
    """A group whose help, and its sub-commands', is shown in the interface language."""

    command_class = Command
    group_class = type


def help_texts(command: click.Command, ctx: click.Context | None = None) -> Iterator[str]:
    """Every help text of ``command`` and its sub-commands (as declared: the catalog's
    message ids). A lazy group's commands are imported through ``get_command``."""
    ctx = ctx or click.Context(command)
    for text in (command.help, command.short_help):
        if text:
            yield text
    for param in command.params:
        param_help: Any = getattr(param, "help", None)
        if param_help:
            yield param_help
        shown_default: Any = getattr(param, "show_default", None)
        if isinstance(shown_default, str):
            yield shown_default
    if isinstance(command, click.Group):
        for name in command.list_commands(ctx):
            sub = command.get_command(ctx, name)
            if sub is not None:
                yield from help_texts(sub, click.Context(sub, parent=ctx, info_name=name))
