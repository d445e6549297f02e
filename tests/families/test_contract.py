"""Every registered family honours the contract (docs/engine.md, "Adding a puzzle family").

One module loops over the registry: a new family is tested here the moment it is
registered. Solutions are replayed move by move through the family's own legal
moves, so a solver and the play mode can never disagree.
"""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from searchlab import families
from searchlab.errors import InputError
from searchlab.families.contract import Family, NoHint, PuzzleFamily
from searchlab.families.output import RESULT_KEYS, result_json
from searchlab.search.result import STATUSES
from searchlab.view import view_svg

NAMES = families.names()
JUNK = ["", "   \n", "\x00\x01\x02", "zzzz\nqqqq", "9" * 500, "<svg>", "NaN Infinity -1e400"]


def test_registry_is_the_folders_with_a_family_module() -> None:
    folders = sorted(p.parent.name for p in Path(families.PUZZLES).glob("*/family.py"))
    assert folders == NAMES and len(NAMES) >= 6
    for name in NAMES:
        assert isinstance(families.get(name), Family)
        assert families.get(name).name == name


def test_unknown_family_is_a_one_line_error() -> None:
    with pytest.raises(InputError, match="unknown puzzle family") as err:
        families.get("sudoku")
    assert "\n" not in str(err.value)


@pytest.fixture(params=NAMES)
def family(request: pytest.FixtureRequest) -> PuzzleFamily:
    return families.get(request.param)


def test_metadata(family: PuzzleFamily) -> None:
    assert family.title and family.board_help
    assert family.play is None or family.play.help
    assert family.examples and family.algorithms
    assert len(set(family.algorithms)) == len(family.algorithms)
    json.dumps(family.summary())
    for p in family.generator.params if family.generator else ():
        assert p.minimum <= p.default <= p.maximum


def test_examples_round_trip_through_format(family: PuzzleFamily) -> None:
    for ex in family.examples:
        instance = family.read(ex.text)
        text = family.format(instance)
        assert family.format(family.read(text)) == text, ex.id
        assert family.describe(instance)


def assert_replays(family: PuzzleFamily, instance: Any, result: Any) -> None:
    """A solved result walks from the start to a goal through legal moves: the play
    mode's, or the engine problem's successors when the family has no play mode."""
    assert len(result.states) == len(result.actions) + 1
    start, states = family.initial(instance), result.states
    assert family.encode_state(instance, states[0]) == family.encode_state(instance, start)
    if family.play is None:
        assert_replays_on_the_engine_problem(family, instance, result)
        return
    for state, label, nxt in zip(states, result.actions, states[1:], strict=False):
        same = [m for m in family.legal_moves(instance, state) if m.label == str(label)]
        assert same, f"{label} is not a legal move here"
        want = family.encode_state(instance, nxt)
        assert any(family.encode_state(instance, m.state) == want for m in same)
    assert family.is_goal(instance, states[-1])


def assert_replays_on_the_engine_problem(family: PuzzleFamily, instance: Any, result: Any) -> None:
    """The moves of ``result`` from the engine problem's start, each a successor with
    its label leading to the position reported."""
    engine = family.engine_view()
    problem = family.engine_problem(instance, None)
    state = problem.initial_state()
    for label, nxt in zip(result.actions, result.states[1:], strict=True):
        want = family.encode_state(instance, nxt)
        same = [
            s
            for a, s, _cost in problem.successors(state)
            if engine.label(instance, a) == str(label)
            and family.encode_state(instance, engine.family_state(instance, s)) == want
        ]
        assert same, f"{label} is not a legal move here, or leads elsewhere"
        state = same[0]
    assert problem.is_goal(state) and family.is_goal(instance, result.states[-1])


def test_default_solver_answers_every_example(family: PuzzleFamily) -> None:
    for ex in family.examples:
        instance = family.read(ex.text)
        result = family.run(instance, time_limit=60)
        assert result.status in STATUSES, ex.id
        assert result.status != "limit", f"{ex.id} hit a limit"
        out = result_json(family, instance, result)
        assert tuple(out) == RESULT_KEYS
        json.dumps(out)
        if result.status == "solved":
            assert_replays(family, instance, result)
        elif result.status == "impossible":
            assert result.reason
        # --svg: every family draws every answer (from its view unless it has its own).
        assert ET.fromstring(family.picture(instance, result)).tag.endswith("svg"), ex.id


@pytest.mark.parametrize("name", NAMES)
@given(details=st.tuples(st.sampled_from([" ", "(", " (", "+"]), st.text(max_size=20)).map("".join))
def test_optimality_reads_the_offered_name_before_its_details(name: str, details: str) -> None:
    """A result's algorithm is the offered name and details: "idastar (manhattan)",
    "idastar+pdb 6-6-3" (the 15-puzzle's auto answered with "optimal": false in --json
    while the text said it guarantees the fewest moves)."""
    family = families.get(name)
    for algorithm in family.algorithms:
        want = None if family.optimal is None else algorithm in family.optimal
        assert family.optimality(algorithm + details) == want, algorithm + details


@pytest.mark.parametrize("name", NAMES)
@given(heuristic=st.text(min_size=1, max_size=30))
def test_a_heuristic_not_offered_is_a_one_line_error(name: str, heuristic: str) -> None:
    """``searchlab solve knight FILE -H zzz`` solved, the heuristic silently ignored: a
    family without heuristics let any name through. Every family now refuses a name it
    does not offer (and takes its own, and none)."""
    family = families.get(name)
    algorithm = family.algorithms[0]
    for offered in [None, *family.heuristics] if family.heuristics else [None, ""]:
        family.check_choice(algorithm, offered)
    if heuristic in family.heuristics:
        return
    for check in (
        lambda: family.check_choice(algorithm, heuristic),
        lambda: family.engine_problem(family.read(family.examples[0].text), heuristic),
    ):
        with pytest.raises(InputError) as err:
            check()
        assert "\n" not in str(err.value) and len(str(err.value)) < 300


def test_every_algorithm_runs_on_the_first_example(family: PuzzleFamily) -> None:
    solvable = None
    for ex in family.examples:
        instance = family.read(ex.text)
        if family.run(instance, time_limit=30).solved:
            solvable = instance
            break
    assert solvable is not None, "no solvable example"
    for algorithm in family.algorithms:
        for heuristic in family.heuristics[:1] or [None]:
            result = family.run(solvable, algorithm, heuristic, time_limit=10, max_nodes=500_000)
            assert result.status in STATUSES, algorithm
            if result.solved:
                assert_replays(family, solvable, result)


def small_params(family: PuzzleFamily) -> st.SearchStrategy[dict[str, Any]]:
    """The family's generator parameters, each integer one from its minimum to its
    default (or to its maximum when they are equal), the others at their default: small
    random boards."""
    assert family.generator is not None
    fields: dict[str, st.SearchStrategy[Any]] = {"seed": st.integers(0, 2**31)}
    for p in family.generator.params:
        if p.kind == "int":
            top = p.default if p.default > p.minimum else p.maximum
            fields[p.name] = st.integers(int(p.minimum), int(top))
        else:
            fields[p.name] = st.just(p.default)
    return st.fixed_dictionaries(fields)


@pytest.mark.parametrize("name", NAMES)
@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_every_algorithm_on_small_random_boards_replays_and_agrees(
    name: str, data: st.DataObject
) -> None:
    """Every algorithm the family offers, on small random boards: each solution replays
    move by move through the play mode's legal moves (independently of the check the
    family ran before answering), and no two algorithms disagree on whether the board
    has a solution: ``impossible`` or ``no_solution`` next to ``solved`` is a wrong
    proof or a wrong answer."""
    family = families.get(name)
    if family.generator is None:
        pytest.skip("no generator")
    try:
        text = family.random_board(data.draw(small_params(family)))
    except InputError:  # no board for these parameters (a 1x2 knight's board, say)
        return
    instance = family.read(text)
    verdicts: dict[str, str] = {}
    for algorithm in family.algorithms:
        limits = {"time_limit": 1.0, "max_nodes": 20_000, "max_expansions": 20_000}
        result = family.run(instance, algorithm, None, **limits)
        assert result.status in STATUSES, algorithm
        if result.solved:
            assert_replays(family, instance, result)
            assert result.cost == result.length, algorithm  # every family's moves cost 1
        verdicts[algorithm] = result.status
    said = set(verdicts.values())
    assert not ("solved" in said and said & {"impossible", "no_solution"}), (text, verdicts)


def test_moves_hints_and_views(family: PuzzleFamily) -> None:
    for ex in family.examples:
        instance = family.read(ex.text)
        start = family.initial(instance)
        token = family.encode_state(instance, start)
        json.dumps(token)
        again = family.decode_state(instance, json.loads(json.dumps(token)))
        assert family.encode_state(instance, again) == token
        view = {**family.base_view(instance), **family.state_view(instance, start)}
        assert ET.fromstring(view_svg(view)).tag.endswith("svg")
        legal = family.legal_moves(instance, start)
        if family.no_hint(instance) is not None or family.is_goal(instance, start):
            continue
        try:
            hint = family.suggest(instance, start, time_limit=30)
        except NoHint as exc:  # the family says why there is no move to suggest
            assert str(exc) and "\n" not in str(exc)
            continue
        if hint is None:  # no solution from here: the solver agrees
            assert not family.run(instance, time_limit=30).solved, ex.id
        else:
            assert hint.label in {m.label for m in legal}, ex.id


def test_generator_makes_readable_boards(family: PuzzleFamily) -> None:
    if family.generator is None:
        pytest.skip("no generator")
    params = {p.name: p.default for p in family.generator.params}
    text = family.random_board({**params, "seed": 1})
    instance = family.read(text)
    assert family.random_board({**params, "seed": 1}) == text  # deterministic in the seed
    assert family.describe(instance)


def test_experiment_samples_are_readable(family: PuzzleFamily) -> None:
    if family.sampling is None:
        pytest.skip("no experiment generator")
    small = {"depth": 4, "size": 6, "min_moves": 5}.get(family.sampling.parameter, 4)
    family.read(family.sampling.sample(small, 3))


@pytest.mark.parametrize("junk", JUNK)
def test_junk_text_is_a_one_line_error(family: PuzzleFamily, junk: str) -> None:
    try:
        instance = family.read(junk)
    except InputError as exc:
        assert str(exc) and "\n" not in str(exc)
        assert len(str(exc)) < 300
    else:  # text that reads is a board like any other
        text = family.format(instance)
        assert family.format(family.read(text)) == text
        assert family.describe(instance)
