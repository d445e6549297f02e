"""The family contract: what every puzzle family provides, once, to every surface.

A puzzle family is one folder, ``searchlab/puzzles/<name>/``, whose ``family.py``
defines ``FAMILY``, a :class:`Family` typed by its instance and state types; the
registry (:mod:`searchlab.families`) finds it from the folder. The CLI (``searchlab
solve FAMILY``, ``compare``, ``teach``), the web player, the HTML replay pages, the
notebook and the experiment runner are generic over it; none of them holds puzzle
logic. Like python-chess's variants, a family is a value with plain functions, not a
class hierarchy: read one ``family.py`` top to bottom and you know the whole family.
What a family may do beyond the required core is an optional *capability*, one small
record named for what it gives (:class:`Playing`, :class:`Generating`,
:class:`Sampling`, :class:`SolveCommand`, :class:`EngineView`, :class:`Demo`...) or
one value (``difficulty``, ``optimal``...), and mypy makes every front end check that
it is there. A family with the core alone (text in and out, a solver, states and
views) works everywhere: every front end and every generic test follows the
capabilities a family has.

The records are ``NamedTuple``s rather than frozen dataclasses: as immutable and as
typed, and defining one costs a tenth as much (each frozen dataclass added about half
a millisecond to every command's start-up). This module's annotations are evaluated
(no ``from __future__ import annotations``): ``NamedTuple`` compiles each annotation
written as a string, which doubled the records' cost; the two names imported for type
checking only are quoted.

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
    A small JSON description of a grid (:mod:`searchlab.view.format`), drawn
    alike by the web page, the SVG writer and the offline replay page:
    ``base_view(instance)`` for what never moves, ``state_view(instance, state)``
    for what does.

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

import re
from collections.abc import Callable, Collection, Iterable, Mapping, Sequence
from dataclasses import replace
from types import MappingProxyType
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from searchlab.errors import InputError
from searchlab.families.checking import failure, hint_reason, replay_reason
from searchlab.families.params import float_param, int_param, seed_param
from searchlab.i18n import N_, _
from searchlab.search.problem import Problem
from searchlab.search.result import SearchResult, SearchStats
from searchlab.view.format import View, merge, within

if TYPE_CHECKING:  # in annotations only (start-up: pathlib costs ~3 ms)
    from pathlib import Path

    from searchlab.search.events import Observer

Cell = tuple[int, int]
Token = object
"""A state as JSON (what ``encode_state`` returns and ``decode_state`` validates)."""
I = TypeVar("I")  # noqa: E741 - a family's instance type
S = TypeVar("S")
"""A family's state type."""
I_in = TypeVar("I_in", contravariant=True)
PICTURE_MAX_CELLS = 250_000
"""The largest board (cells of its base view) drawn as an SVG picture from its view."""


class Example(NamedTuple):
    """A built-in instance: an id, a title and its text.

    The title is English, marked with ``N_`` where it is written; with ``title_fields``
    it is a template (``"Card {number} ({moves} moves)"``) filled in when shown,
    so that the translated template is filled (:meth:`shown_title`)."""

    id: str
    title: str
    text: str
    title_fields: tuple[tuple[str, str | int | float], ...] = ()

    def shown_title(self) -> str:
        """The title in the current language, its fields filled (text fields translated)."""
        if not self.title_fields:
            return _(self.title)
        values = {k: _(v) if isinstance(v, str) else v for k, v in self.title_fields}
        return _(self.title).format(**values)


class Param(NamedTuple):
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


class Move(NamedTuple, Generic[S]):
    """A legal move in play mode: its label, the resulting state, and how a user makes it
    on the board.

    How clicks become moves (the web page's ``static/js/app.js``; any front end should
    do the same): ``grab`` is the cells of the piece that moves (empty for a "click a
    square" move, like a knight's or a maze walker's step) and ``to`` the cell the user
    clicks, or drops the piece on. A click on cell ``k`` plays, in this order of
    preference: the move of the selected piece whose ``to`` is ``k``; the one "click a
    square" move to ``k``; the one move of the piece under ``k`` (with several, it
    selects that piece instead); the one move of any piece to ``k``. A drag from a cell
    of a piece to ``k`` plays the move that shifts the piece by as much (a car dragged
    along its axis by any of its cells), else its move to ``k``. So two moves of one
    piece must differ in ``to``; the moves of different pieces may share one."""

    label: str
    to: Cell
    state: S
    grab: tuple[Cell, ...] = ()

    def as_dict(self, encode: Callable[[S], Token]) -> dict[str, Any]:
        return {
            "label": self.label,
            "to": list(self.to),
            "grab": [list(c) for c in self.grab],
            "state": encode(self.state),
        }


class Table(NamedTuple):
    """A plain table for the demo and reports (the CLI draws it with rich; the domain
    layer never imports a UI library)."""

    title: str
    columns: tuple[str, ...]
    rows: Sequence[Sequence[str]]
    right: tuple[int, ...] | None = None
    """Indices of the right-justified columns (default: all but the first)."""


class NoHint(InputError):
    """Raised by a family's ``hint`` when it has no move to suggest and can say why
    better than "no solution from this position"."""


class Solver(Protocol[I_in]):
    """``solve(instance, algorithm, heuristic, **options) -> SearchResult``."""

    def __call__(
        self, instance: I_in, algorithm: str, heuristic: str | None, /, **options: Any
    ) -> SearchResult: ...


class Hinter(Protocol[I_in, S]):
    """``hint(instance, state, **options) -> Move | None`` (options: the limits)."""

    def __call__(self, instance: I_in, state: S, /, **options: Any) -> Move[S] | None: ...


class Generator(Protocol):
    """``generate(params, seed) -> text``: a random instance, deterministic in ``seed``."""

    def __call__(self, params: Mapping[str, float], seed: int | None, /) -> str: ...


# -- optional capabilities: a family has one when it gives its small record -------------


class Playing(NamedTuple, Generic[I, S]):
    """Capability *playable*: the web player's play mode (click, drag, keys, hints).

    moves : ``(instance, state) -> [Move]``, the legal moves (see :class:`Move` for
        how clicks become moves).
    hint : see :class:`Hinter`: the first move of an optimal solution where known;
        raise :class:`NoHint` to say why there is none.
    help : how to play, one sentence (``N_``-marked).
    unavailable : ``instance -> reason | None``, why hints are off for a board.
    """

    moves: Callable[[I, S], Sequence[Move[S]]]
    hint: Hinter[I, S]
    help: str
    unavailable: Callable[[I], str | None] | None = None


class Generating(NamedTuple):
    """Capability *generating*: random boards for the web page's "random" form.

    params : the generator's numeric parameters, with their ranges.
    generate : ``(params, seed) -> text``, called with every parameter checked
        against its range (:meth:`Family.random_board`).
    """

    params: Sequence[Param]
    generate: Generator


class Sampling(NamedTuple):
    """Capability *sampled*: instances for ``searchlab compare`` and the experiments.

    sample : ``(parameter, seed) -> text``, an instance for one value of ``parameter``
        (deterministic in ``seed``).
    parameter : what the number means: ``"depth"``, ``"size"``, ``"min_moves"``...
    exact : the instance's optimal cost is exactly ``parameter``.
    unreachable : ``parameter -> reason | None``, why no instance at ``parameter``
        exists (a proof, e.g. above the family's hardest puzzle); checked for every
        value before any instance is generated, so a range reaching past it fails at
        once instead of after the reachable instances.
    """

    sample: Callable[[int, int], str]
    parameter: str = "depth"
    exact: bool = False
    unreachable: Callable[[int], str | None] | None = None


class Artifact(NamedTuple):
    """A file a family keeps in searchlab's cache (a pattern database, a converted
    database), with how to check it and how to make it sound again: what ``searchlab
    cache verify`` lists (capability *cached*, :attr:`Caching.artifacts`).

    ``verify()`` reads the whole artifact and returns None when it is sound, else why
    not (one short translated phrase); it never raises for damage. ``heal()`` makes it
    sound again (rebuilds or re-converts it; it may take as long as the first build), or
    is None when only deleting it (``searchlab cache clear``) helps."""

    name: str
    path: "Path"
    verify: Callable[[], str | None]
    heal: Callable[[], None] | None = None


class Option(NamedTuple):
    """An option of a family's command (a :class:`Task`, or its solve command:
    :class:`SolveCommand`), declared as data; the CLI makes the Click option.

    name : ``--name`` on the command line (underscores written as dashes); the keyword
        the command's function receives, unless ``dest`` names another.
    help : ``N_``-marked English; the CLI translates it when shown.
    kind : ``int``, ``float``, ``str`` or ``bool``; ``default`` when not given (shown in
        ``--help`` unless ``None``).
    flag : a ``--switch`` (``False`` unless given).
    choices : the accepted values (a ``str`` option).
    minimum, maximum : the range of a number (a float is also finite: no NaN, no
        infinities); ``max_open``: the maximum itself is refused.
    metavar : how the value is shown in ``--help`` (``WxH``).
    required : the option must be given.
    argument : a positional argument (``FILE``) instead of an option; ``required``
        says whether it may be left out.
    short : a one-letter form (``"-a"``); ``aliases``: other long names (without
        dashes: ``("partition",)``).
    multiple : may be given several times (the function receives a tuple).
    path : ``"read"``: a file to read ('-' for standard input), the function receives
        its text (``None`` when not given); ``"write"``: a file to write, the
        function receives the path.
    dest : the keyword the function receives when it differs from ``name``.
    hidden : left out of ``--help``.
    """

    name: str
    help: str
    kind: type = int
    default: int | float | str | None = None
    flag: bool = False
    choices: Sequence[str] = ()
    minimum: float | None = None
    maximum: float | None = None
    max_open: bool = False
    metavar: str = ""
    required: bool = False
    argument: bool = False
    short: str = ""
    aliases: Sequence[str] = ()
    multiple: bool = False
    path: str = ""
    dest: str = ""
    hidden: bool = False

    @property
    def keyword(self) -> str:
        """The keyword the command's function receives this option as."""
        return self.dest or self.name


class Record(NamedTuple):
    """Machine output of a command: a JSON object (or a list, such as the puzzles a
    generator found). With ``--json`` the CLI prints only a command's records (one JSON
    document each); without, it prints everything else."""

    data: Mapping[str, Any] | Sequence[Any]


class Note(NamedTuple):
    """A line for standard error, not the answer: a drawn seed ("seed 42 (--seed 42
    draws this board again)"), a tip. A ``tip`` is shown only on a terminal."""

    text: str
    tip: bool = False


class Exit(NamedTuple):
    """The exit status the command ends with, once every block is drawn (0 by default;
    1: answered "no" or stopped by a limit, as a solve does)."""

    code: int


Block = str | Table | SearchStats | Record | Note | Exit
"""What a family's commands yield: plain text, :class:`Table` and a search's
:class:`~searchlab.search.result.SearchStats` (the statistics table every solve shows:
the human answer), :class:`Record` (the ``--json`` answer), :class:`Note` (standard
error) and :class:`Exit` (the exit status). The front end draws them; the domain layer
never prints."""
DemoBlock = Block
"""The blocks of a family's ``searchlab demo`` section (the same kinds)."""


class Task(NamedTuple):
    """Capability *tasks*: a family's own command, ``searchlab <family> <name>``, built by
    the CLI from this record (like peg ``count`` or Rush Hour ``rate``).

    run : called with the options as keywords; yields :data:`Block` values (the CLI
        draws them), raises :class:`InputError` on bad values.
    example : the options of a usage example shown in ``--help`` (``"--disks 4"``);
        ``examples``: more of them.
    json : adds ``--json`` (and ``--pretty``); ``run`` receives ``as_json`` and with it
        only the :class:`Record` blocks are printed.
    limits : adds ``--time-limit``, ``--max-expansions`` and ``--max-nodes``
        (:data:`LIMIT_OPTIONS`); ``run`` receives them, with a ``cancel`` event that
        Ctrl-C sets.
    progress : ``run`` receives ``progress(done, total, info="", title="")``, drawn as
        a progress bar titled ``progress_title`` on a terminal (a no-op elsewhere; with
        ``progress_log``, a line ``title: info`` at the first update and then one a
        minute, for a long build's log); the bar is gone before the blocks are drawn.
    cancel : ``run`` receives a ``cancel`` event that Ctrl-C sets (without the limits:
        a task with its own ``--time-limit``); it stops early and yields what it has
        (its :class:`Exit` is 130 then, by the convention of every command).
    runner : adds ``--workers``/``-w`` and ``--scheduler``; ``run`` receives ``runner``,
        a :class:`~searchlab.families.parallel.Runner` on local Dask workers, a Dask
        cluster or this process, for work split into independent items.
    """

    name: str
    help: str
    run: Callable[..., Iterable[Block]]
    options: Sequence[Option] = ()
    example: str = ""
    examples: Sequence[str] = ()
    json: bool = False
    limits: bool = False
    progress: bool = False
    progress_title: str = ""
    progress_log: bool = False
    cancel: bool = False
    runner: bool = False


class Setup(NamedTuple, Generic[I]):
    """What a family's ``from_options`` returns: the instance to solve and how.

    algorithm, heuristic : the choice to solve with (``None``: the option's value).
    options : extra keywords for ``solve`` (a default limit, a solver option).
    blocks : :class:`Note` lines to show before solving (a drawn seed).
    report : ``result -> blocks``, the human answer (``None``, or a ``None`` return:
        the standard report: the family's ``render_text``, outcome, moves, statistics).
    watch : ``write -> observer``, an engine observer printing the search as it goes
        through ``write`` (standard output).
    bar, bar_title : the keyword of ``solve`` that takes a progress callable
        ``(done, total, info="", title="")`` (a database build), and its bar's title.
    """

    instance: I
    algorithm: str | None = None
    heuristic: str | None = None
    options: Mapping[str, Any] = MappingProxyType({})
    blocks: Sequence[Block] = ()
    report: Callable[[SearchResult], Iterable[Block] | None] | None = None
    watch: "Callable[[Callable[[str], None]], Observer] | None" = None
    bar: str = ""
    bar_title: str = ""


class SolveCommand(NamedTuple, Generic[I]):
    """Capability *own solve command*: ``searchlab <family> solve`` with the family's
    options instead of a FILE and the options of ``searchlab solve``.

    options : :class:`Option` records, in the order of its ``--help``: instance
        options such as ``--size`` or ``--random``, and the standard ones of
        :mod:`searchlab.families.kit` (``FILE``, ``-a``, limits, ``--json``, ``--svg``,
        ``--html``).
    from_options : ``(**values) -> instance | Setup``; receives every value (a
        ``path="read"`` option as its text) and returns the instance, or a
        :class:`Setup` (without it: the text of the ``FILE`` option, parsed).
    name, help : the command's name (``solve``; a knight's ``tour``) and its help
        (``N_``-marked; default: the help of ``searchlab solve``).
    examples : the options of its usage examples in ``--help`` (``"--size 8x8"``).
    """

    options: Sequence[Option]
    from_options: Callable[..., I | Setup[I]] | None = None
    name: str = "solve"
    help: str = ""
    examples: Sequence[str] = ()


class EngineView(NamedTuple, Generic[I, S]):
    """Capability *teachable*: the family as an engine problem (``teach``, the search
    watch, the generic experiments and the engine algorithms need it).

    problem : ``(instance, heuristic) -> Problem``, the engine problem.
    state_of : an engine state to a family state, when they differ.
    action_label : an engine action as the family prints it (default ``str``).

    The engine's states and actions are the family's own business: each family's
    problem has its own types, so the contract holds them as ``Any``.
    """

    problem: Callable[[I, str | None], Problem[Any, Any]]
    state_of: Callable[[I, Any], S] | None = None
    action_label: Callable[[I, Any], str] | None = None

    def family_state(self, instance: I, state: Any) -> S:
        """An engine state as the family's state."""
        return self.state_of(instance, state) if self.state_of is not None else state

    def label(self, instance: I, action: Any) -> str:
        """An engine action as the family prints it."""
        return self.action_label(instance, action) if self.action_label else str(action)


class Wire(NamedTuple, Generic[I, S]):
    """What goes on the wire to a page beyond one view per state, when the defaults do
    not fit (capability *large boards*).

    frames, shared_view : solution views sharing work across states (a tour sends its
        path once and each frame only ``path_len``); default: one ``state_view`` per
        state, nothing shared.
    solution_tokens : ``(instance, states) -> bool``, whether a solution's state
        tokens are worth sending (not for the prefixes of a long tour); default: yes.
    max_cells : the largest board (cells of its base view) the web player and the
        replay pages take; larger ones are for the CLI.
    """

    frames: Callable[[I, Sequence[S]], list[View]] | None = None
    shared_view: Callable[[I, Sequence[S]], View] | None = None
    solution_tokens: Callable[[I, Sequence[S]], bool] | None = None
    max_cells: int = 10_000


WIRE: Wire[Any, Any] = Wire()
"""The defaults: one view per state, every token sent, boards up to 10,000 cells."""


class Drawing(NamedTuple, Generic[I]):
    """Capability *own pictures*: how the CLI draws a board or a solution, when the
    generic drawing from views does not fit.

    svg : ``(instance, result | None) -> str``, a picture other than
        :meth:`Family.picture`'s (a solution position by position, a tour of millions
        of squares), still drawn from views by :mod:`searchlab.view`.
    text : ``(instance, result) -> str``, the solution as plain text for the terminal
        (every board, or the board with the path drawn on it).
    """

    svg: Callable[[I, SearchResult | None], str] | None = None
    text: Callable[[I, SearchResult], str] | None = None


class Checking(NamedTuple, Generic[I, S]):
    """How an answer is checked (:meth:`Family.check`), when the family knows better than
    the generic replay through its play mode's or engine problem's moves.

    step : ``(instance, state, label) -> state``, the position after the move called
        ``label`` by the family's own rules (a ValueError, such as an InputError, when
        it is not a legal move there); each move costs 1 unless ``step_cost`` says
        otherwise. The generic check replays answers with it one move at a time,
        instead of listing every legal move of each position with the play mode (whose
        moves also carry the cells a user clicks: ten times the work on a 4,095-move
        tower).
    step_cost : ``(instance, state, label, next_state) -> cost``, what a move costs
        when it is not 1 (a maze's weighted cells and diagonals), for that replay.
    verify : ``(instance, result) -> reason | None``, the family's own check of a
        solved answer, run instead of the generic replay
        (:func:`~searchlab.families.checking.replay_reason`): for answers the generic
        walk is too slow for (a tour of millions of squares) or that report more than
        their moves (a move count, a metric). It must replay from the start with the
        family's own move rules, independent of its solvers; ``None`` when the answer
        holds, else why not (one short phrase).
    """

    step: Callable[[I, S, str], S] | None = None
    step_cost: Callable[[I, S, str, S], float] | None = None
    verify: Callable[[I, SearchResult], str | None] | None = None


class Goal(NamedTuple, Generic[I, S]):
    """Capability *stated goal*: what counts as solved, shown beside every board.

    text : ``instance -> str``, one sentence in the current language ("Visit every
        square exactly once."; ``data-role="goal"`` on the pages).
    state : ``instance -> state | None``, the one goal position when there is one (the
        sliding tiles' goal, the tower on its goal peg, a peg board's target); the
        pages draw it beside the board, so a goal other than the usual one is seen,
        not guessed.
    """

    text: Callable[[I], str] | None = None
    state: Callable[[I], S | None] | None = None


class Demo(NamedTuple):
    """Capability *demo*: the family's section of ``searchlab demo``.

    blocks : ``() -> blocks``, text and :class:`Table` blocks (a few seconds at most).
    title : the section's title (``N_``-marked; default: the family's title).
    order : where the section comes (by this number, then by name; the maze's -1
        opens the tour: it shows the engine itself, the others build on it).
    """

    blocks: Callable[[], Iterable[DemoBlock]]
    title: str = ""
    order: int = 0


class Caching(NamedTuple):
    """Capability *compiled or cached*: machine code and files the family keeps.

    warm : compile the family's machine code now, or load it from Numba's cache
        (``searchlab doctor --warm``; without it, the first solve that needs a kernel
        compiles it).
    artifacts : ``() -> [Artifact]``, the files the family keeps in the cache now, each
        with how to verify and heal it (:class:`Artifact`; ``searchlab cache verify``
        calls it, never naming the family).
    """

    warm: Callable[[], None] | None = None
    artifacts: Callable[[], Sequence[Artifact]] | None = None


class Family(NamedTuple, Generic[I, S]):
    """A puzzle family, as every surface sees it, typed by its instance ``I`` and its
    state ``S`` (mypy checks that the functions a family gives agree).

    A core of sixteen required fields, and optional capabilities, each one record or
    one value; a front end checks that a capability is there before it uses it. See
    the module docstring and docs/engine.md, "Adding a puzzle family".

    Required
    --------
    name, title : the registry name (its folder's name) and a human title.
    board_help : the text format, in one or two sentences.
    examples : built-in instances (text).
    parse : ``text -> instance``; raises :class:`InputError` (or ValueError) on junk.
    format : ``instance -> text``, read back by ``parse``.
    describe : ``instance -> str``, one line ("8x8 board, open tour from a1").
    algorithms : the algorithm names ``solve`` accepts; the first is the default
        (engine ones from :func:`searchlab.search.engine_algorithms`).
    heuristics : the heuristic names; the first is the default (may be empty).
        These ids are what the CLI (``-H``) and the web API take.
    solve : see :class:`Solver` (:func:`searchlab.families.kit.engine_solve` runs an
        engine algorithm on an engine problem).
    initial : ``instance -> state`` (the start).
    encode_state, decode_state : ``(instance, state) -> token`` and back (a JSON
        value; decoding validates, the token may come from a browser).
    is_goal : ``(instance, state) -> bool``.
    base_view, state_view : ``instance -> view`` and ``(instance, state) -> view``
        (:mod:`searchlab.view.format`).

    Optional capabilities
    ---------------------
    play : :class:`Playing` (playable in the web player, with hints).
    generator : :class:`Generating` (random boards).
    sampling : :class:`Sampling` (``compare`` and the experiments).
    tasks : :class:`Task` records, the family's own commands (``searchlab <family>
        <task>``).
    command : :class:`SolveCommand`, the family's own ``searchlab <family> solve``
        (without it: a FILE and the options of ``searchlab solve``).
    engine : :class:`EngineView`, the engine problem (``teach``, the watch, the
        generic experiments).
    wire : :class:`Wire`, what goes to a page when the defaults do not fit.
    drawing : :class:`Drawing`, the CLI's own pictures and solution text.
    checking : :class:`Checking`, how an answer is replayed when the generic way does
        not fit.
    goal : :class:`Goal`, what counts as solved, shown beside the board.
    demo : :class:`Demo`, the family's section of ``searchlab demo``.
    cache : :class:`Caching`, compiled kernels and cached files.
    difficulty : ``(instance, time_limit) -> text | None``, a one-line difficulty
        rating of a board (the web player shows it for every board loaded, pasted or
        generated); raises InputError when the board cannot be rated in time.
    notes : a line shown under the algorithm choice.
    optimal : the names of ``algorithms`` whose solutions have the least cost (the
        engine's from :data:`searchlab.search.solve.UNIT_COST_OPTIMAL` on unit-cost
        moves, and the family's own optimal methods); ``None``: cost does not rank
        the solutions (every solution costs the same, as a knight's tour does).
    heuristic_labels : a short human name of a heuristic, by its id, ``N_``-marked
        ("Manhattan distance"); the pages show it in the current language
        (:meth:`heuristic_label`). A heuristic without one is shown by its id.

    The family's one-line description, the help of ``searchlab <family>`` (listed by
    ``searchlab --help`` without importing the family), is the first paragraph of its
    ``family.py``'s docstring.
    """

    name: str
    title: str
    board_help: str
    examples: Sequence[Example]
    parse: Callable[[str], I]
    format: Callable[[I], str]
    describe: Callable[[I], str]
    algorithms: Sequence[str]
    heuristics: Sequence[str]
    solve: Solver[I]
    initial: Callable[[I], S]
    encode_state: Callable[[I, S], Token]
    decode_state: Callable[[I, Token], S]
    is_goal: Callable[[I, S], bool]
    base_view: Callable[[I], View]
    state_view: Callable[[I, S], View]
    play: Playing[I, S] | None = None
    generator: Generating | None = None
    sampling: Sampling | None = None
    tasks: Sequence[Task] = ()
    command: SolveCommand[I] | None = None
    engine: EngineView[I, S] | None = None
    wire: Wire[I, S] = WIRE
    drawing: Drawing[I] | None = None
    checking: Checking[I, S] | None = None
    goal: Goal[I, S] | None = None
    demo: Demo | None = None
    cache: Caching | None = None
    difficulty: Callable[[I, float], str | None] | None = None
    notes: str = ""
    optimal: Collection[str] | None = None
    heuristic_labels: Mapping[str, str] = MappingProxyType({})

    # -- checked entry points: what the front ends call ---------------------------

    def read(self, text: str) -> I:
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

    def optimality(self, algorithm: str) -> bool | None:
        """Whether ``algorithm`` (an offered name, or a result's name with its details
        after a space, a bracket or a plus, "idastar (manhattan)", "idastar+pdb 6-6-3")
        guarantees a least-cost solution; ``None`` when the family's :attr:`optimal` is
        ``None``."""
        if self.optimal is None:
            return None
        return re.split(r"[ (+]", algorithm, maxsplit=1)[0] in self.optimal

    def check_choice(self, algorithm: str, heuristic: str | None) -> None:
        """A one-line InputError unless ``algorithm`` and ``heuristic`` are offered."""
        if algorithm not in self.algorithms:
            raise InputError(
                _(
                    "algorithm {algorithm!r} is not offered for {name}; choose one of {algorithms}"
                ).format(algorithm=algorithm, name=self.name, algorithms=", ".join(self.algorithms))
            )
        self._check_heuristic(
            heuristic,
            N_("heuristic {heuristic!r} is not offered for {name}; choose one of {heuristics}"),
        )

    def _check_heuristic(self, heuristic: str | None, unknown: str) -> None:
        """A one-line InputError when ``heuristic`` is given to a family that takes none
        ("" or ``None``: none, as it should), or is not one of its :attr:`heuristics`
        (the message ``unknown``, a ``N_``-marked template)."""
        if heuristic and not self.heuristics:
            raise InputError(
                _("the {name} family takes no heuristic, got {heuristic!r}").format(
                    name=self.name, heuristic=heuristic
                )
            )
        if heuristic is not None and self.heuristics and heuristic not in self.heuristics:
            raise InputError(
                _(unknown).format(
                    heuristic=heuristic, name=self.name, heuristics=", ".join(self.heuristics)
                )
            )

    def run(
        self,
        instance: I,
        algorithm: str | None = None,
        heuristic: str | None = None,
        **options: Any,
    ) -> SearchResult:
        """``solve`` with the choice checked and defaults filled in (first algorithm,
        first heuristic), and its answer checked (:meth:`check`)."""
        algorithm = algorithm or self.algorithms[0]
        if heuristic is None and self.heuristics:
            heuristic = self.heuristics[0]
        self.check_choice(algorithm, heuristic)
        return self.check(instance, self.solve(instance, algorithm, heuristic, **options))

    def check(self, instance: I, result: SearchResult) -> SearchResult:
        """``result``, once checked: a solved answer is replayed from the start with the
        family's own move rules (:attr:`verify`, else
        :func:`~searchlab.families.checking.replay_reason`); one that fails (an illegal
        move, a last position that is not a goal, a length or cost other than its
        moves') raises :class:`~searchlab.errors.SolutionCheckError` instead of being
        reported. Every front end's solve goes through here (:meth:`run`)."""
        if not result.solved:
            return result
        try:
            if self.checking is not None and self.checking.verify is not None:
                reason = self.checking.verify(instance, result)
            else:
                reason = replay_reason(self, instance, result)
        except (ValueError, TypeError, IndexError, KeyError) as exc:  # junk in the answer
            reason = f"{type(exc).__name__}: {exc}"
        if reason is not None:
            raise failure(self.name, result.algorithm, reason)
        return result

    def in_family_terms(self, instance: I, result: SearchResult) -> SearchResult:
        """An engine result on :meth:`engine_problem` in the family's terms: its actions
        as move labels (:attr:`action_label`), its states the family's (:attr:`state_of`)."""
        engine = self.engine_view()
        return replace(
            result,
            actions=[engine.label(instance, a) for a in result.actions],
            states=[engine.family_state(instance, s) for s in result.states],
        )

    def engine_problem(self, instance: I, heuristic: str | None) -> Problem[Any, Any]:
        """The engine problem, or an InputError when the family has none."""
        engine = self.engine_view()
        self._check_heuristic(
            heuristic, N_("unknown heuristic {heuristic!r} for {name}; choose one of {heuristics}")
        )
        return engine.problem(instance, heuristic)

    def engine_view(self) -> EngineView[I, S]:
        """The engine view of the family, or an InputError when it has none."""
        if self.engine is None:
            raise InputError(_("the {name} family has no engine problem").format(name=self.name))
        return self.engine

    @property
    def parameter_name(self) -> str:
        """What the sampled instances' number means (``"depth"``, ``"size"``...)."""
        return self.sampling.parameter if self.sampling is not None else "parameter"

    def legal_moves(self, instance: I, state: S) -> list[Move[S]]:
        """The legal moves of play mode (none when the family is not playable)."""
        return list(self.play.moves(instance, state)) if self.play is not None else []

    def no_hint(self, instance: I) -> str | None:
        """Why hints are off for ``instance`` (``None`` when they work)."""
        if self.play is None:
            return _("the {name} family has no play mode").format(name=self.name)
        return self.play.unavailable(instance) if self.play.unavailable else None

    def suggest(self, instance: I, state: S, **limits: Any) -> Move[S] | None:
        """The play capability's hint (see :class:`Hinter`), checked to be one of the
        position's legal moves (else :class:`~searchlab.errors.SolutionCheckError`);
        :class:`NoHint` when the family has no play mode."""
        if self.play is None:
            raise NoHint(_("the {name} family has no play mode").format(name=self.name))
        move = self.play.hint(instance, state, **limits)
        if move is not None:
            reason = hint_reason(self, instance, state, move)
            if reason is not None:
                raise failure(self.name, "", reason, hint=True)
        return move

    def random_board(self, params: Mapping[str, Any]) -> str:
        """A random board from the generator, every parameter checked against its
        declared range (and finite) before anything is allocated; ``seed`` is the
        generator's seed. A one-line InputError for unknown or bad parameters."""
        if self.generator is None:
            raise InputError(
                _("the {family} family has no random instance generator").format(family=self.name)
            )
        known = {p.name: p for p in self.generator.params}
        for name in params:
            if name != "seed" and name not in known:
                raise InputError(
                    _("unknown parameter {name!r} for {family}; known: {known}").format(
                        name=str(name)[:40], family=self.name, known=", ".join(known) or "-"
                    )
                )
        checked: dict[str, float] = {}
        for p in self.generator.params:
            if p.kind == "int":
                lo, hi = int(p.minimum), int(p.maximum)
                checked[p.name] = int_param(params, p.name, int(p.default), lo, hi)
            else:
                checked[p.name] = float_param(params, p.name, p.default, p.minimum, p.maximum)
        return self.generator.generate(checked, seed_param(params.get("seed")))

    def frame_views(self, instance: I, states: Sequence[S]) -> list[View]:
        """One view per state of a solution (the family may share work across them)."""
        if self.wire.frames is not None:
            return self.wire.frames(instance, states)
        return [self.state_view(instance, s) for s in states]

    def objective(self, instance: I) -> dict[str, Any]:
        """What counts as solved, as the pages show it beside the board: ``{"text": the
        family's sentence or "", "view": the goal position's view or None}``."""
        text, state = self.goal or (None, None)
        goal = state(instance) if state is not None else None
        return {
            "text": text(instance) if text is not None else "",
            "view": self.state_view(instance, goal) if goal is not None else None,
        }

    def solution_shared(self, instance: I, states: Sequence[S]) -> View:
        """What every frame of a solution shares (empty unless the family says otherwise)."""
        shared = self.wire.shared_view
        return shared(instance, states) if shared is not None and states else {}

    def picture(self, instance: I, result: SearchResult | None = None) -> str:
        """The SVG picture ``--svg`` writes: the family's own ``render_svg`` when it has
        one, else its view drawn by :mod:`searchlab.view`: the whole solution when the
        family draws solutions as one picture (a ``shared_view``, like a maze's path),
        otherwise the start position, about 1000 pixels wide at most
        (:func:`~searchlab.view.svg.fit_cell`). A one-line InputError for a board too
        large to draw (over :data:`PICTURE_MAX_CELLS` cells)."""
        from searchlab.view.svg import fit_cell, view_svg  # here: a solve draws no picture

        if self.drawing is not None and self.drawing.svg is not None:
            return self.drawing.svg(instance, result)
        base = within(
            self.base_view(instance),
            PICTURE_MAX_CELLS,
            _("the board is too large for an SVG picture (at most {max_cells:,} cells)"),
        )
        states = list(result.states) if result is not None and result.solved else []
        if states and self.wire.shared_view is not None:
            last = self.frame_views(instance, states)[-1]
            frame = {**self.solution_shared(instance, states), **last}
        else:
            frame = self.state_view(instance, self.initial(instance))
        view = merge(base, frame)
        return view_svg(view, cell=fit_cell(view))

    def sends_tokens(self, instance: I, states: Sequence[S]) -> bool:
        """Whether a solution's state tokens go out with it."""
        tokens = self.wire.solution_tokens
        return tokens(instance, states) if tokens is not None else True

    def heuristic_label(self, heuristic: str) -> str:
        """The human name of ``heuristic`` in the current language (its id without one)."""
        label = self.heuristic_labels.get(heuristic)
        return _(label) if label else heuristic

    def heuristic_labels_shown(self) -> dict[str, str]:
        """Every heuristic's human name in the current language, by id, in order."""
        return {h: self.heuristic_label(h) for h in self.heuristics}

    def summary(self) -> dict[str, Any]:
        """The family's read-only metadata, JSON-ready (what the web form shows), its
        texts in the current language (:mod:`searchlab.i18n`)."""
        params = self.generator.params if self.generator is not None else ()
        return {
            "name": self.name,
            "title": _(self.title),
            "board_help": _(self.board_help),
            "play_help": _(self.play.help) if self.play is not None else "",
            "playable": self.play is not None,
            "examples": [
                {"id": e.id, "title": e.shown_title(), "text": e.text} for e in self.examples
            ],
            "random_params": [{**p.as_dict(), "label": _(p.label)} for p in params],
            "algorithms": list(self.algorithms),
            "heuristics": list(self.heuristics),
            "heuristic_labels": self.heuristic_labels_shown(),
            "teaching": self.engine is not None,
            "difficulty": self.difficulty is not None,
            "notes": _(self.notes) if self.notes else self.notes,
            # whether cost ranks the solutions (a knight's tour: every one is as long)
            "ranked": self.optimal is not None,
        }


PuzzleFamily = Family[Any, Any]
"""Any family, as the front ends hold it (they never look inside its instances)."""
