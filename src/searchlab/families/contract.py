"""The family contract: what every puzzle family provides, once, to every surface.

A puzzle family (``searchlab.puzzles.<name>``) implements :class:`PuzzleFamily`
in its own ``family.py`` and registers one ``"module:attr"`` string in
:mod:`searchlab.families`. The CLI (``searchlab solve FAMILY``), the web
player, the HTML replay pages and the experiment runner are generic over it;
none of them holds puzzle logic. Like python-chess's variants, a family is a
value with plain functions, not a class hierarchy: read one ``family.py`` top
to bottom and you know the whole family.

Vocabulary
----------
*instance*
    What the user gives: a board, a maze, a start square. Read from text with
    ``parse`` and written back with ``format`` (``parse(format(i)) == i``).
*state*
    A position reached while playing or solving. It travels as a JSON *token*
    (``encode_state`` / ``decode_state``; a decoded token is validated, since it
    may come from a browser).
*move*
    A legal move in play mode: a :class:`Move` with its label (the family's move
    notation), the resulting state and the cells a user clicks or drags.
*view*
    A small JSON description of a grid drawn alike by the web page
    (``static/js/render.js``), the SVG writer and the offline replay page:
    ``base_view(instance)`` for what never moves, ``state_view(instance, state)``
    for what does. Format (every key optional except ``rows`` and ``cols``)::

        rows, cols       grid size
        cells            list of ``rows`` strings, one character per cell:
                         ' ' no cell, '.' floor, '#' wall, 'o' hole, 'g' goal,
                         's' start, 'l' / 'd' light / dark square
        pieces           [{id, r, c, h=1, w=1, kind, label, color}] with kind in
                         tile, car, red, peg, knight, walker
        path             [[r, c], ...] a polyline through cell centres
        path_len         draw only the first ``path_len`` points of ``path``
        numbers          true: number the drawn points of ``path`` 1, 2, ... (a tour)
        closed           true: a complete ``path`` also joins its last point to its first
        marks            [{r, c, text}] small numbers in cells
        exit             {r, side: "right"} an exit arrow (Rush Hour)

Solving
-------
``solve(instance, algorithm, heuristic, **options)`` returns the engine's
:class:`~searchlab.search.SearchResult` with one status of
:data:`~searchlab.search.result.STATUSES`; its ``actions`` are move labels and
its ``states`` the family's states. ``algorithm`` is one of ``algorithms``:
engine names, and the family's own (the first is the default, the family's best
method: ``auto`` for sliding tiles, ``fast`` for peg solitaire, knight's tours and
Rush Hour). ``options`` are the
engine's keyword options: the limits of
:class:`~searchlab.search.LimitOptions` (``time_limit``, ``max_expansions``,
``max_nodes``, ``cancel``, ``progress``), ``observer``, and algorithm options
(``weight``, ``depth_limit``, ``tie_break``...). Every solver honours the
limits the engine's way (a :class:`~searchlab.search.Budget`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from searchlab.errors import InputError
from searchlab.i18n import _
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult

Cell = tuple[int, int]
View = dict[str, Any]


@dataclass(frozen=True, slots=True)
class Example:
    """A built-in instance: an id, a title and its text.

    The title is English, marked with ``N_`` where it is written; with ``title_fields``
    it is a template (``"Card {number} ({level}, {moves} moves)"``) filled in when shown,
    so that the translated template is filled (:meth:`shown_title`)."""

    id: str
    title: str
    text: str
    title_fields: tuple[tuple[str, Any], ...] = ()

    def shown_title(self) -> str:
        """The title in the current language, its fields filled (text fields translated)."""
        if not self.title_fields:
            return _(self.title)
        values = {k: _(v) if isinstance(v, str) else v for k, v in self.title_fields}
        return _(self.title).format(**values)


@dataclass(frozen=True, slots=True)
class Param:
    """A numeric parameter of the family's generator, with its range."""

    name: str
    label: str
    default: int | float
    minimum: int | float
    maximum: int | float
    kind: str = "int"  # "int" or "float"

    def as_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "label": self.label,
            "default": self.default,
            "min": self.minimum,
            "max": self.maximum,
            "kind": self.kind,
        }


@dataclass(frozen=True, slots=True)
class Move:
    """A legal move in play mode: its label, the target cell the user clicks or drops
    on (``to``), the cells of the piece that moves (``grab``, empty when the move is
    "click a square"), and the resulting state."""

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


@dataclass(frozen=True, slots=True)
class Table:
    """A plain table for the demo and reports (the CLI draws it with rich; the domain
    layer never imports a UI library)."""

    title: str
    columns: tuple[str, ...]
    rows: Sequence[Sequence[str]]
    right: tuple[int, ...] | None = None
    """Indices of the right-justified columns (default: all but the first)."""


DemoBlock = str | Table
"""What a family's demo yields: lines of plain text, or a table."""


class NoHint(InputError):
    """Raised by a family's ``hint`` when it has no move to suggest and can say why
    better than "no solution from this position"."""


class Solver(Protocol):
    """``solve(instance, algorithm, heuristic, **options) -> SearchResult``."""

    def __call__(
        self, instance: Any, algorithm: str, heuristic: str | None, /, **options: Any
    ) -> SearchResult: ...


class Hinter(Protocol):
    """``hint(instance, state, **options) -> Move | None`` (options: the limits)."""

    def __call__(self, instance: Any, state: Any, /, **options: Any) -> Move | None: ...


class Generator(Protocol):
    """``generate(params, seed) -> text``: a random instance, deterministic in ``seed``."""

    def __call__(self, params: Mapping[str, float], seed: int | None, /) -> str: ...


@dataclass(frozen=True)
class PuzzleFamily:
    """A puzzle family, as every surface sees it. See the module docstring.

    Required
    --------
    name, title : the registry name and a human title.
    board_help : the text format, in one or two sentences.
    play_help : how to play on the web page.
    examples : built-in instances (text).
    parse : ``text -> instance``; raises :class:`InputError` (or ValueError) on junk.
    format : ``instance -> text``, read back by ``parse``.
    describe : ``instance -> str``, one line ("8x8 board, open tour from a1").
    algorithms : the algorithm names ``solve`` accepts; the first is the default.
    heuristics : the heuristic names; the first is the default (may be empty).
    solve : see :class:`Solver`.
    initial : ``instance -> state`` (the start of play mode).
    encode_state, decode_state : ``(instance, state) -> token`` and back.
    is_goal : ``(instance, state) -> bool``.
    moves : ``(instance, state) -> list[Move]``, the legal moves.
    hint : see :class:`Hinter`; the first move of an optimal solution where known.
    base_view, state_view : ``instance -> view`` and ``(instance, state) -> view``.
    generate_params, generate : the generator's parameters and the generator.

    Optional
    --------
    sample : ``(parameter, seed) -> text``: the experiment runner's instances,
        ``parameter`` meaning ``parameter_name`` (``"depth"``, ``"size"``,
        ``"min_moves"``), of optimal cost exactly ``parameter`` when
        ``exact_depth``.
    sample_unreachable : ``parameter -> reason | None``: why no instance at
        ``parameter`` exists (a proof, e.g. above the family's hardest puzzle), checked
        for every parameter before any instance is generated, so a range that reaches
        past it fails at once instead of after the reachable instances.
    problem : ``(instance, heuristic) -> Problem``, the engine problem (the
        teaching view and generic experiments need it).
    state_of : an engine state to a family state, when they differ.
    action_label : an engine action as the family prints it (default ``str``).
    frames, shared_view : solution views sharing work across states (a tour sends
        its path once and each frame only ``path_len``).
    hint_unavailable : ``instance -> reason | None``, why hints are off.
    difficulty : ``(instance, time_limit) -> text | None``, a one-line difficulty
        rating of a board (the web player shows it for every board loaded, pasted or
        generated); raises InputError when the board cannot be rated in time.
    solution_tokens : ``(instance, states) -> bool``, whether a solution's state
        tokens are worth sending (not for the prefixes of a long tour).
    render_svg : ``(instance, result | None) -> str``, the family's own SVG picture
        (the board, or the solution when it is one picture, like a tour).
    render_text : ``(instance, result) -> str``, the solution as plain text for the
        terminal (every board, or the board with the path drawn on it).
    web_max_cells : the largest board (cells of its base view) the web player and
        the replay pages take; larger ones are for the CLI.
    demo, demo_title : the family's section of ``searchlab demo``: a generator of
        text and :class:`Table` blocks (a few seconds at most).
    notes : a line shown under the algorithm choice.
    """

    name: str
    title: str
    board_help: str
    play_help: str
    examples: Sequence[Example]
    parse: Callable[[str], Any]
    format: Callable[[Any], str]
    describe: Callable[[Any], str]
    algorithms: Sequence[str]
    heuristics: Sequence[str]
    solve: Solver
    initial: Callable[[Any], Any]
    encode_state: Callable[[Any, Any], Any]
    decode_state: Callable[[Any, Any], Any]
    is_goal: Callable[[Any, Any], bool]
    moves: Callable[[Any, Any], list[Move]]
    hint: Hinter
    base_view: Callable[[Any], View]
    state_view: Callable[[Any, Any], View]
    generate_params: Sequence[Param]
    generate: Generator
    sample: Callable[[int, int], str] | None = None
    parameter_name: str = "depth"
    sample_unreachable: Callable[[int], str | None] | None = None
    exact_depth: bool = False
    problem: Callable[[Any, str | None], Problem[Any, Any]] | None = None
    state_of: Callable[[Any, Any], Any] | None = None
    action_label: Callable[[Any, Any], str] | None = None
    frames: Callable[[Any, Sequence[Any]], list[View]] | None = None
    shared_view: Callable[[Any, Sequence[Any]], View] | None = None
    hint_unavailable: Callable[[Any], str | None] | None = None
    difficulty: Callable[[Any, float], str | None] | None = None
    solution_tokens: Callable[[Any, Sequence[Any]], bool] | None = None
    render_svg: Callable[[Any, SearchResult | None], str] | None = None
    render_text: Callable[[Any, SearchResult], str] | None = None
    web_max_cells: int = 10_000
    demo: Callable[[], Iterable[DemoBlock]] | None = None
    demo_title: str = ""
    notes: str = ""

    # -- checked entry points: what the front ends call ---------------------------

    def read(self, text: str) -> Any:
        """``parse(text)`` with any ValueError turned into a one-line InputError, so
        malformed text never becomes a traceback or a server error."""
        try:
            return self.parse(text)
        except InputError:
            raise
        except (ValueError, OverflowError, IndexError, KeyError) as exc:
            raise InputError(
                _("cannot read this {name} board: {exc}").format(name=self.name, exc=exc)
            ) from None

    def check_choice(self, algorithm: str, heuristic: str | None) -> None:
        """A one-line InputError unless ``algorithm`` and ``heuristic`` are offered."""
        if algorithm not in self.algorithms:
            raise InputError(
                _(
                    "algorithm {algorithm!r} is not offered for {name}; choose one of {algorithms}"
                ).format(algorithm=algorithm, name=self.name, algorithms=", ".join(self.algorithms))
            )
        if heuristic is not None and self.heuristics and heuristic not in self.heuristics:
            raise InputError(
                _(
                    "heuristic {heuristic!r} is not offered for {name}; choose one of {heuristics}"
                ).format(heuristic=heuristic, name=self.name, heuristics=", ".join(self.heuristics))
            )

    def run(
        self,
        instance: Any,
        algorithm: str | None = None,
        heuristic: str | None = None,
        **options: Any,
    ) -> SearchResult:
        """``solve`` with the choice checked and defaults filled in (first algorithm,
        first heuristic)."""
        algorithm = algorithm or self.algorithms[0]
        if heuristic is None and self.heuristics:
            heuristic = self.heuristics[0]
        self.check_choice(algorithm, heuristic)
        return self.solve(instance, algorithm, heuristic, **options)

    def engine_problem(self, instance: Any, heuristic: str | None) -> Problem[Any, Any]:
        """The engine problem, or an InputError when the family has none."""
        if self.problem is None:
            raise InputError(_("the {name} family has no engine problem").format(name=self.name))
        if heuristic is not None and self.heuristics and heuristic not in self.heuristics:
            raise InputError(
                _("unknown heuristic {heuristic!r} for {name}; choose one of {heuristics}").format(
                    heuristic=heuristic, name=self.name, heuristics=", ".join(self.heuristics)
                )
            )
        return self.problem(instance, heuristic)

    def frame_views(self, instance: Any, states: Sequence[Any]) -> list[View]:
        """One view per state of a solution (the family may share work across them)."""
        if self.frames is not None:
            return self.frames(instance, states)
        return [self.state_view(instance, s) for s in states]

    def solution_shared(self, instance: Any, states: Sequence[Any]) -> View:
        """What every frame of a solution shares (empty unless the family says otherwise)."""
        return self.shared_view(instance, states) if self.shared_view and states else {}

    def no_hint(self, instance: Any) -> str | None:
        """Why hints are off for ``instance`` (``None`` when they work)."""
        return self.hint_unavailable(instance) if self.hint_unavailable else None

    def sends_tokens(self, instance: Any, states: Sequence[Any]) -> bool:
        """Whether a solution's state tokens go out with it."""
        return self.solution_tokens(instance, states) if self.solution_tokens else True

    def summary(self) -> dict[str, Any]:
        """The family's read-only metadata, JSON-ready (what the web form shows), its
        texts in the current language (:mod:`searchlab.i18n`)."""
        return {
            "name": self.name,
            "title": _(self.title),
            "board_help": _(self.board_help),
            "play_help": _(self.play_help),
            "examples": [
                {"id": e.id, "title": e.shown_title(), "text": e.text} for e in self.examples
            ],
            "random_params": [{**p.as_dict(), "label": _(p.label)} for p in self.generate_params],
            "algorithms": list(self.algorithms),
            "heuristics": list(self.heuristics),
            "teaching": self.problem is not None,
            "difficulty": self.difficulty is not None,
            "notes": _(self.notes) if self.notes else self.notes,
        }
