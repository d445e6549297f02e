"""The catalog template: every message of searchlab's interface, for ``make i18n``.

Three sources, written to one ``.pot`` file (``python -m searchlab.cli.messages
build/searchlab.pot``) that ``pybabel update`` merges into each catalog:

- the messages the source marks with ``_``, ``N_`` and ``ngettext`` (Babel's extractor);
- the help texts of every command and option (:func:`searchlab.cli.localized.help_texts`),
  which Click takes as plain strings and :mod:`searchlab.cli.localized` translates when shown;
- Click's own messages ("Usage:", "Show this message and exit.", "No such option"), which
  Click translates through the standard library's gettext domain.

``tests/test_i18n.py`` checks that the Spanish catalog has every message of it.
"""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import click
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import write_po

from searchlab.cli.localized import help_texts

KEYWORDS = {
    "_": None,
    "N_": None,
    "ngettext": (1, 2),
    "gettext": None,
    "pgettext": ((1, "c"), 2),
    "NP_": ((1, "c"), 2),
}

Message = str | tuple[str, ...]
Entry = tuple[Message, str | None]
"""A message and its context (``pgettext``'s first argument; ``None`` for most)."""


def marked(directory: Path) -> Iterator[Entry]:
    """The messages marked for translation in the Python files under ``directory``."""
    for _file, _line, message, _comments, context in extract_from_dir(
        str(directory), method_map=[("**.py", "python")], keywords=KEYWORDS
    ):
        yield (message if isinstance(message, str) else tuple(message)), context or None


def template() -> list[Entry]:
    """Every message of the interface (with its context), without repeats, in a stable
    order."""
    from searchlab.cli.main import cli
    from searchlab.cli.programs import declared, program_command

    package = Path(__file__).resolve().parents[1]
    found: dict[Entry, None] = {}
    programs = [program_command(program) for program in declared().values()]
    helps = (*help_texts(cli), *(text for p in programs for text in help_texts(p)))
    for entry in (
        *marked(package),
        *((text, None) for text in helps),
        *marked(Path(click.__file__).parent),
    ):
        found.setdefault(entry, None)
    return list(found)


def write_template(path: Path) -> int:
    """Write the template to ``path``; return its number of messages."""
    catalog = Catalog(project="searchlab", charset="utf-8")
    messages = template()
    for message, context in messages:
        catalog.add(message, context=context)
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as out:
        write_po(out, catalog, width=100, omit_header=False, sort_output=True)
    return len(messages)


if __name__ == "__main__":
    target = Path(sys.argv[1] if len(sys.argv) > 1 else "build/searchlab.pot")
    print(f"{write_template(target)} messages -> {target}")
