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
    for family in sorted(families.all_families(), key=lambda f: (f.demo_order, f.name)):
        if family.demo is None:
            continue
        console.print(Rule(_(family.demo_title or family.title)))
        for block in family.demo():
            draw(block)
    from searchlab.experiments.demo import demo as experiments_demo

    experiments_demo(console)
    console.print(Rule())
    console.print(_("More: searchlab --help"))
