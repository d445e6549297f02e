"""No answer is reported unchecked (issue 31): a solver whose answer does not replay is
never ``solved``, whatever the front end.

Every registered family's solver is made to return a corrupted answer (its last move
dropped, an illegal move, two moves swapped, a wrong cost, a position too many); the
family's check (:meth:`Family.check`) refuses each, the CLI says so on one line with exit
1, the web's solve job fails with that line and a hint that does not replay is not
shown; an experiment records the run as an error.
"""

from __future__ import annotations

import io
import json
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import replace
from typing import Any
from unittest import mock

import pytest

from searchlab import families
from searchlab.cli.main import main
from searchlab.errors import InputError, SolutionCheckError
from searchlab.families.contract import Move, PuzzleFamily
from searchlab.records.runs import Instance, RunSpec, configuration
from searchlab.search.limits import CancelToken
from searchlab.search.result import SearchResult, SearchStats

NAMES = families.names()


def drop_last(r: SearchResult) -> SearchResult:
    """The last move left out: the answer stops one move short of the goal."""
    return replace(
        r, actions=list(r.actions)[:-1], states=list(r.states)[:-1], cost=(r.cost or 1) - 1
    )


def illegal(r: SearchResult) -> SearchResult:
    """A move no family has, in the middle of the answer."""
    actions = list(r.actions)
    actions[len(actions) // 2] = "?!"
    return replace(r, actions=actions, states=list(r.states))


def swapped(r: SearchResult) -> SearchResult:
    """The first two different moves in a row swapped (the positions as reported)."""
    actions = list(r.actions)
    i = next(i for i in range(len(actions) - 1) if str(actions[i]) != str(actions[i + 1]))
    actions[i], actions[i + 1] = actions[i + 1], actions[i]
    return replace(r, actions=actions, states=list(r.states))


def wrong_cost(r: SearchResult) -> SearchResult:
    """A cost one less than the moves make."""
    return replace(r, cost=(r.cost or 0) - 1)


def extra_state(r: SearchResult) -> SearchResult:
    """One position more than the moves lead through (a wrong length)."""
    states = list(r.states)
    return replace(r, states=[*states, states[-1]])


CORRUPTIONS: dict[str, Callable[[SearchResult], SearchResult]] = {
    "drop_last": drop_last,
    "illegal": illegal,
    "swapped": swapped,
    "wrong_cost": wrong_cost,
    "extra_state": extra_state,
}


def example(family: PuzzleFamily) -> tuple[Any, str]:
    """The family's first example its default solver solves with two moves or more."""
    for ex in family.examples:
        instance = family.read(ex.text)
        result = family.run(instance, time_limit=30)
        if result.solved and result.length >= 2:
            return instance, ex.text
    raise AssertionError(f"{family.name}: no example solved in two moves or more")


@contextmanager
def corrupted(family: PuzzleFamily, how: str) -> Iterator[PuzzleFamily]:
    """The family with a ``solve`` answering its solutions corrupted by ``how``, what the
    registry gives every front end for its name while the context lasts."""
    original = family.solve

    def solve(instance: Any, algorithm: str, heuristic: str | None, /, **options: Any) -> Any:
        result = original(instance, algorithm, heuristic, **options)
        return CORRUPTIONS[how](result) if result.solved else result

    broken = family._replace(solve=solve)
    found = families.get
    with mock.patch.object(
        families, "get", lambda name: broken if name == family.name else found(name)
    ):
        yield broken


@pytest.mark.parametrize("how", CORRUPTIONS)
@pytest.mark.parametrize("name", NAMES)
def test_a_corrupted_answer_fails_its_check(name: str, how: str) -> None:
    family = families.get(name)
    instance, _text = example(family)
    with corrupted(family, how) as broken, pytest.raises(SolutionCheckError) as err:
        broken.run(instance, time_limit=30)
    message = str(err.value)
    assert "failed its check" in message and "\n" not in message, message
    assert not isinstance(err.value, InputError)  # a defect, not the user's input
    assert err.value.family == name and err.value.reason
    assert family.check(instance, family.run(instance, time_limit=30)).solved  # untouched


@pytest.mark.parametrize("how", ["drop_last", "illegal", "wrong_cost"])
@pytest.mark.parametrize("name", NAMES)
def test_the_cli_says_one_line_and_exits_1(
    name: str, how: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    family = families.get(name)
    _instance, text = example(family)
    for extra in ([], ["--json"]):
        monkeypatch.setattr("sys.stdin", io.StringIO(text))
        with corrupted(family, how):
            code = main(["solve", name, "-", *extra])
        out, err = capsys.readouterr()
        assert code == 1, (out, err)
        assert err.count("\n") == 1 and "internal error" in err and "failed its check" in err
        assert "Traceback" not in err
        assert "solved" not in out and '"status"' not in out  # nothing reported as an answer


def test_a_family_command_goes_through_the_check_too(
    capsys: pytest.CaptureFixture[str],
) -> None:
    family = families.get("hanoi")
    with corrupted(family, "illegal"):
        code = main(["hanoi", "solve", "--disks", "3"])
    out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1 and "failed its check" in err
    assert "solved" not in out


def test_in_spanish_the_line_is_spanish(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    family = families.get("maze")
    monkeypatch.setattr("sys.stdin", io.StringIO(family.examples[0].text))
    with corrupted(family, "drop_last"):
        code = main(["--lang", "es", "solve", "maze", "-"])
    err = capsys.readouterr().err
    assert code == 1 and "error interno" in err and "no pasó su verificación" in err, err


@pytest.mark.parametrize("name", NAMES)
def test_the_web_solve_job_fails_with_the_line(name: str) -> None:
    from searchlab.web import service, worker

    family = families.get(name)
    _instance, text = example(family)
    algorithm = family.algorithms[0]

    def job() -> Any:
        return service.solve_job(
            name, text, algorithm, "", 30.0, None, False, threading.Event(), lambda s: None
        )

    with corrupted(family, "illegal"):
        kind, message = worker.outcome_of(job)
    assert kind == "wrong" and "failed its check" in message and "\n" not in message
    assert worker.outcome_of(job)[0] == "ok"


def corrupted_job(name: str, text: str, cancel: CancelToken, progress: Any) -> dict[str, Any]:
    """A web solve job run in the job manager's child process, its family's solver
    corrupted there (module level: the child imports it by name)."""
    from searchlab.web import service

    family = families.get(name)
    with corrupted(family, "drop_last"):
        return service.solve_job(
            name, text, family.algorithms[0], "", 30.0, None, False, cancel, progress
        )


def test_a_job_whose_answer_fails_is_failed_with_one_line_not_a_result() -> None:
    import functools

    from searchlab.web.jobs import JobManager

    manager = JobManager(workers=1, light_workers=1, triage_seconds=5)
    try:
        text = families.get("maze").examples[0].text
        job = manager.submit("maze", functools.partial(corrupted_job, "maze", text))
        end = time.monotonic() + 30
        while job.finished is None and time.monotonic() < end:
            time.sleep(0.02)
        snap = job.snapshot()
    finally:
        manager.shutdown()
    assert snap["state"] == "failed" and "result" not in snap, snap
    assert snap["error"].startswith("internal error: the answer of")
    assert "failed its check" in snap["error"] and "\n" not in snap["error"]
    json.dumps(snap)


@pytest.mark.parametrize("name", [n for n in NAMES if families.get(n).play is not None])
def test_an_illegal_hint_is_not_shown(name: str) -> None:
    from searchlab.web import service

    family = families.get(name)
    assert family.play is not None
    example_text = next(
        ex.text
        for ex in family.examples
        if family.no_hint(family.read(ex.text)) is None
        and not family.is_goal(family.read(ex.text), family.initial(family.read(ex.text)))
    )
    instance = family.read(example_text)
    start = family.initial(instance)

    def bad_hint(inst: Any, state: Any, /, **options: Any) -> Move[Any]:
        return Move("?!", (0, 0), state)

    broken = family._replace(play=family.play._replace(hint=bad_hint))
    with pytest.raises(SolutionCheckError):
        broken.suggest(instance, start, time_limit=5)
    answer = service.hint(broken, example_text, None)
    assert answer["move"] is None and "failed its check" in answer["message"]


def test_an_experiment_records_a_failed_check_as_an_error() -> None:
    from searchlab.experiments.execute import execute_run

    family = families.get("maze")
    spec = RunSpec("x", Instance("maze", "small", 0, family.examples[0].text), configuration("bfs"))
    assert execute_run(spec).status == "solved"
    with corrupted(family, "illegal"):
        record = execute_run(spec)
    assert record.status == "error" and "SolutionCheckError" in (record.error or "")
    assert record.length is None


def test_an_engine_algorithm_the_family_does_not_offer_is_checked_too(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """An experiment's engine algorithm on the family's problem (not one of its own
    algorithms) is checked in the family's terms."""
    from searchlab.experiments import execute

    family = families.get("rushhour")
    real = execute.solve

    def bad(problem: Any, algorithm: str, **options: Any) -> SearchResult:
        return drop_last(real(problem, algorithm, **options))

    assert "backtrack" not in family.algorithms
    spec = RunSpec(
        "x", Instance("rushhour", "t", 0, family.examples[0].text), configuration("backtrack")
    )
    assert execute.execute_run(spec).status == "solved"
    monkeypatch.setattr(execute, "solve", bad)
    record = execute.execute_run(spec)
    assert record.status == "error" and "SolutionCheckError" in (record.error or "")


def test_unsolved_answers_pass_through() -> None:
    family = families.get("maze")
    instance = family.read(family.examples[0].text)
    for status in ("impossible", "no_solution", "limit", "cancelled"):
        r = SearchResult("x", status, stats=SearchStats())  # type: ignore[arg-type]
        assert family.check(instance, r) is r


# -- the families' own checks ----------------------------------------------------------


def test_the_knights_check_reads_the_tour_array() -> None:
    """A tour of millions of squares is checked in one NumPy pass (never the quadratic
    generic replay): a swapped pair of squares, a square twice, a wrong start, an open
    tour given for a closed one are each caught on the array the answer shares."""
    from searchlab.puzzles.knight.tour import Prefixes, Tour, TourMoves, tour_array

    family = families.get("knight")
    instance = family.read("100x100\nstart: 0,0\n")
    result = family.run(instance)
    path = tour_array(result.states)
    assert path is not None

    def with_path(p: Any) -> SearchResult:
        tour = Tour(p)
        return replace(result, actions=TourMoves(tour), states=Prefixes(tour))

    assert family.check(instance, with_path(path.copy())).solved
    swapped = path.copy()
    swapped[[10, 11]] = swapped[[11, 10]]
    twice = path.copy()
    twice[500] = twice[501]
    moved = path.copy()[::-1].copy()  # the same squares backwards: another start
    for bad, why in ((swapped, "knight move"), (twice, "twice"), (moved, "starts at")):
        with pytest.raises(SolutionCheckError, match=why):
            family.check(instance, with_path(bad))
    open_tour = family.run(family.read("3x4\nstart: 0,0\n"))  # 3x4 has no closed tour
    with pytest.raises(SolutionCheckError, match="last square"):
        family.check(family.read("3x4\nstart: 0,0\nclosed\n"), open_tour)


def test_peg_recounts_the_moves_it_reports() -> None:
    family = families.get("peg")
    instance = family.read(family.examples[0].text)
    result = family.run(instance)
    count = result.extra["move_count"]
    wrong = replace(result, extra={**result.extra, "move_count": count - 1})
    with pytest.raises(SolutionCheckError, match="jumps make"):
        family.check(instance, wrong)


def test_rush_hour_by_steps_moves_one_cell_at_a_time() -> None:
    """An answer by steps made of moves of two cells (each legal, the goal reached) is
    not a steps answer: its cost would be wrong."""
    family = families.get("rushhour")
    instance = family.read(family.examples[0].text)
    by_moves = family.run(instance)
    assert any(abs(int(str(m)[1:])) > 1 for m in by_moves.actions)
    as_steps = replace(by_moves, extra={**by_moves.extra, "metric": "steps"})
    with pytest.raises(SolutionCheckError, match="more than one step"):
        family.check(instance, as_steps)
    assert family.check(instance, family.run(instance, metric="steps")).solved


def test_rush_hour_rates_only_a_checked_solution(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``rushhour rate`` counts the moves of a solution: a solution that does not replay
    is not counted (one line, exit 1), nor is the web's difficulty line drawn from it."""
    from searchlab.puzzles.rushhour import family as rushhour_family
    from searchlab.puzzles.rushhour import solver, tasks

    real = solver.solve_board

    def bad(board: Any, **options: Any) -> SearchResult:
        return drop_last(real(board, **options))

    monkeypatch.setattr(tasks, "solve_board", bad)
    monkeypatch.setattr(rushhour_family, "solve_board", bad)
    code = main(["rushhour", "rate", "--card", "1"])
    out, err = capsys.readouterr()
    assert code == 1 and err.count("\n") == 1 and "failed its check" in err, err
    assert "moves:" not in out
    family = families.get("rushhour")
    with pytest.raises(SolutionCheckError):
        assert family.difficulty is not None
        family.difficulty(family.read(family.examples[0].text), 10.0)


def test_the_watch_page_never_draws_a_path_that_does_not_replay(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The watch page's trace draws the search's solution: one that does not replay is
    a one-line 422 saying so (never a 500, never the path). Traces run in worker
    processes: the worker's call is checked here in this process (its outcome names the
    failed check), and the route's answer to that outcome through a stand-in gate."""
    from fastapi.testclient import TestClient

    from searchlab.web import watch_trace, worker
    from searchlab.web.app import create_app
    from searchlab.web.gate import Gate, _value

    real = watch_trace.solve

    def bad(problem: Any, algorithm: str, **options: Any) -> SearchResult:
        result = real(problem, algorithm, **options)
        return drop_last(result) if result.solved else result

    body = {"family": "maze", "board": families.get("maze").examples[0].text, "algorithm": "bfs"}
    assert worker.trace(body)[0] == "ok"
    monkeypatch.setattr(watch_trace, "solve", bad)
    kind, message = worker.trace(body)
    assert kind == "wrong" and "failed its check" in message

    async def wrong(self: Gate, fn: Any, client: str) -> Any:
        return _value((kind, message))

    monkeypatch.setattr(Gate, "run", wrong)
    with TestClient(create_app(workers=1), base_url="http://127.0.0.1") as client:
        r = client.post("/api/watch/trace", json=body)
    assert r.status_code == 422, r.text
    detail = r.json()["detail"]
    assert "failed its check" in detail and "\n" not in detail
