"""What counts as solved, beside every board (issue 37): each family says it in a
sentence, in English and Spanish, and draws its one goal position when it has one."""

from __future__ import annotations

from fastapi.testclient import TestClient

from searchlab import families

FIFTEEN_BLANK_FIRST = (
    "1 2 3 7\n4 5 6 0\n8 9 10 11\n12 13 14 15\ngoal\n0 1 2 3\n4 5 6 7\n8 9 10 11\n12 13 14 15\n"
)


def test_every_family_says_what_counts_as_solved(client: TestClient) -> None:
    for fam in families.all_families():
        board = fam.examples[0].text
        for lang, word in (("en", "Goal: "), ("es", "Meta: ")):
            r = client.post(f"/api/{fam.name}/validate?lang={lang}", json={"board": board})
            assert r.status_code == 200, r.text
            objective = r.json()["objective"]
            if fam.goal is None:  # a family that states no goal shows none
                assert objective == {"text": "", "view": None}, fam.name
                continue
            assert objective["text"].startswith(word), (fam.name, lang, objective)


def test_a_single_goal_position_is_drawn_and_is_a_goal() -> None:
    for fam in families.all_families():
        for ex in fam.examples:
            instance = fam.read(ex.text)
            state = fam.goal.state if fam.goal is not None else None
            goal = state(instance) if state is not None else None
            view = fam.objective(instance)["view"]
            assert (goal is None) == (view is None), (fam.name, ex.id)
            if goal is not None:
                assert fam.is_goal(instance, goal), (fam.name, ex.id)
                assert view == fam.state_view(instance, goal)


def test_the_blank_first_goal_is_named_and_drawn(client: TestClient) -> None:
    r = client.post("/api/npuzzle/validate?lang=en", json={"board": FIFTEEN_BLANK_FIRST})
    objective = r.json()["objective"]
    assert objective["text"] == "Goal: the blank first, then the tiles in order, 1 to 15."
    labels = {p.get("label") for p in objective["view"]["pieces"]}
    assert labels >= {str(k) for k in range(1, 16)}


def test_the_knight_and_peg_goals_follow_the_board(client: TestClient) -> None:
    fam = families.get("knight")
    closed = next(e for e in fam.examples if "closed" in e.id)
    r = client.post("/api/knight/validate?lang=en", json={"board": closed.text})
    assert "closed tour" in r.json()["objective"]["text"]
    peg = families.get("peg")
    english = next(e for e in peg.examples if e.id == "english")
    r = client.post("/api/peg/validate?lang=es", json={"board": english.text})
    assert r.json()["objective"]["text"] == (
        "Meta: saltar hasta que quede una sola ficha, en el agujero d4."
    )
