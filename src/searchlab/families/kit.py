"""Small building blocks a family's ``family.py`` is written with.

* :func:`engine_solve` runs an engine algorithm and returns its result in the
  family's terms (move labels, family states);
* :func:`impossible` is the answer of a proof that no solution exists;
* :class:`WithHeuristic` swaps a problem's heuristic;
* :func:`limit_options` picks the engine's limit keywords out of a solve's options
  (for a dedicated solver that takes the limits but not the engine's other options);
* the standard options of a family's commands (:func:`file_option`,
  :func:`algorithm_option`, :func:`time_limit_option`, :data:`JSON`, :data:`HTML`...),
  which the CLI gives their usual behaviour (``--json`` with ``--pretty``, ``--svg``
  and ``--html`` written after a solve);
* :func:`draw_seed`: a random seed when none was given, with the note that tells it;
  :func:`optimal_help` says which algorithms guarantee the fewest moves. The
  parameters a generator or a command reads (``int_param``, ``float_param``,
  ``seed_param``, ``parse_wxh``) are :mod:`searchlab.families.params`.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from typing import Any, cast

from searchlab.families.contract import Note, Option, Record
from searchlab.i18n import N_, _
from searchlab.search.options import LimitOptions
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult, SearchStats
from searchlab.search.solve import solve

LIMIT_KEYS = frozenset(LimitOptions.__optional_keys__)
"""The engine's limit keywords (:class:`~searchlab.search.LimitOptions`): ``time_limit``,
``max_expansions``, ``max_nodes``, ``cancel``, ``progress``, named in one place."""


def limit_options(options: Mapping[str, Any], *, without: Iterable[str] = ()) -> LimitOptions:
    """The limits among a solve's ``options``, as the engine's typed record.

    ``without`` names limits a dedicated solver has no use for (``max_nodes`` for one
    that stores no nodes, say); every other key (an observer, a weight) is left out."""
    keep = LIMIT_KEYS - set(without)
    return cast(LimitOptions, {k: v for k, v in options.items() if k in keep})


def engine_solve(
    problem: Problem[Any, Any],
    algorithm: str,
    options: Mapping[str, Any],
    *,
    label: Callable[[Any], str] = str,
    state: Callable[[Any], Any] = lambda s: s,
    method: str | None = None,
) -> SearchResult:
    """Run the engine's ``algorithm`` on ``problem`` with ``options`` (limits, observer,
    algorithm options); actions become labels through ``label``, engine states
    family states through ``state``; ``method`` renames the result's algorithm."""
    r = solve(problem, algorithm, **options)
    return replace(
        r,
        algorithm=method or r.algorithm,
        actions=[label(a) for a in r.actions],
        states=[state(s) for s in r.states],
    )


def impossible(reason: str, algorithm: str, seconds: float = 0.0) -> SearchResult:
    """The result of a proof that no solution exists (a parity, a class, a theorem)."""
    return SearchResult(algorithm, "impossible", stats=SearchStats(seconds=seconds), reason=reason)


class WithHeuristic(Problem[Any, Any]):
    """``problem`` with its heuristic replaced by ``h`` (everything else delegated)."""

    def __init__(self, problem: Problem[Any, Any], h: Callable[[Any], float]) -> None:
        self.inner = problem
        self.h = h

    def initial_state(self) -> Any:
        return self.inner.initial_state()

    def is_goal(self, state: Any) -> bool:
        return self.inner.is_goal(state)

    def successors(self, state: Any) -> Any:
        return self.inner.successors(state)

    def heuristic(self, state: Any) -> float:
        return self.h(state)

    def key(self, state: Any) -> Any:
        return self.inner.key(state)

    def goal_states(self) -> Any:
        return self.inner.goal_states()

    def predecessors(self, state: Any) -> Any:
        return self.inner.predecessors(state)


def optimal_help(names: Sequence[str], optimal: Collection[str]) -> str:
    """``"optimal: a, b; not optimal: c"``: which of ``names`` guarantee the fewest moves."""
    good = [n for n in names if n in optimal]
    bad = [n for n in names if n not in optimal]
    return "optimal: " + ", ".join(good) + ("; not optimal: " + ", ".join(bad) if bad else "")


def draw_seed(seed: int | None, what: str) -> tuple[int, Note | None]:
    """``seed``, or a fresh random one when none was given with the :class:`Note` that
    tells it (``seed N (--seed N draws this WHAT again)``; ``what`` is ``N_``-marked and
    translated here), to yield once the thing it drew exists (an error stays the first
    line); no note for a given seed."""
    if seed is not None:
        return seed, None
    import secrets  # (hashlib and hmac: not on every command's start-up)

    drawn = secrets.randbelow(2**31)
    note = _("seed {seed} (--seed {seed} draws this {what} again)").format(seed=drawn, what=_(what))
    return drawn, Note(note)


# -- the standard options of a family's commands ------------------------------------

SPECIAL_KEYWORDS = frozenset({"as_json", "svg_path", "html_path"})
"""The keywords of the options the CLI gives a behaviour of its own: ``--json`` (with
``--pretty``, machine output in English), ``--svg`` and ``--html`` (written after a
solve from its result)."""


def file_option(help: str = "") -> Option:
    """``FILE``: the board's text from a file, '-' for standard input (optional)."""
    return Option("file", help, str, argument=True, path="read")


def algorithm_option(
    default: str | None = None,
    help: str = N_("An algorithm the family offers (default: its best method)."),
    choices: Sequence[str] = (),
) -> Option:
    """``--algorithm/-a``."""
    return Option("algorithm", help, str, default, short="-a", choices=choices)


def heuristic_option(
    default: str | None = None,
    help: str = N_("A heuristic the family offers (default: its first)."),
    choices: Sequence[str] = (),
) -> Option:
    """``--heuristic/-H``."""
    return Option("heuristic", help, str, default, short="-H", choices=choices)


def time_limit_option(default: float = 60.0, help: str = N_("Seconds before giving up.")) -> Option:
    """``--time-limit``: finite seconds, at least 0."""
    return Option("time_limit", help, float, default, minimum=0)


def max_expansions_option(help: str = N_("Expansion limit.")) -> Option:
    """``--max-expansions``: a node-expansion limit (none by default)."""
    return Option("max_expansions", help, int, minimum=0)


def max_nodes_option(
    help: str = N_("Stored-node limit: the memory bound of the searches that store nodes."),
) -> Option:
    """``--max-nodes``: a stored-node limit (none by default)."""
    return Option("max_nodes", help, int, minimum=1)


LIMIT_OPTIONS = (time_limit_option(), max_expansions_option(), max_nodes_option())
"""The three limits every solving command takes."""

JSON = Option("json", N_("Print one JSON object."), bool, flag=True, dest="as_json")
"""``--json`` (and ``--pretty``)."""


def svg_option(help: str = N_("Also write the board as SVG to this file.")) -> Option:
    """``--svg FILE``: the family's picture of the solution (:meth:`Family.picture`)."""
    return Option("svg", help, str, path="write", dest="svg_path")


HTML = Option(
    "html",
    N_("Write a self-contained page replaying the solution (works offline)."),
    str,
    path="write",
    dest="html_path",
)
"""``--html FILE``: the offline replay page of the solution."""


COUNT_KEYS = ("board", "complete", "limit", "total", "seconds")
"""The keys every counting command's ``--json`` object starts with (docs/cli.md)."""


def count_record(
    *,
    board: Any,
    complete: bool,
    total: int | None,
    limit: str | None = None,
    seconds: float | None = None,
    **own: Any,
) -> Record:
    """The ``--json`` object of a counting command (``hanoi count``, ``knight count``,
    ``peg count``): what was counted (``board``: a board's name, ``[rows, cols]``, a
    tower's disks), whether the count is whole, the limit that stopped it (a limit name,
    ``cancelled``, or ``None``), the headline count (of what was counted when it stopped;
    ``None`` when nothing was) and the seconds it took (``None`` where not timed), then
    the family's own keys."""
    shared = {
        "board": board,
        "complete": complete,
        "limit": limit,
        "total": total,
        "seconds": None if seconds is None else round(seconds, 3),
    }
    clash = sorted(shared.keys() & own.keys())
    if clash:
        raise ValueError(f"count_record: {clash} are shared keys")
    return Record({**shared, **own})
