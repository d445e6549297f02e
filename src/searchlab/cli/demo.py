"""``searchlab demo``: a short tour of what searchlab does, one section per family.

Each family's section is its ``demo`` (plain text and :class:`~searchlab.families.Table`
blocks, see the family contract); this module only draws them with rich.
"""

from __future__ import annotations

import click
from rich.rule import Rule

from searchlab import families
from searchlab.cli.common import console, print_table
from searchlab.cli.localized import Command
from searchlab.families.contract import DemoBlock, Table
from searchlab.i18n import _


def draw(block: DemoBlock) -> None:
    """Print one demo block: text as it is, a table as a rich table."""
    if isinstance(block, Table):
        print_table(block)
    else:
        console.print(block, markup=False)


@click.command(cls=Command)
def demo() -> None:
    """Show what searchlab can do, one short section per puzzle family."""
    shown = [f for f in families.all_families() if f.demo is not None]
    for family in sorted(shown, key=lambda f: (f.demo.order if f.demo else 0, f.name)):
        assert family.demo is not None
        console.print(Rule(_(family.demo.title or family.title)))
        for block in family.demo.blocks():
            draw(block)
    from searchlab.experiments.demo import demo as experiments_demo

    experiments_demo(console)
    console.print(Rule())
    console.print(_("More: searchlab --help"))
