"""What the web player needs from a puzzle family: the :class:`Family` adapter.

An adapter is a bundle of plain functions that call the family package's public
API (parsing, instances, solving, legal moves, hints). It adds nothing to the
puzzle logic; it only translates between the family's objects and JSON:

* a board is always text (what the user types, pastes or uploads);
* a state travels as a JSON *token* (``encode_state`` / ``decode_state``; a
  decoded token is validated, since it comes from the browser);
* a position is drawn from a *view*: a small JSON description of a grid
  (``base_view`` for what never moves, ``state_view`` for what does) that
  ``static/js/render.js`` and :mod:`searchlab.web.svg` draw alike.

View format (every key optional except ``rows`` and ``cols``)::

    rows, cols       grid size
    cells            list of ``rows`` strings, one character per cell:
                     ' ' no cell, '.' floor, '#' wall, 'o' hole, 'g' goal,
                     's' start, 'l' / 'd' light / dark square
    pieces           [{id, r, c, h=1, w=1, kind, label}] with kind in
                     tile, car, red, peg, knight, walker
    path             [[r, c], ...] a polyline through cell centres
    path_len         draw only the first ``path_len`` points of ``path``
    marks            [{r, c, text}] small numbers in cells
    exit             {r, side: "right"} an exit arrow (Rush Hour)

A legal move for play mode is a :class:`Move`: its label, the cells of the
piece that moves (``grab``, empty when the move is "click a square"), the
target cell the user clicks or drops on (``to``), and the resulting state.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from searchlab.errors import InputError
from searchlab.search import Problem, SearchEvent, SearchStats, solve

Cell = tuple[int, int]
View = dict[str, Any]
Progress = Callable[[SearchStats], None]


@dataclass(frozen=True, slots=True)
class Example:
    """A built-in board: an id, a title and the board text."""

    id: str
    title: str
    text: str


@dataclass(frozen=True, slots=True)
class Param:
    """A numeric parameter of the random/generate form."""

    name: str
    label: str
    default: int | float
    minimum: int | float
    maximum: int | float
    kind: str = "int"  # "int" or "float"


@dataclass(frozen=True, slots=True)
class Move:
    """A legal move in play mode (see the module docstring)."""

    label: str
    to: Cell
    state: Any
    grab: tuple[Cell, ...] = ()

    def as_dict(self, encode: Callable[[Any], Any]) -> dict[str, Any]:
        return {
            "label": self.label,
            "to": list(self.to),
            "grab": [list(c) for c in self.grab],
            "state": encode(self.state),
        }


@dataclass(slots=True)
class SolveRequest:
    """What the user asked for, with the limits the server imposes."""

    algorithm: str
    heuristic: str
    time_limit: float
    max_nodes: int
    cancel: threading.Event
    progress: Progress
    observer: Callable[[SearchEvent], None] | None = None


@dataclass(slots=True)
class Solution:
    """A family's answer, in the family's own state objects.

    ``status`` is "solved", "no_solution", "impossible" (proved before any
    search, ``reason`` says why) or "limit" (``limit`` names it).
    """

    status: str
    moves: list[str] = field(default_factory=list)
    states: list[Any] = field(default_factory=list)
    stats: dict[str, Any] = field(default_factory=dict)
    cost: float | None = None
    limit: str | None = None
    reason: str | None = None
    method: str = ""


@dataclass(frozen=True)
class Family:
    """A puzzle family as the web player sees it. All callables are plain
    functions of the family package's public API; see the module docstring.

    ``problem`` (an engine :class:`Problem` for the teaching view),
    ``state_of`` (an engine state to a family state, when they differ) and
    ``action_label`` (an engine action as the family prints it, default ``str``)
    may be ``None``.
    """

    name: str
    title: str
    board_help: str
    play_help: str
    examples: Sequence[Example]
    random_params: Sequence[Param]
    random: Callable[[dict[str, float]], str]
    parse: Callable[[str], Any]
    describe: Callable[[Any], str]
    algorithms: Sequence[str]
    heuristics: Sequence[str]
    solve: Callable[[Any, SolveRequest], Solution]
    initial: Callable[[Any], Any]
    encode_state: Callable[[Any, Any], Any]
    decode_state: Callable[[Any, Any], Any]
    is_goal: Callable[[Any, Any], bool]
    moves: Callable[[Any, Any], list[Move]]
    hint: Callable[[Any, Any, SolveRequest], Move | None]
    base_view: Callable[[Any], View]
    state_view: Callable[[Any, Any], View]
    problem: Callable[[Any, str], Problem[Any, Any]] | None = None
    state_of: Callable[[Any, Any], Any] | None = None
    frames: Callable[[Any, list[Any]], list[View]] | None = None
    action_label: Callable[[Any, Any], str] | None = None
    shared_view: Callable[[Any, list[Any]], View] | None = None
    notes: str = ""

    def read(self, text: str) -> Any:
        """``parse(text)``, with any ValueError the family lets escape turned into an
        InputError, so a malformed board never becomes a server error."""
        try:
            return self.parse(text)
        except InputError:
            raise
        except (ValueError, OverflowError) as exc:
            raise InputError(f"cannot read this board: {exc}") from None

    def frame_views(self, instance: Any, states: list[Any]) -> list[View]:
        """One view per state of a solution (the family may share work across them)."""
        if self.frames is not None:
            return self.frames(instance, states)
        return [self.state_view(instance, s) for s in states]

    def solution_shared(self, instance: Any, states: list[Any]) -> View:
        """What every frame of a solution shares (e.g. a whole tour, each frame
        then giving only ``path_len``); empty unless the family says otherwise."""
        return self.shared_view(instance, states) if self.shared_view and states else {}

    def summary(self) -> dict[str, Any]:
        """The family as the front end's form needs it."""
        return {
            "name": self.name,
            "title": self.title,
            "board_help": self.board_help,
            "play_help": self.play_help,
            "examples": [{"id": e.id, "title": e.title, "text": e.text} for e in self.examples],
            "random_params": [
                {
                    "name": p.name,
                    "label": p.label,
                    "default": p.default,
                    "min": p.minimum,
                    "max": p.maximum,
                    "kind": p.kind,
                }
                for p in self.random_params
            ],
            "algorithms": list(self.algorithms),
            "heuristics": list(self.heuristics),
            "teaching": self.problem is not None,
            "notes": self.notes,
        }


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


def float_param(params: dict[str, float], name: str, default: float, lo: float, hi: float) -> float:
    """A numeric form parameter in [lo, hi]; a bad value is an InputError."""
    raw = params.get(name, default)
    try:
        value = float(raw)
    except (TypeError, ValueError):
        raise InputError(f"{name} must be a number, got {raw!r}") from None
    if not lo <= value <= hi:
        raise InputError(f"{name} must be between {lo:g} and {hi:g}, got {value:g}")
    return value


def int_param(params: dict[str, float], name: str, default: int, lo: int, hi: int) -> int:
    """An integer form parameter in [lo, hi]; a bad value is an InputError."""
    value = float_param(params, name, default, lo, hi)
    if value != int(value):
        raise InputError(f"{name} must be an integer, got {value:g}")
    return int(value)


def engine_search(
    problem: Problem[Any, Any],
    req: SolveRequest,
    *,
    algorithm: str | None = None,
    label: Callable[[Any], str] = str,
    state: Callable[[Any], Any] = lambda s: s,
    method: str | None = None,
) -> Solution:
    """Run an engine algorithm with the request's limits; the answer as a :class:`Solution`
    (actions through ``label``, engine states through ``state``)."""
    name = algorithm or req.algorithm
    r = solve(
        problem,
        name,
        time_limit=req.time_limit,
        max_nodes=req.max_nodes,
        cancel=req.cancel,
        progress=req.progress,
        observer=req.observer,
    )
    return Solution(
        status=r.status,
        moves=[label(a) for a in r.actions],
        states=[state(s) for s in r.states],
        stats=r.stats.as_dict(),
        cost=r.cost,
        limit=r.limit,
        method=method or f"{name} ({req.heuristic})",
    )
