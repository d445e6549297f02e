"""Imported by the worker processes' forkserver only: fill every family's caches once.

Solves, generations and hints run in processes forked from one forkserver
(:mod:`searchlab.web.worker`). A family may build a table on first use (the
8-puzzle's exact distances: about a second); built in each new process, that
second would be paid again by every call that follows a stopped one. Importing
this module asks each family for a hint on its first example, so that the
forkserver holds the caches and every process forked from it starts warm.
Failures are ignored: warming is an optimisation, never a condition.
"""

from __future__ import annotations

import contextlib

from searchlab import families
from searchlab.web import service


def warm() -> None:
    """A hint on each family's first example (its caches filled as a side effect)."""
    for fam in families.all_families():
        if fam.examples:
            with contextlib.suppress(Exception):
                service.hint(fam, fam.examples[0].text, None)


warm()
