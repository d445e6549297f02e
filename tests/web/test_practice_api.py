"""The practice API: questions without their answers, answers checked from the seed alone,
bad input a one-line 4xx."""

from __future__ import annotations

from fastapi.testclient import TestClient

from searchlab.teaching import exercises as E


def test_questions_hide_answers_and_check_marks_them(client: TestClient) -> None:
    res = client.get("/api/practice/questions", params={"seed": 4, "count": 6})
    assert res.status_code == 200
    data = res.json()
    assert data["families"][0] == "graph" and len(data["questions"]) == 6
    truth = E.generate(seed=4, count=6)
    for i, (shown, q) in enumerate(zip(data["questions"], truth, strict=True)):
        assert "answer" not in shown and "expect" not in shown and "rows" not in shown
        assert shown["prompt"] == q.prompt and shown["picture"].startswith("<svg")
        body = {"seed": 4, "count": 6, "index": i, "answer": q.answer}
        right = client.post("/api/practice/check", json=body).json()
        assert right["correct"] is True and right["answer"] == q.answer
        assert right["rows"] == q.rows
        wrong = client.post("/api/practice/check", json={**body, "answer": "nonsense"}).json()
        assert wrong["correct"] is False


def test_spanish_and_bad_input(client: TestClient) -> None:
    es = client.get("/api/practice/questions", params={"seed": 1, "count": 1, "lang": "es"})
    assert es.json()["questions"][0]["facts"][0].startswith("Inicio S")
    for params in ({"family": "nope"}, {"kind": "nope"}, {"count": 99}, {"seed": -1}):
        res = client.get("/api/practice/questions", params=params)
        assert res.status_code == 422 and "detail" in res.json()
    res = client.post("/api/practice/check", json={"index": 50, "answer": "x"})
    assert res.status_code == 422
    assert client.get("/practice").status_code == 200
