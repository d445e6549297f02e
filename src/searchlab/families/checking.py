"""No answer leaves a family unchecked: a solved result is replayed from the start.

:meth:`Family.check <searchlab.families.contract.Family.check>` (which
:meth:`Family.run <searchlab.families.contract.Family.run>`, and so every front end,
goes through) hands a solved result to the family's own ``verify`` when it has one, else
to :func:`replay_reason`: the moves are played again from the start with the family's
move rules (its ``step``, else its play mode's legal moves, else its engine problem's
successors), never with the solver that found them. Each move must be legal and lead to
the position the solver reported, the last position must be a goal, and the reported
cost must be what the moves cost (every family's moves cost 1 each, in the metric it
solved for). A failure is a :class:`~searchlab.errors.SolutionCheckError`, never a
``solved`` answer.

:func:`hint_reason` checks a hint the same way: the suggested move is one of the legal
moves of the position and leads where it says.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from functools import partial
from typing import TYPE_CHECKING, Any

from searchlab.errors import SolutionCheckError
from searchlab.i18n import _
from searchlab.search.result import SearchResult

if TYPE_CHECKING:
    from searchlab.families.contract import Checking, Family, Move

Step = tuple[str, Any, Callable[[], Any], float]
"""A legal move as the replay sees it: its label, the state to continue from (the engine
problem's, or the family's), the family's state it leads to (made when asked: only the
move the answer names is converted) and its cost."""


def failure(family: str, algorithm: str, reason: str, *, hint: bool = False) -> SolutionCheckError:
    """The error of an answer that failed its check, its message in the interface
    language: what answered (``algorithm``; ``hint``: a hint) and why it fails
    (``reason``)."""
    if hint:
        message = _("the hint failed its check ({reason}): it is not shown").format(reason=reason)
    else:
        message = _(
            "the answer of {algorithm} failed its check ({reason}): it is not reported"
        ).format(algorithm=algorithm or family, reason=reason)
    return SolutionCheckError(message, family=family, algorithm=algorithm, reason=reason)


def _same(state: Any) -> Any:
    return state


def _play_steps(family: Family[Any, Any], instance: Any) -> Callable[[Any], Iterable[Step]]:
    def steps(state: Any) -> Iterator[Step]:
        for move in family.legal_moves(instance, state):
            yield move.label, move.state, partial(_same, move.state), 1.0

    return steps


def _engine_steps(family: Family[Any, Any], instance: Any) -> Callable[[Any], Iterable[Step]]:
    problem = family.engine_problem(instance, None)
    engine = family.engine_view()
    label, to_family = engine.label, engine.family_state

    def steps(state: Any) -> Iterator[Step]:
        for action, nxt, cost in problem.successors(state):
            yield label(instance, action), nxt, partial(to_family, instance, nxt), float(cost)

    return steps


def shape_reason(result: SearchResult) -> str | None:
    """Why a solved result's moves, positions and cost cannot belong together (``None``
    when they can): one more position than moves, a cost for every solved answer."""
    moves, positions = len(result.actions), len(result.states)
    if positions != moves + 1:
        return _("{moves} moves but {positions} positions").format(
            moves=f"{moves:,}", positions=f"{positions:,}"
        )
    if result.cost is None:
        return _("no cost reported")
    return None


def replay_reason(family: Family[Any, Any], instance: Any, result: SearchResult) -> str | None:
    """Why ``result`` (solved) is not a solution of ``instance``, or ``None`` when it is.

    The moves are replayed from the start with the family's own rules: its
    :attr:`~searchlab.families.contract.Family.step` (one move at a time), else its play
    mode's legal moves, else its engine problem's successors (with ``state_of`` and
    ``action_label``). Each label must name a legal move leading to the reported next
    position (compared as state tokens), the last position must be a goal
    (``is_goal``), and the reported cost must equal the sum of the moves' costs (1 a
    move, or the engine problem's). Linear in the solution's length (times the moves of
    a position, without ``step``)."""
    reason = shape_reason(result)
    if reason is not None:
        return reason
    encode = family.encode_state
    last = family.initial(instance)
    if encode(instance, result.states[0]) != encode(instance, last):
        return _("it does not start from the start position")
    steps: Callable[[Any], Iterable[Step]] | None = None
    state: Any = last
    step = family.checking.step if family.checking is not None else None
    if step is None and family.play is not None:
        steps = _play_steps(family, instance)
    elif step is None and family.engine is not None:
        steps = _engine_steps(family, instance)
        state = family.engine_problem(instance, None).initial_state()
    elif step is None:  # pragma: no cover - the contract test requires one of them
        return _("the {name} family has no move rules to replay it with").format(name=family.name)
    cost = 0.0
    for number, (label, reported) in enumerate(
        zip(result.actions, result.states[1:], strict=True), start=1
    ):
        text = str(label)
        if steps is None:
            assert family.checking is not None
            same = _one_step(family.checking, instance, state, text)
        else:
            same = [s for s in steps(state) if s[0] == text]
        if not same:
            return _("move {number} ({move}) is not a legal move").format(number=number, move=text)
        want = encode(instance, reported)
        for _label, nxt, family_state, step_cost in same:
            last = family_state()
            if encode(instance, last) == want:
                state = nxt
                cost += step_cost
                break
        else:
            return _("move {number} ({move}) does not lead to the position reported").format(
                number=number, move=text
            )
    if not family.is_goal(instance, last):
        return _("its last position is not a goal")
    if result.cost != cost:
        return _("it reports cost {reported:g} but its moves cost {actual:g}").format(
            reported=result.cost, actual=cost
        )
    return None


def _one_step(checking: Checking[Any, Any], instance: Any, state: Any, label: str) -> list[Step]:
    """The move ``label`` from ``state`` by the family's ``step`` (none when illegal)."""
    assert checking.step is not None
    try:
        nxt = checking.step(instance, state, label)
    except ValueError:  # InputError included: not a legal move there
        return []
    cost = 1.0 if checking.step_cost is None else checking.step_cost(instance, state, label, nxt)
    return [(label, nxt, partial(_same, nxt), cost)]


def hint_reason(family: Family[Any, Any], instance: Any, state: Any, move: Move[Any]) -> str | None:
    """Why a hint ``move`` from ``state`` is not a legal move there (``None`` when it is):
    its label names one of the position's legal moves, which leads where the hint says."""
    want = family.encode_state(instance, move.state)
    for legal in family.legal_moves(instance, state):
        if legal.label == move.label and family.encode_state(instance, legal.state) == want:
            return None
    return _("{move} is not a legal move from this position").format(move=move.label)
