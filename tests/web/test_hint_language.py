"""A hint says why there is none in the page's language, and a gate's worker, which
lives on between calls, never answers in the language of the call before: an English
page's hints came in Spanish after a Spanish page had a board rated."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient

from searchlab import i18n
from searchlab.web import worker

PEG = "board: triangle5"


def dead_end(client: TestClient) -> Any:
    """A triangle5 position with legal moves but no solution: the token after the moves
    whose hint is the first refused one (hints followed, then the first other move)."""
    pos = client.post("/api/peg/moves", json={"board": PEG, "state": None}).json()
    for _ in range(14):
        for m in pos["moves"]:
            after = client.post("/api/peg/moves", json={"board": PEG, "state": m["state"]}).json()
            if not after["moves"]:
                continue
            hint = client.post("/api/peg/hint", json={"board": PEG, "state": m["state"]}).json()
            if hint["move"] is None:
                return m["state"]
        pos = client.post(
            "/api/peg/moves", json={"board": PEG, "state": pos["moves"][-1]["state"]}
        ).json()
    raise AssertionError("no dead end found on triangle5")


def test_a_hint_speaks_the_pages_language(client: TestClient) -> None:
    state = dead_end(client)
    en = client.post("/api/peg/hint", json={"board": PEG, "state": state}).json()
    es = client.post("/api/peg/hint?lang=es", json={"board": PEG, "state": state}).json()
    assert en["move"] is None and es["move"] is None
    assert en["message"].startswith("no solution") and es["message"].startswith("no hay")


def test_a_worker_call_does_not_inherit_the_language_of_the_one_before(
    client: TestClient,
) -> None:
    state = dead_end(client)
    try:
        worker.difficulty("peg", PEG, "es")  # in this process, as a gate's worker runs it
        kind, answer = worker.hint("peg", PEG, state)
        assert kind == "ok" and answer["message"].startswith("no solution"), answer
        kind, message = worker.generate("peg", {"board": 99})
        assert kind == "input" and "must be" in message, message
        kind, answer = worker.hint("peg", PEG, state, "es")
        assert answer["message"].startswith("no hay")
    finally:
        i18n.use("en")
